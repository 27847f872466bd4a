// The JDK instrumented on HotSpot (`--engine jvm --instrument all`): the JDK modules a program
// needs are transformed with the `all` scope into directories that `java` runs with
// `--patch-module <module>=<dir>`. java.base's directory also holds the java.base patch
// (reflect-patch.ts: reflection, stack traces, NPE messages, the class swap; the patched classes
// transformed too) and the Komorium runtime itself (package komorium.rt, exported to the
// program and to the other patched modules): instrumented JDK code runs from the VM's first
// class on, before the boot class path's append entries can be loaded from.
//
// Which modules: java.base always, plus the modules whose packages the program's classes
// refer to, with everything those modules require (transitively). A module left out runs
// uninstrumented (its time is charged to the instrumented caller, as in `app`).
//
// Each module directory is cached by content (moduleKey: the JDK's identity, the transformer
// version and options, and for java.base the runtime and patch sources) under
// <cache>/jdk-modules/<module>-<key>. It is built into a private temporary directory that is
// renamed into place once complete, so the cache never holds part of a module: a run that
// fails (full disk, killed) leaves at most a temporary directory, which the next build of the
// same module removes when its owner is gone; two runs building the same module both finish,
// and the second rename loses to the first (the directory is then used as it is). A cache
// directory that cannot be written falls back to one under the system's temp directory.

import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ClassPath, JImage, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { Acc, Tag } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';
import { transformClass } from '../transform/clazz';
import { Hierarchy } from '../transform/hierarchy';
import { allScope } from '../transform/scope';
import { TRANSFORMER_VERSION } from '../transform/driver';
import { BOOT_FLAG, patchBootFlag, patchSourceHash, patchThreadNatives, pauseUpcalls, writePatchClasses } from './reflect-patch';
import { jobUrl, runJob } from './worker-thread';
import type { ModuleSliceInput, ModuleSliceResult } from './jdk-module-worker';

/** Bump when what a module directory holds changes (beyond TRANSFORMER_VERSION). */
const LAYOUT_VERSION = 'jdk-modules-3';

export interface JdkModulesOptions {
  jdk: JdkInfo;
  modules: readonly string[];
  /** The cache root (engine/cache.ts). */
  cache: string;
  /** The runtime's compiled classes (runtime/build.ts) and their hash. */
  runtime: { classesDir: string; hash: string };
  maxPath?: number;
  /** Progress lines (the first build of a module on a JDK). */
  log?: (line: string) => void;
  /** Worker threads (default: the cores, at most 4). */
  jobs?: number;
}

export interface JdkModules {
  /** Module name → its transformed directory, java.base first. */
  dirs: Map<string, string>;
  /** Modules built by this call (not found in the cache). */
  built: string[];
  /** Classes that could not be transformed (left out: they run from lib/modules as they are). */
  failed: { name: string; error: string }[];
  ms: number;
}

/**
 * The HotSpot engine's scope when none was asked for: `app`. `all` is asked for explicitly
 * (`--instrument all`, JDK 17 only) until the JDK classes it leaves out are handled: a class
 * of a module that is not patched (a service provider such as jdk.charsets, loaded without a
 * reference from the program) that overrides a concrete method of an instrumented class is
 * not reached by instrumented callers, which call the extended version it does not override;
 * and JDK 25's start-up stops ("GC triggered before VM initialization completed").
 */
export function defaultHotSpotScope(_jdkHome?: string): 'all' | 'app' {
  return 'app';
}

/** The JDK's identity for cache keys: its home, release file, and lib/modules' size and mtime. */
export function jdkIdentity(jdk: JdkInfo): string {
  let release = '';
  try {
    release = readFileSync(join(jdk.home, 'release'), 'utf8');
  } catch {
    // no release file: the image's size and mtime still tell JDKs apart
  }
  const st = statSync(jdk.modulesPath);
  return `${jdk.home}\0${jdk.version}\0${release}\0${st.size}\0${Math.round(st.mtimeMs)}`;
}

