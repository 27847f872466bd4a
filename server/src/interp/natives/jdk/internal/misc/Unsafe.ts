// Natives of jdk.internal.misc.Unsafe.
//
// "Offsets": a field's offset is HotSpot's (layout.ts: its place in the object, a static
// field's in its class's mirror, which staticFieldBase gives), found again by the object's
// class and the offset; an array element's offset is 16 + index * scale, with scale 1/2/4/8 for
// primitives and 4 for references (as with compressed oops). Primitive arrays are accessed through their bytes (little-endian), so
// mixed-size access (getLongUnaligned on a byte[]) works. Off-heap memory (allocateMemory) is
// emulated by memory.ts.

import { JArray, type JObject } from '../../../../object';
import type { JClass, JField } from '../../../../klass';
import { fieldOffset } from '../../../../layout';
import { fieldSize, readBytes, slotAt, writeBytes } from './field-memory';
import { fromHiLo, hi32, lo32, toNumber, type Long } from '../../../../long';
import { BLOCK, JavaThrow, VmError } from '../../../../signals';
import { ThreadState, type JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeFn, NativeTable } from '../../../registry';
import { bool, classOf, nonNull, str, getField } from '../../../util';
import { defineClass } from '../../../java/lang/ClassLoader';
import { doubleToRawLongBits, longBitsToDouble } from '../../../java/lang/Double';
import { floatToRawIntBits, intBitsToFloat } from '../../../java/lang/Float';
import { isInterrupted } from '../../../java/lang/Object';
import { memory } from './memory';
import { currentTimeMillis, deadlineIn } from '../../../../clock';

export const ARRAY_BASE = 16;

/** An array element's size in bytes: a field's of the same descriptor (field-memory.ts). */
export const scaleOf = fieldSize;

type Kind = 'Z' | 'B' | 'C' | 'S' | 'I' | 'J' | 'F' | 'D' | 'L';

function view(a: JArray): DataView {
  const d = a.data as Int8Array;
  return new DataView(d.buffer, d.byteOffset, d.byteLength);
}

function readDV(dv: DataView, p: number, kind: Kind): unknown {
  switch (kind) {
    case 'Z':
      return dv.getInt8(p) !== 0 ? 1 : 0;
    case 'B':
      return dv.getInt8(p);
    case 'C':
      return dv.getUint16(p, true);
    case 'S':
      return dv.getInt16(p, true);
    case 'I':
      return dv.getInt32(p, true);
    case 'F':
      return dv.getFloat32(p, true);
    case 'D':
      return dv.getFloat64(p, true);
    case 'J':
      return fromHiLo(dv.getInt32(p + 4, true), dv.getInt32(p, true));
    default:
      throw new VmError('java/lang/InternalError', 'Unsafe: reference access to primitive memory');
  }
}

function writeDV(dv: DataView, p: number, kind: Kind, v: unknown): void {
  switch (kind) {
    case 'Z':
    case 'B':
      dv.setInt8(p, v as number);
      return;
    case 'C':
    case 'S':
      dv.setInt16(p, v as number, true);
      return;
    case 'I':
      dv.setInt32(p, v as number, true);
      return;
    case 'F':
      dv.setFloat32(p, v as number, true);
      return;
    case 'D':
      dv.setFloat64(p, v as number, true);
      return;
    case 'J':
      dv.setInt32(p, lo32(v as Long), true);
      dv.setInt32(p + 4, hi32(v as Long), true);
      return;
    default:
      throw new VmError('java/lang/InternalError', 'Unsafe: reference store to primitive memory');
  }
}

export function unsafeGet(vm: VM, o: JObject | null, offset: Long, kind: Kind): unknown {
  const off = toNumber(offset);
  if (o === null) return readDV(memory.view(off, 8), memory.offsetIn(off), kind);
  if (o instanceof JArray) {
    const d = o.data;
    if (!Array.isArray(d)) return readDV(view(o), off - ARRAY_BASE, kind);
    const idx = (off - ARRAY_BASE) / scaleOf(o.klass.elemDesc);
    return d[idx];
  }
  const slot = slotAt(vm, o, off);
  // Another size than the field's (or no field there): the bytes (field-memory.ts).
  if (slot === undefined || !fits(slot.f.desc, kind)) return readDV(bytesView(readBytes(vm, o, off, SIZE[kind])), 0, kind);
  const { f, holder, key } = slot;
  const v = holder[key];
  // Float/double fields accessed as int/long bits (Unsafe.compareAndSetFloat and friends).
  if (kind === 'I' && f.desc === 'F') return floatToRawIntBits(v as number);
  if (kind === 'J' && f.desc === 'D') return doubleToRawLongBits(v as number);
  return v;
}

