// Natives of java.lang.System: arraycopy, clocks (real or virtual, see clock.ts), identity hash,
// the standard streams.

import type { JClass } from '../../../klass';
import { JArray, type ArrayData, type JObject } from '../../../object';
import { VmError } from '../../../signals';
import { isAssignable } from '../../../ops';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { currentTimeMillis, nanoTime } from '../../../clock';

/**
 * System.arraycopy for compiled code (jit/inline.ts), without a frame: copies and returns true
 * when the copy cannot throw (no null, both arrays, compatible types, in bounds, and for object
 * arrays of different types, the source's type assignable to the destination's); otherwise
 * changes nothing and returns false, and the caller calls the native, which throws or copies
 * element by element with store checks as the JDK does.
 */
export function arraycopyFast(src: JObject | null, srcPos: number, dst: JObject | null, dstPos: number, len: number): boolean {
  if (!(src instanceof JArray) || !(dst instanceof JArray)) return false;
  const sd = src.data;
  const dd = dst.data;
  if (srcPos < 0 || dstPos < 0 || len < 0 || srcPos + len > sd.length || dstPos + len > dd.length) return false;
  if (src.klass !== dst.klass) {
    const sc = src.klass.component as JClass;
    if (sc.isPrimitive || (dst.klass.component as JClass).isPrimitive || !isAssignable(src.klass, dst.klass)) return false;
  }
  copyRange(sd, srcPos, dd, dstPos, len);
  return true;
}

/** Copies a checked range between two arrays' data (the same array: as if through a temporary copy). */
function copyRange(sd: ArrayData, srcPos: number, dd: ArrayData, dstPos: number, len: number): void {
  if (!Array.isArray(sd)) {
    const st = sd as Int32Array;
    const dt = dd as Int32Array;
    if (len <= 32) {
      // Short copies (strings, builders): a loop beats allocating a subarray view.
      if (st === dt && srcPos < dstPos) for (let i = len - 1; i >= 0; i--) dt[dstPos + i] = st[srcPos + i];
      else for (let i = 0; i < len; i++) dt[dstPos + i] = st[srcPos + i];
    } else dt.set(st.subarray(srcPos, srcPos + len), dstPos);
    return;
  }
  const da = dd as unknown[];
  if (sd === dd && srcPos < dstPos) for (let i = len - 1; i >= 0; i--) da[dstPos + i] = sd[srcPos + i];
  else for (let i = 0; i < len; i++) da[dstPos + i] = sd[srcPos + i];
}

export function arraycopy(_vm: VM, src: JObject | null, srcPos: number, dst: JObject | null, dstPos: number, len: number): void {
  if (src === null || dst === null) throw new VmError('java/lang/NullPointerException', null);
  if (!(src instanceof JArray)) throw new VmError('java/lang/ArrayStoreException', `arraycopy: source type ${src.klass.javaName} is not an array`);
  if (!(dst instanceof JArray)) throw new VmError('java/lang/ArrayStoreException', `arraycopy: destination type ${dst.klass.javaName} is not an array`);
  const sc = src.klass.component!;
  const dc = dst.klass.component!;
  if (sc.isPrimitive || dc.isPrimitive) {
    if (sc !== dc) {
      throw new VmError('java/lang/ArrayStoreException', `arraycopy: type mismatch: can not copy ${typeDesc(src.klass.name)}[] into ${typeDesc(dst.klass.name)}[]`);
    }
  }
  const sl = src.data.length;
  const dl = dst.data.length;
  if (srcPos < 0 || dstPos < 0 || len < 0 || srcPos + len > sl || dstPos + len > dl) {
    let msg: string;
    if (srcPos < 0) msg = `arraycopy: source index ${srcPos} out of bounds for ${arrayDesc(src)}`;
    else if (dstPos < 0) msg = `arraycopy: destination index ${dstPos} out of bounds for ${arrayDesc(dst)}`;
    else if (len < 0) msg = `arraycopy: length ${len} is negative`;
    else if (srcPos + len > sl) msg = `arraycopy: last source index ${srcPos + len} out of bounds for ${arrayDesc(src)}`;
    else msg = `arraycopy: last destination index ${dstPos + len} out of bounds for ${arrayDesc(dst)}`;
    throw new VmError('java/lang/ArrayIndexOutOfBoundsException', msg);
  }
  if (len === 0) return;
  const sd = src.data;
  const dd = dst.data;
  if (sc.isPrimitive || isAssignable(src.klass, dst.klass)) {
    copyRange(sd, srcPos, dd, dstPos, len);
    return;
  }
  const da = dd as unknown[];
  // Element-wise store check.
  for (let i = 0; i < len; i++) {
    const v = sd[srcPos + i] as JObject | null;
    if (v !== null && !isAssignable(v.klass, dc)) {
      throw new VmError('java/lang/ArrayStoreException', `arraycopy: element type mismatch: can not cast one of the elements of ${src.klass.component!.javaName}[] to the type of the destination array, ${dc.javaName}`);
    }
    da[dstPos + i] = v;
  }
}

function typeDesc(arrayName: string): string {
  const names: Record<string, string> = { Z: 'boolean', B: 'byte', C: 'char', S: 'short', I: 'int', J: 'long', F: 'float', D: 'double' };
  const el = arrayName.slice(1);
  return names[el] ?? 'object array';
}

function arrayDesc(a: JArray): string {
  const el = a.klass.name.slice(1);
  const names: Record<string, string> = { Z: 'boolean', B: 'byte', C: 'char', S: 'short', I: 'int', J: 'long', F: 'float', D: 'double' };
  const n = names[el] ?? 'object array';
  return `${n}[${a.data.length}]`;
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V': (vm: VM, _t: JThread, src: JObject | null, sp: number, dst: JObject | null, dp: number, len: number) => arraycopy(vm, src, sp, dst, dp, len),
  'nanoTime()J': (vm: VM) => nanoTime(vm),
  'currentTimeMillis()J': (vm: VM) => currentTimeMillis(vm),
  'identityHashCode(Ljava/lang/Object;)I': (vm: VM, _t: JThread, o: JObject | null) => (o === null ? 0 : vm.identityHash(o)),
  'setIn0(Ljava/io/InputStream;)V': (vm: VM, _t: JThread, s: JObject | null) => vm.setStatic('java/lang/System', 'in', s),
  'setOut0(Ljava/io/PrintStream;)V': (vm: VM, _t: JThread, s: JObject | null) => vm.setStatic('java/lang/System', 'out', s),
  'setErr0(Ljava/io/PrintStream;)V': (vm: VM, _t: JThread, s: JObject | null) => vm.setStatic('java/lang/System', 'err', s),
  'mapLibraryName(Ljava/lang/String;)Ljava/lang/String;': (vm: VM, _t: JThread, s: JObject | null) => {
    if (s === null) throw new VmError('java/lang/NullPointerException', null);
    return vm.newString(`lib${vm.jsString(s)}.so`);
  },
};
