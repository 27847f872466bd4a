// Boot snapshots of the embedded JVM: the key, and restore-or-boot for run.ts.
//
// The key covers everything the boot's state depends on: the snapshot format (FORMAT), the
// engine (a hash of the built bundle; of the sources' names, sizes and times when run from
// sources), the JDK (home, version, lib/modules size and time), the boot class path appended
// (the profiler's runtime: each file's name, size and time), and the inputs the boot reads:
// the user's properties of boot names (program.ts isBootProperty), the environment variables
// and host facts properties.ts reads (LD_LIBRARY_PATH, TZ; user name, home, OS release), heap
// and stack limits, assertions, clock, and the transformation options the caller adds. Any
// change gives another file, so a stale snapshot is never used. The program's class path,
// working directory, main class, arguments and own properties are not in the key: program.ts
// applies them after the restore, so one snapshot serves every program.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as os from 'node:os';
import type { JdkInfo } from '../../classpath/index';
import { captureVm, restoreVm, SnapshotUnsupported } from './graph';
import { readSnapshot, removeStaleTemps, writeSnapshot, type CheckElsewhere } from './store';
import { bootProperties, type ProgramInputs } from './program';
import { bundleHash, publishedBundleHash } from '../../engine/bundle-hash';
import type { VM } from '../vm';
import { classPathStamps, takeStamps } from '../../engine/run-plan';
import { keepNewest } from '../../engine/cache-prune';
import { hostLocale } from '../host-locale';

export { SnapshotUnsupported } from './graph';

/** KOMORIUM_TRACE_SNAPSHOT: say on stderr when a snapshot is restored or written, or why not. */
const TRACE = !!process.env.KOMORIUM_TRACE_SNAPSHOT;

/** Environment variables the boot reads (java.library.path; the default time zone). */
const BOOT_ENV = ['LD_LIBRARY_PATH', 'TZ'];

/** Bump when the payload's layout changes. */
const FORMAT = 14;

export interface BootSnapshotOptions {
  /** Directory of snapshot files (cache root/boot-snapshots). */
  dir: string;
  /** Further inputs of the boot (the class transformation's options), part of the key. */
  keyParts: Record<string, unknown>;
  /** A one-line warning (a snapshot that could not be used or written). */
  warn(message: string): void;
  /** The restore's steps as they end (KOMORIUM_TRACE_STARTUP, engine/startup-trace.ts). */
  mark?(step: string): void;
  /**
   * Boots with the same key before a snapshot is written (default 2: a one-off run, such as a
   * test's, does not pay for writing one; the second run of a program does).
   */
  minBoots?: number;
  /**
   * Also a main snapshot (after the launcher loaded the main class; mainSnapshotKey), whose
   * late properties (boot.ts LaunchOptions.late) are replaced on restore. Off when undefined.
   */
  main?: {
    /** After a main snapshot was restored: the embedder's own per-run state in the heap; null when done, else why not. */
    restored?(vm: VM): string | null;
  };
  /**
   * The class files read with the rest instead of left in the file (store.ts LazyPart): for a VM
   * restored ahead (run.ts prepareBoot), whose worker may be ended unused, before its run could
   * close the file (interp-worker.ts closeLazyFiles).
   */
  eagerClassFiles?: boolean;
  /**
   * Checks the parts left in the file on another thread while this one restores (store.ts
   * readSnapshot's `elsewhere`; the worker's host: engine/snapshot-check.ts).
   */
  checkElsewhere?: CheckElsewhere;
  /** What the messages call it (default "boot snapshot"), and what happens when it cannot be used. */
  label?: string;
  fallback?: string;
}

/** Snapshots kept in the directory (the least recently used go first). */
const KEEP_SNAPSHOTS = 6;
const KEEP_MARKERS = 64;

export interface SnapshotKeyInputs {
  jdk: JdkInfo;
  properties: Record<string, string>;
  env: Record<string, string>;
  maxHeap?: number;
  maxDepth?: number;
  enableAssertions?: boolean;
  clock?: string;
  bootAppend: string[];
}

let engineHash: string | null = null;

function walkStats(dir: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    out.push(`${dir}:missing`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkStats(p, out);
    else {
      try {
        const s = fs.statSync(p);
        out.push(`${p}:${s.size}:${s.mtimeMs}`);
      } catch {
        out.push(`${p}:gone`);
      }
    }
  }
}

/**
 * A hash of the engine's code: the bundle this module is in (the hash its loader took when it
 * read it, bundle-hash.ts, else the same computed here), or the sources (tsx).
 */
export function engineFingerprint(): string {
  if (engineHash !== null) return engineHash;
  const self = fileURLToPath(import.meta.url);
  if (self.endsWith('.ts')) {
    const lines: string[] = [];
    walkStats(path.resolve(path.dirname(self), '..', '..'), lines);
    engineHash = createHash('sha256').update(lines.join('\n')).digest('hex');
  } else engineHash = publishedBundleHash(self) ?? bundleHash(fs.readFileSync(self));
  return engineHash;
}

