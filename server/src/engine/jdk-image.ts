// The JDK instrumented on HotSpot (`--engine jvm --instrument all`): a private copy of the JDK
// whose `lib/modules` holds every class of every module transformed with the `all` scope, the
// java.base patch (reflect-patch.ts) and the Komorium runtime (package komorium.rt of
// java.base), with a CDS archive of its own. `java` of that copy runs the program: no
// --patch-module, so every class HotSpot may load from the JDK is the instrumented one (service
// providers of modules the program never names included), and start-up uses CDS and the
// archived module graph as plain `java` does.
//
// The copy (under <cache>/jdk-images/<feature>-<key>) is:
//   bin/java, lib/server/libjvm.so   hard links (copies where that fails): the launcher and the
//                                    VM find java.home from their own real paths
//   lib/modules                      written by jimage-writer.ts
//   lib/server/classes.jsa           `java -Xshare:dump` of the copy
//   everything else                  symbolic links into the JDK
// The key covers the JDK (jdkIdentity), the transformer and the runtime. It is built in a
// temporary directory renamed into place when complete: the cache never holds half an image; a
// killed build leaves a temporary directory that the next build removes. Of runs that need the
// same missing image at once, one builds (it holds `<image>.lock`, build-lock.ts) and the others
// wait for its image, or build themselves when it failed without recording the failure.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { JImage, type JdkInfo } from '../classpath/index';
import { jdkImageProblem } from '../classpath/jdk-check';
import { writeJImage, type JImageResource } from '../classpath/jimage-writer';
import { copyAddedNames, copyWide } from './java-image';
import { TRANSFORMER_VERSION } from '../transform/driver';
import { patchSourceHash } from './reflect-patch';
import { makeJdkTree } from './jdk-copy';
import { markUsed, pruneUnusedJdkImages } from './cache-prune';
import { extendClassList } from './jdk-classlist';
import { archivedState } from './archived-hashes';
import { buildTemp, finishJavaBase, jdkIdentity, removeStale, writableRoot } from './jdk-modules';
import { jobUrl, runJob } from './worker-thread';
import { takeBuildLock } from './build-lock';
import type { ModuleSliceInput, ModuleSliceResult } from './jdk-module-worker';

/** Bump when what an image holds changes (beyond TRANSFORMER_VERSION and the runtime). */
const LAYOUT_VERSION = 'jdk-image-2';
/**
 * Bump when how lib/modules is written changes (jimage-writer.ts: the index keeps jlink's; 3: the
 * embedded engine's view has the same index, java-image.ts).
 */
const WRITER_VERSION = 'jlink-index-3';

export interface JdkImageOptions {
  jdk: JdkInfo;
  /** The cache root (engine/cache.ts). */
  cache: string;
  /** The runtime's compiled classes (runtime/build.ts) and their hash. */
  runtime: { classesDir: string; hash: string };
  maxPath?: number;
  /** Progress lines (the first build on a JDK). */
  log?: (line: string) => void;
  /** Worker threads (default: the cores, at most 4). */
  jobs?: number;
  /**
   * Only these modules' classes are instrumented, the others' are left as they are (tests:
   * KOMORIUM_JDK_MODULES=java.base; calls into a module left out go to methods it lacks).
   */
  modules?: readonly string[];
  /** Tests: a build lock older than this is taken over (build-lock.ts; default 2 h). */
  lockStaleMs?: number;
  /** Tests: how often a run waiting for another's build looks (default 1 s). */
  lockPollMs?: number;
}

export interface JdkImage {
  /** The instrumented JDK's home. */
  home: string;
  /** Its `java`. */
  java: string;
  /** True when this call built it. */
  built: boolean;
  /** Classes that could not be transformed (they stay as they are). */
  failed: { name: string; error: string }[];
  /** False when the CDS archive could not be made (start-up is slower; the reason is logged). */
  cds: boolean;
  ms: number;
}

