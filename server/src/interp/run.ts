// Runs a Java program on the embedded JVM, synchronously, in the calling thread. The engine
// (engine/interp*.ts) calls this inside a worker_thread; tests may call it directly.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { bootRefusal, launch } from './boot';
import { mainSnapshotKey, mainSnapshotOptions, saveSnapshot, snapshotKey, tryRestore, type BootSnapshotOptions } from './snapshot/index';
import { applyProgram, programInputs, replaceLateProperties, type ProgramInputs } from './snapshot/program';
import { VM, type VmIo, type VmOptions } from './vm';
import type { JavaImage, StringLookup } from './vm-options';
import { CancelledError, cancelStatus } from './scheduler';
import type { ClockMode } from './clock';
import { processStdin, processStdinAvailable } from './natives/host/stdin';

export interface InterpRunOptions {
  jdk: JdkInfo;
  /** User class path entries (absolute); the program's classes are loaded by the JDK's app loader from these. */
  classpath: string[];
  /** java.class.path (default: `classpath` joined). */
  classPathProperty?: string;
  mainClass: string;
  args: string[];
  properties?: Record<string, string>;
  /** Properties set once the JDK has booted (boot.ts LaunchOptions.late): not part of a boot snapshot's key. */
  lateProperties?: Record<string, string>;
  cwd?: string;
  env?: Record<string, string>;
  io?: Partial<VmIo>;
  stdinAvailable?: () => number;
  transformClass?: (name: string | null, bytes: Uint8Array, boot: boolean) => Uint8Array;
  /** See VmOptions.cancelled: truthy cancels; a number is the exit status (default 130). */
  cancelled?: () => boolean | number;
  /** The clock: real (default) or virtual (clock.ts). */
  clock?: ClockMode;
  /** Real clock, every thread asleep: block up to `ms` (VmOptions.idle). */
  idle?: (ms: number) => void;
  maxHeap?: number;
  maxDepth?: number;
  enableAssertions?: boolean;
  traceClassLoading?: boolean;
  /** Directories searched for boot classes after the JDK image (like -Xbootclasspath/a). */
  bootAppend?: string[];
  /** VmOptions.jdkCounted. */
  jdkCounted?: boolean;
  /** VmOptions.archivedHashes. */
  archivedHashes?: ReadonlyMap<string, number>;
  /** VmOptions.archivedPackages. */
  archivedPackages?: readonly string[];
  /** VmOptions.archivedClasses. */
  archivedClasses?: ReadonlySet<string>;
  /** VmOptions.symbolArchive. */
  symbolArchive?: string;
  /** VmOptions.archivedLoaderModules. */
  archivedLoaderModules?: readonly (readonly string[])[];
  /** VmOptions.archivedStrings. */
  archivedStrings?: StringLookup;
  /** VmOptions.archivedBoxes. */
  archivedBoxes?: StringLookup;
  /** VmOptions.javaImage. */
  javaImage?: () => JavaImage | undefined;
  /** boot.ts LaunchOptions.initiate. */
  initiate?: readonly string[];
  /** boot.ts LaunchOptions.initialize. */
  initialize?: readonly string[];
  /** boot.ts LaunchOptions.uninitialize. */
  uninitialize?: readonly string[];
  /** Called once the JDK has booted (initPhase3 done), before the main class loads. */
  onBooted?: (vm: VM) => void;
  /** The launch's later steps as they end (KOMORIUM_TRACE_STARTUP). */
  onStep?: (step: string, vm: VM) => void;
  /** Called just before boot starts. */
  onCreated?: (vm: VM) => void;
  onSlice?: () => void;
  /** Boot from a snapshot of a booted JDK when one matches, else boot and write one (snapshot/). */
  bootSnapshot?: BootSnapshotOptions;
  /**
   * A VM restored from the boot snapshot before the run was known (prepareBoot): used when its
   * key is this run's, else closed (the run then restores or boots as usual).
   */
  prepared?: PreparedBoot | null;
}

/** A VM restored from a boot snapshot ahead of its run (prepareBoot), with the JDK image it reads. */
export interface PreparedBoot {
  /** The boot snapshot's key (the run's must be equal). */
  key: string;
  vm: VM;
  /** The program inputs the snapshot was booted with (program.ts applies the run's over them). */
  program: ProgramInputs;
  image: ClassPath;
}

export interface InterpRunResult {
  exitCode: number;
  /** Error outside Java (deadlock, cancellation, internal failure). */
  failure: string | null;
  cancelled: boolean;
  bytecodes: number;
  classesLoaded: number;
  ms: number;
  vm: VM;
  /** The JDK's boot was restored from a snapshot. */
  restored: boolean;
  /** Where the VM started: booted, restored from the boot snapshot, from the main snapshot, or prepared ahead (prepareBoot). */
  start: RunStart;
}

export type RunStart = 'booted' | 'boot snapshot' | 'main snapshot' | 'prepared';

