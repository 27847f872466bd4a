// V8's optimising compiler (TurboFan) held back for the first CPU seconds of an embedded run.
//
// A short run (a hello-world, a test) ends before optimised code pays off: in a restored
// profiled hello-world, 3 of the process's 5 s of CPU were TurboFan compiling the engine and
// the embedded JIT's output on V8's background threads (docs/BENCHMARKS.md part B). So a run
// starts with `--no-opt` (V8's interpreter and baseline compiler only). Once the program has
// run KOMORIUM_OPT_HOLD_BYTECODES bytecodes (default 1,000,000: past a hello-world's start-up
// and shutdown; counted from the VM's creation, a restored boot's left out), TurboFan comes back,
// with large functions asked to be hotter first: V8's allowance of bytecode bytes per tick of
// hotness (`--bytecode-size-allowance-per-tick`, 150) is lowered to KOMORIUM_OPT_HOLD_ALLOWANCE
// (default 20), and `interpret` is left out (`--turbo-filter=-interpret`), so a compiled
// method's tight loop and the engine's small helpers are optimised at once, while the JIT's
// largest generated functions (a collections program's `bfs`, `hashMaps`, `mergeLo`: tens of
// KB; TurboFan spent most of a short run on them) wait until they have run ~7x longer than V8
// asks. With KOMORIUM_OPT_HOLD_ALLOWANCE=0 (before xint18q), V8's bound on the functions it
// optimises (`--max-optimized-bytecode-size`, 61,440 bytes of V8 bytecode) is lowered to
// KOMORIUM_OPT_HOLD_BYTES (default 8,000) instead, which also applies to runs that interpret
// everything (exact mode, the JIT off); KOMORIUM_OPT_HOLD_FILTER=jit_* also leaves the
// engine's own functions out, below. The hold's flags go back once the process
// has used KOMORIUM_OPT_DELAY_MS of CPU since the run started (default 3,000: a profiled
// hello-world's; at 1,500 TurboFan came back mid-run and compiled everything then; 0 turns the
// hold off), or when the run ends; a function refused for its size is optimised later if still
// hot (V8 checks the size at each decision). Without the middle step, short loop-heavy runs
// (0.3-0.5 s under `java -Xint`) used 2-4x the CPU (docs/BENCHMARKS.md part B, short18m);
// KOMORIUM_OPT_HOLD_BYTES=0 leaves it out. Flags are the process's: runs that overlap share
// the hold, and each step is taken when the last of them takes it. Invisible to Java: only the
// engine's own JavaScript is compiled later.

import v8 from 'node:v8';

const DELAY_MS = ((): number => {
  const v = Number(process.env.KOMORIUM_OPT_DELAY_MS ?? 3000);
  return Number.isFinite(v) && v > 0 ? v : 0;
})();

const NODE_ARGS = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];

/** Node started without TurboFan by the user: never turn it on. */
const USER_NO_OPT = NODE_ARGS.includes('--no-opt');

/** V8's bound on the functions it optimises: the user's if given, else V8's default. */
const FULL_BYTES = ((): number => {
  for (const a of NODE_ARGS) {
    const m = /^--max[-_]optimized[-_]bytecode[-_]size=(\d+)$/.exec(a);
    if (m) return Number(m[1]);
  }
  return 61_440;
})();

/** The bound in a hold's second step (0: no second step, TurboFan stays off until the hold ends). */
const HOLD_BYTES = ((): number => {
  const v = Number(process.env.KOMORIUM_OPT_HOLD_BYTES ?? 8000);
  return Number.isFinite(v) && v > 0 ? Math.min(Math.floor(v), FULL_BYTES) : 0;
})();

/** V8's ticks of hotness per byte of a function's bytecode (`--bytecode-size-allowance-per-tick`): the user's if given, else V8's default. */
const FULL_ALLOWANCE = ((): number => {
  for (const a of NODE_ARGS) {
    const m = /^--bytecode[-_]size[-_]allowance[-_]per[-_]tick=(\d+)$/.exec(a);
    if (m) return Number(m[1]);
  }
  return 150;
})();

/**
 * V8's allowance in a hold's second step when the embedded JIT runs the program
 * (KOMORIUM_OPT_HOLD_ALLOWANCE, default 20; 0: the size bound HOLD_BYTES instead, as before
 * xint18q). V8 optimises a function after `3 + bytecode length / allowance` exhaustions of its
 * interrupt budget, so a smaller allowance than its 150 asks a large function to run longer in
 * baseline code before TurboFan compiles it, roughly in proportion to what compiling it costs;
 * no function is refused for its size. Under the bound, a program whose hot generated functions
 * are larger than 8,000 bytes (collections' `hashMaps`, strings' `parseInt`, dispatch, objects)
 * ran them in baseline code until the delay's 3 s of CPU, which a run of a few seconds never
 * reached. `interpret` stays out of TurboFan meanwhile (`--turbo-filter=-interpret`), as the
 * bound kept it out: it is the largest function, hot for a moment in every run, and TurboFan
 * compiled it 3-4 times in a 2-iteration collections run (docs/BENCHMARKS.md part B, xint18q).
 */
