// How deep compiled code may call compiled code directly (JS recursion), in bytes of JS stack.
//
// A direct call between compiled methods (jit/inline.ts) is a JS call: its frames stay on the
// JS stack until the callee returns. Each compiled function adds its frame's estimated size
// (`frameWeight`) to `t.jsw` around such a call, and calls directly only while `t.jsw` is
// within the VM's budget (`jsStackBudget`); past it the invoke leaves to the interpreter, which
// unwinds the JS stack and enters the callee afresh. A fixed count of nested frames (160, until
// jit18f) both wasted a worker's stack on small frames and, in deep recursion (`ack(2, 1500)`
// ~4,500 frames deep), made most frames return through the interpreter: every crossing of the
// limit unwinds all nested JS frames, and the interpreter then re-enters each of them once to
// finish it. The estimate is conservative: V8 measured 8.5 bytes per `let` and ~125 bytes of
// frame besides (Ignition, which keeps every variable in a register; optimised frames are
// smaller); this takes 16 and 256.

import { isMainThread, resourceLimits } from 'node:worker_threads';

/** JS stack kept free for the interpreter, the scheduler and natives run by compiled code. */
const RESERVE_BYTES = 1536 * 1024;
/** The main thread's V8 stack (`--stack-size`, 984 KB by default): the budget there. */
const MAIN_THREAD_BYTES = 400 * 1024;

/** Estimated bytes of one JS frame of a generated function whose source is `source`. */
export function frameWeight(source: string): number {
  const vars = new Set(source.match(/\b(?:I\d+_)?[nrNR]\d+\b/g) ?? []);
  return 256 + 16 * (vars.size + 16);
}

/**
 * Bytes of JS stack compiled frames may hold in nested direct calls on this thread:
 * `KOMORIUM_JIT_JS_STACK_KB` if set, on a worker its stack (`resourceLimits.stackSizeMb`)
 * less a reserve, on the main thread a part of V8's default stack.
 */
export function jsStackBudget(): number {
  const env = Number(process.env.KOMORIUM_JIT_JS_STACK_KB);
  if (Number.isFinite(env) && env >= 0 && process.env.KOMORIUM_JIT_JS_STACK_KB !== '') return env * 1024;
  const mb = isMainThread ? undefined : resourceLimits.stackSizeMb;
  if (mb === undefined || !(mb > 0)) return MAIN_THREAD_BYTES;
  return Math.max(MAIN_THREAD_BYTES, mb * 1024 * 1024 - RESERVE_BYTES);
}
