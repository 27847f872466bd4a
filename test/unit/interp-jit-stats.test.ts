// The JIT's compiled-bytecode count (jit/stats.ts) as slices continue in place (jit/stay.ts):
// the interpreter's tiering (engine/v8-tiering.ts) compares it with the threads' counts, which
// a continued slice advances at once. Counted only when the compiled call returned, a long call
// looked interpreted for every window it spanned (BENCHMARKS.md part B, warm38).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enterCompiled, stay } from '../../server/src/interp/jit/stay';
import { jitStats } from '../../server/src/interp/jit/stats';
import { QUANTUM } from '../../server/src/interp/scheduler';
import type { JThread } from '../../server/src/interp/thread';
import type { VM } from '../../server/src/interp/vm';

test('slices continued in place count as compiled when accounted; the call adds the rest at its return', () => {
  const t = { jb: 0, jc: 0, jshift: 0, jacc: 0, jrestart: false } as unknown as JThread;
  let continued = 0;
  const vm = { scheduler: { continueSlice: () => (continued++, true) } } as unknown as VM;
  const before = jitStats.bytecodes;
  // interpret ran 7 bytecodes of its own, then gives the compiled call what is left of QUANTUM.
  const budget = QUANTUM - 7;
  enterCompiled(t, budget, 7);
  // A back edge before the slice's end: nothing accounted.
  assert.equal(stay(vm, t, budget - 1, budget), budget);
  assert.equal(jitStats.bytecodes, before);
  // At the slice's end, continued: the call's compiled bytecodes so far are counted.
  let lim = stay(vm, t, budget, budget);
  assert.equal(continued, 1);
  assert.equal(lim, budget + QUANTUM);
  assert.equal(jitStats.bytecodes - before, budget);
  // The next slice's end: its QUANTUM more, not the first slice's again.
  lim = stay(vm, t, lim, budget);
  assert.equal(continued, 2);
  assert.equal(jitStats.bytecodes - before, budget + QUANTUM);
  // The call returns having run `ran` compiled bytecodes in all (interpreter.ts adds ran - credited).
  const ran = budget + QUANTUM + 123;
  jitStats.bytecodes += ran - jitStats.credited;
  assert.equal(jitStats.bytecodes - before, ran);
  // The next call starts with nothing credited.
  enterCompiled(t, QUANTUM, 0);
  assert.equal(jitStats.credited, 0);
});
