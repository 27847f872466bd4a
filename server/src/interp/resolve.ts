// Constant-pool resolution (JVMS 5.4.3) into the per-class constant-pool cache (`cpc`), and the
// call/field "sites" the interpreter keeps there. Resolution may load classes through a Java
// class loader (an upcall: PENDING), so the interpreter saves the frame's pc/sp first.

import { checkClassAccess, checkFieldAccess, checkMethodAccess } from './access';
import { linkVerify } from './verify-link';
import { resolvedMidField } from './mid-holders';
import { Acc, Tag } from '../classfile/model';
import { kindOf, type JClass, type JField, type JMethod, type SlotKind } from './klass';
import type { JThread } from './thread';
import type { VM } from './vm';
import { VmError } from './signals';

export interface FieldSite {
  f: JField;
  key: string;
  kind: SlotKind;
  /** Narrows an int to the field's type (boolean & 1, byte, char, short). */
  narrow: (v: number) => number;
}

export interface MethodSite {
  m: JMethod;
  /** No virtual selection (private, final, invokespecial, static). */
  direct: boolean;
  /** Inline cache: last receiver class and its selected method. */
  ck: JClass | null;
  ct: JMethod | null;
  /**
   * The other receiver classes seen at a polymorphic site, with their selected methods (pairs,
   * up to POLY_CLASSES): a miss of `ck` looks here before the class's method map.
   */
  poly: (JClass | JMethod)[] | null;
}

const POLY_CLASSES = 8;

/**
 * Virtual selection at site `s` for receiver class `k` when the inline cache (`ck`) missed:
 * from the site's polymorphic cache, else VM.selectVirtual (which throws AbstractMethodError);
 * `k` becomes the cached class.
 */
export function selectAtSite(vm: VM, s: MethodSite, k: JClass): JMethod {
  let p = s.poly;
  let m: JMethod | undefined;
  if (p !== null) {
    for (let i = 0; i < p.length; i += 2) {
      if (p[i] === k) {
        m = p[i + 1] as JMethod;
        break;
      }
    }
  }
  if (m === undefined) {
    m = vm.selectVirtual(k, s);
    if (p === null) p = s.poly = [];
    if (p.length < 2 * POLY_CLASSES) p.push(k, m);
  }
  s.ck = k;
  s.ct = m;
  return m;
}

export interface LdcValue {
  kind: 'I' | 'F' | 'J' | 'D' | 'L';
  value: unknown;
}

const ident = (v: number): number => v;
const narrowers: Record<string, (v: number) => number> = {
  Z: (v) => v & 1,
  B: (v) => (v << 24) >> 24,
  C: (v) => v & 0xffff,
  S: (v) => (v << 16) >> 16,
};

/** The name of a field site's narrowing function ('' = identity), or undefined if it is none (boot snapshots). */
export function narrowerName(fn: unknown): string | undefined {
  if (fn === ident) return '';
  for (const [k, f] of Object.entries(narrowers)) if (f === fn) return k;
  return undefined;
}

export function narrowerByName(name: string): (v: number) => number {
  return narrowers[name] ?? ident;
}

function utf8(k: JClass, i: number): string {
  const e = k.cp[i];
  if (!e || e.tag !== Tag.Utf8) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${i} is not a Utf8`);
  return e.value;
}

export function classNameAt(k: JClass, idx: number): string {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.Class) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${idx} is not a Class`);
  return utf8(k, e.nameIndex);
}

export function resolveClassAt(vm: VM, t: JThread, k: JClass, idx: number): JClass {
  const cached = k.cpc[idx] as JClass | undefined;
  if (cached !== undefined) return cached;
  const c = vm.resolveClass(t, k, classNameAt(k, idx));
  checkClassAccess(vm, k, c);
  k.cpc[idx] = c;
  return c;
}

function memberRef(k: JClass, idx: number): { tag: Tag; owner: number; name: string; desc: string } {
  const e = k.cp[idx];
  if (!e || (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref)) {
    throw new VmError('java/lang/ClassFormatError', `${k.javaName}: constant pool #${idx} is not a member reference`);
  }
  const nt = k.cp[e.nameAndTypeIndex];
  if (!nt || nt.tag !== Tag.NameAndType) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: bad NameAndType at #${e.nameAndTypeIndex}`);
  return { tag: e.tag, owner: e.classIndex, name: utf8(k, nt.nameIndex), desc: utf8(k, nt.descriptorIndex) };
}