export function unsafePut(vm: VM, o: JObject | null, offset: Long, kind: Kind, v: unknown): void {
  const off = toNumber(offset);
  if (o === null) return writeDV(memory.view(off, 8), memory.offsetIn(off), kind, v);
  if (o instanceof JArray) {
    const d = o.data;
    if (!Array.isArray(d)) return writeDV(view(o), off - ARRAY_BASE, kind, v);
    const idx = (off - ARRAY_BASE) / scaleOf(o.klass.elemDesc);
    d[idx] = v;
    return;
  }
  const slot = slotAt(vm, o, off);
  if (slot === undefined || !fits(slot.f.desc, kind)) {
    const bytes = new Uint8Array(SIZE[kind]);
    writeDV(bytesView(bytes), 0, kind, v);
    return writeBytes(vm, o, off, bytes);
  }
  const { f, holder, key } = slot;
  let val = v;
  // Sub-word fields written as a whole int (Unsafe.compareAndExchangeByte/Short work on the
  // containing int), float/double fields written as bits.
  if (kind === 'Z' || kind === 'B' || kind === 'C' || kind === 'S' || kind === 'I') val = narrow(f.desc, v as number);
  if (kind === 'I' && f.desc === 'F') val = intBitsToFloat(v as number);
  else if (kind === 'J' && f.desc === 'D') val = longBitsToDouble(v as Long);
  holder[key] = val;
}

const SIZE: Record<Kind, number> = { Z: 1, B: 1, C: 2, S: 2, I: 4, F: 4, J: 8, D: 8, L: 4 };

/** Whether an access of `kind` is one of the field's own size and sort (a reference for 'L'). */
function fits(desc: string, kind: Kind): boolean {
  return fieldSize(desc) === SIZE[kind] && (kind === 'L') === (desc.length !== 1);
}

