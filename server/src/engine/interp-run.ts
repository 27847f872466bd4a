// The embedded engine behind the engine-run interface (run.ts): the program runs on the
// TypeScript JVM in a worker thread (interp-worker.ts), so a crash, an infinite loop or
// System.exit never takes down the host. Output streams live; cancel() makes the VM stop the
// program's threads and run the shutdown hooks, so the profile of what ran so far is written
// (the worker is terminated if that takes longer than a grace period, or at once when it does
// not answer the request: it may be inside a long allocation or collection). The run ends
// within TERMINATE_WAIT_MS of the terminate whatever the worker does: a worker that has not
// exited by then is left to die on its own (unreferenced) and the run is reported as ended.
// The runtime writes the profile to a staging file that replaces the target only at the end
// (profile-out.ts).
//
// The worker's V8 heap is limited to the program's -Xmx plus ENGINE_HEAP_MB for the engine
// itself (interp-worker-start.ts), so a program that fills its heap fails alone, never the host.

import { Worker } from 'node:worker_threads';
import { existsSync, fstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { defaultMaxHeap } from '../interp/heap';
import { readLive, startLivePolling, totalsOf, type LiveState } from './live-file';
import { runTrace } from './run-trace';
import { delimiter, join, resolve } from 'node:path';
import { findJavaHome, launcherClassPath, splitClassPath } from '../classpath/index';
import { buildRuntime } from '../runtime/build';
import { jdkModulesOverride } from './jdk-image';
import { archivedForRun, archivedOf, type ArchivedInput } from './interp-archived';
import { ARGS_SEPARATOR } from '../runtime/contract';
import { cacheRoot } from './cache';
import type { Instrument } from './interp-transform';
import { bootInitializedClasses } from './boot-inits';
import type { ClockMode } from '../interp/clock';
import type { InterpWorkerInput, InterpWorkerMessage } from './interp-worker-io';
import { checkPart } from './snapshot-check';
import { commitProfile, stageProfile, writeFileAtomic, type StagedProfile } from './profile-out';
import { registerEngine, signalExitStatus, type ProfileRun, type RunOptions, type RunOutcome } from './run';
import { jobUrl } from './worker-thread';
import { holdOptimisation, interpreterTiering, type InterpreterTiering, type OptimisationHold } from './v8-tiering';
import { spareKey, startWorker, takeEarlyWorker, workerHeapMb, xmxBytes } from './interp-worker-start';
import { prefetchedLocale } from '../interp/host-locale';

export { workerHeapMb } from './interp-worker-start';

/** How long a cancelled program may take to write its profile before the worker is killed. */
const CANCEL_GRACE_MS = 10000;
/** How long the worker has to acknowledge a cancel before it is terminated. */
const ACK_MS = 1000;
/** How long after terminate() the run is reported as ended even if the worker has not exited. */
const TERMINATE_WAIT_MS = 1000;
const STDIN_CAPACITY = 1 << 16;

export interface InterpRunOptions extends RunOptions {
  /** What to instrument: `all` (default: the JDK too), `app`, or `none` (--no-profile). */
  instrument?: Instrument;
  /** Called with engine statistics when the run ends. */
  onStats?: (s: Extract<InterpWorkerMessage, { type: 'exit' }>) => void;
  enableAssertions?: boolean;
  /** Heap limit in bytes. */
  maxHeap?: number;
  /** The worker reads the process's standard input itself (the CLI). */
  directStdin?: boolean;
  // exact (RunOptions): `instrument` is ignored.
  /**
   * How long a cancelled program may take to write its profile before the worker is killed
   * (default CANCEL_GRACE_MS; Infinity: wait for it, as java does after a signal).
   */
  cancelGraceMs?: number;
  /**
   * Start from a snapshot of the booted JDK in the cache when one matches the run's inputs,
   * else boot and write one (interp/snapshot/). Default: on, unless KOMORIUM_BOOT_SNAPSHOT=0.
   */
  bootSnapshot?: boolean;
}

/**
 * HotSpot options whose effect the embedded VM always has: it never omits the stack trace of
 * an often-thrown exception (HotSpot's C2 does unless told not to).
 */
const ALREADY_SO = new Set(['-XX:-OmitStackTraceInFastThrow']);

/** Parses -Xmx / -D / -ea from JVM options (the embedded VM honours these). */
function vmOptions(vmArgs: string[]): { props: Record<string, string>; maxHeap?: number; ea: boolean; ignored: string[] } {
  const props: Record<string, string> = {};
  let maxHeap: number | undefined;
  let ea = false;
  const ignored: string[] = [];
  for (const a of vmArgs) {
    const d = /^-D([^=]+)(?:=(.*))?$/s.exec(a);
    if (d) props[d[1]] = d[2] ?? '';
    else if (xmxBytes(a) !== undefined) maxHeap = xmxBytes(a);
    else if (a === '-ea' || a === '-enableassertions') ea = true;
    else if (!ALREADY_SO.has(a)) ignored.push(a);
  }
  return { props, maxHeap, ea, ignored };
}

function isSocket(fd: number): boolean {
  try {
    return fstatSync(fd).isSocket();
  } catch {
    return false;
  }
}

/**
 * A worker started before its program is known (prepareInterpreter): bundle loaded, JDK image
 * opened, class-file reader warmed, and the boot snapshot of the likely settings restored
 * (interp-worker.ts prewarm, prepareLikely). The next run with the same JDK setting and heap
 * limit takes it instead of starting a worker; the worker gives the restored VM the run's
 * options when the run's boot key is the one prepared, else restores or boots as a fresh
 * worker would. Either way the run and its profile are those of a fresh worker.
 */
let spare: { key: string; likely: string; worker: Worker } | undefined;

/** What the language server knows of its next run before it is asked for it. */
export interface InterpPrepareOptions {
  jdk?: string;
  vmArgs?: string[];
  instrument?: Instrument;
  clock?: ClockMode;
  env?: Record<string, string>;
}

/**
 * With `all`: Java code reads the JDK's image indexed as HotSpot's instrumented copy's (made in
 * the worker when Java code first maps it: java-image.ts). Scopes `none` and `app` run on the
 * JDK itself on HotSpot, and read its own image on both engines.
 */
function javaImageOf(runtimeDir: string): Pick<InterpWorkerInput, 'javaImage'> {
  const modules = jdkModulesOverride();
  return { javaImage: { cache: cacheRoot(), runtimeDir, ...(modules !== undefined ? { modules } : {}) } };
}

/** With `all`: the JDK modules HotSpot's copy instruments when KOMORIUM_JDK_MODULES names them. */
function jdkModulesOf(instrument: Instrument): Pick<InterpWorkerInput, 'jdkModules'> {
  const modules = instrument === 'all' ? jdkModulesOverride() : undefined;
  return modules === undefined ? {} : { jdkModules: modules };
}

/**
 * The worker input of a run with `o`'s settings and a placeholder program (no class path, no
 * main class): what keys the boot snapshot (JDK, runtime, boot properties, limits, clock,
 * scope) is as startInterpreterRun sets it.
 */
function likelyInput(o: InterpPrepareOptions): InterpWorkerInput {
  const jdk = findJavaHome(o.jdk);
  const instrument = o.instrument ?? 'all';
  const vo = vmOptions(o.vmArgs ?? []);
  const runtime = instrument !== 'none' ? buildRuntime(join(cacheRoot(), 'runtime'), { jdk: jdk.home }) : null;
  const archived = runtime !== null && instrument === 'all' ? archivedOf(jdk, runtime, undefined) : {};
  return {
    jdk: jdk.home,
    classpath: [],
    classPathProperty: '',
    mainClass: '',
    args: [],
    properties: { ...vo.props },
    cwd: process.cwd(),
    env: { ...(process.env as Record<string, string>), ...(o.env ?? {}) },
    instrument,
    ...jdkModulesOf(instrument),
    runtimeDir: runtime !== null ? runtime.classesDir : null,
    ...archived,
    cacheDir: join(cacheRoot(), 'interp-classes'),
    bootSnapshotDir: bootSnapshotDir(undefined),
    maxHeap: vo.maxHeap ?? defaultMaxHeap(),
    enableAssertions: vo.ea,
    clock: o.clock,
    control: new SharedArrayBuffer(32),
    stdinData: new SharedArrayBuffer(8),
  };
}

function bootSnapshotDir(on: boolean | undefined): string | undefined {
  return (on ?? process.env.KOMORIUM_BOOT_SNAPSHOT !== '0') ? join(cacheRoot(), 'boot-snapshots') : undefined;
}

/**
 * Prepares a worker for the next run (the language server calls this while a Java file is
 * open), unless one for the same settings is ready. Never throws.
 */
export function prepareInterpreter(o: InterpPrepareOptions = {}): void {
  const heapMb = workerHeapMb(vmOptions(o.vmArgs ?? []).maxHeap ?? defaultMaxHeap());
  const key = spareKey(o.jdk, heapMb);
  const likelyKey = JSON.stringify([o.vmArgs ?? [], o.instrument ?? 'all', o.clock ?? 'real', o.env ?? {}]);
  if (spare?.key === key && spare.likely === likelyKey) return;
  discardPreparedInterpreter();
  let worker: Worker;
  try {
    let likely: InterpWorkerInput | undefined;
    try {
      likely = likelyInput(o);
    } catch {
      // No JDK or runtime: the worker only warms up, the run reports the problem.
    }
    worker = startWorker(jobUrl(import.meta.url, 'interp-worker'), { prewarm: { jdk: o.jdk, likely } }, heapMb);
  } catch {
    return;
  }
  // An idle spare never keeps the process alive.
  worker.unref();
  const s = { key, likely: likelyKey, worker };
  spare = s;
  const drop = (): void => {
    if (spare === s) spare = undefined;
  };
  worker.on('error', drop);
  worker.on('exit', drop);
}

/** Terminates the prepared worker, if any. */
export function discardPreparedInterpreter(): void {
  const s = spare;
  spare = undefined;
  if (s) void s.worker.terminate();
}

/** True when a prepared worker is waiting (tests). */
export function hasPreparedInterpreter(): boolean {
  return spare !== undefined;
}

/** The prepared worker for `key`, or the early one the CLI's warm path started (interp-worker-start.ts). */
function takeSpare(key: string): Worker | undefined {
  const early = takeEarlyWorker(key);
  if (early) return early;
  const s = spare;
  if (!s || s.key !== key) return undefined;
  spare = undefined;
  s.worker.removeAllListeners();
  s.worker.ref();
  return s.worker;
}

export function startInterpreterRun(o: InterpRunOptions): ProfileRun {
  const cwd = resolve(o.cwd ?? process.cwd());
  const profilePath = resolve(cwd, o.profilePath);
  const instrument: Instrument = o.exact ? 'none' : (o.instrument ?? 'all');
  const control = new SharedArrayBuffer(32);
  const ctl = new Int32Array(control);
  const stdinData = new SharedArrayBuffer(STDIN_CAPACITY);
  const stdinBuf = new Uint8Array(stdinData);
  const queue: Buffer[] = [];
  let stdinEnded = false;
  let cancelled = false;
  let worker: Worker | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let stopPolling: (() => void) | undefined;
  let abandonTimer: NodeJS.Timeout | undefined;
  /** Ends the run now: set when the outcome promise exists. */
  let abandon: () => void = () => undefined;
  const kill = (): void => {
    if (!worker) return;
    void worker.terminate();
    // terminate() takes effect at the worker's next interrupt check, which a long collection
    // or a builtin filling a huge array can delay: the run ends now regardless, and the
    // worker, unreferenced, no longer keeps the process alive.
    abandonTimer = setTimeout(() => {
      worker?.unref();
      abandon();
    }, TERMINATE_WAIT_MS);
  };
  const grace = o.cancelGraceMs ?? CANCEL_GRACE_MS;
  const t0 = Date.now();
  const liveDir = o.liveIntervalMs && o.liveIntervalMs > 0 && !o.exact ? mkdtempSync(join(tmpdir(), 'komorium-live-')) : undefined;
  const live: LiveState | undefined = liveDir ? { file: join(liveDir, 'live.json'), mtimeMs: 0, size: -1 } : undefined;
  let lastBytecodes = 0;
  let lastSamples = 0;
  const trace = runTrace((l) => o.onLog?.(l), 'embedded');
  let snapshots = 0;
  const pollLive = (): void => {
    if (!live) return;
    const json = readLive(live);
    if (json === undefined) return;
    if (snapshots++ === 0) trace('first live snapshot read');
    o.onSnapshot?.(json);
    const tot = totalsOf(json);
    lastSamples = tot.samples;
    o.onProgress?.({ bytecodes: Math.max(lastBytecodes, tot.bytecodes), samples: tot.samples, elapsedMs: Date.now() - t0, phase: 'running' });
  };

  const feed = (): void => {
    // Only when the worker asked (state 1): copy what we have, or signal end of input.
    if (Atomics.load(ctl, 1) !== 1) return;
    if (queue.length > 0) {
      let n = 0;
      while (queue.length > 0 && n < STDIN_CAPACITY) {
        const c = queue[0];
        const take = Math.min(c.length, STDIN_CAPACITY - n);
        stdinBuf.set(c.subarray(0, take), n);
        n += take;
        if (take === c.length) queue.shift();
        else queue[0] = c.subarray(take);
      }
      Atomics.store(ctl, 2, n);
      Atomics.sub(ctl, 3, n);
      Atomics.store(ctl, 1, 2);
      Atomics.notify(ctl, 1);
    } else if (stdinEnded) {
      Atomics.store(ctl, 1, 3);
      Atomics.notify(ctl, 1);
    }
  };

  let staged: StagedProfile | undefined;
  let optHold: OptimisationHold | null = null;
  let tiering: InterpreterTiering | null = null;
  const done = new Promise<RunOutcome>((resolveDone) => {
    let settled = false;
    const finish = (outcome: Omit<RunOutcome, 'elapsedMs' | 'profilePath'>): void => {
      if (settled) return;
      settled = true;
      optHold?.release();
      tiering?.release();
      if (killTimer) clearTimeout(killTimer);
      if (abandonTimer) clearTimeout(abandonTimer);
      stopPolling?.();
      let wrote = staged !== undefined && commitProfile(staged);
      if (liveDir && live) {
        // Killed before the program could write its profile: the last live snapshot stands in.
        if (!wrote && cancelled && existsSync(live.file) && instrument !== 'none') {
          try {
            writeFileAtomic(profilePath, readFileSync(live.file));
            wrote = true;
          } catch {
            // keep the outcome as it is
          }
        }
        rmSync(liveDir, { recursive: true, force: true });
      }
      resolveDone({ ...outcome, profilePath: wrote ? profilePath : null, elapsedMs: Date.now() - t0 });
    };
    abandon = () => finish({ exitCode: null, signal: null, cancelled: true });
    let runtimeDir: string | null = null;
    let archivedReady: Promise<ArchivedInput> = Promise.resolve({});
    let javaImage: Pick<InterpWorkerInput, 'javaImage'> = {};
    let jdkHome: string;
    try {
      const jdk = findJavaHome(o.jdk);
      jdkHome = jdk.home;
      if (instrument !== 'none') {
        const runtime = buildRuntime(join(cacheRoot(), 'runtime'), { jdk: jdk.home });
        runtimeDir = runtime.classesDir;
        if (instrument === 'all') {
          // The copy and its trial, built or run first when the cache lacks them (interp-archived.ts).
          archivedReady = archivedForRun(
            jdk,
            runtime,
            o.maxPath,
            (l) => (o.onLog ? o.onLog(l) : process.stderr.write(`${l}\n`)),
            () => o.onProgress?.({ bytecodes: 0, samples: 0, elapsedMs: 0, phase: 'preparing' }),
          );
          javaImage = javaImageOf(runtime.classesDir);
        }
      } else if (o.exact === 'all') {
        // Java code reads the image HotSpot's copy has (java-image.ts): its names include the runtime's.
        try {
          javaImage = javaImageOf(buildRuntime(join(cacheRoot(), 'runtime'), { jdk: jdk.home }).classesDir);
        } catch {
          // no runtime (no javac): the JDK's own image
        }
      }
    } catch (e) {
      finish({ exitCode: null, signal: null, cancelled: false, error: (e as Error).message });
      return;
    }
    archivedReady.then(
      (archived) => {
        if (cancelled) finish({ exitCode: null, signal: null, cancelled: true });
        else launch(archived);
      },
      (e: unknown) => finish({ exitCode: null, signal: null, cancelled: false, error: (e as Error).message }),
    );
    function launch(archived: ArchivedInput): void {
      const vo = vmOptions(o.vmArgs ?? []);
      for (const a of vo.ignored) o.onLog?.(`embedded engine: JVM option ignored: ${a}`);
      // The runtime's keys in the order of HotSpot's runs (hotspot-argv.ts cliRunProps: the file
      // of transformed classes first, then contract.ts RUNTIME_PROPERTIES' order, the live keys
      // last), then the user's -D properties, as the VM lists them: the program's Properties table
      // then has the same keys in the same order within its bins as on HotSpot.
      const props: Record<string, string> = {};
      // Set after the boot: they change from run to run, a boot snapshot is shared between runs.
      // Their keys are in `props` (empty) at their place; the late value replaces it there.
      const late: Record<string, string> = {};
      if (instrument !== 'none' || o.exact) staged = stageProfile(profilePath);
      if (instrument !== 'none') {
        // HotSpot's runs name their file of transformed classes (hotspot-classes.ts); the key is
        // here too, empty (the embedded engine defines the transformed classes itself).
        props['komorium.classes'] = '';
        Object.assign(props, {
          // Every key, empty for the runtime's default: the same Properties keys whether or not the
          // options were given (hotspot-argv.ts cliRunProps).
          'komorium.granularity': o.granularity !== undefined ? String(o.granularity) : '',
          'komorium.random': o.random !== undefined ? String(o.random) : '',
          'komorium.seed': o.seed !== undefined ? String(o.seed) : '',
          'komorium.out': '',
          'komorium.scope': instrument,
          'komorium.engine': 'interp',
          'komorium.program': o.mainClass,
          'komorium.args': o.args.join(ARGS_SEPARATOR),
          // The JDK's own start-up is not sampled (Contexts.vmBooting): say so.
          ...(instrument === 'all' ? { 'komorium.startup': 'excluded' } : {}),
          // Both keys in every run, empty without live snapshots (hotspot-argv.ts NO_LIVE_PROPS):
          // the same Properties keys, so the JDK's counted lookups are the same live or not. An
          // empty late value is part of the main snapshot's key (interp/run.ts).
          'komorium.live': '',
          'komorium.liveInterval': live ? String(Math.max(20, Math.round(o.liveIntervalMs ?? 500))) : '',
        });
        late['komorium.out'] = staged!.staging;
        late['komorium.live'] = live ? live.file : '';
      } else if (o.exact) {
        // The same system property keys as a sampled run with granularity, random and seed given
        // (komorium accuracy's): the program's Properties table then has the same hash bins, and
        // the JDK's property lookups run the same bytecodes (37 more in the exact run of a hello
        // world in scope all without them; docs/ACCURACY.md, "δb in scope all").
        Object.assign(props, {
          'komorium.classes': '',
          'komorium.granularity': '1',
          'komorium.random': '0',
          'komorium.seed': '0',
          'komorium.out': staged!.staging,
          'komorium.scope': o.exact,
          'komorium.engine': 'interp-exact',
          'komorium.program': o.mainClass,
          'komorium.args': o.args.join(ARGS_SEPARATOR),
          ...(o.exact === 'all' ? { 'komorium.startup': 'excluded' } : {}),
          'komorium.live': '',
          'komorium.liveInterval': '',
        });
        late['komorium.live'] = '';
      }
      // The user's own -D properties; the engine's value wins for a key of its own (as before).
      for (const [k, v] of Object.entries(vo.props)) if (!(k in props)) props[k] = v;
      // As java's launcher: wildcards expanded, relative entries kept relative (to the program's cwd).
      const cpProperty = launcherClassPath(o.classpath.join(delimiter), cwd);
      const maxHeap = o.maxHeap ?? vo.maxHeap ?? defaultMaxHeap();
      const env = { ...(process.env as Record<string, string>), ...(o.env ?? {}) };
      const locale = prefetchedLocale(env);
      const input: InterpWorkerInput = {
        jdk: jdkHome,
        classpath: splitClassPath(cpProperty).map((p) => resolve(cwd, p)),
        classPathProperty: cpProperty,
        mainClass: o.mainClass,
        args: o.args,
        properties: props,
        lateProperties: late,
        cwd,
        env,
        // glibc's locale answer, when the CLI asked it ahead (cli/run-fast.ts): not run again in the worker.
        ...(locale !== undefined ? { locale } : {}),
        instrument,
        ...jdkModulesOf(instrument),
        maxPath: o.maxPath,
        runtimeDir,
        ...archived,
        ...javaImage,
        cacheDir: join(cacheRoot(), 'interp-classes'),
        // The trial runs java without VM continuations (boot-inits.ts), as this VM is. The exact
        // run of scope all initialises them before its count too, as the sampled run does.
        ...(instrument === 'all' || o.exact === 'all' ? { bootInits: bootInitializedClasses(jdkHome, join(cacheRoot(), 'boot-inits')) } : {}),
        bootSnapshotDir: bootSnapshotDir(o.bootSnapshot),
        ...(o.bootSnapshotAtFirstBoot ? { bootSnapshotAtFirstBoot: true } : {}),
        maxHeap,
        enableAssertions: o.enableAssertions ?? vo.ea,
        clock: o.clock,
        control,
        stdinData,
        directStdin: o.directStdin,
        exact: o.exact
          ? {
              scope: o.exact,
              out: staged!.staging,
              meta: { engine: 'interp-exact', vm: 'Komorium embedded JVM (exact mode)', jdk: '', seed: 0, program: o.mainClass, args: o.args, scope: o.exact, ...(o.exact === 'all' ? { startup: 'excluded' } : {}), agent: 'exact' },
              ...(o.exact === 'all' ? jdkModulesOf('all') : {}),
            }
          : undefined,
      };
      // A socket as standard input (what node's 'pipe' stdio gives a child) can only be read ahead
      // without blocking (InputStream.available, natives/host/stdin.ts) when it is non-blocking:
      // opening process.stdin makes it so without reading from it (node restores the flag at exit).
      if (o.directStdin && isSocket(0)) void process.stdin;
      // TurboFan waits for the run's first bytecodes, then takes small functions only for its first CPU seconds (v8-tiering.ts; with KOMORIUM_OPT_HOLD_FILTER, not in exact mode).
      optHold = holdOptimisation({ generatedOnly: !o.exact });
      // `interpret` out of TurboFan while compiled code runs nearly everything (v8-tiering.ts).
      tiering = interpreterTiering();
      try {
        const prepared = takeSpare(spareKey(o.jdk, workerHeapMb(maxHeap)));
        if (prepared) prepared.postMessage({ type: 'start', input });
        // Started after the hold above: it compiles its bundle under the run's flags (codeCache).
        worker = prepared ?? startWorker(jobUrl(import.meta.url, 'interp-worker'), { ...input, codeCache: true }, workerHeapMb(maxHeap));
        trace(prepared ? 'started on the prepared worker' : 'started on a new worker (none prepared)');
      } catch (e) {
        finish({ exitCode: null, signal: null, cancelled: false, error: `cannot start the embedded engine: ${(e as Error).message}` });
        return;
      }
      o.onProgress?.({ bytecodes: 0, samples: 0, elapsedMs: 0, phase: 'running' });
      // The file is polled more often than it is written (a stat when unchanged): a snapshot is
      // passed on within ~100 ms of being written (the first within ~20 ms), not up to a whole
      // interval later.
      if (live) stopPolling = startLivePolling(pollLive, () => snapshots > 0);
      let firstOut = false;
      worker.on('message', (m: InterpWorkerMessage) => {
        switch (m.type) {
          case 'out':
            if (m.fd === 1 && !firstOut) trace('first output');
            if (m.fd === 1) firstOut = true;
            (m.fd === 1 ? o.onStdout : o.onStderr)?.(Buffer.from(m.data));
            break;
          case 'progress':
            optHold?.check(m.run);
            tiering?.progress(m.bytecodes, m.compiled);
            lastBytecodes = m.bytecodes;
            o.onProgress?.({ bytecodes: m.bytecodes, samples: lastSamples, elapsedMs: m.elapsedMs, phase: 'running' });
            break;
          case 'stdin':
            feed();
            break;
          case 'stopping':
            // The VM is stopping the program: give it the grace period to write the profile.
            if (killTimer) clearTimeout(killTimer);
            killTimer = undefined;
            if (Number.isFinite(grace)) killTimer = setTimeout(kill, grace);
            break;
          case 'exit': {
            o.onStats?.(m);
            for (const f of m.transformFailures) o.onLog?.(`transform failed for ${f.name}: ${f.error}`);
            finish({
              exitCode: m.failure && m.failure !== 'cancelled' ? (m.exitCode ?? 1) : m.exitCode,
              signal: null,
              cancelled: m.cancelled || cancelled,
              error: m.failure && m.failure !== 'cancelled' ? m.failure : undefined,
            });
            void worker?.terminate();
            break;
          }
          case 'check-part':
            checkPart(m);
            break;
          case 'log':
            if (o.onLog) o.onLog(m.message);
            else process.stderr.write(`komorium: ${m.message}\n`);
            break;
          case 'error':
            finish({ exitCode: null, signal: null, cancelled, error: `embedded engine failed: ${m.message}` });
            void worker?.terminate();
            break;
        }
      });
      worker.on('error', (e) => {
        const oom = (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        const error = oom ? `embedded engine ran out of memory (V8 heap limit ${workerHeapMb(maxHeap)} MB for a Java heap of ${Math.round(maxHeap / 1048576)} MB)` : `embedded engine failed: ${e.message}`;
        finish({ exitCode: null, signal: null, cancelled, error });
      });
      worker.on('exit', () => finish({ exitCode: null, signal: null, cancelled, error: cancelled ? undefined : 'embedded engine stopped unexpectedly' }));
    }
  });

  return {
    done,
    cancel(signal) {
      if (cancelled) return;
      cancelled = true;
      // Still building the instrumented copy or running its trial (interp-archived.ts): the run
      // ends now; the build goes on for the next run (it holds the cache's lock).
      if (!worker) {
        abandon();
        return;
      }
      // The VM ends the program as java does on the signal (Shutdown.exit(128 + n)).
      Atomics.store(ctl, 0, signalExitStatus(signal ?? 'SIGINT'));
      Atomics.notify(ctl, 0);
      Atomics.notify(ctl, 1);
      // The worker acknowledges ('stopping') when the VM sees the request; one that does not
      // within ACK_MS is stuck (a long allocation or collection) and is terminated.
      killTimer = setTimeout(kill, ACK_MS);
    },
    writeStdin(data) {
      const b = typeof data === 'string' ? Buffer.from(data) : data;
      queue.push(b);
      Atomics.add(ctl, 3, b.length);
      feed();
    },
    outputClosed(fd) {
      Atomics.store(ctl, 3 + fd, 1);
    },
    endStdin() {
      stdinEnded = true;
      feed();
    },
  };
}

registerEngine('interpreter', startInterpreterRun, prepareInterpreter);
