// java.lang.invoke.MemberName as the VM sees it (MethodHandleNatives.init/resolve/expand).
//
// A resolved MemberName carries its VM target in the hidden `$vm` property (the JMethod or
// JField; HotSpot's vmtarget/vmindex), and a method MemberName also points to a
// ResolvedMethodName whose `$vm` is the JMethod (what linkTo* and invokeBasic read). Field
// "offsets" (vmindex) are HotSpot's layout offsets (layout.ts), as Unsafe uses them.
//
// Reference kinds follow HotSpot: a virtual or interface method that needs no dispatch
// (private, final, or of a final class) becomes REF_invokeSpecial, a constructor is
// IS_CONSTRUCTOR | REF_invokeSpecial, a field keeps get/put and static-ness from the field.

import { JField, JMethod, type JClass } from '../klass';
import { fieldOffset } from '../layout';
import type { JObject } from '../object';
import { prettyDescriptor } from '../resolve';
import { archivedSignatures } from '../cds-archive';
import { constructAndDiscard } from '../raise';
import { PENDING, VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { frameDescriptor, hasAnnotation } from './frames';
import { stringSetHas } from '../string-set';
import { intrinsic } from './sigpoly';
import { verifyThen } from '../verify-link';
import {
  ALL_KINDS,
  FIELD_MODIFIERS,
  invokeState,
  MEMBER_NAME,
  METHOD_MODIFIERS,
  MH,
  MN_CALLER_SENSITIVE,
  MN_HIDDEN_MEMBER,
  MN_IS_CONSTRUCTOR,
  MN_IS_FIELD,
  MN_IS_METHOD,
  MN_REFERENCE_KIND_SHIFT,
  MN_TRUSTED_FINAL,
  REF_getField,
  REF_getStatic,
  REF_invokeInterface,
  REF_invokeSpecial,
  REF_invokeStatic,
  REF_invokeVirtual,
  REF_putField,
  REF_putStatic,
  VH,
  type Rec,
} from './state';

const LINKAGE_ERRORS = new Set(['java/lang/NoSuchMethodError', 'java/lang/NoSuchFieldError', 'java/lang/IllegalAccessError', 'java/lang/IncompatibleClassChangeError', 'java/lang/AbstractMethodError', 'java/lang/LinkageError']);

export function mnGet(vm: VM, mn: JObject, field: 'clazz' | 'name' | 'type' | 'flags' | 'method' | 'resolution'): unknown {
  return invokeState(vm).get(mn, MEMBER_NAME, field);
}

export function mnSet(vm: VM, mn: JObject, field: 'clazz' | 'name' | 'type' | 'flags' | 'method', v: unknown): void {
  invokeState(vm).set(mn, MEMBER_NAME, field, v);
}

/** The VM target of a resolved MemberName (JMethod or JField), or null. */
export function memberTarget(mn: JObject): JMethod | JField | null {
  const v = (mn as unknown as Rec).$vm;
  return v instanceof JMethod || v instanceof JField ? v : null;
}

/** The method a resolved method MemberName stands for (linkTo*, invokeBasic, linkMethod results). */
export function memberMethod(vm: VM, mn: JObject | null): JMethod {
  if (mn === null) throw new VmError('java/lang/NullPointerException', 'MemberName is null');
  const rmn = (mn as unknown as Rec)[invokeState(vm).hotKeys().method] as JObject | null;
  const v = rmn !== null ? (rmn as unknown as Rec).$vm : (mn as unknown as Rec).$vm;
  if (v instanceof JMethod) return v;
  throw new VmError('java/lang/InternalError', `MemberName of ${memberDescription(vm, mn)} is not a resolved method`);
}

export function memberField(vm: VM, mn: JObject | null): JField {
  if (mn === null) throw new VmError('java/lang/NullPointerException', null);
  const v = (mn as unknown as Rec).$vm;
  if (v instanceof JField) return v;
  throw new VmError('java/lang/InternalError', `MemberName of ${memberDescription(vm, mn)} is not a resolved field`);
}

function memberDescription(vm: VM, mn: JObject): string {
  const c = mnGet(vm, mn, 'clazz') as JObject | null;
  const n = mnGet(vm, mn, 'name') as JObject | null;
  return `${c ? vm.classOfMirror(c).javaName : '?'}.${n ? vm.jsString(n) : '?'}`;
}

/** A java.lang.invoke.ResolvedMethodName for `m` (vmholder: the declaring class, as HotSpot sets it). */
export function resolvedMethodName(vm: VM, m: JMethod): JObject {
  const o = vm.allocObject(vm.classes.loadBoot('java/lang/invoke/ResolvedMethodName'));
  (o as unknown as Rec).$vm = m;
  // JDK 22+ declares vmholder (StackFrameInfo's declaring class); JDK 17's has no such field.
  const holder = o.klass.instanceFields.find((f) => f.name === 'vmholder');
  if (holder !== undefined) (o as unknown as Rec)[holder.key] = vm.mirrorOf(m.klass);
  return o;
}

/** HotSpot's flags of a method in a stack frame (ClassFrameInfo.flags, JDK 22+). */
export function frameMethodFlags(vm: VM, m: JMethod, hidden: boolean): number {
  let flags = (m.access & METHOD_MODIFIERS) | (m.name === '<init>' ? MN_IS_CONSTRUCTOR : MN_IS_METHOD);
  if (callerSensitive(vm, m)) flags |= MN_CALLER_SENSITIVE;
  if (hidden) flags |= MN_HIDDEN_MEMBER;
  return flags;
}

/** Descriptor of a Class mirror used as a type. */
export function mirrorDescriptor(vm: VM, mirror: JObject | null): string {
  if (mirror === null) throw new VmError('java/lang/NullPointerException', null);
  return vm.classOfMirror(mirror).descriptor;
}

/** Method descriptor of a java.lang.invoke.MethodType. */
export function methodTypeDescriptor(vm: VM, mt: JObject): string {
  const s = invokeState(vm);
  const r = s.get(mt, 'java/lang/invoke/MethodType', 'rtype') as JObject;
  const ps = s.get(mt, 'java/lang/invoke/MethodType', 'ptypes') as JObject & { data: (JObject | null)[] };
  return `(${ps.data.map((p) => mirrorDescriptor(vm, p)).join('')})${mirrorDescriptor(vm, r)}`;
}

/** Descriptor of MemberName.type: a MethodType, a descriptor String, a Class or {rtype, ptypes}. */
export function typeDescriptor(vm: VM, type: JObject): string {
  switch (type.klass.name) {
    case 'java/lang/invoke/MethodType':
      return methodTypeDescriptor(vm, type);
    case 'java/lang/String':
      return vm.jsString(type);
    case 'java/lang/Class':
      return mirrorDescriptor(vm, type);
    case '[Ljava/lang/Object;': {
      const [r, ps] = (type as unknown as { data: (JObject | null)[] }).data;
      const params = ps === null || ps === undefined ? [] : (ps as unknown as { data: (JObject | null)[] }).data;
      return `(${params.map((p) => mirrorDescriptor(vm, p)).join('')})${mirrorDescriptor(vm, r ?? null)}`;
    }
    default:
      throw new VmError('java/lang/InternalError', `unrecognized MemberName type ${type.klass.javaName}`);
  }
}

/**
 * Reference kind of a method called with `requested` once resolved to `m` (HotSpot's call kinds:
 * CallInfo's direct_call is REF_invokeSpecial). A method that `can_be_statically_bound` is a
 * direct call: private, or final, or of a final class (`Method::is_final_method`), whether it
 * overrides a superclass method or not (`String.hashCode`, `StringBuilder.toString`,
 * `Enum.equals`). The kind picks the DirectMethodHandle's LambdaForm (`DMH.invokeSpecial` or
 * `invokeVirtual`), and with it whether the form is found in `DirectMethodHandle$Holder` or
 * compiled (InvokerBytecodeGenerator, counted with the JDK instrumented).
 */
function methodRefKind(m: JMethod, requested: number): number {
  if (m.isStatic) return REF_invokeStatic;
  if (m.name === '<init>' || m.isPrivate || requested === REF_invokeSpecial) return REF_invokeSpecial;
  if (m.klass.isInterface) return requested === REF_invokeVirtual ? REF_invokeVirtual : REF_invokeInterface;
  if ((m.access & ACC_FINAL) !== 0 || (m.klass.access & ACC_FINAL) !== 0) return REF_invokeSpecial;
  return REF_invokeVirtual;
}

const ACC_FINAL = 0x10;

function callerSensitive(vm: VM, m: JMethod): boolean {
  const l = m.klass.loader;
  if (l !== null && !vm.isPlatformLoader(l)) return false;
  return hasAnnotation(m, 'Ljdk/internal/reflect/CallerSensitive;');
}

function isTrustedFinal(f: JField): boolean {
  if ((f.access & 0x10) === 0) return false;
  const k = f.klass;
  return f.isStatic || k.hidden || (k.cf?.attributes.some((a) => a.name === 'Record') ?? false);
}

/** Fills a MemberName for method `m` reached with `refKind` (declaring class `clazz`). */
function fillMethod(vm: VM, mn: JObject, m: JMethod, refKind: number, clazz: JClass): void {
  let flags = (m.access & METHOD_MODIFIERS) | (m.name === '<init>' ? MN_IS_CONSTRUCTOR : MN_IS_METHOD) | (refKind << MN_REFERENCE_KIND_SHIFT);
  if (callerSensitive(vm, m)) flags |= MN_CALLER_SENSITIVE;
  mnSet(vm, mn, 'clazz', vm.mirrorOf(clazz));
  mnSet(vm, mn, 'flags', flags);
  mnSet(vm, mn, 'method', resolvedMethodName(vm, m));
  (mn as unknown as Rec).$vm = m;
}

function fillField(vm: VM, mn: JObject, f: JField, setter: boolean): void {
  let flags = (f.access & FIELD_MODIFIERS) | MN_IS_FIELD;
  const kind = (f.isStatic ? REF_getStatic : REF_getField) + (setter ? REF_putField - REF_getField : 0);
  flags |= kind << MN_REFERENCE_KIND_SHIFT;
  if (isTrustedFinal(f)) flags |= MN_TRUSTED_FINAL;
  mnSet(vm, mn, 'clazz', vm.mirrorOf(f.klass));
  mnSet(vm, mn, 'flags', flags);
  (mn as unknown as Rec).$vm = f;
}

export function isSignaturePolymorphicIn(k: JClass, name: string): JMethod | undefined {
  if (k.name !== MH && k.name !== VH) return undefined;
  return k.methods.find((m) => m.name === name && m.isNative && (m.access & 0x80) !== 0);
}

/** MethodHandleNatives.init(MemberName, Object ref): from a reflected Method, Constructor or Field. */
export function initMemberName(vm: VM, mn: JObject, ref: JObject | null): void {
  if (ref === null) throw new VmError('java/lang/NullPointerException', null);
  const s = invokeState(vm);
  const kn = ref.klass.name;
  if (kn === 'java/lang/reflect/Method' || kn === 'java/lang/reflect/Constructor') {
    const k = vm.classOfMirror(s.get(ref, kn, 'clazz') as JObject);
    const m = k.methods[s.get(ref, kn, 'slot') as number];
    if (!m) throw new VmError('java/lang/InternalError', `bad method slot in ${k.javaName}`);
    // Signature-polymorphic methods are not reified here (MemberName(Method) handles them).
    if (isSignaturePolymorphicIn(k, m.name) === m) return;
    fillMethod(vm, mn, m, methodRefKind(m, k.isInterface ? REF_invokeInterface : REF_invokeVirtual), k);
    return;
  }
  if (kn === 'java/lang/reflect/Field') {
    const k = vm.classOfMirror(s.get(ref, kn, 'clazz') as JObject);
    const f = k.fields[s.get(ref, kn, 'slot') as number];
    if (!f) throw new VmError('java/lang/InternalError', `bad field slot in ${k.javaName}`);
    fillField(vm, mn, f, false);
    return;
  }
  throw new VmError('java/lang/InternalError', `MethodHandleNatives.init: unsupported reference ${ref.klass.javaName}`);
}

/** MethodHandleNatives.expand: fills in clazz, name and type from the VM target. */
export function expandMemberName(vm: VM, mn: JObject): void {
  const target = memberTarget(mn);
  if (target === null) throw new VmError('java/lang/IllegalArgumentException', 'nothing to expand');
  if (mnGet(vm, mn, 'clazz') === null) mnSet(vm, mn, 'clazz', vm.mirrorOf(target.klass));
  if (mnGet(vm, mn, 'name') === null) mnSet(vm, mn, 'name', vm.intern(target.name));
  // HotSpot's expand_MemberName interns the name; a method's type is a new String of its signature.
  // A stack frame's MemberName of an extended copy: the original's type (frames.ts frameDescriptor).
  if (mnGet(vm, mn, 'type') === null) mnSet(vm, mn, 'type', target instanceof JField ? vm.intern(target.desc) : vm.newString(frameDescriptor(target.desc)));
}

/** The module and loader of `k` as HotSpot's access errors describe them. */
function moduleOf(vm: VM, k: JClass): string {
  const loader = vm.loaderName(k.loader);
  const mod = k.module as JObject | null;
  const name = mod ? ((mod as unknown as Rec)[vm.field(mod.klass, 'name').key] as JObject | null) : null;
  return name ? `module ${vm.jsString(name)} of loader ${loader}` : `unnamed module of loader ${loader}`;
}

function samePackage(a: JClass, b: JClass): boolean {
  return a.loader === b.loader && a.packageName === b.packageName;
}

function checkMethodAccess(vm: VM, caller: JClass, m: JMethod): void {
  const acc = m.access;
  let ok: boolean;
  let what: string;
  if (acc & 0x0001) return;
  if (acc & 0x0002) {
    ok = vm.nestHostOf(caller) === vm.nestHostOf(m.klass);
    what = 'private ';
  } else if (acc & 0x0004) {
    ok = samePackage(caller, m.klass) || caller.supers.has(m.klass);
    what = 'protected ';
  } else {
    ok = samePackage(caller, m.klass);
    what = '';
  }
  if (ok) return;
  const a = moduleOf(vm, caller);
  const b = moduleOf(vm, m.klass);
  const where = a === b ? `${caller.javaName} and ${m.klass.javaName} are in ${a}` : `${caller.javaName} is in ${a}; ${m.klass.javaName} is in ${b}`;
  throw new VmError('java/lang/IllegalAccessError', `class ${caller.javaName} tried to access ${what}method '${prettyDescriptor(m.name, m.desc, m.klass)}' (${where})`);
}

/**
 * MethodHandleNatives.resolve: links the symbolic MemberName (clazz, name, type, flags) like the
 * bytecode it stands for would be linked. Returns `mn`, or null when `speculative` and linkage
 * fails (after making the error in Java and dropping it, as HotSpot: PENDING while its
 * constructor runs, then the native returns null); throws the LinkageError otherwise (the JDK
 * turns it into a ReflectiveOperationException).
 */
export function resolveMemberName(vm: VM, t: JThread, mn: JObject, caller: JClass | null, speculative: boolean): JObject | null {
  if (memberTarget(mn) !== null) return mn;
  const clazz = mnGet(vm, mn, 'clazz') as JObject | null;
  const name = mnGet(vm, mn, 'name') as JObject | null;
  const type = mnGet(vm, mn, 'type') as JObject | null;
  if (clazz === null || name === null || type === null) throw new VmError('java/lang/IllegalArgumentException', 'nothing to resolve');
  const flags = mnGet(vm, mn, 'flags') as number;
  const refKind = (flags >>> MN_REFERENCE_KIND_SHIFT) & 0xf;
  const defc = vm.classOfMirror(clazz);
  // HotSpot's resolve_MemberName links the defining class first (an array's: Object's), so its
  // verifier hashes the mirror (vm-ihash.ts hashAtLink): java 17 linked IndexOutOfBoundsException,
  // then ArrayIndexOutOfBoundsException at VarHandleByteArrayAsInts$ArrayHandle's
  // `ArrayIndexOutOfBoundsException::new` (branch s17).
  if (!defc.isArray && !defc.isPrimitive && !defc.verified) return verifyThen(vm, t, defc, () => resolveMemberName(vm, t, mn, caller, speculative)) as JObject | null;
  const nm = vm.jsString(name);
  const desc = typeDescriptor(vm, type);
  try {
    switch (flags & ALL_KINDS) {
      case MN_IS_METHOD:
        resolveMethod(vm, mn, defc, nm, desc, refKind, caller);
        break;
      case MN_IS_CONSTRUCTOR: {
        const m = defc.isArray || defc.isPrimitive ? undefined : defc.declared.get(`<init>${desc}`);
        if (!m) throw new VmError('java/lang/NoSuchMethodError', `'${prettyDescriptor('<init>', desc, defc)}'`);
        if (caller !== null) checkMethodAccess(vm, caller, m);
        fillMethod(vm, mn, m, REF_invokeSpecial, m.klass);
        break;
      }
      case MN_IS_FIELD: {
        const f = defc.isPrimitive ? undefined : defc.findField(nm, desc);
        if (!f) throw new VmError('java/lang/NoSuchFieldError', nm);
        fillField(vm, mn, f, refKind === REF_putField || refKind === REF_putStatic);
        break;
      }
      default:
        throw new VmError('java/lang/LinkageError', `unrecognized MemberName format (flags 0x${flags.toString(16)})`);
    }
  } catch (e) {
    if (!speculative || !(e instanceof VmError) || !LINKAGE_ERRORS.has(e.className)) throw e;
    // HotSpot's LinkResolver made the error (its Java constructor runs) and resolve_MemberName
    // cleared it: made here too, then dropped (raise.ts). A LinkageError of this file's own
    // (a signature-polymorphic name it does not resolve, an unknown format) is no LinkResolver's.
    // HotSpot looks the signature up first (SymbolTable::probe): one no class file or the VM
    // has made is "no such signature", null without an exception (JDK 17 and 25).
    if (e.className === 'java/lang/LinkageError' || (desc.startsWith('(') && !knownSignature(vm, desc))) return null;
    if (constructAndDiscard(vm, t, e)) throw PENDING;
    return null;
  }
  return mn;
}

/**
 * Whether HotSpot's symbol table holds method descriptor `desc` as far as this engine tracks it:
 * a descriptor of a class defined so far (classes.ts `signatures`) or of a class of the JDK's
 * CDS archive (its shared symbols, cds-archive.ts). Not tracked: symbols the VM makes itself,
 * and those HotSpot removes once unused.
 */
function knownSignature(vm: VM, desc: string): boolean {
  return stringSetHas(vm.classes.signatures, desc) || archivedSignatures(vm.opts.jdk).has(desc);
}

function resolveMethod(vm: VM, mn: JObject, defc: JClass, name: string, desc: string, refKind: number, caller: JClass | null): void {
  if (defc.isPrimitive) throw new VmError('java/lang/NoSuchMethodError', `'${prettyDescriptor(name, desc, defc)}'`);
  const k = defc.isArray ? vm.classes.loadBoot('java/lang/Object') : defc;
  // LinkResolver::resolve_interface_method checks the class before any lookup. The JDK asks this
  // speculatively for every DirectMethodHandle of a non-abstract interface method (its
  // "invokeinterface of an Object method" corner case resolves the name in Object): HotSpot makes
  // an IncompatibleClassChangeError there, not a NoSuchMethodError (java -Xlog:exceptions).
  if (refKind === REF_invokeInterface && !k.isInterface) throw new VmError('java/lang/IncompatibleClassChangeError', `Found class ${k.javaName}, but interface was expected`);
  const poly = isSignaturePolymorphicIn(k, name);
  if (poly) {
    if (k.name === MH && (name === 'invokeBasic' || name.startsWith('linkTo'))) {
      // The intrinsic itself, for this descriptor (the JDK names these when it builds LambdaForms).
      // HotSpot's resolve_handle_call makes invokeBasic a direct call (CallInfo::set_handle), so
      // REF_invokeSpecial: the basic invoker's DirectMethodHandle is DMH.invokeSpecial, which
      // DirectMethodHandle$Holder has (invokeVirtual forms are compiled).
      const m = intrinsic(vm, poly, desc);
      fillMethod(vm, mn, m, name === 'invokeBasic' ? REF_invokeSpecial : REF_invokeStatic, poly.klass);
      return;
    }
    throw new VmError('java/lang/LinkageError', `the embedded JVM does not resolve MemberNames of signature-polymorphic ${k.javaName}.${name}${desc} (use the call site)`);
  }
  let m = refKind === REF_invokeInterface ? k.resolveInterfaceMethod(name, desc) : k.resolveMethod(name, desc);
  if (m === undefined && refKind !== REF_invokeInterface && k.isInterface) m = k.resolveInterfaceMethod(name, desc);
  if (!m || m.name === '<init>' || m.name === '<clinit>') throw new VmError('java/lang/NoSuchMethodError', `'${prettyDescriptor(name, desc, k)}'`);
  if (refKind === REF_invokeStatic && !m.isStatic) throw new VmError('java/lang/IncompatibleClassChangeError', `Expected static method '${prettyDescriptor(m.name, m.desc, m.klass)}'`);
  if (refKind !== REF_invokeStatic && m.isStatic) throw new VmError('java/lang/IncompatibleClassChangeError', `Expecting non-static method '${prettyDescriptor(m.name, m.desc, m.klass)}'`);
  if (caller !== null) checkMethodAccess(vm, caller, m);
  if (refKind === REF_invokeSpecial && caller !== null && !m.isPrivate && !k.isInterface && caller !== k && caller.supers.has(k) && caller.superclass) {
    // invokespecial of a superclass method: selected from the caller's superclass.
    const sel = caller.superclass.vmap.get(m.nameDesc);
    if (sel && !sel.isAbstract) m = sel;
  }
  const kind = methodRefKind(m, refKind);
  // A default method reached through a class: the class is the MemberName's clazz (vtable call).
  const clazz = kind === REF_invokeVirtual && m.klass.isInterface && !k.isInterface ? k : m.klass;
  fillMethod(vm, mn, m, kind, clazz);
}

/** JDK 17's StackFrameInfo: its MemberName as HotSpot's `java_lang_StackFrameInfo::set_method_and_bci`
 * fills it (`init_method_MemberName`: flags, clazz, method), name and type left null: Java code
 * that asks for them (`StackFrameInfo.getMethodName`, `getDescriptor`) runs `MemberName.expandFromVM`
 * and `MethodHandleNatives.expand`, as on HotSpot. */
export function fillFrameMember(vm: VM, mn: JObject, m: JMethod): void {
  fillMethod(vm, mn, m, methodRefKind(m, m.klass.isInterface ? REF_invokeInterface : REF_invokeVirtual), m.klass);
}

/** A MemberName for `target` with name and type filled in (MethodHandleNatives.getMembers). */
export function fillMember(vm: VM, mn: JObject, target: JMethod | JField): void {
  if (target instanceof JField) fillField(vm, mn, target, false);
  else fillMethod(vm, mn, target, methodRefKind(target, target.klass.isInterface ? REF_invokeInterface : REF_invokeVirtual), target.klass);
  mnSet(vm, mn, 'name', vm.intern(target.name));
  mnSet(vm, mn, 'type', vm.intern(target.desc));
}

/** MethodHandleNatives.getMemberVMInfo: {vmindex (Long), vmtarget}. */
export function memberVMInfo(vm: VM, mn: JObject): JObject {
  const target = memberTarget(mn);
  const obj = vm.classes.loadBoot('java/lang/Object');
  if (target === null) return vm.newObjectArray(obj, [null, null]);
  if (target instanceof JField) return vm.newObjectArray(obj, [vm.box('J', fieldOffset(vm, target)), vm.mirrorOf(target.klass)]);
  const kind = ((mnGet(vm, mn, 'flags') as number) >>> MN_REFERENCE_KIND_SHIFT) & 0xf;
  const index = kind === REF_invokeVirtual || kind === REF_invokeInterface ? target.index : -2;
  return vm.newObjectArray(obj, [vm.box('J', index), mn]);
}
