// Worker-thread entry of the embedded engine: runs one program on the embedded JVM and talks
// to the host (interp-run.ts) with messages:
//   worker → host: {type:'out', fd, data} (batched, in order), {type:'progress', bytecodes, run},
//                  {type:'stdin'} (the program wants input), {type:'stopping'} (the VM saw
//                  the cancel flag and is stopping the program), {type:'exit', ...}
//   host → worker: stdin data through a SharedArrayBuffer (see StdinChannel), cancellation
//                  through a shared flag. The VM runs synchronously; it never needs the
//                  worker's event loop.
// A worker prepared in advance (interp-run.ts prepareInterpreter; workerData `{ prewarm }`)
// loads this bundle, warms the class-file reader on a few JDK classes and restores the boot
// snapshot of the likely run's key (prepareLikely), posts {type:'ready'}, then waits for
// {type:'start', input} and runs that program: from the VM restored ahead when the run's boot
// key is the prepared one, else as a fresh worker would (the same run and profile either way).

import { parentPort, workerData } from 'node:worker_threads';
import { findJavaHome } from '../classpath/index';
import { prepareBoot, processStdin, processStdinAvailable, runInterpreter, type PreparedBoot } from '../interp/run';
import type { VM } from '../interp/vm';
import { InitState } from '../interp/klass';
import { inJdkModules, makeInterpTransformer } from './interp-transform';
import { ExactProfiler } from '../interp/exact';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, normalize, sep } from 'node:path';
import { getField, setField } from '../interp/natives/util';
import type { JObject } from '../interp/object';
import { profileFromJson, stringifyProfile } from '../profile/index';
import { isRuntimeClass } from '../runtime/contract';
import { excludedFromAll } from '../transform/scope';
import { javaImageView } from './java-image';
import type { JavaImage } from '../interp/vm-options';
import { startupTrace } from './startup-trace';
import { readClass } from '../classfile/reader';
import { classInfoOf } from '../transform/hierarchy';
import { REFERENCED_RUNTIME_CLASSES, swapInitializedClasses } from '../runtime/contract';
import { BOOT2_ONLY_CLASSES } from '../interp/boot-uninit';
import { startJdkLambdaLinkage } from '../interp/indy/link';
import { jitStats } from '../interp/jit/compile';
import { VmError } from '../interp/signals';
import { ClassPathError } from '../classpath/errors';
import { holdNewSpace, NEW_SPACE_HOLD_MS } from './young-generation';
import { closeLazyFiles } from '../interp/snapshot/store';
import { stateDigest } from './archived-hashes';
import { optHoldBytecodes } from './v8-tiering';
import { writeHeapSnapshot } from 'node:v8';
import { collectRestoreGarbage } from './restore-gc';
import { checkOnHost } from './snapshot-check';
import { seedLocale } from '../interp/host-locale';
import { archivedLookups, closeArchivedStringFiles } from './archived-strings-pack';
import type { InterpPrewarmInput, InterpWorkerInput, InterpWorkerMessage } from './interp-worker-io';

/**
 * Initialised before the count when lambdas link through the JDK on JDK 17 (its proxies' name
 * counter, indy/link.ts startJdkLambdaLinkage; the copy's launcher initialises it there too:
 * contract.ts launcherInitializedClasses). Not on 21+: no counter to set, and HotSpot's copy of
 * JDK 25 initialises neither it nor what its `<clinit>` does (MethodType, Wrapper, ConstantDescs)
 * before main, as java does not: a program's first VarHandle or MethodType (DataInputStream.readInt
 * through ByteArray) initialises them, counted, on both engines.
 */
const JDK_LAMBDA_LINKAGE_CLASSES = ['java/lang/invoke/InnerClassLambdaMetafactory'];

/**
 * Which classes exact mode counts: the user class path (app) or everything but the runtime
 * (all; with `jdkModules`, the JDK classes of those modules only, as the sampled run's scope when
 * KOMORIUM_JDK_MODULES names them: interp-transform.ts).
 */