export { processStdin, processStdinAvailable } from './natives/host/stdin';

/** The VM's options for run `o`, its boot classes read from `image`. */
function vmOptionsOf(o: InterpRunOptions, image: ClassPath, io: VmIo): VmOptions {
  return {
    jdk: o.jdk,
    classpath: o.classpath,
    properties: o.properties ?? {},
    cwd: o.cwd ?? process.cwd(),
    env: o.env ?? (process.env as Record<string, string>),
    io,
    bootClass: (name) => {
      const f = image.image?.findClass(name);
      if (f) return { bytes: f.bytes, source: `jrt:/${f.module}/${name}.class`, module: f.module };
      for (const dir of o.bootAppend ?? []) {
        const p = join(dir, `${name}.class`);
        if (existsSync(p)) return { bytes: readFileSync(p), source: p, module: '' };
      }
      return undefined;
    },
    transformClass: o.transformClass,
    cancelled: o.cancelled,
    clock: o.clock,
    idle: o.idle,
    onSlice: o.onSlice,
    maxHeap: o.maxHeap,
    maxDepth: o.maxDepth,
    mainClass: o.mainClass,
    args: o.args,
    classPathString: o.classPathProperty ?? o.classpath.join(':'),
    enableAssertions: o.enableAssertions,
    jdkCounted: o.jdkCounted,
    archivedHashes: o.archivedHashes,
    archivedPackages: o.archivedPackages,
    archivedClasses: o.archivedClasses,
    symbolArchive: o.symbolArchive,
    archivedLoaderModules: o.archivedLoaderModules,
    archivedStrings: o.archivedStrings,
    archivedBoxes: o.archivedBoxes,
    javaImage: o.javaImage,
    stdinAvailable: o.stdinAvailable ?? (o.io?.readStdin ? undefined : processStdinAvailable),
    traceClassLoading: o.traceClassLoading,
  };
}

function ioOf(o: InterpRunOptions): VmIo {
  return {
    stdout: o.io?.stdout ?? ((d) => process.stdout.write(d)),
    stderr: o.io?.stderr ?? ((d) => process.stderr.write(d)),
    readStdin: o.io?.readStdin ?? processStdin,
    ...(o.io?.closed ? { closed: o.io.closed } : {}),
  };
}

function bootKeyOf(o: InterpRunOptions, snap: BootSnapshotOptions): string {
  return snapshotKey(
    { jdk: o.jdk, properties: o.properties ?? {}, env: o.env ?? (process.env as Record<string, string>), maxHeap: o.maxHeap, maxDepth: o.maxDepth, enableAssertions: o.enableAssertions, clock: o.clock, bootAppend: o.bootAppend ?? [] },
    snap.keyParts,
  );
}

/**
 * Restores the boot snapshot for the likely options `o` (its program is a placeholder) ahead
 * of the run, so that a run with the same key starts from it (InterpRunOptions.prepared). Null
 * when there is no usable snapshot (nothing is written: a prepared boot never boots).
 */
export function prepareBoot(o: InterpRunOptions): PreparedBoot | null {
  const snap = o.bootSnapshot;
  if (!snap) return null;
  const image = ClassPath.from([], { jdk: o.jdk });
  try {
    const vm = new VM(vmOptionsOf(o, image, ioOf(o)));
    const key = bootKeyOf(o, snap);
    // (The class files read at once: this worker may be ended before a run closes the file.)
    const program = tryRestore(vm, { ...snap, eagerClassFiles: true }, key);
    if (program !== null) return { key, vm, program, image };
  } catch {
    // as no snapshot: the run restores or boots itself
  }
  image.close();
  return null;
}

/**
 * Gives a prepared VM its run: the run's options (I/O, class path, arguments, properties,
 * transformer hook, cancel flag...), the run's start time, and real time from now on.
 */
function adopt(vm: VM, opts: VmOptions): void {
  const v = vm as unknown as { opts: VmOptions; vmProperties: Map<string, string>; startMillis: number };
  v.opts = opts;
  v.vmProperties = new Map(Object.entries(opts.properties));
  v.startMillis = Date.now();
  // Real clock: nanoTime goes on from the snapshot's as if restored now (restoreVm does the same).
  if (vm.realBase >= 0) vm.realBase = performance.now();
}

/** The run is being cancelled, or a thread has asked the VM to exit. */
function endingOrCancelled(vm: VM, o: InterpRunOptions): boolean {
  return vm.scheduler?.cancelling === true || vm.exitCode !== null || !!o.cancelled?.();
}

