// Time slices continued in place (docs/INTERPRETER.md, "The JIT"; docs/BENCHMARKS.md part B,
// pf18). A slice ends at the first taken back edge once QUANTUM bytecodes ran; in compiled code
// that was an exit: every compiled frame on the JS stack returned to the interpreter, which
// re-entered each of them once as its callee returned (recursion `all`: ~1.5 million re-entries
// per iteration, one deep unwinding at each slice end, which came at TC.grow's loop, the only
// back edge of an instrumented Ackermann). When the scheduler would do nothing at that slice end
// but run the same thread again (no other thread runnable or due to wake, no checkpoint, exit,
// cancellation or host wait: Scheduler.continueSlice), the slice ends and the next one starts
// where the code is, without leaving it: the clock, the thread's count and the scheduler's
// state are what the slice end would have made them, so the JIT stays invisible.
//
// Counts. interpret gives compiled code a budget B (JThread.jb) after `jc` bytecodes of its own;
// every compiled frame's `budget` is relative to that entry (a callee gets `budget - c`), so
// `jb - budget + c` is what ran since it. A continued slice moves the slice's end on (`jshift`),
// and each frame keeps its own limit `lim` (codegen.ts: `budget + jshift` when it starts): a
// frame whose limit is behind the end (its callee continued a slice) gets the right one here.
// The bytecodes a continued slice accounted (`jacc`) are taken off interpret's count when the
// compiled code returns, and slice() starts its budget again (`jrestart`).

import { QUANTUM } from '../scheduler';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { jitStats } from './stats';

/** `KOMORIUM_JIT_STAY=0`: every slice end in compiled code leaves it (as before pf18). */
export const STAY = process.env.KOMORIUM_JIT_STAY !== '0';

/**
 * interpret's `count` once compiled code returned after continuing slices: less what those
 * accounted (`jacc`, then 0), as a small integer when it is one. `jacc` is a double field (a
 * constructed thread's, so since jit39 the restored threads' too) and the difference is a heap
 * number in code V8 has not optimised (interpret mostly, v8-tiering.ts); passed on as the next
 * compiled call's budget, it deoptimised compiled methods whose feedback saw only small
 * integers ("not a Smi" at their first instruction).
 */
export function afterContinued(t: JThread, count: number): number {
  const v = count - t.jacc;
  t.jacc = 0;
  return (v | 0) === v ? v | 0 : v;
}

/** Before interpret runs compiled code with `budget`, after `count` bytecodes of its own. */
export function enterCompiled(t: JThread, budget: number, count: number): void {
  t.jb = budget;
  t.jc = count;
  t.jshift = 0;
  t.jacc = 0;
  jitStats.credited = 0;
}

/**
 * At a compiled back edge with `c >= lim`: the frame's new limit, or `c` (leave: the slice ends
 * here). `budget` is the frame's budget as it was called.
 */
export function stay(vm: VM, t: JThread, c: number, budget: number): number {
  const x = t.jb - budget + c;
  const end = t.jb + t.jshift;
  if (x < end) return end - t.jb + budget;
  const s = vm.scheduler;
  const newly = t.jc + x - t.jacc;
  if (!STAY || s === null || !s.continueSlice(t, newly)) return c;
  t.jacc += newly;
  // The compiled bytecodes of this call so far count as compiled now (interpret adds the rest).
  jitStats.bytecodes += x - jitStats.credited;
  jitStats.credited = x;
  t.jshift = x + QUANTUM - t.jb;
  t.jrestart = true;
  return c + QUANTUM;
}
