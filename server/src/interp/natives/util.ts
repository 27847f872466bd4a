// Helpers shared by native implementations.

import type { JClass, JField, JMethod } from '../klass';
import type { NativeTable } from './registry';
import { JArray, type JObject } from '../object';
import { VmError } from '../signals';
import type { VM } from '../vm';

const jdkFields = new WeakMap<VM, Map<string, JField>>();

/**
 * Field `name` of boot class `cls` (declared there or inherited). The VM reads a JDK class's
 * private fields through this, never by name from an object's runtime class: a subclass may
 * declare its own field of the same name (a Thread subclass with a field `interrupted`).
 */
export function jdkField(vm: VM, cls: string, name: string): JField {
  let m = jdkFields.get(vm);
  if (m === undefined) jdkFields.set(vm, (m = new Map()));
  const key = `${cls}.${name}`;
  let f = m.get(key);
  if (f === undefined) m.set(key, (f = vm.field(vm.classes.loadBoot(cls), name)));
  return f;
}

/**
 * Field access on an object by JDK class and field name (VM-side; not for hot paths). `cls`
 * is the boot class that has the field (see jdkField); null only for a final class, whose
 * fields no subclass can hide.
 */
export function getField(vm: VM, o: JObject, cls: string | null, name: string): unknown {
  const f = cls === null ? vm.field(o.klass, name) : jdkField(vm, cls, name);
  return (o as unknown as Record<string, unknown>)[f.key];
}

export function setField(vm: VM, o: JObject, cls: string | null, name: string, v: unknown): void {
  const f = cls === null ? vm.field(o.klass, name) : jdkField(vm, cls, name);
  (o as unknown as Record<string, unknown>)[f.key] = v;
}

export function nonNull<T extends JObject>(o: T | null, what = ''): T {
  if (o === null) throw new VmError('java/lang/NullPointerException', what || null);
  return o;
}

export function str(vm: VM, o: JObject | null): string {
  return vm.jsString(nonNull(o));
}

export function classOf(vm: VM, mirror: JObject | null): JClass {
  return vm.classOfMirror(nonNull(mirror));
}

export function bytesOf(a: JObject | null): Int8Array {
  return (nonNull(a) as JArray).data as Int8Array;
}

export function isArray(o: unknown): o is JArray {
  return o instanceof JArray;
}

export function checkBounds(len: number, off: number, count: number): void {
  if (off < 0 || count < 0 || off + count > len) {
    throw new VmError('java/lang/IndexOutOfBoundsException', `Range [${off}, ${off} + ${count}) out of bounds for length ${len}`);
  }
}

/** Java boolean → JS number. */
export function bool(b: boolean): number {
  return b ? 1 : 0;
}

/**
 * The DirectByteBuffer constructor JNI's NewDirectByteBuffer calls: (long addr, int cap) in
 * JDK 17, (long addr, long cap) from JDK 21 on. Either takes the capacity as a JS number.
 */
export function directBufferConstructor(vm: VM, k: JClass): JMethod {
  return k.declared.get('<init>(JI)V') ?? vm.findMethod(k, '<init>', '(JJ)V');
}

/**
 * `table` with each of `names` ("name(desc)") also as "name0(desc)": JDK 21+ renamed natives of
 * java.io to `<name>0` behind Java wrappers that mark the thread as blocking in I/O.
 */
export function alsoRenamed0(table: NativeTable, names: string[]): NativeTable {
  const out: NativeTable = { ...table };
  for (const nd of names) {
    const fn = table[nd];
    if (fn === undefined) throw new Error(`no native ${nd} to rename`);
    const i = nd.indexOf('(');
    out[`${nd.slice(0, i)}0${nd.slice(i)}`] = fn;
  }
  return out;
}
