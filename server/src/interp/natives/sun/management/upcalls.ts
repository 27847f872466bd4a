// Java calls made one after another by a native of java.management (constructors of ThreadInfo,
// the factories that make memory pool and manager beans): one glue frame runs them in order,
// hands each result to `each`, and the native completes with `done()`.

import type { JClass, JMethod } from '../../../klass';
import { enterMethod, pushCall } from '../../../calls';
import { PENDING } from '../../../signals';
import type { Glue, JThread } from '../../../thread';
import type { VM } from '../../../vm';

export interface JavaCall {
  m: JMethod;
  /** One JS value per parameter, `this` first for an instance method. */
  args: unknown[];
}

/** Puts `c`'s arguments at slot `base` of `t`'s value stacks; returns the slot after them. */
function placeArgs(t: JThread, base: number, c: JavaCall): number {
  t.ensureSlots(base + c.m.argSlots + 16);
  let slot = base;
  let i = 0;
  if (!c.m.isStatic) t.r[slot++] = c.args[i++];
  for (const p of c.m.params) {
    const v = c.args[i++];
    if (p === 'J') {
      t.r[slot] = v;
      slot += 2;
    } else if (p === 'D') {
      t.n[slot] = v as number;
      slot += 2;
    } else if (p.length > 1) t.r[slot++] = v;
    else t.n[slot++] = v as number;
  }
  return slot;
}

/**
 * Runs `calls` (Java methods with code) in order from the native on top of `t`, giving each
 * result to `each`; the native then returns `done()`. Returns `done()` at once when there is
 * nothing to call; otherwise throws PENDING.
 */
export function callInOrder(vm: VM, t: JThread, calls: JavaCall[], each: (v: unknown, i: number) => void, done: () => unknown): unknown {
  if (calls.length === 0) return done();
  const glueDepth = t.depth + 1;
  let i = 0;
  const glue: Glue = {
    kind: 'L',
    resumePc: -1,
    base: -1,
    onReturn: (v) => {
      each(v, i);
      if (++i >= calls.length) return done();
      const g = t.frames[glueDepth];
      g.sp = placeArgs(t, g.lp, calls[i]);
      enterMethod(vm, t, calls[i].m, g.lp);
      return PENDING;
    },
  };
  pushCall(vm, t, calls[0].m, calls[0].args, glue);
  throw PENDING;
}

/** Initialises the classes `ks` in order (running their <clinit> as needed), then `then()`. */
export function initializedThen(vm: VM, t: JThread, ks: JClass[], then: () => unknown): unknown {
  const [k, ...rest] = ks;
  if (k === undefined) return then();
  return vm.initializeThen(t, k, () => initializedThen(vm, t, rest, then));
}
