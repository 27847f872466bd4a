// Loadable constants of java.lang.invoke (JVMS 5.4.3.5): MethodType, MethodHandle and dynamic
// (condy) constants, and the static arguments of bootstrap methods. Each is made by the JDK's
// own code through MethodHandleNatives upcalls (findMethodHandleType,
// linkMethodHandleConstant, linkDynamicConstant), as HotSpot does.
//
// Linking takes several steps, each of which may need Java code (loading a class through a
// class loader, an upcall): a step that needs one pushes it with a glue frame that records
// the result and resumes at the instruction that needed it (resumePc), which then runs again
// and finds the finished steps cached (resolution is idempotent).

import { parseMethodDescriptor } from '../../classfile/descriptors';
import { Acc, Tag } from '../../classfile/model';
import { pushCall } from '../calls';
import type { JClass, JMethod } from '../klass';
import { JArray, type JObject } from '../object';
import { isAssignable } from '../ops';
import { resolveClassAt, resolveLdc, type LdcValue } from '../resolve';
import { PENDING, VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { memberMethod } from './member';
import { linkVerify } from '../verify-link';
import { invokeState, MHN, perLoader, type Failure, type Rec } from './state';

function utf8(k: JClass, i: number): string {
  const e = k.cp[i];
  if (!e || e.tag !== Tag.Utf8) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${i} is not a Utf8`);
  return e.value;
}

/** Name and descriptor of a NameAndType entry. */
export function nameAndType(k: JClass, i: number): { name: string; desc: string } {
  const nt = k.cp[i];
  if (!nt || nt.tag !== Tag.NameAndType) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${i} is not a NameAndType`);
  return { name: utf8(k, nt.nameIndex), desc: utf8(k, nt.descriptorIndex) };
}

/** The bootstrap method entry `index` of k's BootstrapMethods attribute. */
export function bootstrapEntry(k: JClass, index: number): { methodRefIndex: number; argumentIndices: number[] } {
  const bm = k.cf?.attributes.find((a) => a.name === 'BootstrapMethods');
  if (!bm || bm.name !== 'BootstrapMethods') throw new VmError('java/lang/ClassFormatError', `${k.javaName}: no BootstrapMethods attribute`);
  const b = bm.methods[index];
  if (!b) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bootstrap method #${index} missing`);
  return { methodRefIndex: b.methodRefIndex, argumentIndices: b.argumentIndices };
}

function isFailure(v: unknown): v is Failure {
  return typeof v === 'object' && v !== null && 'className' in v && !(v instanceof JArray);
}

/**
 * Throws a recorded link failure again (JVMS 5.4.3): like HotSpot's resolution-error table, a
 * new error of the same class with the same message (and no cause).
 */
function cached<T>(v: unknown): T | undefined {
  if (v === undefined) return undefined;
  if (isFailure(v)) throw new VmError(v.className, v.message);
  return v as T;
}

/** Records a LinkageError so later attempts fail the same way. */
function recordFailure(vm: VM, consts: Map<string, unknown>, key: string, exc: JObject): JObject {
  if (!consts.has(key) && isAssignable(exc.klass, vm.classes.loadBoot('java/lang/LinkageError'))) {
    const msg = (exc as unknown as Rec)[vm.field(vm.classes.loadBoot('java/lang/Throwable'), 'detailMessage').key] as JObject | null;
    const failure: Failure = { className: exc.klass.name, message: msg === null ? null : vm.jsString(msg) };
    consts.set(key, failure);
  }
  return exc;
}

/**
 * Upcall of a MethodHandleNatives method whose result completes link step `key`: `store`
 * turns the result into what the cache holds. Throws PENDING.
 */
/**
 * `nameDesc` (an upcall whose second parameter is the constant-pool index) as this JDK's
 * MethodHandleNatives declares it: later JDKs (25) dropped the index, and then it is removed
 * from `args` too.
 */
function withIndex(vm: VM, nameDesc: string, args: unknown[]): string {
  if (vm.classes.loadBoot(MHN).declared.has(nameDesc)) return nameDesc;
  args.splice(1, 1);
  return nameDesc.replace('(Ljava/lang/Object;I', '(Ljava/lang/Object;');
}

function upcall(vm: VM, t: JThread, nameDesc: string, args: unknown[], consts: Map<string, unknown>, key: string, store: (v: unknown) => unknown): never {
  const s = invokeState(vm);
  vm.initialize(t, vm.classes.loadBoot(MHN));
  const m: JMethod = s.natives(nameDesc);
  const resumePc = t.frames[t.depth].pc;
  pushCall(vm, t, m, args, {
    kind: 'V',
    resumePc,
    base: -1,
    onReturn: (v) => {
      // Another thread may have linked the same site meanwhile: the first result wins.
      if (!consts.has(key)) consts.set(key, store(v));
      return undefined;
    },
    onThrow: (exc) => recordFailure(vm, consts, key, exc),
  });
  throw PENDING;
}

