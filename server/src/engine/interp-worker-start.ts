// Starting the embedded engine's worker (interp-worker.ts): its V8 limits, and the worker the
// CLI's warm path (cli/run-fast.ts) starts before the CLI bundle is loaded. Small on purpose:
// dist/run-fast.mjs bundles it, and what it imports is parsed on every `komorium run`.
//
// The early worker: for a run that goes to the embedded engine, bin/komorium.mjs (through
// run-fast.ts) starts the worker at once, as a prepared worker without a likely run that only
// loads its bundle, then waits (interp-worker.ts, `bundleOnly`). The CLI bundle
// loads on the main thread meanwhile, and interp-run.ts takes the worker as its prepared one
// when the run's JDK and heap limit are those it was started with; the run is then what it
// would be in a fresh worker (the worker holds no VM state). The handoff goes through a global
// symbol because run-fast.mjs and cli.mjs are separate bundles with separate module state.

import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { totalmem } from 'node:os';
import { defaultMaxHeap } from '../interp/heap';
import { firstStepFlags, reassertHolds } from './v8-tiering';
import { newWorker } from './worker-thread';
import { raiseOldSpaceForWorker } from './old-space-initial';

/** V8 heap for the engine (classes, generated code, transformed bytes) beyond the program's. */
const ENGINE_HEAP_MB = 1024;
/**
 * The worker's JS stack: compiled Java methods call each other as JS functions, as deep as the
 * stack allows (interp/jit/js-stack.ts); only what a deep recursion touches is committed.
 */
const WORKER_STACK_MB = 32;

/** The worker's V8 old-generation limit for a program heap of `maxHeap` bytes. */
export function workerHeapMb(maxHeap: number): number {
  const mb = 1024 * 1024;
  return Math.min(Math.ceil(maxHeap / mb) + ENGINE_HEAP_MB, Math.max(2048, Math.floor(totalmem() / mb)));
}

const XMX = /^-Xmx(\d+)([kKmMgG]?)$/;

/** The heap limit an -Xmx option gives, or undefined when `a` is not one. */
export function xmxBytes(a: string): number | undefined {
  const m = XMX.exec(a);
  if (!m) return undefined;
  const mult = { '': 1, k: 1024, K: 1024, m: 1 << 20, M: 1 << 20, g: 1 << 30, G: 1 << 30 }[m[2]] ?? 1;
  return Number(m[1]) * mult;
}

/** The program's heap limit for JVM options `vmArgs` (the last -Xmx, else java's default). */
export function maxHeapOf(vmArgs: readonly string[]): number {
  let max: number | undefined;
  for (const a of vmArgs) max = xmxBytes(a) ?? max;
  return max ?? defaultMaxHeap();
}

/** The key a prepared worker is taken by: the JDK setting and the worker's heap limit. */
export function spareKey(jdk: string | undefined, heapMb: number): string {
  return `${jdk ?? ''}\0${heapMb}`;
}

/**
 * Starts the worker at `url` (interp-worker.js, or .ts from sources through tsx). In the build
 * the loader's CommonJS twin beside it is started instead when it is there
 * (interp-worker-loader.cjs: an ES module as a worker's entry makes node compile its ES module
 * loader in that worker first).
 */
export function startWorker(url: URL, input: unknown, heapMb: number, early = false): Worker {
  const cjs = url.pathname.endsWith('/interp-worker.js') ? new URL('./interp-worker-loader.cjs', url) : undefined;
  const entry = cjs !== undefined && process.env.KOMORIUM_WORKER_ESM !== '1' && existsSync(cjs) ? cjs : url;
  // The loader (new-space-early.ts) sets the flag back; a worker from sources runs no loader.
  if (entry === cjs) raiseOldSpaceForWorker(early);
  return newWorker(entry, input, { maxOldGenerationSizeMb: heapMb, stackSizeMb: WORKER_STACK_MB });
}

const EARLY = Symbol.for('komorium.earlyInterpreterWorker');

interface EarlyWorker {
  key: string;
  worker: Worker;
  /**
   * The worker sets the hold's first-step flags itself (workerData `optFlags`), just before it
   * compiles its bundle, so that it compiles it under the flags the run has (a V8 code cache is
   * refused under others: interp-worker-loader.ts) and node's own start in the worker runs under
   * V8's default flags (whose code cache for node's built-in modules is refused under any other
   * hashed flag: a hold taken here cost the worker ~30 ms of CPU). A worker not taken may have
   * set them: this thread's flags are set again once it has ended (reassertHolds).
   */
  setsFlags: boolean;
}

/**
 * Starts the worker of an embedded run now, to be taken by the run (takeEarlyWorker) once the
 * CLI has loaded. `workerUrl` is dist/interp-worker.js beside the caller's bundle. It never
 * keeps the process alive while untaken; false when it could not be started (the run then
 * starts its own).
 */
export function startEarlyWorker(workerUrl: URL, jdk: string | undefined, vmArgs: readonly string[]): boolean {
  try {
    const heapMb = workerHeapMb(maxHeapOf(vmArgs));
    const optFlags = firstStepFlags();
    const worker = startWorker(workerUrl, { prewarm: { jdk, bundleOnly: true }, codeCache: true, ...(optFlags === undefined ? {} : { optFlags }) }, heapMb, true);
    worker.unref();
    // An error before the run takes it: the run starts a worker of its own.
    const drop = (): void => {
      if ((globalThis as Record<symbol, unknown>)[EARLY] === early) delete (globalThis as Record<symbol, unknown>)[EARLY];
      if (early.setsFlags) reassertHolds();
    };
    const early: EarlyWorker = { key: spareKey(jdk, heapMb), worker, setsFlags: optFlags !== undefined };
    worker.on('error', drop);
    worker.on('exit', drop);
    (globalThis as Record<symbol, unknown>)[EARLY] = early;
    return true;
  } catch {
    // the run starts its own
    return false;
  }
}

/**
 * The early worker (startEarlyWorker), once, when it was started for `key`; else undefined (and
 * it is ended). The caller holds TurboFan back for its run already (the flags the worker sets
 * are that hold's first step).
 */
export function takeEarlyWorker(key: string): Worker | undefined {
  const g = globalThis as Record<symbol, unknown>;
  const early = g[EARLY] as EarlyWorker | undefined;
  if (early === undefined) return undefined;
  delete g[EARLY];
  early.worker.removeAllListeners();
  if (early.key !== key) {
    // It may set the first step's flags until it has ended: this thread's are set again then.
    if (early.setsFlags) early.worker.once('exit', reassertHolds);
    void early.worker.terminate();
    return undefined;
  }
  early.worker.ref();
  return early.worker;
}

/** Ends the early worker, if one was started and not taken. */
export function discardEarlyWorker(): void {
  takeEarlyWorker('\0none');
}
