// The embedded JVM's classes laid out as HotSpot lays them out (field-layout.ts): the offset of
// each field that Unsafe and MethodHandleNatives give Java code, and, per class, the field at
// each offset (Unsafe's accesses, VarHandles and field method handles go through them). A
// class's layout is made at its first use and kept on the class (JClass.layout; a boot
// snapshot drops it, a restored class makes it again, the same).

import { Tag, type ClassFile } from '../classfile/model';
import type { JClass, JField } from './klass';
import { fieldOf, layoutFields, type LayoutField, type LayoutResult } from './field-layout';

/** A class's layout: its fields' offsets, and the fields at each offset. */
export interface ClassLayout {
  readonly fields: LayoutResult;
  /** Instance fields, the superclasses' too, by offset. */
  readonly instanceAt: (JField | undefined)[];
  /** The class's static fields by their offset in its mirror. */
  readonly staticAt: (JField | undefined)[];
}

/** What the layout needs of the VM (vm.ts VM): the JDK's version and java.lang.Class. */
export interface LayoutVm {
  readonly opts: { readonly jdk: { readonly feature: number } };
  readonly classes: { loadBoot(name: string): JClass };
}

const CONTENDED = 'Ljdk/internal/vm/annotation/Contended;';

/**
 * Fields HotSpot injects into JDK classes (javaClasses.hpp's *_INJECTED_FIELDS; intptr is a
 * long on x86_64), after the class file's. JDK 17, then what JDK 25 changes.
 */
const INJECTED_17: Record<string, string> = {
  'java/lang/String': 'B',
  'java/lang/Class': 'JJIILLL', // klass, array_klass, oop_size, static_oop_field_count, protection_domain, signers, source_file
  'java/lang/ClassLoader': 'J', // loader_data
  'java/lang/invoke/ResolvedMethodName': 'LJ', // vmholder, vmtarget
  'java/lang/invoke/MemberName': 'J', // vmindex
  'java/lang/invoke/MethodHandleNatives$CallSiteContext': 'JJ', // vmdependencies, last_cleanup
  'java/lang/StackFrameInfo': 'S', // version
  'java/lang/Module': 'J', // module_entry
  'java/lang/InternalError': 'Z', // during_unsafe_access
};
const INJECTED_25: Record<string, string> = {
  ...INJECTED_17,
  'java/lang/Class': 'JJIILL', // klass, array_klass, oop_size, static_oop_field_count, source_file, init_lock (protection domain and signers are Java fields)
  'java/lang/Thread': 'JIZS', // jvmti_thread_state, jvmti_VTMS_transition_disable_count, jvmti_is_in_VTMS_transition, jfr_epoch
  'java/lang/VirtualThread': 'J', // objectWaiter
  'java/lang/invoke/CallSite': 'JJ', // vmdependencies, last_cleanup (CallSite's own since JDK 23; no CallSiteContext)
  'jdk/internal/vm/StackChunk': 'LBJIB', // cont, flags, pc, maxThawingSize, lockStackSize
};

function injected(vm: LayoutVm, k: JClass): string {
  if (k.loader !== null) return '';
  return (vm.opts.jdk.feature >= 25 ? INJECTED_25 : INJECTED_17)[k.name] ?? '';
}

/** The layout of class `k` (made on first use). */
export function layoutOf(vm: LayoutVm, k: JClass): ClassLayout {
  return k.layout ?? (k.layout = makeLayout(vm, k));
}

/** The offset of field `f`: in its objects, or, static, in its class's mirror. */
export function fieldOffset(vm: LayoutVm, f: JField): number {
  return layoutOf(vm, f.klass).fields.offsets[f.index];
}

/** The instance field of objects of class `k` at offset `off`. */
export function instanceFieldAt(vm: LayoutVm, k: JClass, off: number): JField | undefined {
  return (k.layout ?? layoutOf(vm, k)).instanceAt[off];
}

/** The static field of class `k` at offset `off` in its mirror. */
export function staticFieldAt(vm: LayoutVm, k: JClass, off: number): JField | undefined {
  return (k.layout ?? layoutOf(vm, k)).staticAt[off];
}

let staticBases: [number, number] | null = null;

/** Where static fields start in a mirror: java.lang.Class's instance size. */
function staticBase(vm: LayoutVm): number {
  const feature = vm.opts.jdk.feature;
  if (staticBases !== null && staticBases[0] === feature) return staticBases[1];
  const base = layoutOf(vm, vm.classes.loadBoot('java/lang/Class')).fields.instanceSize;
  staticBases = [feature, base];
  return base;
}