/** The class named by a field descriptor, loaded through k's loader (may be an upcall). */
export function typeClass(vm: VM, t: JThread, k: JClass, desc: string): JClass {
  if (desc.length === 1) return vm.classes.primitive(desc);
  return vm.resolveClass(t, k, desc[0] === 'L' ? desc.slice(1, -1) : desc);
}

/** The boot class of field descriptor `fd` when HotSpot takes it as always visible (is_always_visible_class), else undefined. */
function alwaysVisible(vm: VM, fd: string): JClass | undefined {
  if (fd.length === 1) return vm.classes.primitive(fd);
  const k = vm.classes.tryBoot(fd[0] === 'L' ? fd.slice(1, -1) : fd);
  if (!k) return undefined;
  let e: JClass = k;
  while (e.component) e = e.component;
  if (e.isPrimitive) return k;
  if ((e.access & Acc.PUBLIC) === 0) return undefined;
  const pkg = e.name.slice(0, e.name.lastIndexOf('/'));
  return pkg === 'java/lang' || pkg === 'java/lang/invoke' ? k : undefined;
}

/** The MethodType of `desc` with classes resolved from `k` (MethodHandleNatives.findMethodHandleType). */
export function methodTypeFor(vm: VM, t: JThread, k: JClass, desc: string): JObject {
  const s = invokeState(vm);
  const cache = perLoader(s.methodTypes, k.loader);
  const have = cache.get(desc);
  if (have !== undefined) return have;
  const d = parseMethodDescriptor(desc);
  // HotSpot (SystemDictionary::find_method_handle_type) resolves the types without the loader
  // while each is a primitive or a public class of java.lang or java.lang.invoke; from the
  // first that is not, through k's loader (the types before it stay the boot loader's).
  let visible = true;
  const resolve = (fd: string): JClass => {
    if (visible) {
      const b = alwaysVisible(vm, fd);
      if (b !== undefined) return b;
      visible = false;
    }
    return typeClass(vm, t, k, fd);
  };
  const params = d.params.map((p) => vm.mirrorOf(resolve(p)));
  const ret = vm.mirrorOf(resolve(d.ret));
  const ptypes = vm.newObjectArray(vm.classes.loadBoot('java/lang/Class'), params);
  const consts = new Map<string, unknown>();
  return upcall(vm, t, 'findMethodHandleType(Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;', [ret, ptypes], consts, desc, (mt) => {
    if (!cache.has(desc)) cache.set(desc, mt as JObject);
    return mt;
  });
}

/** ldc MethodHandle (JVMS 5.4.3.5): MethodHandleNatives.linkMethodHandleConstant. */
export function methodHandleConstant(vm: VM, t: JThread, k: JClass, kind: number, refIdx: number): JObject {
  const consts = invokeState(vm).constantsOf(k);
  const key = `mh:${kind}:${refIdx}`;
  const have = cached<JObject>(consts.get(key));
  if (have !== undefined) return have;
  const ref = k.cp[refIdx];
  if (!ref || (ref.tag !== Tag.Fieldref && ref.tag !== Tag.Methodref && ref.tag !== Tag.InterfaceMethodref)) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad MethodHandle reference #${refIdx}`);
  const { name, desc } = nameAndType(k, ref.nameAndTypeIndex);
  const defc = resolveClassAt(vm, t, k, ref.classIndex);
  // HotSpot's link_method_handle_constant resolves the member in the VM first
  // (resolve_MemberName links the class: its verifier hashes the mirror), then the type, then
  // calls linkMethodHandleConstant: java 17 linked ArrayIndexOutOfBoundsException there, before
  // the Java code's MemberName cache hashed its mirror (branch s17).
  if (!defc.verified && !defc.isArray) linkVerify(vm, t, defc, t.depth >= 0 ? t.frames[t.depth].pc : 0, 'V', () => undefined);
  const type = kind <= 4 ? vm.mirrorOf(typeClass(vm, t, k, desc)) : methodTypeFor(vm, t, k, desc);
  const args = [vm.mirrorOf(k), kind, vm.mirrorOf(defc), vm.intern(name), type];
  return upcall(vm, t, 'linkMethodHandleConstant(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;)Ljava/lang/invoke/MethodHandle;', args, consts, key, (v) => v);
}