function exactScope(scope: 'app' | 'all', classpath: string[], jdk: JdkInfo, jdkModules?: readonly string[]): (name: string) => boolean {
  // As the sampled run's transformer: java/lang/Object is left alone in scope all (its
  // Object.<init>, one `return` per object created, is not counted by the sampled run).
  if (scope === 'all') {
    const base = (n: string): boolean => !isRuntimeClass(n) && !excludedFromAll(n);
    if (jdkModules === undefined) return base;
    const inModules = inJdkModules(ClassPath.from(classpath, { jdk }), new Set(jdkModules));
    return (n) => base(n) && inModules(n);
  }
  const cp = ClassPath.from(classpath, { jdk: null });
  const user = new Set<string>();
  for (const c of cp.listClasses()) user.add(c.internalName);
  cp.close();
  return (n) => user.has(n);
}

function post(m: InterpWorkerMessage): void {
  parentPort?.postMessage(m);
}

/** VmOptions.javaImage: the view made (or read from the cache) when Java code first maps the image. */
function javaImageOf(jdk: JdkInfo, o: NonNullable<InterpWorkerInput['javaImage']>): () => JavaImage | undefined {
  let view: JavaImage | undefined | null = null;
  return () => {
    if (view === null) view = javaImageView({ jdk, ...o, log: (message) => post({ type: 'log', message }) });
    return view;
  };
}

/**
 * The build's loader (interp-worker-loader.ts) keeps V8's code of this run for the next worker
 * (once; none from sources). `firstStep`: TurboFan's hold is surely still in its first step (the
 * host was not told of as many bytecodes), so the flags are those the bundle was compiled under.
 */
function saveCodeCache(firstStep: boolean): void {
  (globalThis as Record<symbol, ((firstStep: boolean) => void) | undefined>)[Symbol.for('komorium.saveWorkerCodeCache')]?.(firstStep);
}

/** boot-uninit.ts's classes, but those java's boot initialised too (with the JDK counted only). */
function uninitializedOf(input: InterpWorkerInput): string[] | undefined {
  if (!((input.runtimeDir && input.instrument === 'all') || input.exact?.scope === 'all')) return undefined;
  const java = new Set(input.bootInits ?? []);
  return BOOT2_ONLY_CLASSES.filter((c) => !java.has(c));
}

/**
 * The transformation's options in a boot snapshot's key. `lambdas`, `bootInits`: how lambdas
 * link after the boot (startJdkLambdaLinkage), java's boot's classes initialised after it; the
 * snapshots hold their state.
 */
function keyPartsOf(input: InterpWorkerInput): Record<string, unknown> {
  const uninit = uninitializedOf(input);
  return {
    ...(uninit !== undefined && uninit.length > 0 ? { uninitialize: uninit.join(',') } : {}),
    instrument: input.instrument,
    maxPath: input.maxPath ?? null,
    lineNumbers: input.lineNumbers ?? null,
    ...(input.instrument === 'all' ? { lambdas: 'jdk', bootInits: 1, archived: input.archivedStateDigest ?? stateDigest(input.archivedHashes, input.archivedPackages, input.archivedLoaderModules), archivedClasses: input.archivedClasses?.length ?? 0, symbolArchive: input.symbolArchive ?? null, ...(input.archivedStrings !== undefined ? { archivedStrings: input.archivedStrings.digest } : {}) } : {}),
    // The booted JDK's classes were transformed with this module list (none before it existed).
    ...(input.instrument === 'all' && input.jdkModules !== undefined ? { jdkModules: [...input.jdkModules].sort().join(',') } : {}),
  };
}

/** Writes a boot snapshot at the first boot of its key (the language server's runs, KOMORIUM_BOOT_SNAPSHOT=always). */
function minBootsOf(input: InterpWorkerInput): number {
  return input.bootSnapshotAtFirstBoot || process.env.KOMORIUM_BOOT_SNAPSHOT === 'always' ? 1 : 2;
}

