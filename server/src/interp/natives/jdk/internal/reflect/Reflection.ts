// Natives of jdk.internal.reflect.Reflection: caller class (skipping reflection frames) and
// access flags.

import type { JObject } from '../../../../object';
import type { JClass, JMethod } from '../../../../klass';
import { isLambdaFormFrame } from '../../../../invoke/frames';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { bool, classOf } from '../../../util';

/**
 * True for frames getCallerClass skips: Method.invoke, the reflection accessors and compiled
 * LambdaForms; other hidden classes (e.g. the invoker MethodHandles bind a caller-sensitive
 * method to) are callers like any class, as in HotSpot.
 */
export function isReflectionFrame(k: JClass, name: string, m?: JMethod): boolean {
  if (k.name === 'java/lang/reflect/Method' && name === 'invoke') return true;
  if (m !== undefined && isLambdaFormFrame(m)) return true;
  // Classes the VM spins for invokedynamic (indy/) stand in for the JDK's method handles.
  if (k.hidden && k.source === 'spun') return true;
  const n = k.name;
  return n.startsWith('jdk/internal/reflect/') && (n.includes('MethodAccessor') || n.includes('ConstructorAccessor'));
}

export const natives: NativeTable = {
  'getCallerClass()Ljava/lang/Class;': (vm: VM, t: JThread) => {
    // Frames: [0] getCallerClass (native), [1] the @CallerSensitive method, [2..] its callers.
    let seen = 0;
    for (const f of t.javaFrames()) {
      const m = f.m!;
      if (seen === 0) {
        seen++;
        continue; // getCallerClass itself
      }
      if (seen === 1) {
        seen++;
        continue; // the caller-sensitive method
      }
      if (isReflectionFrame(m.klass, m.name, m)) continue;
      return vm.mirrorOf(m.klass);
    }
    return null;
  },
  'getClassAccessFlags(Ljava/lang/Class;)I': (vm: VM, _t: JThread, c: JObject | null) => {
    const k = classOf(vm, c);
    return k.isPrimitive || k.isArray ? 0x411 : k.access;
  },
  'areNestMates(Ljava/lang/Class;Ljava/lang/Class;)Z': (vm: VM, _t: JThread, a: JObject | null, b: JObject | null) => {
    if (a === null || b === null) throw new VmError('java/lang/NullPointerException', null);
    const ka = classOf(vm, a);
    const kb = classOf(vm, b);
    return bool(vm.nestHostOf(ka) === vm.nestHostOf(kb));
  },
};
