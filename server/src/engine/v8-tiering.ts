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

/**
 * The embedded engine's bytecode loop (`interpret`, interp/interpreter.ts) kept out of TurboFan
 * while the embedded JIT's code runs nearly all bytecodes. `interpret` is one huge function:
 * each TurboFan compilation of it takes 0.3-2 s of CPU, and after a boot snapshot its type
 * feedback is cold, so the program's first long past 2^31, first bigint, first object of
 * another map... deoptimises it and V8 compiles it again, 6-14 times per run (`node
 * --trace-opt --trace-deopt`, docs/BENCHMARKS.md part B, jit18j), long after the program's own
 * methods were compiled by the embedded JIT and the interpreter ran a few bytecodes in 10,000.
 * So once the interpreter's share of a window of bytecodes stays below 0.5% (two windows of at
 * least 5 million bytecodes in a row), `--turbo-filter=-interpret` keeps V8 from optimising it
 * again (code already optimised stays until it deoptimises); above 2% (a program whose hot
 * code the JIT leaves to the interpreter: `synchronized`, exact mode) TurboFan may again.
 * Flags are the process's: the filter is set only while every running run asks for it.
 * `KOMORIUM_INTERP_TIERING=0` turns this off.
 */
export interface InterpreterTiering {
  /** Progress: bytecodes executed so far in all, and in compiled code. */
  progress(total: number, compiled: number): void;
  /** The run ended. Idempotent. */
  release(): void;
}

const TIERING = process.env.KOMORIUM_INTERP_TIERING !== '0' && ![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--turbo-filter') || a.startsWith('--turbo_filter'));
const TRACE_TIERING = !!process.env.KOMORIUM_TRACE_TIERING;
const FILTERS = Symbol.for('komorium.v8InterpreterFilter');
const filter = ((globalThis as Record<symbol, { runs: number; quiet: number; set: boolean } | undefined>)[FILTERS] ??= { runs: 0, quiet: 0, set: false });
/** Bytecodes per window, the interpreter's share below which (QUIET_WINDOWS in a row) and above which `interpret` is left out of TurboFan or let in again. */
const WINDOW = 5_000_000;
const QUIET_SHARE = 0.005;
const BUSY_SHARE = 0.02;
const QUIET_WINDOWS = 2;

function applyFilter(): void {
  const want = filter.runs > 0 && filter.quiet === filter.runs;
  if (want === filter.set) return;
  filter.set = want;
  v8.setFlagsFromString(want ? '--turbo-filter=-interpret' : '--turbo-filter=*');
}

/** The interpreter's tiering for a run that starts now. */
export function interpreterTiering(): InterpreterTiering {
  if (!TIERING) return { progress() {}, release() {} };
  filter.runs++;
  applyFilter();
  let quiet = false;
  let live = true;
  let total0 = -1;
  let compiled0 = 0;
  let quietWindows = 0;
  const setQuiet = (q: boolean): void => {
    if (q === quiet) return;
    quiet = q;
    filter.quiet += q ? 1 : -1;
    applyFilter();
  };
  return {
    progress(total, compiled) {
      if (!live) return;
      if (total0 < 0 || total < total0 || compiled < compiled0) {
        total0 = total;
        compiled0 = compiled;
        return;
      }
      const n = total - total0;
      if (n < WINDOW) return;
      const share = Math.max(0, n - (compiled - compiled0)) / n;
      if (TRACE_TIERING) process.stderr.write(`[tiering] ${n} bytecodes, interpreted ${(share * 100).toFixed(3)}%${quiet ? ' (interpret left out of TurboFan)' : ''}\n`);
      total0 = total;
      compiled0 = compiled;
      if (share < QUIET_SHARE) {
        if (++quietWindows >= QUIET_WINDOWS) setQuiet(true);
      } else {
        quietWindows = 0;
        if (share > BUSY_SHARE) setQuiet(false);
      }
    },
    release() {
      if (!live) return;
      live = false;
      if (quiet) filter.quiet--;
      filter.runs--;
      applyFilter();
    },
  };
}
