// Natives of java.util.zip.CRC32.

import type { JArray, JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { nonNull } from '../../../util';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { crc32 } from './checksums';

export function arrayBytes(a: JObject | null, off: number, len: number): Uint8Array {
  const d = (nonNull(a) as JArray).data as Int8Array;
  return new Uint8Array(d.buffer, d.byteOffset + off, len);
}

export const natives: NativeTable = {
  'update(II)I': (_vm: VM, _t: JThread, crc: number, b: number) => crc32(crc, Uint8Array.of(b & 0xff)),
  'updateBytes0(I[BII)I': (_vm: VM, _t: JThread, crc: number, b: JObject | null, off: number, len: number) => crc32(crc, arrayBytes(b, off, len)),
  'updateByteBuffer0(IJII)I': (_vm: VM, _t: JThread, crc: number, addr: Long, off: number, len: number) => crc32(crc, memory.bytes(toNumber(addr) + off, len)),
};
