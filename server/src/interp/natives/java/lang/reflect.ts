// Reflection natives: java.lang.Class's getDeclared{Methods,Fields,Constructors}0 and friends,
// the native method/constructor accessors (Method.invoke, Constructor.newInstance) and
// jdk.internal.reflect.ConstantPool (read by the annotation parser).
//
// Members added by the Komorium transformer (extended methods taking TC/MID[]/int, the MID
// fields) are hidden, so profiled programs see the classes they were written with.

import { Acc, Tag, type Attribute } from '../../../../classfile/model';
import { ByteWriter } from '../../../../classfile/bytes';
import { writeAttributes } from '../../../../classfile/attributes/index';
import type { WriteContext } from '../../../../classfile/attributes/context';
import { InitState, type JClass, type JField, type JMethod } from '../../../klass';
import { JArray, type JObject } from '../../../object';
import { isAssignable } from '../../../ops';
import { PENDING, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import { pushCall } from '../../../calls';
import { verifyThen } from '../../../verify-link';
import { hotspotMethodOrder } from '../../../symbol-order';
import { throwConstructed } from '../../../raise';
import type { NativeTable } from '../../registry';
import { bool, classOf, getField, nonNull } from '../../util';

const EXTRA = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

export function isHiddenMethod(m: JMethod): boolean {
  return m.desc.includes(EXTRA);
}

export function isHiddenField(f: JField): boolean {
  return f.name.startsWith('$komorium$');
}

/** Class names of the types in a descriptor (parameters and return) that are references. */
function typeNames(desc: string): string[] {
  const out: string[] = [];
  const re = /L([^;]+);/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(desc)) !== null) out.push(m[1]);
  return out;
}

/** The Class object for a field descriptor, resolved with `k`'s loader (already loaded). */
export function typeMirror(vm: VM, k: JClass, desc: string): JObject {
  let dims = 0;
  while (desc[dims] === '[') dims++;
  const el = desc.slice(dims);
  let c: JClass;
  if (el.length === 1) c = vm.classes.primitive(el);
  else {
    const n = el.slice(1, -1);
    // A hidden class is not found by name, even by its own loader: its own type is itself.
    const found = n === k.name ? k : (vm.classes.findLoaded(k.loader, n) ?? (k.loader === null ? vm.classes.tryBoot(n) : undefined));
    if (!found) throw new VmError('java/lang/NoClassDefFoundError', n);
    c = found;
  }
  for (let i = 0; i < dims; i++) c = vm.classes.arrayOf(c);
  return vm.mirrorOf(c);
}

function classArray(vm: VM, items: JObject[]): JArray {
  return vm.newObjectArray(vm.classes.loadBoot('java/lang/Class'), items);
}

/**
 * A Method's or Constructor's parameter or exception types as HotSpot's reflection gives them:
 * none is its one empty Class[] (Universe::the_empty_class_array: reflection.cpp
 * get_parameter_types and Method::resolved_checked_exceptions; java 17.0.21 and 25 alike), shared
 * by every such member, so `Arrays.equals` of two of them returns at `a == a2` (PublicMethods'
 * keys in Class.getMethods) and JDK 25's getParameterTypes() returns that same array (it does not
 * clone an empty one). A new array each time counted the rest of Arrays.equals on this engine
 * only (reflection-members: 48 main-thread bytecodes, JDK 17 and 25).
 */
function memberTypes(vm: VM, items: JObject[]): JArray {
  if (items.length > 0) return classArray(vm, items);
  vm.emptyClassArray ??= classArray(vm, []);
  return vm.emptyClassArray;
}

function attr(attrs: readonly Attribute[], name: string): Attribute | undefined {
  return attrs.find((a) => a.name === name || (a.name === 'Unknown' && a.attributeName === name));
}