function moduleKey(o: JdkModulesOptions, module: string): string {
  const h = createHash('sha256').update(`${LAYOUT_VERSION}\0${TRANSFORMER_VERSION}\0${o.maxPath ?? 50}\0${module}\0${jdkIdentity(o.jdk)}\0`);
  // java.base's extras (the patch and the runtime: finishJavaBase) are a small directory of
  // their own, put before the module's on the --patch-module path.
  if (module === EXTRAS) h.update(`${o.runtime.hash}\0${patchSourceHash()}`);
  return h.digest('hex').slice(0, 20);
}

/** The pseudo-module of java.base's extras. */
const EXTRAS = 'java.base+komorium';

/** Internal names of the classes `bytes` refers to (CONSTANT_Class entries; array types by element). */
function classRefs(bytes: Uint8Array, into: Set<string>): void {
  const cf = readClass(bytes, 'class');
  const pool = new ConstantPool(cf);
  for (let i = 1; i < cf.constantPool.length; i++) {
    const e = cf.constantPool[i];
    if (e === undefined || e.tag !== Tag.Class) continue;
    let n = pool.className(i);
    if (n.startsWith('[')) {
      const m = /^\[+L(.*);$/.exec(n);
      if (!m) continue;
      n = m[1]!;
    }
    into.add(n);
  }
}

/**
 * The JDK modules a program needs instrumented: java.base, the modules of the packages its
 * classes refer to, and their `requires`, transitively.
 */
export function modulesNeeded(classpath: string[], jdk: JdkInfo): string[] {
  const cp = ClassPath.from(classpath, { jdk });
  try {
    const image = cp.image;
    if (!image) return ['java.base'];
    const refs = new Set<string>();
    for (const c of cp.listClasses()) {
      if (c.source.startsWith('jrt:')) continue;
      try {
        const f = cp.findUser(c.internalName);
        if (f) classRefs(f.bytes, refs);
      } catch {
        // unreadable: the transform reports it
      }
    }
    const roots = new Set<string>(['java.base']);
    for (const n of refs) {
      const slash = n.lastIndexOf('/');
      if (slash <= 0) continue;
      const m = image.moduleOfPackage(n.slice(0, slash).replace(/\//g, '.'));
      if (m !== undefined) roots.add(m);
    }
    const all = new Set<string>();
    const visit = (m: string): void => {
      if (all.has(m)) return;
      all.add(m);
      for (const r of requiresOf(image, m)) visit(r);
    };
    for (const m of roots) visit(m);
    return ['java.base', ...[...all].filter((m) => m !== 'java.base').sort()];
  } finally {
    cp.close();
  }
}

/** The modules `module` requires (its module-info.class). */
function requiresOf(image: JImage, module: string): string[] {
  const b = image.find(`/${module}/module-info.class`);
  if (!b) return [];
  const cf = readClass(b, `${module}/module-info.class`);
  const pool = new ConstantPool(cf);
  const attr = cf.attributes.find((a) => a.name === 'Module');
  if (!attr || attr.name !== 'Module') return [];
  return attr.module.requires.map((r) => {
    const e = cf.constantPool[r.index];
    return e !== undefined && e.tag === Tag.Module ? pool.utf8(e.nameIndex) : '';
  }).filter((n) => n !== '');
}

/** A writable cache root: `cache`, else one under the system's temp directory (logged). */
function writableRoot(cache: string, log: (l: string) => void): string {
  const root = join(cache, 'jdk-modules');
  try {
    mkdirSync(root, { recursive: true });
    const probe = join(root, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return root;
  } catch (e) {
    let user = 'user';
    try {
      user = userInfo().username;
    } catch {
      // no user name
    }
    const fallback = join(tmpdir(), `komorium-${user}`, 'jdk-modules');
    log(`komorium: the cache ${root} cannot be written (${(e as Error).message}); using ${fallback}`);
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/** Removes temporary directories of `dir` whose process is gone (a build that was killed). */
function removeStale(root: string, base: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const n of names) {
    const m = /^(.*)\.(\d+)\.[0-9a-f]+\.tmp$/.exec(n);
    if (!m || m[1] !== base) continue;
    const pid = Number(m[2]);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (e) {
      alive = (e as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive || pid === process.pid) rmSync(join(root, n), { recursive: true, force: true });
  }
}

/** Returns the transformed directories of `o.modules`, building those not in the cache. */
export async function ensureJdkModules(o: JdkModulesOptions): Promise<JdkModules> {
  const t0 = performance.now();
  const log = o.log ?? (() => {});
  const root = writableRoot(o.cache, log);
  const result: JdkModules = { dirs: new Map(), built: [], failed: [], ms: 0 };
  const image = JImage.open(o.jdk.modulesPath);
  try {
    const present = new Set(image.modules());
    const wanted = o.modules.filter((m) => present.has(m));
    // The extras first: they are quick, and a JDK whose java.base cannot be patched fails
    // before its modules are transformed.
    if (wanted.includes('java.base')) wanted.splice(wanted.indexOf('java.base'), 0, EXTRAS);
    for (const module of wanted) {
      const base = `${module}-${moduleKey(o, module)}`;
      const dir = join(root, base);
      if (existsSync(join(dir, '.complete'))) {
        result.dirs.set(module, dir);
        result.failed.push(...failedOf(dir));
        continue;
      }
      removeStale(root, base);
      const entries = module === EXTRAS ? [] : image.entries(module).filter((e) => e.endsWith('.class') && !e.endsWith('/module-info.class'));
      if (module !== EXTRAS) log(`komorium: instrumenting ${module} of JDK ${o.jdk.version} (${entries.length.toLocaleString('en-US')} classes, once per JDK) ...`);
      const t = performance.now();
      const tmp = join(root, `${base}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        mkdirSync(tmp, { recursive: true });
        const failed = module === EXTRAS ? [] : await transformModule(o, module, entries, tmp);
        if (module === EXTRAS) finishJavaBase(o, tmp);
        writeFileSync(join(tmp, '.failed.json'), JSON.stringify(failed));
        writeFileSync(join(tmp, '.complete'), '');
        result.failed.push(...failed);
        try {
          renameSync(tmp, dir);
        } catch (e) {
          // Another run put the same module in place first: use that one.
          if (!existsSync(join(dir, '.complete'))) throw e;
          rmSync(tmp, { recursive: true, force: true });
        }
      } catch (e) {
        rmSync(tmp, { recursive: true, force: true });
        const err = e as NodeJS.ErrnoException;
        const why = err.code === 'ENOSPC' || /ENOSPC/.test(err.message) ? `no space left on the device of ${root}` : err.message;
        throw new Error(`cannot instrument ${module} of the JDK ${o.jdk.home} (${o.jdk.version}): ${why}`);
      }
      if (module !== EXTRAS) log(`komorium: ${module} instrumented in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      result.built.push(module);
      result.dirs.set(module, dir);
    }
  } finally {
    image.close();
  }
  // The extras first: their classes replace the module's.
  const extras = result.dirs.get(EXTRAS);
  if (extras !== undefined) {
    result.dirs.delete(EXTRAS);
    result.dirs.set('java.base', `${extras}${delimiter}${result.dirs.get('java.base')!}`);
  }
  result.ms = performance.now() - t0;
  return result;
}

/** The classes a cached module directory left out. */
function failedOf(dir: string): { name: string; error: string }[] {
  try {
    const v = JSON.parse(readFileSync(join(dir, '.failed.json'), 'utf8')) as unknown;
    return Array.isArray(v) ? (v as { name: string; error: string }[]) : [];
  } catch {
    return [];
  }
}

/** Transforms `entries` of `module` into `dir` in worker threads; returns the classes that failed. */
async function transformModule(o: JdkModulesOptions, module: string, entries: string[], dir: string): Promise<{ name: string; error: string }[]> {
  const jobs = Math.max(1, Math.min(o.jobs ?? Math.min(availableParallelism(), 4), Math.ceil(entries.length / 100)));
  const slices: string[][] = Array.from({ length: jobs }, () => []);
  // Round robin: classes of a package (similar sizes) spread over the workers.
  entries.forEach((e, i) => slices[i % jobs]!.push(e));
  const url = jobUrl(import.meta.url, 'jdk-module-worker');
  const results = await Promise.all(
    slices.map((s) => {
      const input: ModuleSliceInput = { jdkHome: o.jdk.home, module, entries: s, outDir: dir, maxPath: o.maxPath };
      // Deeply nested code (ASM's MethodWriter) needs more stack than a worker's default.
      return runJob<ModuleSliceResult>(url, input, { stackSizeMb: 64 }).result;
    }),
  );
  return results.flatMap((r) => r.failed);
}

/**
 * java.base's extras: the patch (its JDK classes transformed, the launcher hook after the
 * transformation), and the runtime, whose Contexts starts with vmBooting set and is public so
 * that LauncherHelper can clear the flag.
 */
function finishJavaBase(o: JdkModulesOptions, dir: string): void {
  const cp = ClassPath.from([], { jdk: o.jdk });
  try {
    const hierarchy = new Hierarchy((n) => cp.findBoot(n)?.bytes);
    const transform = (name: string, bytes: Uint8Array): Uint8Array =>
      writeClass(transformClass(readClass(bytes, `${name}.class`), { scope: allScope, hierarchy, maxPath: o.maxPath }, `${name}.class`).cf);
    writePatchClasses(o.jdk, dir, transform);
    const launcher = 'sun/launcher/LauncherHelper';
    const lb = cp.findBoot(launcher)?.bytes;
    if (!lb) throw new Error(`${o.jdk.modulesPath} has no ${launcher}`);
    const put = (name: string, bytes: Uint8Array): void => {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, `${name}.class`), bytes);
    };
    put(launcher, patchBootFlag(transform(launcher, lb), launcher, 'checkAndLoadMain(ZILjava/lang/String;)Ljava/lang/Class;', 0));
    const mhn = 'java/lang/invoke/MethodHandleNatives';
    const mb = cp.findBoot(mhn)?.bytes;
    if (!mb) throw new Error(`${o.jdk.modulesPath} has no ${mhn}`);
    put(mhn, pauseUpcalls(transform(mhn, mb)));
    const tb = cp.findBoot('java/lang/Thread')?.bytes;
    if (!tb) throw new Error(`${o.jdk.modulesPath} has no java/lang/Thread`);
    put('java/lang/Thread', patchThreadNatives(transform('java/lang/Thread', tb)));
  } finally {
    cp.close();
  }
  const rtSrc = join(o.runtime.classesDir, 'komorium', 'rt');
  const rtDst = join(dir, 'komorium', 'rt');
  mkdirSync(rtDst, { recursive: true });
  for (const f of readdirSync(rtSrc)) {
    if (!f.endsWith('.class')) continue;
    if (`komorium/rt/${f}` === `${BOOT_FLAG.owner}.class`) {
      writeFileSync(join(rtDst, f), publicBootFlag(patchBootFlag(readFileSync(join(rtSrc, f)), BOOT_FLAG.owner, '<clinit>()V', 1)));
    } else {
      copyFileSync(join(rtSrc, f), join(rtDst, f));
    }
  }
}

/** Contexts with the class and its vmBooting field public (LauncherHelper writes the field). */
function publicBootFlag(bytes: Uint8Array): Uint8Array {
  const cf = readClass(bytes, `${BOOT_FLAG.owner}.class`);
  const pool = new ConstantPool(cf);
  cf.accessFlags = (cf.accessFlags & ~(Acc.PRIVATE | Acc.PROTECTED)) | Acc.PUBLIC;
  let found = false;
  cf.fields = cf.fields.map((f) => {
    if (pool.utf8(f.nameIndex) !== BOOT_FLAG.name) return f;
    found = true;
    return { ...f, accessFlags: (f.accessFlags & ~(Acc.PRIVATE | Acc.PROTECTED)) | Acc.PUBLIC };
  });
  if (!found) throw new Error(`${BOOT_FLAG.owner} has no field ${BOOT_FLAG.name}`);
  return writeClass(cf);
}

/**
 * The JVM options that run a program on the transformed modules: a --patch-module per module,
 * the runtime's package exported to the program and to the other patched modules.
 */
export function jdkModuleVmArgs(dirs: ReadonlyMap<string, string>): string[] {
  const args = [...dirs].map(([m, d]) => `--patch-module=${m}=${d}`);
  const readers = ['ALL-UNNAMED', ...[...dirs.keys()].filter((m) => m !== 'java.base')];
  args.push(`--add-exports=java.base/komorium.rt=${readers.join(',')}`);
  // The runtime's deadlock watch (DeadlockWatch) uses java.lang.management.
  args.push('--add-reads=java.base=java.management');
  return args;
}