/** The site of field reference `idx` of `k`'s constant pool; `put` for a putstatic (mid-holders.ts). */
export function resolveFieldSite(vm: VM, t: JThread, k: JClass, idx: number, isStatic: boolean, put = false): FieldSite {
  const cached = k.cpc[idx] as FieldSite | undefined;
  if (cached !== undefined) return cached;
  const ref = memberRef(k, idx);
  const owner = resolveClassAt(vm, t, k, ref.owner);
  const f = owner.findField(ref.name, ref.desc);
  if (!f) throw new VmError('java/lang/NoSuchFieldError', ref.name);
  checkFieldAccess(vm, k, owner, f);
  if (f.isStatic !== isStatic) {
    throw new VmError('java/lang/IncompatibleClassChangeError', `Expected ${isStatic ? 'static' : 'non-static'} field ${owner.javaName}.${ref.name}`);
  }
  const site: FieldSite = { f, key: f.key, kind: kindOf(f.desc), narrow: narrowers[f.desc] ?? ident };
  if (isStatic && !resolvedMidField(vm, f, put)) return site;
  k.cpc[idx] = site;
  return site;
}

export function resolveMethodSite(vm: VM, t: JThread, k: JClass, idx: number, op: number): MethodSite {
  let cache = op === 0xb7 ? k.spc : k.cpc;
  const cached = cache[idx] as MethodSite | undefined;
  if (cached !== undefined) return cached;
  const ref = memberRef(k, idx);
  const owner = resolveClassAt(vm, t, k, ref.owner);
  const isIface = ref.tag === Tag.InterfaceMethodref;
  if (op === 0xb9 && !owner.isInterface) {
    throw new VmError('java/lang/IncompatibleClassChangeError', `Found class ${owner.javaName}, but interface was expected`);
  }
  if (op === 0xb6 && owner.isInterface) {
    throw new VmError('java/lang/IncompatibleClassChangeError', `Found interface ${owner.javaName}, but class was expected`);
  }
  let m = isIface ? owner.resolveInterfaceMethod(ref.name, ref.desc) : owner.resolveMethod(ref.name, ref.desc);
  if (!m) {
    // A class the profiler could not transform lacks the extended methods its transformed
    // callers name: if it fails verification, java throws that VerifyError when it links it.
    if (!owner.verified) linkVerify(vm, t, owner, t.depth >= 0 ? t.frames[t.depth].pc : 0, 'V', () => undefined);
    const kind = op === 0xb8 ? 'static ' : '';
    throw new VmError('java/lang/NoSuchMethodError', `'${kind}${prettyDescriptor(ref.name, ref.desc, owner)}'`);
  }
  if (vm.isSignaturePolymorphic(m)) m = vm.signaturePolymorphic(t, k, m, ref.desc);
  else checkMethodAccess(vm, k, owner, m);
  if (op === 0xb8 && !m.isStatic) throw new VmError('java/lang/IncompatibleClassChangeError', `Expected static method '${prettyDescriptor(m.name, m.desc, m.klass)}'`);
  if (op !== 0xb8 && m.isStatic) throw new VmError('java/lang/IncompatibleClassChangeError', `Expecting non-static method '${prettyDescriptor(m.name, m.desc, m.klass)}'`);
  let direct = op === 0xb8 || m.isPrivate || (m.access & Acc.FINAL) !== 0 || (m.klass.access & Acc.FINAL) !== 0;
  if (op === 0xb7) {
    direct = true;
    // invokespecial of a superclass method (not <init>, not private): select from k's superclass.
    if (m.name !== '<init>' && !m.isPrivate && !owner.isInterface && k !== owner && k.supers.has(owner) && k.superclass) {
      const sel = k.superclass.vmap.get(m.nameDesc);
      if (sel) m = sel;
    }
  }
  if (m.klass.name === 'java/lang/Object' && op === 0xb9) direct = false;
  const site: MethodSite = { m, direct, ck: null, ct: null, poly: null };
  // The class's first invokespecial: its own table (klass.ts NO_SITES, shared, is never written).
  if (cache.length === 0 && op === 0xb7) cache = k.spc = new Array<unknown>(k.cpc.length).fill(undefined);
  cache[idx] = site;
  return site;
}