/** The body bytes of an attribute as a Java byte[] (null when absent). */
function rawAttribute(vm: VM, k: JClass, a: Attribute | undefined): JArray | null {
  if (!a) return null;
  if (a.name === 'Unknown') return vm.newArray('B', new Int8Array(a.data.buffer.slice(a.data.byteOffset, a.data.byteOffset + a.data.length)));
  const w = new ByteWriter(256);
  const ctx: WriteContext = { w, pool: k.cp, attributes: (list) => writeAttributes(ctx, list) };
  writeAttributes(ctx, [a]);
  const bytes = w.finish().subarray(8);
  return vm.newArray('B', new Int8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
}

function signature(vm: VM, k: JClass, attrs: readonly Attribute[]): JObject | null {
  const a = attr(attrs, 'Signature');
  if (!a || a.name !== 'Signature') return null;
  const e = k.cp[a.signatureIndex];
  return e && e.tag === Tag.Utf8 ? vm.intern(e.value) : null;
}

function exceptionNames(k: JClass, attrs: readonly Attribute[]): string[] {
  const a = attr(attrs, 'Exceptions');
  if (!a || a.name !== 'Exceptions') return [];
  return a.exceptionIndices.map((i) => {
    const e = k.cp[i];
    const n = e && e.tag === Tag.Class ? k.cp[e.nameIndex] : undefined;
    return n && n.tag === Tag.Utf8 ? n.value : 'java/lang/Throwable';
  });
}

function loadedClass(vm: VM, k: JClass, name: string): JClass {
  const c = vm.classes.findLoaded(k.loader, name) ?? (k.loader === null ? vm.classes.tryBoot(name) : undefined);
  if (!c) throw new VmError('java/lang/NoClassDefFoundError', name);
  return c;
}

function set(o: JObject, vm: VM, name: string, v: unknown): void {
  (o as unknown as Record<string, unknown>)[vm.field(o.klass, name).key] = v;
}

function newMethodObject(vm: VM, m: JMethod): JObject {
  const k = m.klass;
  const info = k.cf!.methods[m.memberIndex];
  const o = vm.allocObject(vm.classes.loadBoot('java/lang/reflect/Method'));
  set(o, vm, 'clazz', vm.mirrorOf(k));
  set(o, vm, 'name', vm.intern(m.name));
  set(o, vm, 'parameterTypes', memberTypes(vm, m.params.map((p) => typeMirror(vm, k, p))));
  set(o, vm, 'returnType', typeMirror(vm, k, m.ret));
  set(o, vm, 'exceptionTypes', memberTypes(vm, exceptionNames(k, info.attributes).map((n) => vm.mirrorOf(loadedClass(vm, k, n)))));
  set(o, vm, 'modifiers', m.access & 0x1dff & ~(m.intrinsic ? 0x100 : 0));
  set(o, vm, 'slot', m.index);
  set(o, vm, 'signature', signature(vm, k, info.attributes));
  set(o, vm, 'annotations', rawAttribute(vm, k, attr(info.attributes, 'RuntimeVisibleAnnotations')));
  set(o, vm, 'parameterAnnotations', rawAttribute(vm, k, attr(info.attributes, 'RuntimeVisibleParameterAnnotations')));
  set(o, vm, 'annotationDefault', rawAttribute(vm, k, attr(info.attributes, 'AnnotationDefault')));
  return o;
}

function newConstructorObject(vm: VM, m: JMethod): JObject {
  const k = m.klass;
  const info = k.cf!.methods[m.memberIndex];
  const o = vm.allocObject(vm.classes.loadBoot('java/lang/reflect/Constructor'));
  set(o, vm, 'clazz', vm.mirrorOf(k));
  set(o, vm, 'parameterTypes', memberTypes(vm, m.params.map((p) => typeMirror(vm, k, p))));
  set(o, vm, 'exceptionTypes', memberTypes(vm, exceptionNames(k, info.attributes).map((n) => vm.mirrorOf(loadedClass(vm, k, n)))));
  set(o, vm, 'modifiers', m.access & 0x1fff);
  set(o, vm, 'slot', m.index);
  set(o, vm, 'signature', signature(vm, k, info.attributes));
  set(o, vm, 'annotations', rawAttribute(vm, k, attr(info.attributes, 'RuntimeVisibleAnnotations')));
  set(o, vm, 'parameterAnnotations', rawAttribute(vm, k, attr(info.attributes, 'RuntimeVisibleParameterAnnotations')));
  return o;
}

function newFieldObject(vm: VM, f: JField): JObject {
  const k = f.klass;
  const info = k.cf!.fields[f.index];
  const o = vm.allocObject(vm.classes.loadBoot('java/lang/reflect/Field'));
  set(o, vm, 'clazz', vm.mirrorOf(k));
  set(o, vm, 'name', vm.intern(f.name));
  set(o, vm, 'type', typeMirror(vm, k, f.desc));
  set(o, vm, 'modifiers', f.access & 0x50df);
  set(o, vm, 'trustedFinal', bool((f.access & Acc.FINAL) !== 0 && (f.isStatic || k.hidden || k.cf!.attributes.some((a) => a.name === 'Record'))));
  set(o, vm, 'slot', f.index);
  set(o, vm, 'signature', signature(vm, k, info.attributes));
  set(o, vm, 'annotations', rawAttribute(vm, k, attr(info.attributes, 'RuntimeVisibleAnnotations')));
  return o;
}

/** Loads every class named in the descriptors (through k's loader), then `then()`. */
function withTypes(vm: VM, t: JThread, k: JClass, descs: string[], then: () => unknown): unknown {
  const names = new Set<string>();
  for (const d of descs) for (const n of typeNames(d)) if (n !== k.name) names.add(n);
  return vm.classes.withClasses(t, k.loader, [...names], then);
}

function declaredMethods(vm: VM, t: JThread, mirror: JObject, publicOnly: boolean, ctors: boolean): unknown {
  const k = classOf(vm, mirror);
  if (k.isArray || k.isPrimitive) return vm.newObjectArray(vm.classes.loadBoot(ctors ? 'java/lang/reflect/Constructor' : 'java/lang/reflect/Method'), []);
  // In the order HotSpot sorted them when it parsed the class (symbol-order.ts).
  const ms = hotspotMethodOrder(vm, k).filter((m) => (ctors ? m.name === '<init>' : m.name !== '<init>' && m.name !== '<clinit>') && (!publicOnly || (m.access & Acc.PUBLIC) !== 0) && !isHiddenMethod(m));
  const descs = ms.map((m) => m.desc);
  for (const m of ms) descs.push(...exceptionNames(k, k.cf!.methods[m.memberIndex].attributes).map((n) => `L${n};`));
  return withTypes(vm, t, k, descs, () =>
    vm.newObjectArray(
      vm.classes.loadBoot(ctors ? 'java/lang/reflect/Constructor' : 'java/lang/reflect/Method'),
      ms.map((m) => (ctors ? newConstructorObject(vm, m) : newMethodObject(vm, m))),
    ),
  );
}

/** Unboxes/widens reflective arguments for `m` (IllegalArgumentException on mismatch). */
function unpackArgs(vm: VM, m: JMethod, args: JObject | null): unknown[] {
  const list = args === null ? [] : ((args as JArray).data as (JObject | null)[]);
  if (list.length !== m.params.length) throw new VmError('java/lang/IllegalArgumentException', `wrong number of arguments: ${list.length} expected: ${m.params.length}`);
  return m.params.map((p, i) => {
    const a = list[i];
    if (p.length === 1) {
      if (a === null) throw new VmError('java/lang/IllegalArgumentException', null);
      return vm.unboxWiden(a, p);
    }
    if (a !== null) {
      const want = vm.classOfMirror(typeMirror(vm, m.klass, p));
      if (!isAssignable(a.klass, want)) throw new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');
    }
    return a;
  });
}

/**
 * Wraps an exception thrown by the invoked method in InvocationTargetException. HotSpot's
 * Reflection::invoke does it with THROW_ARG: the Java constructor `<init>(Throwable)` runs
 * (counted with the JDK instrumented); so here after the boot (raise.ts throwConstructed).
 */
function wrapTarget(vm: VM, t: JThread, exc: JObject): JObject | null {
  return throwConstructed(vm, t, 'java/lang/reflect/InvocationTargetException', '(Ljava/lang/Throwable;)V', [exc], () => {
    const ite = vm.newThrowable(t, 'java/lang/reflect/InvocationTargetException', null, exc);
    set(ite, vm, 'target', exc);
    return ite;
  });
}

function invoke(vm: VM, t: JThread, method: JObject | null, recv: JObject | null, args: JObject | null): unknown {
  const mo = nonNull(method);
  const k = classOf(vm, getField(vm, mo, 'java/lang/reflect/Method', 'clazz') as JObject);
  let m = k.methods[getField(vm, mo, 'java/lang/reflect/Method', 'slot') as number];
  const values = unpackArgs(vm, m, args);
  const run = (): unknown => {
    if (!m.isStatic) {
      if (recv === null) throw new VmError('java/lang/NullPointerException', null);
      if (!isAssignable(recv.klass, k)) throw new VmError('java/lang/IllegalArgumentException', 'object is not an instance of declaring class');
      if (!m.isPrivate) {
        const sel = recv.klass.vmap.get(m.nameDesc);
        if (sel) m = sel;
      }
    }
    pushCall(vm, t, m, m.isStatic ? values : [recv, ...values], {
      kind: 'L',
      resumePc: -1,
      base: -1,
      onReturn: (v) => (m.ret.length === 1 ? (m.ret === 'V' ? null : vm.box(m.ret, v)) : v),
      onThrow: (exc) => wrapTarget(vm, t, exc),
    });
    throw PENDING;
  };
  if (m.isStatic && k.state !== InitState.Initialized) return vm.initializeThen(t, k, run);
  return run();
}

function newInstance(vm: VM, t: JThread, ctor: JObject | null, args: JObject | null): unknown {
  const co = nonNull(ctor);
  const k = classOf(vm, getField(vm, co, 'java/lang/reflect/Constructor', 'clazz') as JObject);
  const m = k.methods[getField(vm, co, 'java/lang/reflect/Constructor', 'slot') as number];
  if (k.isAbstract || k.isInterface) throw new VmError('java/lang/InstantiationException', null);
  const values = unpackArgs(vm, m, args);
  return vm.initializeThen(t, k, () => {
    const o = vm.allocObject(k);
    pushCall(vm, t, m, [o, ...values], {
      kind: 'L',
      resumePc: -1,
      base: -1,
      onReturn: () => o,
      onThrow: (exc) => wrapTarget(vm, t, exc),
    });
    throw PENDING;
  });
}

export const reflectionNatives: NativeTable = {
  // HotSpot links (verifies) the class before listing its methods or constructors.
  'getDeclaredMethods0(Z)[Ljava/lang/reflect/Method;': (vm: VM, t: JThread, self: JObject, publicOnly: number) =>
    verifyThen(vm, t, classOf(vm, self), () => declaredMethods(vm, t, self, publicOnly !== 0, false)),
  'getDeclaredConstructors0(Z)[Ljava/lang/reflect/Constructor;': (vm: VM, t: JThread, self: JObject, publicOnly: number) =>
    verifyThen(vm, t, classOf(vm, self), () => declaredMethods(vm, t, self, publicOnly !== 0, true)),
  'getDeclaredFields0(Z)[Ljava/lang/reflect/Field;': (vm: VM, t: JThread, self: JObject, publicOnly: number) => {
    const k = classOf(vm, self);
    const fs = k.fields.filter((f) => (!publicOnly || (f.access & Acc.PUBLIC) !== 0) && !isHiddenField(f));
    return withTypes(vm, t, k, fs.map((f) => f.desc), () => vm.newObjectArray(vm.classes.loadBoot('java/lang/reflect/Field'), fs.map((f) => newFieldObject(vm, f))));
  },
  'getDeclaredClasses0()[Ljava/lang/Class;': (vm: VM, t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const names: string[] = [];
    const ic = k.cf?.attributes.find((a) => a.name === 'InnerClasses');
    if (ic && ic.name === 'InnerClasses') {
      for (const c of ic.classes) {
        if (c.outerClassInfoIndex === 0 || c.innerNameIndex === 0) continue;
        const oe = k.cp[c.outerClassInfoIndex];
        const on = oe && oe.tag === Tag.Class ? k.cp[oe.nameIndex] : undefined;
        if (!on || on.tag !== Tag.Utf8 || on.value !== k.name) continue;
        const ie = k.cp[c.innerClassInfoIndex];
        const inn = ie && ie.tag === Tag.Class ? k.cp[ie.nameIndex] : undefined;
        if (inn && inn.tag === Tag.Utf8) names.push(inn.value);
      }
    }
    return vm.classes.withClasses(t, k.loader, names, () => classArray(vm, names.map((n) => vm.mirrorOf(loadedClass(vm, k, n)))));
  },
  'getGenericSignature0()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    return k.cf ? signature(vm, k, k.cf.attributes) : null;
  },
  'getRawAnnotations()[B': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    return k.cf ? rawAttribute(vm, k, attr(k.cf.attributes, 'RuntimeVisibleAnnotations')) : null;
  },
  'getRawTypeAnnotations()[B': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    return k.cf ? rawAttribute(vm, k, attr(k.cf.attributes, 'RuntimeVisibleTypeAnnotations')) : null;
  },
  // HotSpot's reflect_ConstantPool::create initialises the class first: its <clinit> (counted
  // when the JDK is instrumented) registers its field with Reflection's filters, at a program's
  // first annotation read (`arrays`: 230 samples under main on HotSpot only, in
  // StreamOpFlag.<clinit>'s EnumMap).
  'getConstantPool()Ljdk/internal/reflect/ConstantPool;': (vm: VM, t: JThread, self: JObject) => {
    const k = vm.classes.loadBoot('jdk/internal/reflect/ConstantPool');
    return vm.initializeThen(t, k, () => {
      const cp = vm.allocObject(k);
      set(cp, vm, 'constantPoolOop', self);
      return cp;
    });
  },
  'getRecordComponents0()[Ljava/lang/reflect/RecordComponent;': (vm: VM, t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const rec = k.cf?.attributes.find((a) => a.name === 'Record');
    if (!rec || rec.name !== 'Record') return null;
    const comps = rec.components.map((c) => {
      const n = k.cp[c.nameIndex];
      const d = k.cp[c.descriptorIndex];
      return { name: n && n.tag === Tag.Utf8 ? n.value : '', desc: d && d.tag === Tag.Utf8 ? d.value : 'V', attrs: c.attributes };
    });
    return withTypes(vm, t, k, comps.map((c) => c.desc), () => {
      const rcClass = vm.classes.loadBoot('java/lang/reflect/RecordComponent');
      return vm.newObjectArray(
        rcClass,
        comps.map((c) => {
          const o = vm.allocObject(rcClass);
          set(o, vm, 'clazz', self);
          set(o, vm, 'name', vm.intern(c.name));
          set(o, vm, 'type', typeMirror(vm, k, c.desc));
          const acc = k.declared.get(`${c.name}()${c.desc}`);
          set(o, vm, 'accessor', acc ? newMethodObject(vm, acc) : null);
          set(o, vm, 'signature', signature(vm, k, c.attrs));
          set(o, vm, 'annotations', rawAttribute(vm, k, attr(c.attrs, 'RuntimeVisibleAnnotations')));
          set(o, vm, 'typeAnnotations', rawAttribute(vm, k, attr(c.attrs, 'RuntimeVisibleTypeAnnotations')));
          return o;
        }),
      );
    });
  },
  'getPermittedSubclasses0()[Ljava/lang/Class;': (vm: VM, t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const ps = k.cf?.attributes.find((a) => a.name === 'PermittedSubclasses');
    if (!ps || ps.name !== 'PermittedSubclasses') return null;
    const names = ps.classIndices.map((i) => {
      const e = k.cp[i];
      const n = e && e.tag === Tag.Class ? k.cp[e.nameIndex] : undefined;
      return n && n.tag === Tag.Utf8 ? n.value : '';
    });
    return vm.classes.withClasses(t, k.loader, names, () => classArray(vm, names.map((n) => vm.mirrorOf(loadedClass(vm, k, n)))));
  },
  'getNestMembers0()[Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => classArray(vm, [self]),
  // As JVM_GetClassSigners / JVM_SetClassSigners: a copy of what was set, for classes only.
  'getSigners()[Ljava/lang/Object;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    if (k.isPrimitive || k.isArray || k.signers === null) return null;
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), Array.from(k.signers.data as ArrayLike<JObject | null>));
  },
  'setSigners([Ljava/lang/Object;)V': (vm: VM, _t: JThread, self: JObject, signers: JArray | null) => {
    const k = classOf(vm, self);
    if (k.isPrimitive || k.isArray) return;
    k.signers = signers;
  },
};

