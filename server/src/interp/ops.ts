// Type tests (instanceof, checkcast, array store), array allocation and HotSpot-style messages.

import type { JClass } from './klass';
import { JArray, makeArray, newArrayData, arrayBytes, type JObject } from './object';
import { VmError } from './signals';
import type { VM } from './vm';

/** JVMS 6.5 checkcast/instanceof assignability of class S to T. */
export function isAssignable(s: JClass, t: JClass): boolean {
  if (s === t) return true;
  if (t.component === null) {
    if (s.component === null) return s.supers.has(t);
    // Arrays are Objects, Cloneable and Serializable.
    return t.name === 'java/lang/Object' || t.name === 'java/lang/Cloneable' || t.name === 'java/io/Serializable';
  }
  if (s.component === null) return false;
  const sc = s.component;
  const tc = t.component;
  if (sc.isPrimitive || tc.isPrimitive) return sc === tc;
  return isAssignable(sc, tc);
}

export function isInstance(o: JObject, c: JClass): boolean {
  return isAssignable(o.klass, c);
}

export function checkcastFails(o: JObject, c: JClass): boolean {
  return !isAssignable(o.klass, c);
}

/**
 * The longest reference array the host can make (V8's FixedArray limit on 64-bit hosts):
 * a longer one is OutOfMemoryError "Java heap space", as on HotSpot with a heap too small.
 */
export const MAX_JS_ARRAY = 134217725;

export function newArray(vm: VM, arrayClass: JClass, len: number): JArray {
  if (len < 0) throw new VmError('java/lang/NegativeArraySizeException', String(len));
  // HotSpot's largest array (64-bit, 16-byte header): Integer.MAX_VALUE - 2 elements.
  if (len > 0x7ffffffd) throw new VmError('java/lang/OutOfMemoryError', 'Requested array size exceeds VM limit');
  const elem = arrayClass.elemDesc;
  if (elem.length > 1 && len > MAX_JS_ARRAY) throw new VmError('java/lang/OutOfMemoryError', 'Java heap space');
  // The estimate adds V8's array objects (JArray, typed array or JS array) to the elements.
  vm.allocate(arrayBytes(elem, len) + 64);
  return makeArray(arrayClass, newArrayData(elem, len));
}

export function newMultiArray(vm: VM, arrayClass: JClass, lens: number[]): JArray {
  for (const l of lens) if (l < 0) throw new VmError('java/lang/NegativeArraySizeException', String(l));
  return build(vm, arrayClass, lens, 0);
}

function build(vm: VM, c: JClass, lens: number[], d: number): JArray {
  const a = newArray(vm, c, lens[d]);
  if (d + 1 < lens.length) {
    const data = a.data as unknown[];
    const sub = c.component as JClass;
    for (let i = 0; i < data.length; i++) data[i] = build(vm, sub, lens, d + 1);
  }
  return a;
}

/** `Klass::class_in_module_of_loader` style description of where a class lives. */
export function whereIs(k: JClass): { module: string; loader: string } {
  let e = k;
  while (e.component !== null) e = e.component;
  const module = e.isPrimitive ? 'module java.base' : e.moduleName ? `module ${e.moduleName}` : 'unnamed module';
  const loader = e.isPrimitive ? "loader 'bootstrap'" : loaderDescription(e.loader);
  return { module, loader };
}

export function loaderDescription(loader: JObject | null): string {
  if (loader === null) return "loader 'bootstrap'";
  const o = loader as unknown as Record<string, unknown>;
  const nameObj = o.name as JObject | null | undefined;
  const js = nameObj ? ((nameObj as unknown as Record<string, unknown>).$js as string | undefined) : undefined;
  const cls = loader.klass.javaName;
  if (js === 'app' || js === 'platform') return `loader '${js}'`;
  const id = `@${(loader.ihash >>> 0).toString(16)}`;
  return js ? `loader '${js}' ${id}` : `loader ${cls} ${id}`;
}

/** The ClassCastException message HotSpot 17 prints. */
export function castMessage(from: JClass, to: JClass): string {
  const a = whereIs(from);
  const b = whereIs(to);
  const head = `class ${from.javaName} cannot be cast to class ${to.javaName}`;
  if (a.module === b.module && a.loader === b.loader) {
    return `${head} (${from.javaName} and ${to.javaName} are in ${a.module} of ${a.loader})`;
  }
  return `${head} (${from.javaName} is in ${a.module} of ${a.loader}; ${to.javaName} is in ${b.module} of ${b.loader})`;
}