/** An instrumented JDK could not be built or does not start. */
export class JdkImageError extends Error {
  override readonly name = 'JdkImageError';
  /**
   * The copy was built but does not start: the same build would fail again, so the failure is
   * recorded (`<image>.failed`) and later runs report it without building (until the JDK, the
   * transformer or the runtime changes the key, or the file is deleted).
   */
  readonly lasting: boolean;
  constructor(message: string, lasting = false) {
    super(message);
    this.lasting = lasting;
  }
}

/**
 * KOMORIUM_JDK_MODULES (tests, development): the modules a copy instruments, comma-separated
 * (unset or empty: all; `,`: none). The class path's transformation is told too (driver.ts `jdkModules`), so its
 * calls into the other modules call their original methods, and so is the embedded engine's scope
 * `all` (interp-transform.ts `jdkModules`), which then instruments the same modules.
 */
export function jdkModulesOverride(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const only = env.KOMORIUM_JDK_MODULES;
  // Set but naming no module (`,`): a copy of none, as the tests of a copy that fails use.
  return only ? only.split(',').map((m) => m.trim()).filter((m) => m !== '') : undefined;
}

function imageKey(o: JdkImageOptions): string {
  return createHash('sha256')
    .update(`${LAYOUT_VERSION}\0${WRITER_VERSION}\0${TRANSFORMER_VERSION}\0${o.maxPath ?? 50}\0${jdkIdentity(o.jdk)}\0${o.runtime.hash}\0${patchSourceHash()}\0${o.modules ? `${o.modules.join(',')}\0` : ''}`)
    .digest('hex')
    .slice(0, 20);
}

/**
 * The key of the transformed classes alone: they do not depend on the runtime or the patch, so a
 * new runtime (or patch) rebuilds the image from the same transformed classes when they are kept
 * (KOMORIUM_KEEP_JDK_CLASSES=1, development).
 */
function classesKey(o: JdkImageOptions): string {
  return createHash('sha256')
    .update(`${LAYOUT_VERSION}\0${TRANSFORMER_VERSION}\0${o.maxPath ?? 50}\0${jdkIdentity(o.jdk)}\0${o.modules ? `${o.modules.join(',')}\0` : ''}`)
    .digest('hex')
    .slice(0, 20);
}

/**
 * The home of the instrumented copy of `o.jdk` when it is in the cache (complete), else
 * undefined; never builds it (the embedded engine reads the copy's CDS archive through it:
 * interp-archived.ts, which calls ensureJdkImage when it is missing).
 */
export function builtJdkImage(o: JdkImageOptions): string | undefined {
  const dir = jdkImageDir(o);
  return existsSync(join(dir, '.complete')) ? dir : undefined;
}

/** Where the cache keeps the instrumented copy of `o.jdk`, built or not (tests lay a fake one there). */
export function jdkImageDir(o: JdkImageOptions): string {
  return join(o.cache, 'jdk-images', `${o.jdk.version.split(/[.+-]/)[0]}-${imageKey(o)}`);
}

/** What the copy's archive holds for the embedded engine (archived-hashes.ts), in the cache: the trial when not there yet. */
function archivedStateQuietly(home: string, cache: string): void {
  try {
    archivedState(home, join(cache, 'archived-hashes'));
  } catch {
    // No table (no temporary directory, ...): the embedded engine draws those hashes itself.
  }
}

