// Natives of java.io.ObjectStreamClass.

import type { JClass } from '../../../klass';
import type { JObject } from '../../../object';
import { constructAndDiscard } from '../../../raise';
import { PENDING, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { classOf } from '../../util';

/**
 * `hasStaticInitializer` as libjava's ObjectStreamClass.c does it: JNI `GetStaticMethodID(cl,
 * "<clinit>", "()V")`, then the same on the superclass (an own `<clinit>` unless the ids are the
 * same). A class without one makes HotSpot's JNI throw NoSuchMethodError (`get_method_id`:
 * `Exceptions::new_exception`, its Java constructor run: counted with the JDK instrumented), which
 * the native clears. So here: the error made and dropped (raise.ts constructAndDiscard) when
 * HotSpot makes one, and the answer returned after it. Before, none was made: serialization on
 * JDK 17 counted 3 NoSuchMethodErrors fewer than HotSpot's copy (−149 main-thread bytecodes with
 * the java.base copy; a class without `<clinit>`, arrays included; branch arch25).
 */
function hasStaticInitializer(vm: VM, t: JThread, c: JObject | null): number {
  const k = classOf(vm, c);
  const own = k.declared.has('<clinit>()V');
  const sup = own ? k.superclass : null;
  const missing: JClass | null = !own ? k : sup !== null && !sup.declared.has('<clinit>()V') ? sup : null;
  const answer = own ? 1 : 0;
  if (missing !== null) {
    const e = new VmError('java/lang/NoSuchMethodError', `static ${missing.descriptor}.<clinit>()V`);
    if (constructAndDiscard(vm, t, e, { kind: 'I', value: answer })) throw PENDING;
  }
  return answer;
}

export const natives: NativeTable = {
  'initNative()V': () => undefined,
  // Whether the class declares <clinit> (part of the default serialVersionUID).
  'hasStaticInitializer(Ljava/lang/Class;)Z': hasStaticInitializer,
};