/**
 * Restores the boot snapshot for the likely run ahead (runInterpreter's `prepared`), or null
 * (no snapshot yet, exact mode, snapshots off). The bootAppend, properties and limits are
 * those startInterpreterRun gives a run, so that a run with the same settings has its key.
 */
function prepareLikely(likely: InterpWorkerInput): PreparedBoot | null {
  if (likely.bootSnapshotDir === undefined || likely.exact) return null;
  // The new space stays small while the snapshot is restored (young-generation.ts).
  const release = holdNewSpace();
  try {
    return prepareLikelyBoot(likely, likely.bootSnapshotDir);
  } finally {
    release();
  }
}

function prepareLikelyBoot(likely: InterpWorkerInput, dir: string): PreparedBoot | null {
  return prepareBoot({
    jdk: findJavaHome(likely.jdk),
    classpath: likely.classpath,
    classPathProperty: likely.classPathProperty,
    mainClass: likely.mainClass,
    args: likely.args,
    properties: likely.properties,
    cwd: likely.cwd,
    env: likely.env,
    io: { stdout: () => undefined, stderr: () => undefined, readStdin: () => new Uint8Array(0) },
    bootAppend: likely.runtimeDir ? [likely.runtimeDir] : [],
    maxHeap: likely.maxHeap,
    enableAssertions: likely.enableAssertions,
    clock: likely.clock,
    // A problem with the snapshot is said by the run, which then tries it again itself.
    bootSnapshot: { dir, keyParts: keyPartsOf(likely), warn: () => undefined, minBoots: minBootsOf(likely) },
  });
}

/** Classes every boot reads first: parsed once so that V8 has compiled the reader's paths. */
const WARM_CLASSES = ['java/lang/Object', 'java/lang/String', 'java/lang/System', 'java/lang/Thread', 'java/lang/Class', 'java/util/HashMap', 'java/util/concurrent/ConcurrentHashMap', 'java/lang/invoke/MethodHandleNatives'];

/** The program-independent part of a run: the JDK's image opened and the class-file reader warmed. */
function prewarm(o: InterpPrewarmInput['prewarm']): void {
  const cp = ClassPath.from([], { jdk: findJavaHome(o.jdk) });
  try {
    for (const n of WARM_CLASSES) {
      const f = cp.findBoot(n);
      if (f) classInfoOf(readClass(f.bytes, f.source));
    }
  } finally {
    cp.close();
  }
}

/**
 * After a main snapshot was restored: the profiler's runtime, when it started before the main
 * class was loaded (scope all), read the run's output file, start time and live-snapshot file
 * (Config.load, LiveSnapshots' target); they are this run's. Null when done, else why not.
 */
function mainRestored(vm: VM, late: Record<string, string>): string | null {
  const config = vm.classes.boot.get('komorium/rt/Config');
  if (config === undefined || config.state !== InitState.Initialized) return null;
  const out = late['komorium.out'];
  if (out !== undefined) vm.setStatic('komorium/rt/Config', 'out', vm.newString(out));
  vm.setStatic('komorium/rt/Config', 'startTime', Date.now());
  const live = late['komorium.live'];
  return live === undefined || live === '' ? null : retargetLive(vm, live);
}

/**
 * Points the restored live-snapshot machinery at this run's file: Config.live, and the target
 * of the `komorium-live` thread's LiveSnapshots (a File made at its start: its path is set in
 * place, which is what `new File(file).getAbsoluteFile()` holds for an absolute, normal path,
 * and its cached Path dropped). Null when done, else why not.
 */
