// Helpers shared by native implementations.

import type { JClass } from '../klass';
import { JArray, type JObject } from '../object';
import { VmError } from '../signals';
import type { VM } from '../vm';

/** Field access by Java field name on an object (VM-side; not for hot paths). */
export function getField(vm: VM, o: JObject, name: string): unknown {
  const f = vm.field(o.klass, name);
  return (o as unknown as Record<string, unknown>)[f.key];
}

export function setField(vm: VM, o: JObject, name: string, v: unknown): void {
  const f = vm.field(o.klass, name);
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