export function snapshotKey(i: SnapshotKeyInputs, parts: Record<string, unknown>): string {
  let modules = 'missing';
  try {
    const s = fs.statSync(i.jdk.modulesPath);
    modules = `${s.size}:${s.mtimeMs}`;
  } catch {
    // the boot then fails as usual
  }
  const boot: string[] = [];
  for (const d of i.bootAppend) walkStats(d, boot);
  // What the boot reads of the host (properties.ts): the rest of the environment is read by the
  // program's own System.getenv from the new run's (ProcessEnvironment is not loaded at boot).
  const env = BOOT_ENV.map((k) => [k, i.env[k] ?? null]);
  let user = 'user';
  try {
    user = os.userInfo().username;
  } catch {
    // as properties.ts
  }
  // The locale java derives from the environment and the installed locales (host-locale.ts).
  const host = [user, os.homedir(), os.release(), hostLocale(i.env)];
  // Not the program's class path, directory, command line or own properties: program.ts
  // applies those after the restore.
  const props = bootProperties(i.properties);
  const key = JSON.stringify({
    format: FORMAT,
    engine: engineFingerprint(),
    node: process.version,
    jdk: [i.jdk.home, i.jdk.version, i.jdk.feature, modules],
    boot,
    props,
    env,
    host,
    limits: [i.maxHeap ?? null, i.maxDepth ?? null, i.enableAssertions ?? false, i.clock ?? 'real'],
    parts,
  });
  return createHash('sha256').update(key).digest('hex');
}

export function snapshotFile(dir: string, keyHex: string): string {
  return path.join(dir, `${keyHex.slice(0, 32)}.snap`);
}

/**
 * Restores the snapshot for `keyHex` into `vm` (just constructed): the program inputs it was
 * booted with (program.ts). Null when there is none or it cannot be used (a warning said why;
 * the caller boots a new VM, as this one may be half-restored).
 */
export function tryRestore(vm: VM, o: BootSnapshotOptions, keyHex: string, touched?: { vm: boolean }): ProgramInputs | null {
  const file = snapshotFile(o.dir, keyHex);
  const label = o.label ?? 'boot snapshot';
  // The class files (the fourth part) stay in the file, read per class when needed.
  const r = readSnapshot(file, keyHex, o.eagerClassFiles === true ? undefined : 3, o.checkElsewhere);
  o.mark?.('snapshot read and checked (checksum)');
  if ('missing' in r) return null;
  if ('invalid' in r) {
    o.warn(`komorium: ${label} ${file} is ${r.invalid}; ${o.fallback ?? 'booting the JDK instead'}`);
    return null;
  }
  if (touched) touched.vm = true;
  try {
    const program = restoreVm(vm, [...r.parts, ...r.lazy], o.mark);
    // The parts left in the file, checked meanwhile (checkElsewhere), before anything reads them.
    const verified = r.verify();
    if (o.checkElsewhere !== undefined) o.mark?.('parts left in the file checked');
    if (!verified) {
      o.warn(`komorium: ${label} ${file} is corrupt (checksum); ${o.fallback ?? 'booting the JDK instead'}`);
      return null;
    }
    const now = new Date();
    fs.utimesSync(file, now, now); // recently used: kept by keepNewest()
    if (TRACE) o.warn(`komorium: ${label} restored from ${file}`);
    return program;
  } catch (e) {
    o.warn(`komorium: ${label} ${file} could not be restored (${(e as Error).message}); ${o.fallback ?? 'booting the JDK instead'}`);
    return null;
  }
}

/**
 * The key of a main snapshot: the boot's key, the program (class path, directory, command
 * line, the user's properties, the main class), the late properties' names, and the stamps
 * (size and mtime) of the class path's jars and class files, recursively (engine/run-plan.ts
 * takeStamps): a class file changed, added or removed gives another key. Null when the class
 * path is too large to stamp.
 */
export function mainSnapshotKey(bootKey: string, program: ProgramInputs, mainClass: string, lateNames: readonly string[], classpath: readonly string[], initialized: readonly string[] = []): string | null {
  const { files, trees } = classPathStamps([...classpath]);
  const stamps = takeStamps(files, trees);
  if (stamps === undefined) return null;
  // `initialized`: the classes the launch initialises after the boot (boot.ts LaunchOptions
  // initialize: java's boot's, the class swap's), whose state the snapshot holds.
  const key = JSON.stringify({ boot: bootKey, program, mainClass, late: [...lateNames].sort(), stamps, ...(initialized.length > 0 ? { initialized } : {}) });
  return createHash('sha256').update(key).digest('hex');
}

/** Main snapshots are kept apart from boot snapshots (pruned by themselves). */
export function mainSnapshotOptions(o: BootSnapshotOptions): BootSnapshotOptions {
  return { ...o, dir: path.join(o.dir, 'main'), label: 'boot snapshot after the main class', fallback: 'starting from the boot snapshot instead' };
}

/**
 * At the end of a boot (boot.ts atBoot): writes the snapshot of `vm` when this key has booted
 * `minBoots` times (a marker file counts the first). Never throws.
 */
export function saveSnapshot(vm: VM, o: BootSnapshotOptions, keyHex: string): void {
  try {
    const file = snapshotFile(o.dir, keyHex);
    if ((o.minBoots ?? 2) > 1) {
      const marker = `${file.slice(0, -'.snap'.length)}.booted`;
      if (!fs.existsSync(marker)) {
        fs.mkdirSync(o.dir, { recursive: true });
        removeStaleTemps(o.dir);
        fs.writeFileSync(marker, '');
        keepNewest(o.dir, '.booted', KEEP_MARKERS);
        return;
      }
    }
    writeSnapshot(file, keyHex, captureVm(vm));
    keepNewest(o.dir, '.snap', KEEP_SNAPSHOTS);
    if (TRACE) o.warn(`komorium: ${o.label ?? 'boot snapshot'} written to ${file}`);
  } catch (e) {
    if (e instanceof SnapshotUnsupported) {
      if (TRACE) o.warn(`komorium: no ${o.label ?? 'boot snapshot'}: ${e.message}`);
      return;
    }
    o.warn(`komorium: ${o.label ?? 'boot snapshot'} not written: ${(e as Error).message}`);
  }
}
