// Runs one synchronous, CPU-heavy job in a worker thread so that the caller's thread (the
// language server's) stays responsive. A job module is a worker entry that calls `serveJob`
// with its function; the caller uses `runJob(jobUrl(import.meta.url, 'name'), input)`.
//
// A worker can be started ahead for a job module (`prepareJob`): it loads the module and waits;
// the next `runJob` of that module without limits hands it its input at once, saving the
// worker's start and the module's load (about half a second on a loaded machine: the HotSpot
// engine's preparation, docs/BENCHMARKS.md part E). A waiting worker does not keep the process
// alive.
//
// Bundles: each job entry is bundled next to the server (dist/<name>.js); from sources
// (tests through tsx) the .ts file is used and the worker inherits tsx from execArgv.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, parentPort, workerData, type ResourceLimits } from 'node:worker_threads';

export type JobReply<T> = { ok: true; value: T } | { ok: false; error: string; errorName: string };

export interface JobHandle<T> {
  /** Resolves with the job's value; rejects with JobError when the job threw or the worker died. */
  readonly result: Promise<T>;
  /** Stops the worker (the result then rejects with a JobError named 'Cancelled'). */
  terminate(): void;
}

export class JobError extends Error {
  constructor(
    message: string,
    /** The name of the error the job threw ('PrepareError', ...), or 'Cancelled' / 'WorkerError'. */
    readonly errorName: string,
  ) {
    super(message);
  }
  override get name(): string {
    return 'JobError';
  }
}

/**
 * The URL of job module `name` next to the calling module: `name.ts` when running from sources,
 * `name.js` in the bundle (where every module's import.meta.url is the bundle's).
 */
export function jobUrl(callerUrl: string, name: string): URL {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/** The workerData of a worker started ahead: it waits for a message `{ input }`. */
const SPARE = { komoriumSpareJob: true } as const;

function isSpareData(d: unknown): boolean {
  return typeof d === 'object' && d !== null && (d as { komoriumSpareJob?: unknown }).komoriumSpareJob === true;
}

/**
 * A worker running the module at `url`; from sources (a `.ts` URL, through tsx) tsx is
 * registered in the worker first. The one place workers are made (job workers here, the embedded
 * engine's in interp-worker-start.ts).
 */
export function newWorker(url: URL, workerData: unknown, limits?: ResourceLimits): Worker {
  const opts = { workerData, stdout: false, stderr: false, ...(limits ? { resourceLimits: limits } : {}) };
  if (url.pathname.endsWith('.ts')) {
    let tsx: string;
    try {
      tsx = import.meta.resolve('tsx/esm/api');
    } catch {
      tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
    }
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
    return new Worker(boot, { ...opts, eval: true });
  }
  return new Worker(url, opts);
}

/** Workers started ahead, by job module URL. */
const spares = new Map<string, { worker: Worker; drop: () => void }>();

/**
 * Starts a worker for the job module `url` that waits for its input, unless one waits already.
 * Never throws (the next runJob starts its own worker then).
 */
export function prepareJob(url: URL): void {
  if (spares.has(url.href)) return;
  let worker: Worker;
  try {
    worker = newWorker(url, SPARE);
  } catch {
    return;
  }
  worker.unref();
  const drop = (): void => {
    if (spares.get(url.href)?.worker === worker) spares.delete(url.href);
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  spares.set(url.href, { worker, drop });
}

/** True when a worker started ahead waits for the job module `url` (tests). */
export function hasPreparedJob(url: URL): boolean {
  return spares.has(url.href);
}

/** Terminates the worker waiting for `url`, if any. */
export function discardPreparedJob(url: URL): void {
  const s = spares.get(url.href);
  spares.delete(url.href);
  if (s) void s.worker.terminate();
}

function takeSpare(url: URL): Worker | undefined {
  const s = spares.get(url.href);
  if (!s) return undefined;
  spares.delete(url.href);
  s.worker.off('error', s.drop);
  s.worker.off('exit', s.drop);
  s.worker.ref();
  return s.worker;
}

/**
 * Runs the job module `url` on `input` in a worker. `onEvent` receives what the job sends before
 * its reply (jobEvent: progress lines...).
 */
export function runJob<T>(url: URL, input: unknown, limits?: { stackSizeMb?: number }, onEvent?: (event: unknown) => void): JobHandle<T> {
  let worker: Worker | undefined;
  let cancelled = false;
  const result = new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (!settled) {
        settled = true;
        f();
      }
    };
    try {
      const spare = limits ? undefined : takeSpare(url);
      if (spare) spare.postMessage({ input });
      worker = spare ?? newWorker(url, input, limits);
    } catch (e) {
      reject(new JobError(`cannot start a worker (${url.pathname}): ${(e as Error).message}`, 'WorkerError'));
      return;
    }
    worker.on('message', (m: JobReply<T> | JobEvent) => {
      if ('komoriumJobEvent' in m) onEvent?.(m.komoriumJobEvent);
      else settle(() => (m.ok ? resolve(m.value) : reject(new JobError(m.error, m.errorName))));
    });
    worker.on('error', (e) => settle(() => reject(new JobError(`worker failed: ${e.message}`, 'WorkerError'))));
    worker.on('exit', (code) =>
      settle(() => reject(cancelled ? new JobError('cancelled', 'Cancelled') : new JobError(`worker exited (code ${code}) without an answer`, 'WorkerError'))),
    );
  });
  return {
    result,
    terminate() {
      cancelled = true;
      void worker?.terminate();
    },
  };
}