/** The JMethod behind a java.lang.reflect.Method or Constructor. */
function executableMethod(vm: VM, exe: JObject): JMethod {
  const k = classOf(vm, getField(vm, exe, null, 'clazz') as JObject);
  return k.methods[getField(vm, exe, null, 'slot') as number];
}

export const executableNatives: NativeTable = {
  // From the MethodParameters attribute (null without one, as HotSpot).
  'getParameters0()[Ljava/lang/reflect/Parameter;': (vm: VM, _t: JThread, self: JObject) => {
    const m = executableMethod(vm, self);
    const mp = attr(m.klass.cf!.methods[m.memberIndex].attributes, 'MethodParameters');
    if (!mp || mp.name !== 'MethodParameters') return null;
    if (mp.parameters.length !== m.params.length) throw new VmError('java/lang/reflect/MalformedParametersException', `Wrong number of parameters in MethodParameters attribute`);
    const pk = vm.classes.loadBoot('java/lang/reflect/Parameter');
    return vm.newObjectArray(
      pk,
      mp.parameters.map((p, i) => {
        const o = vm.allocObject(pk);
        const n = p.nameIndex === 0 ? undefined : m.klass.cp[p.nameIndex];
        set(o, vm, 'name', n && n.tag === Tag.Utf8 ? vm.intern(n.value) : null);
        set(o, vm, 'modifiers', p.accessFlags);
        set(o, vm, 'executable', self);
        set(o, vm, 'index', i);
        return o;
      }),
    );
  },
  'getTypeAnnotationBytes0()[B': (vm: VM, _t: JThread, self: JObject) => {
    const m = executableMethod(vm, self);
    return rawAttribute(vm, m.klass, attr(m.klass.cf!.methods[m.memberIndex].attributes, 'RuntimeVisibleTypeAnnotations'));
  },
};

