// Natives of java.lang.invoke.MethodHandleNatives: MemberName resolution and queries, field
// offsets, call-site targets. The linking upcalls (linkMethod, linkCallSite, ...) are Java
// methods the VM calls (invoke/sigpoly.ts, invoke/constants.ts).

import type { JField, JMethod } from '../../../../klass';
import { fieldOffset } from '../../../../layout';
import { JArray, type JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import { expandMemberName, fillMember, initMemberName, memberField, memberVMInfo, resolveMemberName } from '../../../../invoke/member';
import { MN_IS_CONSTRUCTOR, MN_IS_FIELD, MN_IS_METHOD, MN_SEARCH_INTERFACES, MN_SEARCH_SUPERCLASSES } from '../../../../invoke/state';
import type { NativeTable } from '../../../registry';
import { isHiddenField, isHiddenMethod } from '../reflect';
import { classOf, nonNull, setField, str } from '../../../util';

/** MethodHandleNatives.Constants, for getNamedCon (the JDK checks them when assertions are on). */
const NAMED_CONSTANTS: [string, number][] = [
  ['MN_IS_METHOD', 0x00010000],
  ['MN_IS_CONSTRUCTOR', 0x00020000],
  ['MN_IS_FIELD', 0x00040000],
  ['MN_IS_TYPE', 0x00080000],
  ['MN_CALLER_SENSITIVE', 0x00100000],
  ['MN_TRUSTED_FINAL', 0x00200000],
  ['MN_REFERENCE_KIND_SHIFT', 24],
  ['MN_REFERENCE_KIND_MASK', 0x0f],
  ['MN_SEARCH_SUPERCLASSES', 0x00100000],
  ['MN_SEARCH_INTERFACES', 0x00200000],
  ['REF_NONE', 0],
  ['REF_getField', 1],
  ['REF_getStatic', 2],
  ['REF_putField', 3],
  ['REF_putStatic', 4],
  ['REF_invokeVirtual', 5],
  ['REF_invokeStatic', 6],
  ['REF_invokeSpecial', 7],
  ['REF_newInvokeSpecial', 8],
  ['REF_invokeInterface', 9],
  ['REF_LIMIT', 10],
  ['NESTMATE_CLASS', 0x1],
  ['HIDDEN_CLASS', 0x2],
  ['STRONG_LOADER_LINK', 0x4],
  ['ACCESS_VM_ANNOTATIONS', 0x8],
  ['LM_MODULE', 0x10],
  ['LM_UNCONDITIONAL', 0x20],
  ['LM_TRUSTED', -1],
];

/** Members of `k` (and its supertypes when asked) matching name, descriptor and kinds. */
function matchingMembers(vm: VM, k: ReturnType<typeof classOf>, name: string | null, sig: string | null, flags: number): (JMethod | JField)[] {
  const owners = [k];
  if (flags & MN_SEARCH_SUPERCLASSES) for (let c = k.superclass; c; c = c.superclass) owners.push(c);
  if (flags & MN_SEARCH_INTERFACES) for (const s of k.supers) if (s.isInterface && s !== k) owners.push(s);
  const out: (JMethod | JField)[] = [];
  for (const o of owners) {
    if (flags & MN_IS_FIELD) for (const f of o.fields) if ((name === null || f.name === name) && (sig === null || f.desc === sig) && !isHiddenField(f)) out.push(f);
    if (flags & (MN_IS_METHOD | MN_IS_CONSTRUCTOR)) {
      for (const m of o.methods) {
        if (m.name === '<clinit>' || isHiddenMethod(m)) continue;
        const ctor = m.name === '<init>';
        if (ctor ? (flags & MN_IS_CONSTRUCTOR) === 0 || o !== k : (flags & MN_IS_METHOD) === 0) continue;
        if ((name === null || m.name === name) && (sig === null || m.desc === sig)) out.push(m);
      }
    }
  }
  void vm;
  return out;
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'init(Ljava/lang/invoke/MemberName;Ljava/lang/Object;)V': (vm: VM, _t: JThread, mn: JObject | null, ref: JObject | null) => initMemberName(vm, nonNull(mn), ref),
  'expand(Ljava/lang/invoke/MemberName;)V': (vm: VM, _t: JThread, mn: JObject | null) => expandMemberName(vm, nonNull(mn)),
  'resolve(Ljava/lang/invoke/MemberName;Ljava/lang/Class;IZ)Ljava/lang/invoke/MemberName;': (vm: VM, t: JThread, mn: JObject | null, caller: JObject | null, _mode: number, speculative: number) =>
    resolveMemberName(vm, t, nonNull(mn), caller === null ? null : classOf(vm, caller), speculative !== 0),
  'getMembers(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;ILjava/lang/Class;I[Ljava/lang/invoke/MemberName;)I': (
    vm: VM,
    _t: JThread,
    defc: JObject | null,
    name: JObject | null,
    sig: JObject | null,
    flags: number,
    _caller: JObject | null,
    skip: number,
    results: JObject | null,
  ) => {
    const found = matchingMembers(vm, classOf(vm, defc), name === null ? null : str(vm, name), sig === null ? null : str(vm, sig), flags).slice(skip);
    const buf = (nonNull(results) as JArray).data as (JObject | null)[];
    for (let i = 0; i < found.length && i < buf.length; i++) fillMember(vm, nonNull(buf[i]), found[i]);
    return found.length;
  },
  'objectFieldOffset(Ljava/lang/invoke/MemberName;)J': (vm: VM, _t: JThread, mn: JObject | null) => {
    const f = memberField(vm, mn);
    if (f.isStatic) throw new VmError('java/lang/InternalError', `static field ${f.klass.javaName}.${f.name} has no object offset`);
    return fieldOffset(vm, f);
  },
  'staticFieldOffset(Ljava/lang/invoke/MemberName;)J': (vm: VM, _t: JThread, mn: JObject | null) => {
    const f = memberField(vm, mn);
    if (!f.isStatic) throw new VmError('java/lang/InternalError', `field ${f.klass.javaName}.${f.name} is not static`);
    return fieldOffset(vm, f);
  },
  'staticFieldBase(Ljava/lang/invoke/MemberName;)Ljava/lang/Object;': (vm: VM, _t: JThread, mn: JObject | null) => vm.mirrorOf(memberField(vm, mn).klass),
  'getMemberVMInfo(Ljava/lang/invoke/MemberName;)Ljava/lang/Object;': (vm: VM, _t: JThread, mn: JObject | null) => memberVMInfo(vm, nonNull(mn)),
  'setCallSiteTargetNormal(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V': (vm: VM, _t: JThread, site: JObject | null, target: JObject | null) => setField(vm, nonNull(site), 'java/lang/invoke/CallSite', 'target', target),
  'setCallSiteTargetVolatile(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V': (vm: VM, _t: JThread, site: JObject | null, target: JObject | null) => setField(vm, nonNull(site), 'java/lang/invoke/CallSite', 'target', target),
  'copyOutBootstrapArguments(Ljava/lang/Class;[III[Ljava/lang/Object;IZLjava/lang/Object;)V': () => {
    throw new VmError('java/lang/InternalError', 'MethodHandleNatives.copyOutBootstrapArguments: the embedded JVM always passes bootstrap arguments resolved');
  },
  'clearCallSiteContext(Ljava/lang/invoke/MethodHandleNatives$CallSiteContext;)V': () => undefined,
  'getNamedCon(I[Ljava/lang/Object;)I': (vm: VM, _t: JThread, which: number, box: JObject | null) => {
    const c = NAMED_CONSTANTS[which];
    if (c === undefined) return 0;
    ((nonNull(box) as JArray).data as (JObject | null)[])[0] = vm.intern(c[0]);
    return c[1];
  },
};
