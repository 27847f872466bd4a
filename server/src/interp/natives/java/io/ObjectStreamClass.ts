// Natives of java.io.ObjectStreamClass.

import type { JClass } from '../../../klass';
import type { JObject } from '../../../object';
import { initializeThen } from '../../../init';
import { constructAndDiscard } from '../../../raise';
import { PENDING, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { classOf } from '../../util';

const CLINIT = '<clinit>()V';

/** Whether `k` itself declares a static initialiser (JNI finds `<clinit>` in the class only, never a superclass's). */
function declaresClinit(k: JClass): boolean {
  return !k.isArray && !k.isPrimitive && k.declared.has(CLINIT);
}

/** HotSpot's `Klass::signature_name()` in JNI's NoSuchMethodError message: `LMain$Node;`, an array's `[I`. */
function signatureName(k: JClass): string {
  return k.isArray ? k.name : `L${k.name};`;
}

export const natives: NativeTable = {
  'initNative()V': () => undefined,
  /**
   * Whether the class declares <clinit> (part of the default serialVersionUID). libjava asks JNI:
   * `GetStaticMethodID(cl, "<clinit>", "()V")`, and when that finds one, the same of the
   * superclass (none for an interface), to tell the class's own from an inherited one. A lookup
   * that finds none throws NoSuchMethodError (jni_GetStaticMethodID's THROW_MSG: the Java
   * constructor runs, counted with the JDK instrumented), which the native clears. So HotSpot runs
   * NoSuchMethodError.<init>(String) once for a class without <clinit>, or for a class with one
   * whose superclass has none (corpus serialization on JDK 25: 50 bytecodes a computed
   * serialVersionUID more on HotSpot, branch sec25). JNI's lookup initialises the class first
   * (an array class: its element class), so a class described before its first use runs its
   * <clinit> here, as on HotSpot.
   */
  'hasStaticInitializer(Ljava/lang/Class;)Z': (vm: VM, t: JThread, c: JObject | null) => {
    const k = classOf(vm, c);
    const answer = (): number => {
      let missing: JClass | null = null;
      let result = 1;
      if (!declaresClinit(k)) {
        missing = k;
        result = 0;
      } else if (!k.isInterface && k.superclass !== null && !declaresClinit(k.superclass)) {
        missing = k.superclass;
      }
      if (missing !== null && constructAndDiscard(vm, t, new VmError('java/lang/NoSuchMethodError', `static ${signatureName(missing)}.<clinit>()V`), { kind: 'I', value: result })) throw PENDING;
      return result;
    };
    let e: JClass | null = k;
    while (e.component !== null) e = e.component;
    return e.isPrimitive ? answer() : initializeThen(vm, t, e, answer);
  },
};