export const fieldNatives: NativeTable = {
  'getTypeAnnotationBytes0()[B': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, getField(vm, self, 'java/lang/reflect/Field', 'clazz') as JObject);
    const f = k.fields[getField(vm, self, 'java/lang/reflect/Field', 'slot') as number];
    return rawAttribute(vm, k, attr(k.cf!.fields[f.index].attributes, 'RuntimeVisibleTypeAnnotations'));
  },
};

export const methodAccessorNatives: NativeTable = {
  'invoke0(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;': (vm: VM, t: JThread, m: JObject | null, recv: JObject | null, args: JObject | null) => invoke(vm, t, m, recv, args),
};

export const constructorAccessorNatives: NativeTable = {
  'newInstance0(Ljava/lang/reflect/Constructor;[Ljava/lang/Object;)Ljava/lang/Object;': (vm: VM, t: JThread, c: JObject | null, args: JObject | null) => newInstance(vm, t, c, args),
};

function cpOf(vm: VM, self: JObject): JClass {
  return classOf(vm, getField(vm, self, 'jdk/internal/reflect/ConstantPool', 'constantPoolOop') as JObject);
}

function cpEntry(vm: VM, self: JObject, i: number) {
  const k = cpOf(vm, self);
  const e = k.cp[i];
  if (!e) throw new VmError('java/lang/IllegalArgumentException', 'Constant pool index out of bounds');
  return { k, e };
}