export function runInterpreter(o: InterpRunOptions): InterpRunResult {
  const t0 = performance.now();
  const prepared = o.prepared ?? null;
  const snap = o.bootSnapshot;
  // The prepared VM when the run's boot key is its own: the launcher then runs as after a restore.
  const preparedKey = snap && prepared ? bootKeyOf(o, snap) : '';
  const usePrepared = prepared !== null && snap !== undefined && preparedKey === prepared.key;
  if (prepared !== null && !usePrepared) {
    prepared.image.close();
    snap?.mark?.('prepared VM not used (another boot key)');
  }
  const image = usePrepared ? prepared.image : ClassPath.from([], { jdk: o.jdk });
  const io = ioOf(o);
  const makeVm = (): VM => new VM(vmOptionsOf(o, image, io));
  let vm: VM;
  if (usePrepared) {
    vm = prepared.vm;
    adopt(vm, vmOptionsOf(o, image, io));
  } else vm = makeVm();
  let booted: ProgramInputs | null = usePrepared ? prepared.program : null;
  let key = '';
  // A main snapshot (after the main class was loaded): its key and options, and whether it was restored.
  let mainKey: string | null = null;
  const mainSnap = snap?.main ? mainSnapshotOptions(snap) : null;
  let atMain = false;
  if (usePrepared) {
    // Restored ahead: cheaper than a main snapshot's restore, so none is read or written.
    key = preparedKey;
    snap.mark?.('prepared VM given the run (restored ahead)');
  } else if (snap) {
    snap.mark?.('VM constructed (JDK image opened, natives registered)');
    key = bootKeyOf(o, snap);
    snap.mark?.('key computed (engine bundle hashed, boot class path listed)');
    if (mainSnap !== null && snap.main) {
      const late = Object.entries(o.lateProperties ?? {});
      mainKey = mainSnapshotKey(key, programInputs(vm.opts), o.mainClass, late.map(([k, v]) => (v === '' ? `${k}=` : k)), o.classpath, o.initialize);
      snap.mark?.('main snapshot key computed (class path stamped)');
      const touched = { vm: false };
      if (mainKey !== null && tryRestore(vm, mainSnap, mainKey, touched) !== null) {
        const why = replaceLateProperties(vm, late) ?? snap.main.restored?.(vm) ?? null;
        if (why === null) atMain = true;
        else snap.warn(`komorium: ${mainSnap.label} not used: ${why}; ${mainSnap.fallback}`);
      }
      if (touched.vm && !atMain) vm = makeVm();
    }
    if (!atMain) {
      booted = tryRestore(vm, snap, key);
      if (booted === null) vm = makeVm();
    }
  }
  const restored = booted !== null || atMain;
  // Before anything loads a class (onCreated may): a JDK that cannot be booted is refused here,
  // naming it, and not by a class-loading error from deep in the boot.
  const refusal = restored ? null : bootRefusal(o.jdk, image.image ?? null);
  if (refusal !== null) {
    vm.reportFailure(refusal.report);
    image.close();
    return { exitCode: 1, failure: refusal.failure, cancelled: false, bytecodes: 0, classesLoaded: 0, ms: performance.now() - t0, vm, restored: false, start: 'booted' };
  }
  if (o.onBooted) vm.onBooted = () => o.onBooted?.(vm);
  o.onCreated?.(vm);
  let cancelled = false;
  let result: { exitCode: number; failure: string | null };
  try {
    const v = vm;
    const from = booted;
    result = launch(v, o.mainClass, o.args, {
      restored: booted !== null,
      restoredAtMain: atMain,
      // The program's class path, directory, command line and properties over the snapshot's.
      apply: from !== null ? (call, done) => applyProgram(v, from, programInputs(v.opts), call, done) : undefined,
      late: Object.entries(o.lateProperties ?? {}),
      initiate: o.initiate,
      initialize: o.initialize,
      uninitialize: o.uninitialize,
      mark: o.onStep ? (step) => o.onStep?.(step, v) : undefined,
      atBoot: snap && !restored ? () => saveSnapshot(v, snap, key) : undefined,
      // Not once the run is being cancelled or ending (a live run is cancelled at its first live
      // snapshot, which may come before the main class has loaded): the saved state would hold
      // the shutdown in progress, and every run restored from it would end at once.
      atMain: mainSnap !== null && mainKey !== null && !atMain ? () => (endingOrCancelled(v, o) ? undefined : saveSnapshot(v, mainSnap, mainKey as string)) : undefined,
    });
  } catch (e) {
    if (e instanceof CancelledError) {
      cancelled = true;
      result = { exitCode: cancelStatus(o.cancelled?.()), failure: 'cancelled' };
    } else throw e;
  } finally {
    image.close();
  }
  if (process.env.KOMORIUM_DUMP_AT_EXIT) io.stderr(Buffer.from(`${vm.dumpThreads()}\n`));
  const bytecodes = vm.threads.reduce((s, t) => s + t.bytecodes, 0);
  const start: RunStart = usePrepared ? 'prepared' : atMain ? 'main snapshot' : booted !== null ? 'boot snapshot' : 'booted';
  return { ...result, cancelled, bytecodes, classesLoaded: vm.loadedCount, ms: performance.now() - t0, vm, restored, start };
}
