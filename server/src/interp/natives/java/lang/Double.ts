// Natives of java.lang.Double: raw bit conversions (longs as Long values, see long.ts).

import { fromHiLo, hi32, lo32, type Long } from '../../../long';
import type { NativeTable } from '../../registry';

const buf = new DataView(new ArrayBuffer(8));

export function doubleToRawLongBits(d: number): Long {
  buf.setFloat64(0, d);
  return fromHiLo(buf.getInt32(0), buf.getInt32(4));
}

export function longBitsToDouble(l: Long): number {
  buf.setInt32(0, hi32(l));
  buf.setInt32(4, lo32(l));
  return buf.getFloat64(0);
}

export const natives: NativeTable = {
  'doubleToRawLongBits(D)J': (_vm, _t, d: number) => doubleToRawLongBits(d),
  'longBitsToDouble(J)D': (_vm, _t, l: Long) => longBitsToDouble(l),
};
