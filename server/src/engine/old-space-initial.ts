// The embedded engine's worker starts with a larger initial old generation (V8's
// --initial-old-space-size, KOMORIUM_WORKER_OLD_SPACE_MB, default 64; 0: V8's own). The restore
// of a boot or main snapshot makes ~35 MB of live objects; from V8's default initial limit the
// worker started incremental marking mid-restore and ran a mark-compact or two before restore-gc.ts's
// own (docs/BENCHMARKS.md part B, hw18: −0.055 to −0.065 s of CPU of a restored profiled
// hello-world, +2–3 MB of peak RSS, which hs37's archived strings left out of the worker make room for).
//
// V8's flags are the process's: the host sets the flag just before it starts the worker (V8 reads
// it when it configures a new isolate's heap) and the worker's loader sets it back to V8's
// default first thing (new-space-early.ts), before it compiles anything against a code cache
// (whose flag hash must be the same in every worker) and before another isolate is made. A
// second worker started in between gets the same limit, which is only memory. Left alone when
// the user set the flag (NODE_OPTIONS, execArgv).
//
// Not for the CLI's early worker (interp-worker-start.ts startEarlyWorker) unless
// KOMORIUM_WORKER_OLD_SPACE_MB is set: a flag V8 hashes that is not at its default while a worker
// starts makes V8 refuse node's code cache for the built-in modules node's start in the worker
// compiles, which cost that worker as much CPU as the larger old generation saves (~35 ms), and
// 3-4 MB more peak RSS (docs/BENCHMARKS.md part B, hello39). A worker a run starts itself starts
// under the run's TurboFan hold, a hashed flag already, so the raise costs it nothing more.

import v8 from 'node:v8';

const USER_SET = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--initial[-_]old[-_]space[-_]size/.test(a));

/** The worker's initial old generation, MB (0: V8's default); `early`: for the CLI's early worker. */
function workerOldSpaceMb(early = false): number {
  const set = process.env.KOMORIUM_WORKER_OLD_SPACE_MB;
  if (set === undefined && early) return 0;
  const v = Number(set ?? 64);
  return Number.isInteger(v) && v >= 0 && v <= 1024 ? v : 64;
}

/** The host, just before it starts an engine worker (`early`: the CLI's early worker). */
export function raiseOldSpaceForWorker(early = false): void {
  const mb = workerOldSpaceMb(early);
  if (!USER_SET && mb > 0) v8.setFlagsFromString(`--initial-old-space-size=${mb}`);
}

/** The worker, first thing (its own heap is configured by then): V8's default again. */
export function resetOldSpaceFlag(): void {
  if (!USER_SET && workerOldSpaceMb() > 0) v8.setFlagsFromString('--initial-old-space-size=0');
}