const HOLD_ALLOWANCE = ((): number => {
  const v = Number(process.env.KOMORIUM_OPT_HOLD_ALLOWANCE ?? 20);
  return Number.isFinite(v) && v >= 1 ? Math.floor(v) : 0;
})();

/**
 * TurboFan's filter (`--turbo-filter`, a function name or a prefix with `*`) in a hold's second
 * step; `*` (the default): every function. `jit_*` lets through the embedded JIT's generated
 * functions only (jit/codegen.ts names them `jit_<method>`): half of TurboFan's work in a short
 * object-heavy run went to the engine's own functions that are hot for a moment, the JIT's code
 * generator (`analyze`, `emitBody`, `effect`, `findLoops`) and the class-file reader
 * (`readPool`, `scanFieldType`), optimised amid the bursts of compilation and class loading that
 * made them hot (collections, 4 iterations: 99 of TurboFan's 136 jobs, 55% of its compile time).
 * With `jit_*`, 4-iteration runs of collections, streams and threads used 7-13% less CPU, but
 * 12-iteration runs of dispatch 29% and of strings 12% more: the engine's helpers that generated
 * code calls (not inlined into it) stayed in V8's baseline code until the hold ended (docs/
 * BENCHMARKS.md part B, short18o). So not by default.
 */
const HOLD_FILTER = ((): string => {
  const v = (process.env.KOMORIUM_OPT_HOLD_FILTER ?? '*').trim();
  return v === '' ? '*' : v;
})();

/** The embedded JIT is off: the interpreter runs everything. */
const JIT_OFF = process.env.KOMORIUM_JIT === '0';

/** The user gave TurboFan a filter (NODE_OPTIONS, execArgv): it is left alone. */
const USER_FILTER = NODE_ARGS.some((a) => a.startsWith('--turbo-filter') || a.startsWith('--turbo_filter'));

/**
 * The bytecodes a run executes before its hold's second step. The worker's code cache
 * (interp-worker-loader.ts) is made only by a run that ran fewer: the flags are then still
 * those the worker compiled its bundle under.
 */
export function optHoldBytecodes(): number {
  const v = Number(process.env.KOMORIUM_OPT_HOLD_BYTECODES ?? 1_000_000);
  return Number.isFinite(v) && v >= 0 ? v : 1_000_000;
}

/**
 * Holds in this thread, shared by every bundle loaded in it (dist/run-fast.mjs takes one before
 * the early worker starts, dist/cli.mjs the run's): the flags are the process's. `holds`: all
 * holds; `off`: those still in their first step (TurboFan off).
 */
const HOLDS = Symbol.for('komorium.v8OptimisationHolds');
const state = ((globalThis as Record<symbol, { holds: number; off?: number; flags?: string; everything?: number } | undefined>)[HOLDS] ??= { holds: 0 });

/** The second step asks for more ticks of large functions rather than refusing them (no hold runs everything in the interpreter). */
function allowanceStep(): boolean {
  return HOLD_ALLOWANCE > 0 && (state.everything ?? 0) === 0;
}

/** A hold's first step: TurboFan off. The bound is at its full value, so that the flags (and V8's hash of them, which a code cache must match) are the same in every first step. */
const FIRST_STEP = `--no-opt --max-optimized-bytecode-size=${FULL_BYTES} --bytecode-size-allowance-per-tick=${FULL_ALLOWANCE}`;

/**
 * The flags of a hold's first step, or undefined when holds set none (KOMORIUM_OPT_DELAY_MS=0,
 * node started with `--no-opt`). The CLI's early worker sets them itself just before it compiles
 * its bundle (interp-worker-start.ts startEarlyWorker, interp-worker-loader.ts), rather than the
 * host before it starts the worker: any flag V8 hashes that differs from its default makes V8
 * refuse node's own code cache for its built-in modules, so a worker started under the hold
 * compiled node's bootstrap from source (+30 ms of the worker's CPU, docs/BENCHMARKS.md part B,
 * hello39).
 */
export function firstStepFlags(): string | undefined {
  return DELAY_MS === 0 || USER_NO_OPT ? undefined : FIRST_STEP;
}