function retargetLive(vm: VM, file: string): string | null {
  if (!isAbsolute(file) || normalize(file) !== file || file.endsWith(sep)) return `live snapshot file ${file} is not an absolute normal path`;
  if (vm.getStatic('komorium/rt/Config', 'live') === null) return 'no live snapshots in the snapshot';
  vm.setStatic('komorium/rt/Config', 'live', vm.newString(file));
  const contexts = vm.classes.boot.get('komorium/rt/Contexts');
  const thread = contexts === undefined ? null : (vm.getStatic('komorium/rt/Contexts', 'liveThread') as JObject | null);
  // No live thread (another agent): nothing holds the file.
  if (thread === null) return null;
  const runnable = getField(vm, thread, 'java/lang/Thread', 'target') as JObject | null;
  if (runnable === null || runnable.klass.name !== 'komorium/rt/LiveSnapshots') return 'the live-snapshot thread has no LiveSnapshots';
  const target = getField(vm, runnable, 'komorium/rt/LiveSnapshots', 'target') as JObject | null;
  if (target === null) return 'LiveSnapshots has no target';
  setField(vm, target, 'java/io/File', 'path', vm.newString(file));
  setField(vm, target, 'java/io/File', 'filePath', null);
  return null;
}

function main(input: InterpWorkerInput, prepared: PreparedBoot | null = null): void {
  const control = new Int32Array(input.control);
  const stdinBuf = new Uint8Array(input.stdinData);
  const jdk = findJavaHome(input.jdk);
  const st = startupTrace();
  const tr = makeInterpTransformer({ jdk, classpath: input.classpath, instrument: input.instrument, maxPath: input.maxPath, lineNumbers: input.lineNumbers, cacheDir: input.cacheDir, jdkModules: input.jdkModules });
  st?.mark('transformer set up (class path scan, hierarchy of the program)', 0);
  const hook = st ? st.wrapHook(tr.hook) : tr.hook;

  // Output: batched, flushed between time slices and before blocking on input.
  let pending: { fd: 1 | 2; parts: Uint8Array[]; size: number } | null = null;
  const flush = (): void => {
    if (pending === null) return;
    const { fd, parts, size } = pending;
    const data = new Uint8Array(size);
    let o = 0;
    for (const p of parts) {
      data.set(p, o);
      o += p.length;
    }
    pending = null;
    post({ type: 'out', fd, data });
  };
  const write = (fd: 1 | 2, d: Uint8Array): void => {
    if (pending !== null && pending.fd !== fd) flush();
    if (pending === null) pending = { fd, parts: [], size: 0 };
    pending.parts.push(d.slice());
    pending.size += d.length;
    if (pending.size > 1 << 16) flush();
  };
  let eof = false;
  const readStdin = (max: number): Uint8Array | null => {
    if (eof) return new Uint8Array(0);
    flush();
    Atomics.store(control, 1, 1);
    post({ type: 'stdin' });
    for (;;) {
      Atomics.wait(control, 1, 1, 200);
      const st = Atomics.load(control, 1);
      if (st === 2) {
        const n = Math.min(max, Atomics.load(control, 2));
        const out = stdinBuf.slice(0, n);
        // Keep the rest for the next read.
        const rest = Atomics.load(control, 2) - n;
        if (rest > 0) {
          stdinBuf.copyWithin(0, n, n + rest);
          Atomics.store(control, 2, rest);
          Atomics.store(control, 1, 2);
        } else Atomics.store(control, 1, 0);
        return out;
      }
      if (st === 3) {
        eof = true;
        Atomics.store(control, 1, 0);
        return new Uint8Array(0);
      }
      if (Atomics.load(control, 0) !== 0) return new Uint8Array(0);
    }
  };
  // Bytes in the shared buffer not yet read, and those the host still queues.
  const stdinAvailable = (): number => (eof ? 0 : (Atomics.load(control, 1) === 2 ? Atomics.load(control, 2) : 0) + Atomics.load(control, 3));
  const t0 = performance.now();
  let lastFlush = t0;
  // The new space stays small while a snapshot is restored (young-generation.ts), and for the
  // run's first moments after the VM is created (restored, or constructed before a boot):
  // a short run ends before it, a longer one gets V8's growth back then (NEW_SPACE_HOLD_MS).
  const releaseNewSpace = holdNewSpace();
  let createdAt = -1;
  let vmRef: VM | null = null;
  let runBase = 0;
  let restoredVm = false;
  let firstStep = true;
  let stopping = false;
  const result = runInterpreter({
    jdk,
    // The JDK counted as on HotSpot's instrumented copy: its launcher's identity-hash draws
    // before main, its archive's mirror hashes and packageToModule order (ihash.ts,
    // archived-hashes.ts).
    jdkCounted: input.runtimeDir !== null && input.instrument === 'all',
    ...(input.archivedHashes ? { archivedHashes: new Map(input.archivedHashes) } : {}),
    ...(input.archivedPackages ? { archivedPackages: input.archivedPackages } : {}),
    ...(input.archivedClasses ? { archivedClasses: new Set(input.archivedClasses) } : {}),
    ...(input.symbolArchive ? { symbolArchive: input.symbolArchive } : {}),
    ...(input.archivedLoaderModules ? { archivedLoaderModules: input.archivedLoaderModules } : {}),
    ...(input.archivedStrings ? archivedLookups(input.archivedStrings) : {}),
    ...(input.javaImage ? { javaImage: javaImageOf(jdk, input.javaImage) } : {}),
    classpath: input.classpath,
    classPathProperty: input.classPathProperty,
    mainClass: input.mainClass,
    args: input.args,
    properties: input.properties,
    lateProperties: input.lateProperties,
    // With the JDK counted, its built-in loaders hold the runtime's names in their lock maps as
    // on HotSpot (the exact run too, which never names the runtime): the same Java code after.
    initiate: (input.runtimeDir && input.instrument === 'all') || input.exact?.scope === 'all' ? REFERENCED_RUNTIME_CLASSES : undefined,
    // ... and the classes HotSpot's copy initialises before the main class where java does not
    // (contract.ts swapInitializedClasses: the deadlock watch's TimeUnit on 21+).
    // The classes java's boot initialised that this one did not (boot-inits.ts), then those of
    // the class swap. With the JDK instrumented, lambdas link through the JDK after the boot (indy/link.ts
    // startJdkLambdaLinkage), as on HotSpot, whose boot ran its LambdaMetafactory too.
    initialize:
      (input.runtimeDir && input.instrument === 'all') || input.exact?.scope === 'all'
        ? [...(input.bootInits ?? []), ...swapInitializedClasses(jdk.feature), ...(input.runtimeDir && input.instrument === 'all' && jdk.feature < 21 ? JDK_LAMBDA_LINKAGE_CLASSES : [])]
        : undefined,
    // ... and the classes the embedded boot's module system initialised that java's archived
    // boot leaves to the program, put back to not initialised (boot-uninit.ts).
    uninitialize: uninitializedOf(input),
    cwd: input.cwd,
    env: input.env,
    io: {
      stdout: (d) => write(1, d),
      stderr: (d) => write(2, d),
      readStdin: input.directStdin
        ? (max) => {
            flush();
            return processStdin(max);
          }
        : readStdin,
      closed: (fd) => Atomics.load(control, 3 + fd) !== 0,
      stdinIsProcess: input.directStdin === true,
    },
    stdinAvailable: input.directStdin ? processStdinAvailable : stdinAvailable,
    transformClass: hook,
    bootAppend: input.runtimeDir ? [input.runtimeDir] : [],
    maxHeap: input.maxHeap,
    enableAssertions: input.enableAssertions,
    // 0, or the exit status (interp-run.ts cancel); the first time it is seen, tell the host
    // the VM is stopping the program (it then gives the grace period before terminating).
    cancelled: () => {
      const status = Atomics.load(control, 0);
      if (status !== 0 && !stopping) {
        stopping = true;
        post({ type: 'stopping' });
      }
      return status;
    },
    clock: input.clock,
    prepared,
    bootSnapshot:
      input.bootSnapshotDir !== undefined && !input.exact
        ? {
            dir: input.bootSnapshotDir,
            keyParts: keyPartsOf(input),
            // Komorium's diagnostics (the CLI's stderr, the language server's log), never
            // the program's stderr; after the output so far, to keep the order.
            warn: (m) => {
              flush();
              post({ type: 'log', message: m.replace(/^komorium: /, '') });
            },
            // KOMORIUM_BOOT_SNAPSHOT=always (or the language server's runs): write one at the first boot.
            minBoots: minBootsOf(input),
            mark: st ? (step) => st.mark(`  restore: ${step}`, 0) : undefined,
            checkElsewhere: checkOnHost(post),
            // A main snapshot too (with live snapshots, their file is pointed at this run's).
            main: process.env.KOMORIUM_MAIN_SNAPSHOT !== '0' ? { restored: (vm) => mainRestored(vm, input.lateProperties ?? {}) } : undefined,
          }
        : undefined,
    // Every thread sleeps (real clock): show the output so far, then wait, waking on cancel.
    idle: (ms) => {
      flush();
      Atomics.wait(control, 0, 0, ms);
    },
    onCreated: (vm) => {
      createdAt = performance.now();
      vmRef = vm;
      // A restored VM's threads have the boot's bytecodes: the run's own are counted from here.
      runBase = vm.threads.reduce((s, t) => s + t.bytecodes, 0);
      restoredVm = runBase > 0;
      st?.mark('VM created', 0);
      // The restore's payload is garbage now: freed before the run allocates (restore-gc.ts).
      if (restoredVm && collectRestoreGarbage()) st?.mark('restore garbage collected', 0);
      // KOMORIUM_HEAP_SNAPSHOT=DIR: the worker's heap once the VM is made (restored), for its
      // class and retainer totals (docs/BENCHMARKS.md part B, mem18q).
      if (process.env.KOMORIUM_HEAP_SNAPSHOT) writeHeapSnapshot(`${process.env.KOMORIUM_HEAP_SNAPSHOT}/vm-created.heapsnapshot`);
      if (input.exact) {
        vm.exact = new ExactProfiler(exactScope(input.exact.scope, input.classpath, jdk, input.exact.jdkModules));
        // The JDK's start-up is left out, as in the sampled profile of scope all (meta.startup).
        if (input.exact.scope === 'all') vm.exact.counting = false;
      }
      // Instrumented JDK code must not start the profiler before the JDK has booted.
      if (input.runtimeDir && input.instrument === 'all') {
        const c = vm.classes.tryBoot('komorium/rt/Contexts');
        if (c) vm.setStatic('komorium/rt/Contexts', 'vmBooting', 1);
      }
    },
    onStep: st ? (step, vm) => st.mark(step, vm.threads.reduce((s, t) => s + t.bytecodes, 0), vm.loadedCount) : undefined,
    onBooted: (vm) => {
      st?.mark('booted (initPhase3 done)', vm.threads.reduce((s, t) => s + t.bytecodes, 0), vm.loadedCount);
      if (vm.exact !== null) vm.exact.counting = true;
      if (input.runtimeDir && input.instrument === 'all') {
        vm.setStatic('komorium/rt/Contexts', 'vmBooting', 0);
        startJdkLambdaLinkage(vm);
      }
    },
    onSlice: () => {
      const now = performance.now();
      if (createdAt >= 0 && now - createdAt > NEW_SPACE_HOLD_MS) {
        createdAt = -1;
        releaseNewSpace();
      }
      if (now - lastFlush > 50) {
        lastFlush = now;
        flush();
        const vm = vmRef;
        if (vm) {
          const bytecodes = vm.threads.reduce((s, t) => s + t.bytecodes, 0);
          const run = bytecodes - runBase;
          // The host ends TurboFan's first step when told of its bytecodes (v8-tiering.ts): a
          // restored run keeps V8's code for the next worker while the flags are still the
          // ones the worker compiled its bundle under.
          if (firstStep && run >= optHoldBytecodes()) {
            if (restoredVm) saveCodeCache(true);
            firstStep = false;
          }
          post({ type: 'progress', bytecodes, elapsedMs: now - t0, compiled: jitStats.bytecodes, run });
        }
      }
    },
  });
  releaseNewSpace();
  // The snapshot files the restore left open for class files (snapshot/store.ts): before the
  // host ends this worker, whose end would not close them.
  closeLazyFiles();
  closeArchivedStringFiles();
  flush();
  st?.mark('main and shutdown done', result.bytecodes, result.classesLoaded);
  st?.report((d) => process.stderr.write(d));
  tr.close();
  const ex = vmRef === null ? null : (vmRef as VM).exact;
  if (input.exact && ex) {
    const json = ex.toProfile({ ...input.exact.meta, startTime: Date.now() - Math.round(result.ms), endTime: Date.now() });
    mkdirSync(dirname(input.exact.out), { recursive: true });
    const tmp = `${input.exact.out}.${process.pid}.tmp`;
    writeFileSync(tmp, stringifyProfile(profileFromJson(json, input.exact.out)));
    renameSync(tmp, input.exact.out);
  }
  // The build's loader (interp-worker-loader.ts) keeps V8's code of this run for the next
  // worker; before the exit message, after which the host ends the worker. Not from a boot: it
  // compiles parts of the engine a restored run never calls (a 0.93 MB cache against 0.8).
  if (result.start !== 'booted') saveCodeCache(firstStep);
  post({
    type: 'exit',
    exitCode: result.exitCode,
    failure: result.failure,
    cancelled: result.cancelled || Atomics.load(control, 0) !== 0,
    bytecodes: result.bytecodes,
    classes: result.classesLoaded,
    ms: result.ms,
    transformed: tr.stats.transformed,
    reused: tr.stats.reused,
    transformFailures: tr.stats.failed,
    start: result.start,
  });
}

