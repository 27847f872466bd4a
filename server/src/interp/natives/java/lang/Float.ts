// Natives of java.lang.Float: raw bit conversions.

import type { NativeTable } from '../../registry';

const buf = new DataView(new ArrayBuffer(4));

export function floatToRawIntBits(f: number): number {
  buf.setFloat32(0, f);
  return buf.getInt32(0);
}

export function intBitsToFloat(i: number): number {
  buf.setInt32(0, i);
  return buf.getFloat32(0);
}

export const natives: NativeTable = {
  'floatToRawIntBits(F)I': (_vm, _t, f: number) => floatToRawIntBits(f),
  'intBitsToFloat(I)F': (_vm, _t, i: number) => intBitsToFloat(i),
};