/** The instrumented copy of `o.jdk`, built (once per JDK, transformer and runtime) when not cached. */
export async function ensureJdkImage(o: JdkImageOptions): Promise<JdkImage> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const what = `the JDK ${o.jdk.home} (${o.jdk.version})`;
  if (!existsSync(o.jdk.modulesPath)) throw new JdkImageError(`${what} has no lib/modules: --instrument all needs a JDK 9 or later (a modular run-time image)`);
  const root = writableRoot(o.cache, 'jdk-images', log);
  const base = `${o.jdk.version.split(/[.+-]/)[0]}-${imageKey(o)}`;
  const dir = join(root, base);
  const java = join(dir, 'bin', 'java');
  const failedMark = join(root, `${base}.failed`);
  /** The entry when it is complete; its recorded failure thrown; else undefined (to build). */
  const cached = (): JdkImage | undefined => {
    if (existsSync(join(dir, '.complete'))) {
      markUsed(dir);
      const cds = existsSync(join(dir, 'lib', 'server', 'classes.jsa'));
      // A copy built before the trial read what it reads now (archived-hashes.ts STATE_VERSION):
      // read once here, as the build does.
      if (cds) archivedStateQuietly(dir, o.cache);
      return { home: dir, java, built: false, failed: readJson(join(dir, '.failed.json')), cds, ms: performance.now() - t0 };
    }
    if (existsSync(failedMark)) {
      let why = '';
      try {
        why = readFileSync(failedMark, 'utf8').trim();
      } catch {
        // unreadable: the file's presence says enough
      }
      throw new JdkImageError(`${why || `the instrumented copy of ${what} does not start`} (recorded in ${failedMark}; delete it to try again)`, true);
    }
    return undefined;
  };
  const hit = cached();
  if (hit) return hit;
  // One run builds, the others wait for its entry (build-lock.ts): a build takes minutes.
  const done = () => existsSync(join(dir, '.complete')) || existsSync(failedMark);
  for (;;) {
    const lock = await takeBuildLock(join(root, `${base}.lock`), { done, what: `the instrumented copy of ${what}`, log, staleMs: o.lockStaleMs, pollMs: o.lockPollMs });
    if (!lock) {
      const waited = cached();
      if (waited) return waited;
      continue; // removed meanwhile
    }
    try {
      const meanwhile = cached();
      if (meanwhile) return meanwhile;
      return await buildJdkImage(o, { root, base, dir, java, failedMark, what, log, t0 });
    } finally {
      lock.release();
    }
  }
}

