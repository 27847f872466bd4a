// Natives of java.lang.invoke.LambdaProxyClassArchive (JDK 25; on 17 findFromArchive finds nothing): the lambda proxies of java's CDS
// archive. The dump archives the proxies of the class list's `@lambda-proxy` lines (JDK classes:
// regex's CharPredicates and Pattern, Collectors, ObjectMethods, DateTimeFormatter...), and
// InnerClassLambdaMetafactory.spinInnerClass takes such a proxy from the archive
// (JVM_LookupLambdaProxyClassFromArchive) instead of generating it with the ClassFile API. This
// VM answers the lookup for the same keys (cds-archive.ts archivedLambdaProxy) with a proxy it
// spins itself (indy/lambda.ts), so the linkage runs none of the generator's Java code: before,
// the embedded engine generated those proxies inside the (paused) linkage, which initialised
// the ClassFile API's classes (Opcode, RawBytecodeHelper...) and compiled LambdaForms there;
// HotSpot then did that work later, counted, at the program's first method accessor or form.
// Other keys: null, and the JDK generates the proxy as before.

import { archivedLambdaProxy, lambdaProxyKey } from '../../../../cds-archive';
import { JMethod } from '../../../../klass';
import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { spinLambdaClass } from '../../../../indy/lambda';
import { memberTarget, methodTypeDescriptor, mnGet } from '../../../../invoke/member';
import { MN_REFERENCE_KIND_MASK, MN_REFERENCE_KIND_SHIFT } from '../../../../invoke/state';

const REF_invokeVirtual = 5;
const REF_invokeSpecial = 7;
const REF_newInvokeSpecial = 8;
const REF_invokeInterface = 9;

export const natives: NativeTable = {
  'findFromArchive(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MemberName;Ljava/lang/invoke/MethodType;)Ljava/lang/Class;': (
    vm: VM,
    t: JThread,
    caller: JObject | null,
    name: JObject | null,
    factoryType: JObject | null,
    interfaceType: JObject | null,
    impl: JObject | null,
    dynamicType: JObject | null,
  ): JObject | null => {
    if (caller === null || name === null || factoryType === null || interfaceType === null || impl === null || dynamicType === null) return null;
    // JDK 17 (sharing enabled since ih39: CDS.ts isSharingEnabled0): none, so the JDK generates
    // the proxy as before; an indy site of an archived proxy is linked as indy/link.ts
    // archivedProxyOnJdk17 says (its mirror's draw left out, the names' hashes forgotten).
    if (vm.opts.jdk.feature < 25) return null;
    const target = memberTarget(impl);
    if (!(target instanceof JMethod)) return null;
    const host = vm.classOfMirror(caller);
    const invoked = vm.jsString(name);
    const invokedDesc = methodTypeDescriptor(vm, factoryType);
    const samDesc = methodTypeDescriptor(vm, interfaceType);
    const instDesc = methodTypeDescriptor(vm, dynamicType);
    const key = lambdaProxyKey(host.name, invoked, invokedDesc, samDesc, target.klass.name, target.name, target.desc, instDesc);
    if (!archivedLambdaProxy(vm.opts.jdk, key)) return null;
    // The call the proxy makes, as the generator emits it: a constructor with new, a method of
    // an interface with invokeinterface (invokestatic when static), other methods invokevirtual
    // (invokespecial is the MemberName's kind of a private or final one).
    let kind = ((mnGet(vm, impl, 'flags') as number) >>> MN_REFERENCE_KIND_SHIFT) & MN_REFERENCE_KIND_MASK;
    if (kind === REF_invokeSpecial && target.name === '<init>') kind = REF_newInvokeSpecial;
    else if (kind === REF_invokeSpecial || kind === REF_invokeVirtual || kind === REF_invokeInterface) kind = target.klass.isInterface ? REF_invokeInterface : REF_invokeVirtual;
    const ref = { kind, owner: target.klass.name, name: target.name, desc: target.desc, isInterface: target.klass.isInterface };
    const k = spinLambdaClass(vm, t, host, invoked, invokedDesc, samDesc, ref, instDesc);
    // A nestmate of the caller, as the JDK defines its proxies (its constructor is private).
    k.nestHost = vm.nestHostOf(host);
    // HotSpot maps an archived proxy with the identity hash its dump gave the mirror: the
    // calling thread draws nothing for it (this VM's mirror was drawn from the program's
    // sequence at its first hash, by the MethodTypes naming it: 4 draws more than HotSpot's in
    // corpus serialization's first writeObject). The value is the dump's when the trial on the
    // copy read it (engine/archived-lambdas.ts, `@lambda-proxy KEY` among the archived mirrors):
    // a MethodType returning the proxy hashes into MethodType's intern set with it (corpus
    // annotations-runtime on JDK 25: four `()Collectors$$Lambda`-like types and
    // `()ModuleDescriptor$Builder$$Lambda` in other bins, −220; branch ar25). Else one of the
    // key's own, the same in every run.
    const mirror = vm.mirrorOf(k);
    if (mirror.ihash === 0) mirror.ihash = vm.opts.archivedHashes?.get(`@lambda-proxy ${key}`) ?? keyHash(key);
    return mirror;
  },
};

/** A stable non-zero 31-bit hash of `s` (FNV-1a). */
function keyHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h & 0x7fffffff || 0xbad;
}