/** Sets the flags the holds ask for: off while any is in its first step, small functions only while any holds, else all. `force`: set even when they seem set already (another thread may have set others: reassertHolds). */
function applyHolds(force = false): void {
  const off = state.off ?? 0;
  const full = `--opt --max-optimized-bytecode-size=${FULL_BYTES} --bytecode-size-allowance-per-tick=${FULL_ALLOWANCE}`;
  const flags =
    state.holds === 0
      ? full
      : off > 0 || HOLD_BYTES === 0
        ? FIRST_STEP
        : allowanceStep()
          ? `--opt --max-optimized-bytecode-size=${FULL_BYTES} --bytecode-size-allowance-per-tick=${HOLD_ALLOWANCE}`
          : `--opt --max-optimized-bytecode-size=${HOLD_BYTES} --bytecode-size-allowance-per-tick=${FULL_ALLOWANCE}`;
  if (force || flags !== (state.flags ?? full)) {
    state.flags = flags;
    v8.setFlagsFromString(flags);
  }
  applyTurboFilter();
}

/**
 * Sets again the flags this thread's holds ask for (TurboFan on when it has none): after an
 * early worker that may have set the first step's flags itself (firstStepFlags) ended without
 * being taken by a run.
 */
export function reassertHolds(): void {
  if (DELAY_MS === 0 || USER_NO_OPT) return;
  applyHolds(true);
}

export interface OptimisationHold {
  /**
   * Takes the next step when the run has executed the first step's bytecodes (`bytecodes`, so
   * far in all) or used the delay's CPU time (call it now and then).
   */
  check(bytecodes?: number): void;
  /** Lets go (the run ended). Idempotent. */
  release(): void;
}

const NONE: OptimisationHold = { check() {}, release() {} };

/**
 * Holds TurboFan back for a run that starts now. `generatedOnly` false: the run's bytecodes are
 * the interpreter's (exact mode), so its second step lets TurboFan optimise the engine's small
 * functions too (no HOLD_FILTER while such a hold lasts); also with the JIT off (KOMORIUM_JIT=0).
 */
export function holdOptimisation(o: { generatedOnly?: boolean } = {}): OptimisationHold {
  if (DELAY_MS === 0 || USER_NO_OPT) return NONE;
  const everything = o.generatedOnly === false || JIT_OFF;
  state.holds++;
  state.off = (state.off ?? 0) + 1;
  if (everything) state.everything = (state.everything ?? 0) + 1;
  applyHolds();
  const firstStep = optHoldBytecodes();
  const c0 = process.cpuUsage();
  let held = true;
  let off = true;
  const smallOnly = (): void => {
    if (!off) return;
    off = false;
    state.off = (state.off ?? 1) - 1;
  };
  const release = (): void => {
    if (!held) return;
    held = false;
    smallOnly();
    state.holds--;
    if (everything) state.everything = (state.everything ?? 1) - 1;
    applyHolds();
  };
  return {
    check(bytecodes) {
      if (!held) return;
      const c = process.cpuUsage(c0);
      if ((c.user + c.system) / 1000 >= DELAY_MS) release();
      else if (off && bytecodes !== undefined && bytecodes >= firstStep) {
        smallOnly();
        applyHolds();
      }
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

const TIERING = process.env.KOMORIUM_INTERP_TIERING !== '0' && !USER_FILTER;
const TRACE_TIERING = !!process.env.KOMORIUM_TRACE_TIERING;
const FILTERS = Symbol.for('komorium.v8InterpreterFilter');
const filter = ((globalThis as Record<symbol, { runs: number; quiet: number; set: boolean } | undefined>)[FILTERS] ??= { runs: 0, quiet: 0, set: false });
/** The `--turbo-filter` last set (applyTurboFilter), shared by the bundles loaded in this thread. */
const TURBO = Symbol.for('komorium.v8TurboFilter');
const turbo = ((globalThis as Record<symbol, { filter: string } | undefined>)[TURBO] ??= { filter: '*' });
/** Bytecodes per window, the interpreter's share below which (QUIET_WINDOWS in a row) and above which `interpret` is left out of TurboFan or let in again. */
const WINDOW = 5_000_000;
const QUIET_SHARE = 0.005;
const BUSY_SHARE = 0.02;
const QUIET_WINDOWS = 2;

function applyFilter(): void {
  const want = filter.runs > 0 && filter.quiet === filter.runs;
  if (want === filter.set) return;
  filter.set = want;
  applyTurboFilter();
}

/**
 * Sets `--turbo-filter` as the holds and the interpreter's tiering ask (both are the process's,
 * shared through globals): the hold's filter while any hold is in its second step (which leaves
 * `interpret` out too), else `-interpret` when the tiering asks for it, else every function.
 * The first step never changes it (the worker's code cache is made under the first step's flags).
 */
function applyTurboFilter(): void {
  if (USER_FILTER) return;
  const secondStep = state.holds > 0 && (state.off ?? 0) === 0 && (state.everything ?? 0) === 0 && HOLD_BYTES > 0;
  const want = secondStep && HOLD_FILTER !== '*' ? HOLD_FILTER : filter.set || (secondStep && allowanceStep()) ? '-interpret' : '*';
  if (want === turbo.filter) return;
  turbo.filter = want;
  v8.setFlagsFromString(`--turbo-filter=${want}`);
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
