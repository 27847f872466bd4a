// V8's optimising compiler (TurboFan) held back for the first CPU seconds of an embedded run.
//
// A short run (a hello-world, a test) ends before optimised code pays off: in a restored
// profiled hello-world, 3 of the process's 5 s of CPU were TurboFan compiling the engine and
// the embedded JIT's output on V8's background threads (docs/BENCHMARKS.md part B). So a run
// starts with `--no-opt` (V8's interpreter and baseline compiler only) and turns TurboFan on
// once the process has used KOMORIUM_OPT_DELAY_MS of CPU since the run started (default 3,000:
// a profiled hello-world's; at 1,500 TurboFan came back mid-run and compiled everything then;
// a 4-5 s program took no longer; 0 turns the hold off), or when the run ends. Flags are the process's: runs that overlap
// share one hold, and TurboFan comes back when the last of them lets go. Invisible to Java:
// only the engine's own JavaScript is compiled later.

import v8 from 'node:v8';

const DELAY_MS = ((): number => {
  const v = Number(process.env.KOMORIUM_OPT_DELAY_MS ?? 3000);
  return Number.isFinite(v) && v > 0 ? v : 0;
})();

/** Node started without TurboFan by the user: never turn it on. */
const USER_NO_OPT = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].includes('--no-opt');

/**
 * Holds in this thread, shared by every bundle loaded in it (dist/run-fast.mjs takes one before
 * the early worker starts, dist/cli.mjs the run's): the flags are the process's.
 */
const HOLDS = Symbol.for('komorium.v8OptimisationHolds');
const state = ((globalThis as Record<symbol, { holds: number } | undefined>)[HOLDS] ??= { holds: 0 });

export interface OptimisationHold {
  /** Lets go once the run has used the delay's CPU time (call it now and then). */
  check(): void;
  /** Lets go (the run ended). Idempotent. */
  release(): void;
}

const NONE: OptimisationHold = { check() {}, release() {} };

/** Holds TurboFan back for a run that starts now. */
export function holdOptimisation(): OptimisationHold {
  if (DELAY_MS === 0 || USER_NO_OPT) return NONE;
  if (state.holds++ === 0) v8.setFlagsFromString('--no-opt');
  const c0 = process.cpuUsage();
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    if (--state.holds === 0) v8.setFlagsFromString('--opt');
  };
  return {
    check() {
      if (!held) return;
      const c = process.cpuUsage(c0);
      if ((c.user + c.system) / 1000 >= DELAY_MS) release();
    },
    release,
  };
}

/**
 * On-stack replacement compiled on the thread that asks for it instead of on V8's background
 * threads, for the rest of the process: for a one-shot command whose time goes to a few hot
 * loops that each run once (`komorium diff`: each side's walk of 1,000,000-sample trees; on
 * two cores both threads are busy, and a loop waited in the interpreter for its compiled code
 * behind the other thread's; 13% less CPU, docs/BENCHMARKS.md part D). Not for long-lived
 * processes (the language server).
 */
export function compileLoopsInPlace(): void {
  v8.setFlagsFromString('--no-concurrent-osr');
}
