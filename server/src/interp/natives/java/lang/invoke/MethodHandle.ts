// Natives of java.lang.invoke.MethodHandle. Its signature-polymorphic methods are linked per
// call site (invoke/sigpoly.ts); these entries only answer reflective calls, which HotSpot
// refuses too.

import { VmError } from '../../../../signals';
import type { NativeTable } from '../../../registry';

/** Reflective calls of MethodHandle's signature-polymorphic methods (HotSpot refuses them too). */
export const natives: NativeTable = Object.fromEntries(
  ['invokeExact', 'invoke', 'invokeBasic', 'linkToVirtual', 'linkToStatic', 'linkToSpecial', 'linkToInterface', 'linkToNative'].map((n) => [
    `${n}([Ljava/lang/Object;)Ljava/lang/Object;`,
    () => {
      throw new VmError('java/lang/UnsupportedOperationException', 'cannot reflectively invoke MethodHandle');
    },
  ]),
);