/** Builds the copy (the caller holds the lock): the transform, lib/modules, the CDS archive, the rename. */
async function buildJdkImage(o: JdkImageOptions, p: { root: string; base: string; dir: string; java: string; failedMark: string; what: string; log: (l: string) => void; t0: number }): Promise<JdkImage> {
  const { root, base, dir, java, failedMark, what, log, t0 } = p;
  removeStale(root, base);
  const temp = buildTemp(root, base);
  const tmp = temp.path;
  let cds = false;
  let failed: { name: string; error: string }[] = [];
  let classes: string | undefined;
  try {
    const image = JImage.open(o.jdk.modulesPath);
    try {
      // A JDK cut short or with another JDK's release file: said before minutes of transform.
      const problem = jdkImageProblem(o.jdk, image);
      if (problem !== null) throw new JdkImageError(`cannot instrument ${what}: ${problem}`);
      // The transformed classes are a cache entry of their own until the image is made: a
      // build that fails after the transform (or is killed) does not transform again.
      classes = await transformedClasses(o, image, root, `${o.jdk.version.split(/[.+-]/)[0]}-${classesKey(o)}-classes`, what, log);
      failed = readJson(join(classes, '.failed.json'));
      mkdirSync(tmp, { recursive: true });
      const extras = join(tmp, 'extras');
      finishJavaBase(o, extras);
      const replace = new Map<string, JImageResource>();
      const add: JImageResource[] = [];
      for (const f of listFiles(classes)) {
        // The MID holders of enum classes (transform/clazz.ts enumMidHolder) are new classes.
        const name = `/${relative(classes, f)}`;
        if (image.findLocation(name)) replace.set(name, fileResource(name, f));
        else add.push(fileResource(name, f));
      }
      for (const f of listFiles(extras)) {
        const name = `/java.base/${relative(extras, f)}`;
        const r = fileResource(name, f);
        if (image.findLocation(name)) replace.set(name, r);
        else add.push(r);
      }
      log(`komorium: writing the instrumented JDK's lib/modules and its CDS archive ...`);
      makeJdkTree(o.jdk.home, tmp);
      // The embedded engine's view of the JDK's image (java-image.ts) has this index when it
      // finds the names this copy adds.
      try {
        const predicted = copyAddedNames({ jdk: o.jdk, image, cache: o.cache, runtimeDir: o.runtime.classesDir, modules: o.modules });
        const actual = add.map((r) => r.name).sort();
        if (predicted.join('\0') !== actual.join('\0')) {
          const missing = actual.filter((n) => !predicted.includes(n));
          const extra = predicted.filter((n) => !actual.includes(n));
          log(`komorium: note: the embedded engine's view of ${what}'s lib/modules is not indexed as this copy (names the copy adds that it lacks: ${missing.slice(0, 3).join(', ') || 'none'}; that it has in excess: ${extra.slice(0, 3).join(', ') || 'none'})`);
        }
      } catch (e) {
        log(`komorium: note: the names of the embedded engine's view of ${what}'s lib/modules: ${(e as Error).message}`);
      }
      writeJImage(join(tmp, 'lib', 'modules'), image, replace, add, copyWide(o.modules));
    } finally {
      image.close();
    }
    rmSync(join(tmp, 'extras'), { recursive: true, force: true });
    cds = dumpCds(tmp, what, log);
    publishEntry(tmp, dir, failed);
    // What the copy's archive holds for the embedded engine (archived-hashes.ts), read once here
    // so that no run waits for the trial.
    if (cds) archivedStateQuietly(dir, o.cache);
    if (process.env.KOMORIUM_KEEP_JDK_CLASSES !== '1') rmSync(classes, { recursive: true, force: true });
    temp.release();
  } catch (e) {
    // KOMORIUM_KEEP_JDK_CLASSES=1 (development) keeps a copy that does not start, to run it by hand.
    if (process.env.KOMORIUM_KEEP_JDK_CLASSES === '1') log(`komorium: kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
    temp.release();
    // Another run finished the same image meanwhile (and removed the classes this one read).
    if (existsSync(join(dir, '.complete'))) return { home: dir, java, built: false, failed: readJson(join(dir, '.failed.json')), cds: existsSync(join(dir, 'lib', 'server', 'classes.jsa')), ms: performance.now() - t0 };
    if (e instanceof JdkImageError) {
      if (e.lasting) {
        try {
          writeFileSync(failedMark, e.message);
        } catch {
          // not recorded: the next run tries again
        }
      }
      throw e;
    }
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOSPC' || /ENOSPC/.test(err.message) ? `no space left on the device of ${root}` : err.message;
    throw new JdkImageError(`cannot instrument ${what}: ${why}`);
  }
  pruneUnusedJdkImages(dirname(root), dir, log);
  const ms = performance.now() - t0;
  log(`komorium: ${what} instrumented in ${(ms / 1000).toFixed(1)} s`);
  return { home: dir, java, built: true, failed, cds, ms };
}

function readJson(file: string): { name: string; error: string }[] {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(v) ? (v as { name: string; error: string }[]) : [];
  } catch {
    return [];
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.class'))
    .map((d) => join(d.parentPath, d.name));
}

function fileResource(name: string, file: string): JImageResource {
  return { name, size: statSync(file).size, read: () => readFileSync(file) };
}

/** The directory of the JDK's transformed classes (`<module>/<pkg>/<C>.class`), made when not cached. */
async function transformedClasses(o: JdkImageOptions, image: JImage, root: string, base: string, what: string, log: (l: string) => void): Promise<string> {
  const dir = join(root, base);
  if (existsSync(join(dir, '.complete'))) return dir;
  removeStale(root, base);
  const temp = buildTemp(root, base);
  const tmp = temp.path;
  try {
    const only = o.modules ? new Set(o.modules) : undefined;
    const entries = image
      .entries()
      .filter((e) => !e.startsWith('/modules') && !e.startsWith('/packages') && e.endsWith('.class') && !e.endsWith('/module-info.class'))
      .filter((e) => !only || only.has(e.slice(1, e.indexOf('/', 1))));
    log(`komorium: instrumenting ${what}: ${entries.length.toLocaleString('en-US')} classes of ${o.modules ? o.modules.join(', ') : `${image.modules().length} modules`}, once per JDK ...`);
    mkdirSync(tmp, { recursive: true });
    const failed = await transformAll(o, entries, tmp, log);
    publishEntry(tmp, dir, failed);
    return dir;
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  } finally {
    temp.release();
  }
}

/** Transforms `entries` (`/module/pkg/C.class`) into `dir/<module>/...` in worker threads; returns the failures. */
async function transformAll(o: JdkImageOptions, entries: string[], dir: string, log: (l: string) => void): Promise<{ name: string; error: string }[]> {
  const jobs = Math.max(1, o.jobs ?? Math.min(availableParallelism(), 4));
  // More slices than workers: progress is reported as slices finish. Round robin, so that the
  // classes of a package (similar sizes) spread over the slices.
  const count = Math.min(entries.length, jobs * 8);
  const slices: string[][] = Array.from({ length: count }, () => []);
  entries.forEach((e, i) => slices[i % count]!.push(e));
  const url = jobUrl(import.meta.url, 'jdk-module-worker');
  const failed: { name: string; error: string }[] = [];
  let next = 0;
  let done = 0;
  const t = performance.now();
  const worker = async (): Promise<void> => {
    while (next < slices.length) {
      const s = slices[next++]!;
      const input: ModuleSliceInput = { jdkHome: o.jdk.home, entries: s, outDir: dir, maxPath: o.maxPath };
      // Deeply nested code (ASM's MethodWriter) needs more stack than a worker's default.
      const r = await runJob<ModuleSliceResult>(url, input, { stackSizeMb: 64 }).result;
      failed.push(...r.failed);
      done++;
      if (done % jobs === 0 || done === slices.length) log(`komorium: ${Math.round((100 * done) / slices.length)}% (${((performance.now() - t) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, slices.length) }, worker));
  return failed;
}

/**
 * The copy's default CDS archive (`java -Xshare:dump`). Returns false when it could not be made
 * (the reason logged). Throws JdkImageError when the copy does not start at all.
 */
function dumpCds(home: string, what: string, log: (l: string) => void): boolean {
  const java = join(home, 'bin', 'java');
  // The JDK's class list plus what a profiled run loads besides (jdk-classlist.ts).
  const extended = extendClassList(home);
  if (typeof extended === 'string') log(`komorium: note: the CDS archive of the instrumented ${what} holds the JDK's classes only: ${extended}`);
  const r = spawnSync(java, ['-Xshare:dump'], { encoding: 'utf8', timeout: 600_000 });
  if (r.status === 0) return true;
  const tail = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ');
  rmSync(join(home, 'lib', 'server', 'classes.jsa'), { force: true });
  const v = spawnSync(java, ['-Xshare:off', '-version'], { encoding: 'utf8', timeout: 600_000 });
  if (v.status !== 0) {
    const vt = `${v.stderr ?? ''}${v.stdout ?? ''}`.trim().split('\n').slice(-5).join(' | ') || (v.error?.message ?? `exit ${v.status ?? v.signal}`);
    throw new JdkImageError(`the instrumented copy of ${what} does not start (java -version: ${vt})`, true);
  }
  log(`komorium: warning: no CDS archive for the instrumented ${what} (start-up is slower): ${tail || (r.error?.message ?? `exit ${r.status ?? r.signal}`)}`);
  return false;
}

/**
 * Completes the cache entry built in `tmp` (its list of classes left untransformed, then the
 * `.complete` mark) and renames it to `dir`. When another run put the same entry in place
 * first, that one is used and `tmp` removed.
 */
function publishEntry(tmp: string, dir: string, failed: unknown): void {
  writeFileSync(join(tmp, '.failed.json'), JSON.stringify(failed));
  writeFileSync(join(tmp, '.complete'), '');
  try {
    renameSync(tmp, dir);
  } catch (e) {
    if (!existsSync(join(dir, '.complete'))) throw e;
    rmSync(tmp, { recursive: true, force: true });
  }
}