/** A human-readable method description for NoSuchMethodError (HotSpot style). */
export function prettyDescriptor(name: string, desc: string, owner: JClass): string {
  const close = desc.indexOf(')');
  const params = splitTypes(desc.slice(1, close)).map(typeName);
  const ret = typeName(desc.slice(close + 1));
  return `${ret} ${owner.javaName}.${name}(${params.join(', ')})`;
}

function splitTypes(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let j = i;
    while (s[j] === '[') j++;
    if (s[j] === 'L') j = s.indexOf(';', j);
    out.push(s.slice(i, j + 1));
    i = j + 1;
  }
  return out;
}

export function typeName(d: string): string {
  let dims = 0;
  while (d[dims] === '[') dims++;
  const base = d.slice(dims);
  const names: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean', V: 'void' };
  const n = base.startsWith('L') ? base.slice(1, -1).replace(/\//g, '.') : (names[base] ?? base);
  return n + '[]'.repeat(dims);
}

export function resolveLdc(vm: VM, t: JThread, k: JClass, idx: number): LdcValue {
  const cached = k.cpc[idx];
  if (cached !== undefined) {
    if ((cached as JClass).supers !== undefined) return { kind: 'L', value: vm.mirrorOf(cached as JClass) };
    return cached as LdcValue;
  }
  const e = k.cp[idx];
  let v: LdcValue;
  if (!e) throw new VmError('java/lang/ClassFormatError', `${k.javaName}: ldc of empty constant pool slot #${idx}`);
  switch (e.tag) {
    case Tag.Integer:
      v = { kind: 'I', value: e.value | 0 };
      break;
    case Tag.Float: {
      const dv = new DataView(new ArrayBuffer(4));
      dv.setInt32(0, e.bits);
      v = { kind: 'F', value: dv.getFloat32(0) };
      break;
    }
    case Tag.Long: {
      const b = BigInt.asIntN(64, e.value);
      v = { kind: 'J', value: b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b };
      break;
    }
    case Tag.Double: {
      const dv = new DataView(new ArrayBuffer(8));
      dv.setBigInt64(0, BigInt.asIntN(64, e.bits));
      v = { kind: 'D', value: dv.getFloat64(0) };
      break;
    }
    case Tag.String:
      v = { kind: 'L', value: vm.intern(utf8(k, e.stringIndex)) };
      break;
    case Tag.Class:
      // Not cached here: cpc[idx] holds the JClass for new/checkcast/instanceof.
      return { kind: 'L', value: vm.mirrorOf(resolveClassAt(vm, t, k, idx)) };
    case Tag.MethodType:
      v = { kind: 'L', value: vm.methodTypeConstant(t, k, utf8(k, e.descriptorIndex)) };
      break;
    case Tag.MethodHandle:
      v = { kind: 'L', value: vm.methodHandleConstant(t, k, e.referenceKind, e.referenceIndex) };
      break;
    case Tag.Dynamic:
      v = vm.dynamicConstant(t, k, idx);
      break;
    default:
      throw new VmError('java/lang/ClassFormatError', `${k.javaName}: ldc of constant pool tag ${e.tag}`);
  }
  k.cpc[idx] = v;
  return v;
}

/** invokedynamic at `pc` of `m`: linked once per instruction to a static method. */
export function linkInvokeDynamic(vm: VM, t: JThread, m: JMethod, pc: number): JMethod {
  let sites = vm.indySites.get(m);
  if (sites === undefined) {
    sites = new Map();
    vm.indySites.set(m, sites);
  }
  const s = sites.get(pc);
  if (s !== undefined) return s;
  const code = m.code as Uint8Array;
  const idx = (code[pc + 1] << 8) | code[pc + 2];
  const target = vm.linkCallSite(t, m, pc, idx);
  sites.set(pc, target);
  return target;
}
