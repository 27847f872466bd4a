// Runs one synchronous, CPU-heavy job in a worker thread so that the caller's thread (the
// language server's) stays responsive. A job module is a worker entry that calls `serveJob`
// with its function; the caller uses `runJob(jobUrl(import.meta.url, 'name'), input)`.
//
// Bundles: each job entry is bundled next to the server (dist/<name>.js); from sources
// (tests through tsx) the .ts file is used and the worker inherits tsx from execArgv.

import { Worker, parentPort, workerData } from 'node:worker_threads';

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

export function runJob<T>(url: URL, input: unknown, limits?: { stackSizeMb?: number }): JobHandle<T> {
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
      const opts = { workerData: input, stdout: false, stderr: false, ...(limits ? { resourceLimits: limits } : {}) };
      if (url.pathname.endsWith('.ts')) {
        // From sources the job module is TypeScript: register tsx in the worker first.
        const tsx = import.meta.resolve('tsx/esm/api');
        const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
        worker = new Worker(boot, { ...opts, eval: true });
      } else {
        worker = new Worker(url, opts);
      }
    } catch (e) {
      reject(new JobError(`cannot start a worker (${url.pathname}): ${(e as Error).message}`, 'WorkerError'));
      return;
    }
    worker.on('message', (m: JobReply<T>) =>
      settle(() => (m.ok ? resolve(m.value) : reject(new JobError(m.error, m.errorName)))),
    );
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

/** In a job module: runs `job(workerData)` when loaded as a worker and posts the reply. */
export function serveJob<I, O>(job: (input: I) => O): void {
  if (!parentPort) return;
  let reply: JobReply<O>;
  try {
    reply = { ok: true, value: job(workerData as I) };
  } catch (e) {
    const err = e as Error;
    reply = { ok: false, error: err.message, errorName: err.name };
  }
  parentPort.postMessage(reply);
}