function bytesView(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

function narrow(desc: string, v: number): number {
  switch (desc) {
    case 'Z':
      return v & 1;
    case 'B':
      return (v << 24) >> 24;
    case 'C':
      return v & 0xffff;
    case 'S':
      return (v << 16) >> 16;
    default:
      return v;
  }
}

function cas(vm: VM, o: JObject | null, off: Long, kind: Kind, expected: unknown, x: unknown): boolean {
  const cur = unsafeGet(vm, o, off, kind);
  if (cur !== expected) return false;
  unsafePut(vm, o, off, kind, x);
  return true;
}

function cae(vm: VM, o: JObject | null, off: Long, kind: Kind, expected: unknown, x: unknown): unknown {
  const cur = unsafeGet(vm, o, off, kind);
  if (cur === expected) unsafePut(vm, o, off, kind, x);
  return cur;
}

const accessors: NativeTable = {};
const TYPES: [string, Kind, string][] = [
  ['Int', 'I', 'I'],
  ['Long', 'J', 'J'],
  ['Boolean', 'Z', 'Z'],
  ['Byte', 'B', 'B'],
  ['Short', 'S', 'S'],
  ['Char', 'C', 'C'],
  ['Float', 'F', 'F'],
  ['Double', 'D', 'D'],
  ['Reference', 'L', 'Ljava/lang/Object;'],
];
for (const [name, kind, desc] of TYPES) {
  const get: NativeFn = (vm: VM, _t: JThread, _self: JObject, o: JObject | null, off: Long) => unsafeGet(vm, o, off, kind);
  const put: NativeFn = (vm: VM, _t: JThread, _self: JObject, o: JObject | null, off: Long, v: unknown) => unsafePut(vm, o, off, kind, v);
  accessors[`get${name}(Ljava/lang/Object;J)${desc}`] = get;
  accessors[`get${name}Volatile(Ljava/lang/Object;J)${desc}`] = get;
  accessors[`put${name}(Ljava/lang/Object;J${desc})V`] = put;
  accessors[`put${name}Volatile(Ljava/lang/Object;J${desc})V`] = put;
}
for (const [name, kind, desc] of [TYPES[0], TYPES[1], TYPES[8]]) {
  accessors[`compareAndSet${name}(Ljava/lang/Object;J${desc}${desc})Z`] = (vm: VM, _t: JThread, _self: JObject, o: JObject | null, off: Long, e: unknown, x: unknown) => bool(cas(vm, o, off, kind, e, x));
  accessors[`compareAndExchange${name}(Ljava/lang/Object;J${desc}${desc})${desc}`] = (vm: VM, _t: JThread, _self: JObject, o: JObject | null, off: Long, e: unknown, x: unknown) => cae(vm, o, off, kind, e, x);
}

function fieldOfReflect(vm: VM, field: JObject | null): JField {
  const f = nonNull(field);
  const k = classOf(vm, getField(vm, f, 'java/lang/reflect/Field', 'clazz') as JObject);
  const slot = getField(vm, f, 'java/lang/reflect/Field', 'slot') as number;
  const jf = k.fields[slot];
  if (!jf) throw new VmError('java/lang/InternalError', `bad field slot ${slot} in ${k.javaName}`);
  return jf;
}

/** LockSupport.park for green threads. */
function park(vm: VM, t: JThread, absolute: number, time: Long): unknown {
  if (t.permit) {
    t.permit = false;
    return undefined;
  }
  if (isInterrupted(vm, t)) return undefined;
  const tm = toNumber(time);
  if (absolute !== 0) {
    // A deadline in epoch milliseconds.
    const now = currentTimeMillis(vm);
    if (tm <= now) return undefined;
    t.state = ThreadState.TimedWaiting;
    t.wakeAt = deadlineIn(vm, (tm - now) * 1e6);
  } else if (tm > 0) {
    t.state = ThreadState.TimedWaiting;
    t.wakeAt = deadlineIn(vm, tm);
  } else if (tm < 0) return undefined;
  else t.state = ThreadState.Waiting;
  t.parked = true;
  t.pendingNative = {
    resume: () => {
      t.parked = false;
      t.permit = false;
      return undefined;
    },
  };
  throw BLOCK;
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  ...accessors,
  'arrayBaseOffset0(Ljava/lang/Class;)I': () => ARRAY_BASE,
  'arrayIndexScale0(Ljava/lang/Class;)I': (vm: VM, _t: JThread, _self: JObject, c: JObject | null) => scaleOf(classOf(vm, c).elemDesc),
  'objectFieldOffset0(Ljava/lang/reflect/Field;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => fieldOffset(vm, fieldOfReflect(vm, f)),
  'staticFieldOffset0(Ljava/lang/reflect/Field;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => fieldOffset(vm, fieldOfReflect(vm, f)),
  'staticFieldBase0(Ljava/lang/reflect/Field;)Ljava/lang/Object;': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => vm.mirrorOf(fieldOfReflect(vm, f).klass),
  'objectFieldOffset1(Ljava/lang/Class;Ljava/lang/String;)J': (vm: VM, _t: JThread, _self: JObject, c: JObject | null, name: JObject | null) => {
    const k: JClass = classOf(vm, c);
    const n = str(vm, name);
    const f = k.fields.find((x) => x.name === n);
    if (!f) throw new VmError('java/lang/InternalError', n);
    return fieldOffset(vm, f);
  },
  'shouldBeInitialized0(Ljava/lang/Class;)Z': (vm: VM, _t: JThread, _self: JObject, c: JObject | null) => bool(!vm.isInitialized(classOf(vm, c))),
  'ensureClassInitialized0(Ljava/lang/Class;)V': (vm: VM, t: JThread, _self: JObject, c: JObject | null) => vm.initializeThen(t, classOf(vm, c), () => undefined),
  'allocateInstance(Ljava/lang/Class;)Ljava/lang/Object;': (vm: VM, t: JThread, _self: JObject, c: JObject | null) => {
    const k = classOf(vm, c);
    if (k.isInterface || k.isAbstract || k.isArray || k.isPrimitive) throw new VmError('java/lang/InstantiationException', k.javaName);
    return vm.initializeThen(t, k, () => vm.allocObject(k));
  },
  'throwException(Ljava/lang/Throwable;)V': (_vm: VM, _t: JThread, _self: JObject, e: JObject | null) => {
    throw new JavaThrow(nonNull(e));
  },
  'defineClass0(Ljava/lang/String;[BIILjava/lang/ClassLoader;Ljava/security/ProtectionDomain;)Ljava/lang/Class;': (vm: VM, t: JThread, _self: JObject, name: JObject | null, b: JObject | null, off: number, len: number, loader: JObject | null, pd: JObject | null) =>
    defineClass(vm, t, loader, name === null ? null : str(vm, name), (nonNull(b) as JArray).data as Int8Array, off, len, pd, null),
  'fullFence()V': () => undefined,
  'loadFence()V': () => undefined,
  'storeFence()V': () => undefined,
  'park(ZJ)V': (vm: VM, t: JThread, _self: JObject, absolute: number, time: Long) => park(vm, t, absolute, time),
  'unpark(Ljava/lang/Object;)V': (vm: VM, _t: JThread, _self: JObject, thread: JObject | null) => {
    if (thread === null) return;
    const t = vm.threadOf(thread);
    if (!t) return;
    t.permit = true;
    if (t.parked && (t.state === ThreadState.Waiting || t.state === ThreadState.TimedWaiting)) t.state = ThreadState.Runnable;
  },
  'getLoadAverage0([DI)I': () => -1,
  'allocateMemory0(J)J': (_vm: VM, _t: JThread, _self: JObject, bytes: Long) => memory.allocate(toNumber(bytes)),
  'reallocateMemory0(JJ)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, bytes: Long) => memory.reallocate(toNumber(addr), toNumber(bytes)),
  'freeMemory0(J)V': (_vm: VM, _t: JThread, _self: JObject, addr: Long) => memory.free(toNumber(addr)),
  'setMemory0(Ljava/lang/Object;JJB)V': (vm: VM, _t: JThread, _self: JObject, o: JObject | null, off: Long, bytes: Long, value: number) => {
    const n = toNumber(bytes);
    for (let i = 0; i < n; i++) unsafePut(vm, o, ladd(off, i), 'B', value);
  },
  'copyMemory0(Ljava/lang/Object;JLjava/lang/Object;JJ)V': (vm: VM, _t: JThread, _self: JObject, src: JObject | null, so: Long, dst: JObject | null, dOff: Long, bytes: Long) => {
    copyBytes(vm, src, toNumber(so), dst, toNumber(dOff), toNumber(bytes));
  },
  'copySwapMemory0(Ljava/lang/Object;JLjava/lang/Object;JJJ)V': (vm: VM, _t: JThread, _self: JObject, src: JObject | null, so: Long, dst: JObject | null, dOff: Long, bytes: Long, elemSize: Long) => {
    const n = toNumber(bytes);
    const es = toNumber(elemSize);
    const s = toNumber(so);
    const d = toNumber(dOff);
    for (let i = 0; i < n; i += es) for (let j = 0; j < es; j++) unsafePut(vm, dst, d + i + j, 'B', unsafeGet(vm, src, s + i + es - 1 - j, 'B'));
  },
  'getUncompressedObject(J)Ljava/lang/Object;': () => {
    throw new VmError('java/lang/UnsupportedOperationException', 'getUncompressedObject');
  },
  'writeback0(J)V': () => undefined,
  'writebackPreSync0()V': () => undefined,
  'writebackPostSync0()V': () => undefined,
};

function ladd(a: Long, i: number): number {
  return toNumber(a) + i;
}

function copyBytes(vm: VM, src: JObject | null, s: number, dst: JObject | null, d: number, n: number): void {
  if (src instanceof JArray && dst instanceof JArray && !Array.isArray(src.data) && !Array.isArray(dst.data)) {
    const sb = new Uint8Array((src.data as Int8Array).buffer, (src.data as Int8Array).byteOffset + s - ARRAY_BASE, n);
    const db = new Uint8Array((dst.data as Int8Array).buffer, (dst.data as Int8Array).byteOffset + d - ARRAY_BASE, n);
    db.set(sb);
    return;
  }
  if (src === null && dst === null) {
    memory.copy(s, d, n);
    return;
  }
  const tmp: number[] = [];
  for (let i = 0; i < n; i++) tmp.push(unsafeGet(vm, src, s + i, 'B') as number);
  for (let i = 0; i < n; i++) unsafePut(vm, dst, d + i, 'B', tmp[i]);
}
