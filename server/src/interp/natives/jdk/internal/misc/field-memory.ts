// Objects' fields as Unsafe addresses them: by HotSpot's layout offset (interp/layout.ts). A
// field is found by the object's class and the offset where it starts (a static one in its
// class's mirror, which staticFieldBase gives). An access of another size than the field's is
// done on the bytes: the JDK makes sub-word compare-and-set out of the 4-byte word that holds
// the field (Unsafe.compareAndExchangeByte/Short read and CAS `offset & ~3`, so the word spans
// the neighbouring fields or gaps), little-endian as on x86_64; a gap or the header reads 0.

import type { JField } from '../../../../klass';
import { instanceFieldAt, staticFieldAt } from '../../../../layout';
import { fromHiLo, hi32, lo32, type Long } from '../../../../long';
import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { VM } from '../../../../vm';
import { doubleToRawLongBits, longBitsToDouble } from '../../../java/lang/Double';
import { floatToRawIntBits, intBitsToFloat } from '../../../java/lang/Float';

/** A field of an object (or a static one of the mirror's class) and where its value is kept. */
export interface Slot {
  f: JField;
  holder: Record<string | number, unknown>;
  key: string | number;
}

/** The field that starts at `off` in `o`, or undefined. */
export function slotAt(vm: VM, o: JObject, off: number): Slot | undefined {
  const f = instanceFieldAt(vm, o.klass, off);
  if (f !== undefined) return { f, holder: o as unknown as Record<string, unknown>, key: f.key };
  // A static field: the object is its class's mirror (staticFieldBase).
  if (o.klass.name === 'java/lang/Class' && o.klass.loader === null) {
    const k = vm.classOfMirror(o);
    const s = staticFieldAt(vm, k, off);
    if (s !== undefined) return { f: s, holder: k.staticValues as unknown as Record<number, unknown>, key: s.slot };
  }
  return undefined;
}

/** The size in bytes of a field of descriptor `desc` (4 for a reference). */
export function fieldSize(desc: string): number {
  switch (desc) {
    case 'Z':
    case 'B':
      return 1;
    case 'C':
    case 'S':
      return 2;
    case 'J':
    case 'D':
      return 8;
    default:
      return 4;
  }
}

/** The primitive field whose bytes hold byte `p` of `o` and which of its bytes it is, or undefined (a gap, the header). */
function covering(vm: VM, o: JObject, p: number): [Slot, number] | undefined {
  for (let q = p; q >= 0 && q > p - 8; q--) {
    const s = slotAt(vm, o, q);
    if (s === undefined) continue;
    if (q + fieldSize(s.f.desc) <= p) return undefined;
    if (s.f.desc.length !== 1) throw new VmError('java/lang/InternalError', `Unsafe: byte access to reference field ${s.f.klass.javaName}.${s.f.name}`);
    return [s, p - q];
  }
  return undefined;
}

const scratch = new DataView(new ArrayBuffer(8));

/** A field's value as its little-endian bytes in `scratch`. */
function encode(desc: string, v: unknown): void {
  switch (desc) {
    case 'Z':
    case 'B':
      scratch.setInt8(0, v as number);
      return;
    case 'C':
    case 'S':
      scratch.setInt16(0, v as number, true);
      return;
    case 'I':
      scratch.setInt32(0, v as number, true);
      return;
    case 'F':
      scratch.setInt32(0, floatToRawIntBits(v as number), true);
      return;
    default: {
      const bits = desc === 'D' ? doubleToRawLongBits(v as number) : (v as Long);
      scratch.setInt32(0, lo32(bits), true);
      scratch.setInt32(4, hi32(bits), true);
    }
  }
}

/** The value of a field of descriptor `desc` from the bytes in `scratch`. */
function decode(desc: string): unknown {
  switch (desc) {
    case 'Z':
      return scratch.getInt8(0) & 1;
    case 'B':
      return scratch.getInt8(0);
    case 'C':
      return scratch.getUint16(0, true);
    case 'S':
      return scratch.getInt16(0, true);
    case 'I':
      return scratch.getInt32(0, true);
    case 'F':
      return intBitsToFloat(scratch.getInt32(0, true));
    default: {
      const bits = fromHiLo(scratch.getInt32(4, true), scratch.getInt32(0, true));
      return desc === 'D' ? longBitsToDouble(bits) : bits;
    }
  }
}

/** `n` bytes of `o` from offset `off`, read through the fields that hold them. */
export function readBytes(vm: VM, o: JObject, off: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = covering(vm, o, off + i);
    if (c === undefined) continue;
    const [s, at] = c;
    encode(s.f.desc, s.holder[s.key]);
    out[i] = scratch.getUint8(at);
  }
  return out;
}

/** Writes `bytes` into `o` from offset `off`, into the fields that hold them. */
export function writeBytes(vm: VM, o: JObject, off: number, bytes: Uint8Array): void {
  for (let i = 0; i < bytes.length; i++) {
    const c = covering(vm, o, off + i);
    if (c === undefined) continue;
    const [s, at] = c;
    encode(s.f.desc, s.holder[s.key]);
    scratch.setUint8(at, bytes[i]);
    s.holder[s.key] = decode(s.f.desc);
  }
}
