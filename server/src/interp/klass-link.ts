// Filling a class from its class file and linking it (JVMS 5.4): the embedded JVM's JClass
// (klass.ts) gets its fields and methods from the parsed ClassFile, then at linking its field
// storage keys, supertypes, instance-constructor spec, static storage and virtual-method table
// (selection per JVMS 5.4.6, default methods included).

import { Acc, Tag, type ClassFile, type ExceptionTableEntry } from '../classfile/model';
import { CodeModelError } from '../classfile/errors';
import { VmError } from './signals';
import { JClass, JField, JMethod, NO_SITES, defaultValue } from './klass';
import { mathIntrinsics } from './natives/java/lang/Math';
import { PROFILE_WRITER_INTRINSICS } from './natives/komorium/rt/ProfileWriter';
import { THREAD_DATA_INTRINSICS } from './natives/komorium/rt/ThreadData';
import { contendedOf } from './layout';

/** A field descriptor (JVMS 4.3.2), at most 255 array dimensions. */
const FIELD_DESCRIPTOR = /^\[{0,255}(?:[BCDFIJSZ]|L[^;[.]+;)$/;

/** The Math methods run as natives, by JDK feature release. */
const MATH_BY_FEATURE = new Map<number, ReadonlySet<string>>();

/** Fills in fields and methods of a class from its class file (before linking), for JDK `feature`. */
export function populateFromClassFile(k: JClass, cf: ClassFile, feature: number): void {
  const cp = cf.constantPool;
  const utf = (i: number): string => {
    const e = cp[i];
    if (!e || e.tag !== Tag.Utf8) throw new Error(`constant pool #${i} is not a Utf8`);
    return e.value;
  };
  k.cf = cf;
  k.cp = cp;
  k.cpc = new Array(cp.length).fill(undefined);
  // invokespecial sites: a table of the pool's length made at the class's first one
  // (resolve.ts resolveMethodSite; klass.ts NO_SITES).
  k.spc = NO_SITES;
  cf.fields.forEach((fi, idx) => {
    const fname = utf(fi.nameIndex);
    const fdesc = utf(fi.descriptorIndex);
    if (!FIELD_DESCRIPTOR.test(fdesc)) throw new VmError('java/lang/ClassFormatError', `Field "${fname}" in class ${k.name} has illegal signature "${fdesc}"`);
    const f = new JField(k, fname, fdesc, fi.accessFlags);
    f.index = idx;
    for (const a of fi.attributes) if (a.name === 'ConstantValue') f.constantValue = cp[a.valueIndex];
    k.fields.push(f);
  });
  cf.methods.forEach((mi, idx) => {
    const mname = utf(mi.nameIndex);
    const mdesc = utf(mi.descriptorIndex);
    // HotSpot's Math intrinsics run as natives (natives/java/lang/Math.ts; tanh and cbrt from
    // JDK 24 and 25, HotSpot's own routines there, Math's Java code before), and JDK 25's
    // StrictMath.sqrt (FdLibm's Java code there; HotSpot's java_lang_math_sqrt_strict entry); so
    // does the profiler runtime's profile writing (natives/komorium/rt/ProfileWriter.ts) and its
    // per-sample random draw (natives/komorium/rt/ThreadData.ts).
    const intrinsic =
      k.loader === null &&
      ((k.name === 'java/lang/Math' && mathIntrinsicsOf(feature).has(mname + mdesc)) ||
        (k.name === 'java/lang/StrictMath' && mname + mdesc === 'sqrt(D)D' && (mi.accessFlags & Acc.NATIVE) === 0) ||
        (k.name === 'komorium/rt/ProfileWriter' && PROFILE_WRITER_INTRINSICS.has(mname + mdesc)) ||
        (k.name === 'komorium/rt/ThreadData' && THREAD_DATA_INTRINSICS.has(mname + mdesc)));
    let m: JMethod;
    try {
      m = new JMethod(k, mname, mdesc, mi.accessFlags | (intrinsic ? Acc.NATIVE : 0), idx);
    } catch (e) {
      // HotSpot's class-file parser: ClassFormatError naming the member (not a JS error).
      if (e instanceof CodeModelError) throw new VmError('java/lang/ClassFormatError', `Method "${mname}" in class ${k.name} has illegal signature "${mdesc}"`);
      throw e;
    }
    m.index = idx;
    m.intrinsic = intrinsic;
    for (const a of mi.attributes) {
      if (a.name !== 'Code' || intrinsic) continue;
      m.code = a.code;
      m.maxStack = a.maxStack;
      m.maxLocals = a.maxLocals;
      m.handlers = a.exceptionTable.map((e: ExceptionTableEntry) => ({ start: e.startPc, end: e.endPc, handler: e.handlerPc, catchType: e.catchType }));
      const lines: number[] = [];
      for (const ca of a.attributes) if (ca.name === 'LineNumberTable') for (const l of ca.lines) lines.push(l.startPc, l.line);
      if (lines.length > 0) {
        const pairs: [number, number][] = [];
        for (let i = 0; i < lines.length; i += 2) pairs.push([lines[i], lines[i + 1]]);
        pairs.sort((a2, b2) => a2[0] - b2[0]);
        m.lines = Int32Array.from(pairs.flat());
      }
    }
    k.methods.push(m);
    k.declared.set(m.nameDesc, m);
  });
  for (const a of cf.attributes) if (a.name === 'SourceFile') k.sourceFile = utf(a.sourceFileIndex);
  k.contended = contendedOf(k, cf);
}

const RESERVED = new Set(['klass', 'mon', 'ihash', 'data', 'constructor', '__proto__']);

/** Extra hidden properties some JDK classes carry for the VM (kept in the stable shape). */
const VM_PROPS: Record<string, string[]> = {
  'java/lang/Class': ['$vm'],
  'java/lang/Thread': ['$vm'],
  'java/lang/ClassLoader': ['$vm'],
  'java/lang/String': ['$js'],
  'java/lang/invoke/MemberName': ['$vm'],
  'java/lang/invoke/MethodType': ['$vm'],
  'java/lang/invoke/ResolvedMethodName': ['$vm'],
  'java/lang/invoke/CallSite': ['$vm'],
};

/**
 * Links a class whose superclass and interfaces are linked: field keys and slots, the
 * instance constructor, static storage, supertypes and the virtual-method table.
 */
export function linkClass(k: JClass): void {
  if (k.linked) return;
  const sup = k.superclass;
  // Supertypes.
  if (sup) for (const s of sup.supers) k.supers.add(s);
  for (const i of k.interfaces) for (const s of i.supers) k.supers.add(s);
  // Instance fields: inherited first; keys unique along the chain.
  const used = new Set<string>();
  const inst: JField[] = [];
  if (sup) {
    for (const f of sup.instanceFields) {
      used.add(f.key);
      inst.push(f);
    }
  }
  let statics = 0;
  for (const f of k.fields) {
    if (f.isStatic) {
      f.slot = statics++;
      continue;
    }
    let key = `${f.name}`;
    if (RESERVED.has(key) || key.startsWith('$')) key = `_${key}`;
    while (used.has(key)) key = `${key}_`;
    used.add(key);
    f.key = key;
    inst.push(f);
  }
  k.instanceFields = inst;
  k.staticValues = k.fields.filter((f) => f.isStatic).map((f) => defaultValue(f.desc));
  // Instance constructor with every field (and VM-private property) created up front.
  const extra: string[] = [];
  for (let c: JClass | null = k; c !== null; c = c.superclass) for (const p of VM_PROPS[c.name] ?? []) if (!extra.includes(p)) extra.push(p);
  // The instance constructor is generated on first instantiation (many classes never are).
  k.ctorFields = inst;
  k.ctorExtra = extra;
  // Virtual methods.
  const vmap = new Map<string, JMethod>(sup ? sup.vmap : undefined);
  for (const m of k.methods) {
    if (m.isStatic || m.name === '<init>' || m.name === '<clinit>') continue;
    if (m.isPrivate) continue;
    if (!k.isInterface || !m.isAbstract || !vmap.has(m.nameDesc)) vmap.set(m.nameDesc, m);
  }
  if (!k.isInterface) {
    // Default methods of superinterfaces not implemented along the class chain.
    const defaults = new Map<string, JMethod>();
    for (const s of k.supers) {
      if (!s.isInterface) continue;
      for (const m of s.methods) {
        if (m.isStatic || m.isPrivate || m.name === '<clinit>') continue;
        const have = vmap.get(m.nameDesc);
        if (have && !have.klass.isInterface) continue;
        const cur = defaults.get(m.nameDesc);
        if (!cur) defaults.set(m.nameDesc, m);
        else if (m.klass.supers.has(cur.klass)) defaults.set(m.nameDesc, m);
        else if (cur.isAbstract && !m.isAbstract && !cur.klass.supers.has(m.klass)) defaults.set(m.nameDesc, m);
      }
    }
    for (const [key, m] of defaults) {
      const have = vmap.get(key);
      if (!have || have.klass.isInterface) vmap.set(key, m);
    }
  }
  k.vmap = vmap;
  k.linked = true;
}

function mathIntrinsicsOf(feature: number): ReadonlySet<string> {
  let set = MATH_BY_FEATURE.get(feature);
  if (!set) MATH_BY_FEATURE.set(feature, (set = mathIntrinsics(feature)));
  return set;
}