export const constantPoolNatives: NativeTable = {
  'getSize0(Ljava/lang/Object;)I': (vm: VM, _t: JThread, self: JObject) => cpOf(vm, self).cp.length,
  'getIntAt0(Ljava/lang/Object;I)I': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.Integer) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    return e.value | 0;
  },
  'getLongAt0(Ljava/lang/Object;I)J': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.Long) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    const b = BigInt.asIntN(64, e.value);
    return b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b;
  },
  'getFloatAt0(Ljava/lang/Object;I)F': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.Float) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    const dv = new DataView(new ArrayBuffer(4));
    dv.setInt32(0, e.bits);
    return dv.getFloat32(0);
  },
  'getDoubleAt0(Ljava/lang/Object;I)D': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.Double) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    const dv = new DataView(new ArrayBuffer(8));
    dv.setBigInt64(0, BigInt.asIntN(64, e.bits));
    return dv.getFloat64(0);
  },
  'getUTF8At0(Ljava/lang/Object;I)Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.Utf8) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    // HotSpot (JVM_ConstantPoolGetUTF8At) makes a new String from the symbol, not the interned
    // one: the annotation parser's member names then differ by identity from Method.getName()'s
    // (HashMap.getNode calls String.equals, and hashes the new string, counted).
    return vm.newString(e.value);
  },
  'getStringAt0(Ljava/lang/Object;I)Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => {
    const { k, e } = cpEntry(vm, self, i);
    if (e.tag !== Tag.String) throw new VmError('java/lang/IllegalArgumentException', 'Wrong type at constant pool index');
    const u = k.cp[e.stringIndex];
    return vm.intern(u && u.tag === Tag.Utf8 ? u.value : '');
  },
  'getTagAt0(Ljava/lang/Object;I)B': (vm: VM, _t: JThread, self: JObject, _o: unknown, i: number) => cpOf(vm, self).cp[i]?.tag ?? 0,
};