/** The field descriptor of a Dynamic constant. */
function dynamicType(k: JClass, idx: number): string {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.Dynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${idx} is not Dynamic`);
  return nameAndType(k, e.nameAndTypeIndex).desc;
}

/** A static bootstrap argument as an Object (primitives boxed). */
function boxedConstant(vm: VM, t: JThread, k: JClass, idx: number): JObject | null {
  const v = resolveLdc(vm, t, k, idx);
  if (v.kind === 'L') return v.value as JObject | null;
  const e = k.cp[idx];
  const desc = e && e.tag === Tag.Dynamic ? dynamicType(k, idx) : v.kind;
  return vm.box(desc, v.value);
}

/**
 * Resolved static arguments of bootstrap method entry `bsmIndex`, and its method handle;
 * `between` runs after the handle and before the arguments (an indy's call-site type).
 */
export function bootstrapArguments(vm: VM, t: JThread, k: JClass, bsmIndex: number, between?: () => void): { bsm: JObject; args: JObject | null } {
  const b = bootstrapEntry(k, bsmIndex);
  const bsm = resolveLdc(vm, t, k, b.methodRefIndex).value as JObject;
  between?.();
  const values = b.argumentIndices.map((i) => boxedConstant(vm, t, k, i));
  const args = values.length === 0 ? null : vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), values);
  return { bsm, args };
}

/** The value of a constant of type `desc` from the boxed object the JDK returns. */
function unboxTo(vm: VM, desc: string, o: JObject | null): LdcValue {
  if (desc.length !== 1) return { kind: 'L', value: o };
  if (o === null) throw new VmError('java/lang/NullPointerException', `null value for a dynamic constant of type ${desc}`);
  const v = (o as unknown as Rec)[vm.field(o.klass, 'value').key];
  switch (desc) {
    case 'J':
      return { kind: 'J', value: v };
    case 'F':
      return { kind: 'F', value: v };
    case 'D':
      return { kind: 'D', value: v };
    default:
      return { kind: 'I', value: v };
  }
}

/** ldc of a Dynamic constant (condy): MethodHandleNatives.linkDynamicConstant. */
export function dynamicConstant(vm: VM, t: JThread, k: JClass, idx: number): LdcValue {
  const consts = invokeState(vm).constantsOf(k);
  const key = `condy:${idx}`;
  const have = cached<LdcValue>(consts.get(key));
  if (have !== undefined) return have;
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.Dynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${idx} is not Dynamic`);
  const { name, desc } = nameAndType(k, e.nameAndTypeIndex);
  const type = vm.mirrorOf(typeClass(vm, t, k, desc));
  const { bsm, args } = bootstrapArguments(vm, t, k, e.bootstrapMethodAttrIndex);
  const callArgs = [vm.mirrorOf(k), idx, bsm, vm.intern(name), type, args];
  const nameDesc = withIndex(vm, 'linkDynamicConstant(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;', callArgs);
  return upcall(vm, t, nameDesc, callArgs, consts, key, (v) => unboxTo(vm, desc, v as JObject | null));
}

/**
 * invokedynamic through MethodHandleNatives.linkCallSite: the invoker MemberName and its
 * appendix (the CallSite's target or the CallSite), cached per instruction.
 */
export function linkCallSiteUpcall(vm: VM, t: JThread, m: JMethod, pc: number, idx: number, link: (target: JMethod, appendix: JObject | null, desc: string) => JMethod): JMethod {
  const k = m.klass;
  const consts = invokeState(vm).constantsOf(k);
  const key = `indy:${m.id}:${pc}`;
  const have = cached<JMethod>(consts.get(key));
  if (have !== undefined) return have;
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.InvokeDynamic) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${idx} is not InvokeDynamic`);
  const { name, desc } = nameAndType(k, e.nameAndTypeIndex);
  // HotSpot's BootstrapInfo resolves the bootstrap method, then the call site's name and type
  // (resolve_bss_name_and_type), then the static arguments: the type's classes are hashed
  // before those of the arguments' MethodTypes (java 17: ObjectInputFilter$Config's lambda
  // hashed JavaObjectInputFilterAccess, then ObjectInputFilter; branch s17).
  const site: { type?: JObject } = {};
  const { bsm, args } = bootstrapArguments(vm, t, k, e.bootstrapMethodAttrIndex, () => {
    site.type = methodTypeFor(vm, t, k, desc);
  });
  const type = site.type;
  if (type === undefined) throw new Error('unreachable: no call-site type');
  const appendix = vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), [null]);
  const callArgs = [vm.mirrorOf(k), idx, bsm, vm.intern(name), type, args, appendix];
  const nameDesc = withIndex(vm, 'linkCallSite(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;', callArgs);
  return upcall(vm, t, nameDesc, callArgs, consts, key, (mn) => {
    const target = memberMethod(vm, mn as JObject | null);
    return link(target, (appendix.data as (JObject | null)[])[0], desc);
  });
}