function makeLayout(vm: LayoutVm, k: JClass): ClassLayout {
  // (An interface has static fields only: its superclass does not matter.)
  const sup = k.superclass === null ? null : layoutOf(vm, k.superclass);
  const contended = k.contended;
  const input: LayoutField[] = k.fields.map((f) => fieldOf(f.desc, f.isStatic, contended === null ? -1 : contended[f.index]));
  for (const d of injected(vm, k)) input.push(fieldOf(d, false));
  const fields = layoutFields(input, sup === null ? null : sup.fields, contended !== null && contended[k.fields.length] === 1, { jdk25: vm.opts.jdk.feature >= 25 });
  let offsets = fields.offsets;
  if (k.fields.some((f) => f.isStatic)) {
    // (java.lang.Class's own static fields come after its instance fields, like any mirror's.)
    const base = k.name === 'java/lang/Class' && k.loader === null ? fields.instanceSize : staticBase(vm);
    offsets = offsets.map((o, i) => (i < k.fields.length && k.fields[i].isStatic ? o + base : o));
  }
  const instanceAt: (JField | undefined)[] = sup === null ? [] : sup.instanceAt.slice();
  const staticAt: (JField | undefined)[] = [];
  for (const f of k.fields) {
    const off = offsets[f.index];
    const at = f.isStatic ? staticAt : instanceAt;
    while (at.length <= off) at.push(undefined);
    at[off] = f;
  }
  return { fields: { ...fields, offsets }, instanceAt, staticAt };
}

/**
 * JClass.contended of a class being defined from `cf`: @Contended of each field (-1 none, 0 no
 * group, else the group name's pool index), then 1 if the class has it; null when nothing has
 * it, and for classes of other loaders than the boot and platform loaders (RestrictContended).
 */
export function contendedOf(k: JClass, cf: ClassFile): Int32Array | null {
  if (k.loader !== null && k.loader.klass.name !== 'jdk/internal/loader/ClassLoaders$PlatformClassLoader') return null;
  const utf8 = (i: number): string | null => {
    const e = cf.constantPool[i];
    return e !== undefined && e.tag === Tag.Utf8 ? e.value : null;
  };
  let out: Int32Array | null = null;
  const n = cf.fields.length;
  for (let i = 0; i <= n; i++) {
    const g = contendedIn(i < n ? cf.fields[i].attributes : cf.attributes, utf8);
    if (g < 0) continue;
    out ??= new Int32Array(n + 1).fill(-1);
    out[i] = i < n ? g : 1;
  }
  return out;
}

/** The @Contended group of an annotated member (as ClassFileParser reads it), or -1. */
function contendedIn(attributes: ClassFile['attributes'], utf8: (i: number) => string | null): number {
  for (const a of attributes) {
    if (a.name === 'Unknown' && a.attributeName === 'RuntimeVisibleAnnotations') {
      const g = contendedGroup(a.data, utf8);
      if (g >= 0) return g;
    } else if (a.name === 'RuntimeVisibleAnnotations') {
      // (Decoded, when read without CLASS_READ_OPTIONS.)
      for (const an of a.annotations) {
        if (utf8(an.typeIndex) !== CONTENDED) continue;
        const p = an.pairs.length === 1 ? an.pairs[0] : undefined;
        if (p !== undefined && utf8(p.nameIndex) === 'value' && p.value.tag === 's' && (utf8(p.value.constValueIndex) ?? '') !== '') return p.value.constValueIndex;
        return 0;
      }
    }
  }
  return -1;
}

/**
 * In a RuntimeVisibleAnnotations body: @Contended's group, HotSpot's way: the constant-pool
 * index of its one `value` string, 0 for none or an empty name; -1 when not annotated.
 */
function contendedGroup(d: Uint8Array, utf8: (i: number) => string | null): number {
  let p = 0;
  const u2 = (): number => {
    const v = (d[p] << 8) | d[p + 1];
    p += 2;
    return v;
  };
  const skipValue = (): void => {
    const tag = d[p++];
    if (tag === 0x65 /* e */) p += 4;
    else if (tag === 0x40 /* @ */) skipAnnotation();
    else if (tag === 0x5b /* [ */) for (let n = u2(); n > 0; n--) skipValue();
    else p += 2;
  };
  const skipAnnotation = (): void => {
    u2();
    for (let n = u2(); n > 0; n--) {
      u2();
      skipValue();
    }
  };
  if (d.length < 2) return -1;
  for (let n = u2(); n > 0 && p < d.length; n--) {
    const type = utf8(u2());
    const pairs = u2();
    if (type !== CONTENDED) {
      for (let i = 0; i < pairs; i++) {
        u2();
        skipValue();
      }
      continue;
    }
    let group = 0;
    for (let i = 0; i < pairs; i++) {
      const name = utf8(u2());
      if (pairs === 1 && name === 'value' && d[p] === 0x73 /* s */) {
        const idx = (d[p + 1] << 8) | d[p + 2];
        if ((utf8(idx) ?? '') !== '') group = idx;
      }
      skipValue();
    }
    return group;
  }
  return -1;
}