function run(input: InterpWorkerInput, prepared: PreparedBoot | null = null): void {
  if (input.locale !== undefined) seedLocale(input.locale);
  try {
    main(input, prepared);
  } catch (e) {
    closeLazyFiles();
    closeArchivedStringFiles();
    post({ type: 'error', message: engineErrorText(e) });
  }
}

/**
 * An error that left the engine, for the user: a Java error the VM raised outside Java code
 * (class loading in the boot steps) as java names it, not "[object Object]"; a class path
 * layer's error (a corrupt lib/modules or jar, which names its file) without the engine's stack.
 */
function engineErrorText(e: unknown): string {
  if (e instanceof VmError) return `${e.className.replace(/\//g, '.')}${e.message === null ? '' : `: ${e.message}`}`;
  if (e instanceof ClassPathError) return `${e.name}: ${e.message}`;
  return (e as Error)?.stack ?? String(e);
}

const data = workerData as InterpWorkerInput | InterpPrewarmInput;
if ('prewarm' in data) {
  let prepared: PreparedBoot | null = null;
  try {
    // The CLI's early worker (interp-worker-start.ts) is taken a few tens of milliseconds later:
    // the reader's warm-up would only add its CPU and memory to the run.
    if (!data.prewarm.bundleOnly) prewarm(data.prewarm);
    if (data.prewarm.likely) prepared = prepareLikely(data.prewarm.likely);
  } catch {
    // Only a warm-up: the run reports a missing JDK itself.
  }
  parentPort?.once('message', (m: { type: 'start'; input: InterpWorkerInput }) => run(m.input, prepared));
  post({ type: 'ready' });
} else run(data);