/** What a job sends its caller before its reply (runJob's onEvent). */
interface JobEvent {
  komoriumJobEvent: unknown;
}

/** In a job (runJob): sends `event` to the caller's onEvent, before the reply. */
export function jobEvent(event: unknown): void {
  parentPort?.postMessage({ komoriumJobEvent: event } satisfies JobEvent);
}

/**
 * In a job module: runs `job(workerData)` when loaded as a worker and posts the reply (a worker
 * started ahead, prepareJob: `job` of the input it is sent); `transfer` lists the buffers of
 * the value that are moved to the caller instead of copied (each once). A job that returns a
 * promise is replied to when it settles (not in a session).
 */
export function serveJob<I, O>(job: (input: I) => O | Promise<O>, transfer?: (value: O) => ArrayBuffer[]): void {
  const port = parentPort;
  if (!port) return;
  const fail = (e: unknown): JobReply<O> => {
    const err = e as Error;
    return { ok: false, error: err.message, errorName: err.name };
  };
  const serve = (input: I): void => {
    let reply: JobReply<O>;
    let moved: ArrayBuffer[] = [];
    try {
      const value = job(input);
      if (value instanceof Promise) {
        value.then(
          (v) => port.postMessage({ ok: true, value: v } satisfies JobReply<O>, transfer ? transfer(v) : []),
          (e: unknown) => port.postMessage(fail(e)),
        );
        return;
      }
      reply = { ok: true, value };
      if (transfer) moved = transfer(value);
    } catch (e) {
      reply = fail(e);
    }
    port.postMessage(reply, moved);
  };
  if (isSessionData(workerData)) {
    // a session (startSession): jobs one after another, each reply tagged with its request's id
    port.on('message', (m: { id: number; input: I }) => {
      let reply: JobReply<O>;
      let moved: ArrayBuffer[] = [];
      try {
        const value = job(m.input) as O;
        reply = { ok: true, value };
        if (transfer) moved = transfer(value);
      } catch (e) {
        const err = e as Error;
        reply = { ok: false, error: err.message, errorName: err.name };
      }
      port.postMessage({ id: m.id, reply }, moved);
    });
  } else if (isSpareData(workerData)) port.once('message', (m: { input: I }) => serve(m.input));
  else serve(workerData as I);
}

/** The workerData of a session's worker: it serves jobs until terminated. */
const SESSION = { komoriumJobSession: true } as const;

function isSessionData(d: unknown): boolean {
  return typeof d === 'object' && d !== null && (d as { komoriumJobSession?: unknown }).komoriumJobSession === true;
}

/**
 * A worker of the job module `url` that stays up and runs jobs one after another (its code
 * warm, and what a job module keeps between jobs kept: the profile worker's held side of a
 * comparison). It does not keep the process alive while no job runs.
 */
export interface JobSession {
  run<T>(input: unknown): Promise<T>;
  /** False once the worker failed or exited (runs then reject; start another). */
  readonly alive: boolean;
  close(): void;
}

export function startSession(url: URL): JobSession {
  const worker = newWorker(url, SESSION);
  worker.unref();
  let alive = true;
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const fail = (e: JobError): void => {
    alive = false;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; reply: JobReply<unknown> }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (waiting.size === 0) worker.unref();
    if (m.reply.ok) w.resolve(m.reply.value);
    else w.reject(new JobError(m.reply.error, m.reply.errorName));
  });
  worker.on('error', (e) => fail(new JobError(`worker failed: ${e.message}`, 'WorkerError')));
  worker.on('exit', (code) => fail(new JobError(`worker exited (code ${code})`, 'WorkerError')));
  return {
    run<T>(input: unknown): Promise<T> {
      if (!alive) return Promise.reject(new JobError('the session\'s worker is gone', 'WorkerError'));
      const id = ++next;
      worker.ref();
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ id, input });
      });
    },
    get alive() {
      return alive;
    },
    close() {
      alive = false;
      void worker.terminate();
    },
  };
}
