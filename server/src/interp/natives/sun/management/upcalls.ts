// Java calls made one after another by a native of java.management (constructors of ThreadInfo,
// the factories that make memory pool and manager beans): one glue frame runs them in order,
// hands each result to `each`, and the native completes with `done()`.

import type { JClass, JMethod } from '../../../klass';
import { enterMethod, placeArgs, pushCall } from '../../../calls';
import { PENDING } from '../../../signals';
import type { Glue, JThread } from '../../../thread';
import type { VM } from '../../../vm';

export interface JavaCall {
  m: JMethod;
  /** One JS value per parameter, `this` first for an instance method. */
  args: unknown[];
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
      t.ensureSlots(g.lp + calls[i].m.argSlots + 16);
      g.sp = placeArgs(t, g.lp, calls[i].m, calls[i].args);
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
