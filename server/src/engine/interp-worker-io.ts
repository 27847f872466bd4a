// The messages between the embedded engine's worker (interp-worker.ts) and its host
// (interp-run.ts): the run's input, the worker's messages, a prepared worker's input. Types
// only, so the host's bundle does not load the worker's code.

import type { RunStart } from '../interp/run';
import type { LocaleProbe } from '../interp/host-locale';
import type { Instrument } from './interp-transform';
import type { ClockMode } from '../interp/clock';
import type { CheckPartMessage } from './snapshot-check';
import type { ArchivedStringFiles } from './archived-strings-pack';

export interface InterpWorkerInput {
  jdk?: string;
  classpath: string[];
  /** java.class.path as java's launcher would set it (the user's spelling, wildcards expanded). */
  classPathProperty?: string;
  mainClass: string;
  args: string[];
  properties: Record<string, string>;
  /** Properties that change from run to run (the staging file), set after the boot. */
  lateProperties?: Record<string, string>;
  cwd: string;
  env: Record<string, string>;
  /** glibc's locale answer for `env`, got by the host ahead (host-locale.ts prefetchHostLocale). */
  locale?: LocaleProbe;
  instrument: Instrument;
  /**
   * With `all`: only these JDK modules are instrumented (KOMORIUM_JDK_MODULES as HotSpot's copy
   * reads it, jdk-image.ts jdkModulesOverride); absent: every module.
   */
  jdkModules?: string[];
  /** With `all`: the classes java's boot initialises (boot-inits.ts), initialised before the count. */
  bootInits?: string[];
  maxPath?: number;
  lineNumbers?: boolean;
  /** Directory of the runtime classes (komorium/rt), appended to the boot class path. */
  runtimeDir: string | null;
  /** With `all`: the archived mirrors' identity hashes of HotSpot's copy (archived-hashes.ts). */
  archivedHashes?: [string, number][];
  /** With `all`: the order of the copy's archived packageToModule map (archived-hashes.ts). */
  archivedPackages?: string[];
  /** With `all`: the classes the copy's archive holds (its class list; archived-hashes.ts archivedClassNames). */
  archivedClasses?: string[];
  /** With `all`: the copy's CDS archive, whose symbols order methods (interp/method-order.ts). */
  symbolArchive?: string;
  /** With `all`: the order of the copy's archived loaders' nameToModule maps (archived-hashes.ts). */
  archivedLoaderModules?: string[][];
  /** archived-hashes.ts stateDigest of the three above (boot snapshot keys), when the run took it; else the worker does. */
  archivedStateDigest?: string | null;
  /**
   * With `all`: the files of the copy's archived interned strings with the dump's identity hashes
   * (0: none), and on JDK 17 its boxes' (archived-strings.ts), read at the VM's first lookup
   * (archived-strings-pack.ts); their digest is part of the boot snapshot's key.
   */
  archivedStrings?: ArchivedStringFiles;
  /**
   * With `all` (and exact `all`): Java code reads the JDK's image indexed as HotSpot's copy's
   * (java-image.ts), made from these (the cache root, the runtime's classes, KOMORIUM_JDK_MODULES).
   */
  javaImage?: { cache: string; runtimeDir: string; modules?: string[] };
  cacheDir?: string;
  maxHeap?: number;
  enableAssertions?: boolean;
  /** The embedded JVM's clock (interp/clock.ts); default real. */
  clock?: ClockMode;
  /**
   * [0] cancel flag, [1] stdin state (0 idle, 1 requested, 2 data ready, 3 EOF), [2] length,
   * [3] bytes the host holds for stdin beyond those (InputStream.available), [4] and [5]
   * non-zero once the reader of stdout and stderr has gone (EPIPE).
   */
  control: SharedArrayBuffer;
  stdinData: SharedArrayBuffer;
  /** Read the process's own standard input (fd 0) directly (the CLI). */
  directStdin?: boolean;
  /**
   * Exact mode: the original classes run and every bytecode is counted per context and line
   * (scope: `exactScope`); the profile is written to `exactOut`.
   */
  exact?: { scope: 'app' | 'all'; out: string; meta: Record<string, unknown>; jdkModules?: string[] };
  /** Directory of boot snapshots (interp/snapshot/); absent: boot the JDK every run. */
  bootSnapshotDir?: string;
  /** Write the snapshot at the first boot of its key (RunOptions.bootSnapshotAtFirstBoot). */
  bootSnapshotAtFirstBoot?: boolean;
  /**
   * The build's loader reads and writes the bundle's V8 code cache (interp-worker-loader.ts):
   * a worker started after TurboFan was held back for the run.
   */
  codeCache?: boolean;
}

export type InterpWorkerMessage =
  | { type: 'out'; fd: 1 | 2; data: Uint8Array }
  | { type: 'progress'; bytecodes: number; elapsedMs: number; compiled: number; run: number }
  | { type: 'stdin' }
  | { type: 'stopping' }
  | { type: 'exit'; exitCode: number; failure: string | null; cancelled: boolean; bytecodes: number; classes: number; ms: number; transformed: number; reused: number; transformFailures: { name: string; error: string }[]; start: RunStart }
  | { type: 'error'; message: string }
  /** A diagnostic of Komorium's own (a boot snapshot that could not be used): not program output. */
  | { type: 'log'; message: string }
  /** The snapshot's parts left in its file, to be checked by the host (snapshot-check.ts). */
  | CheckPartMessage
  | { type: 'ready' };

/** workerData of a worker prepared before its program is known. */
export interface InterpPrewarmInput {
  /**
   * `bundleOnly`: only the bundle is loaded (the CLI's early worker), not the JDK image and reader.
   * `likely`: a run's input with a placeholder program (interp-run.ts prepareInterpreter): the
   * boot snapshot of its key is restored while the worker waits.
   */
  prewarm: { jdk?: string; likely?: InterpWorkerInput; bundleOnly?: boolean };
  /** Read and write the bundle's code cache (interp-worker-loader.ts). */
  codeCache?: boolean;
  /** V8 flags the loader sets just before it compiles the bundle: TurboFan's hold (v8-tiering.ts firstStepFlags; the CLI's early worker). */
  optFlags?: string;
}
