// Natives of java.util.zip.Adler32.

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { adler32 } from './checksums';
import { arrayBytes } from './CRC32';

export const natives: NativeTable = {
  'update(II)I': (_vm: VM, _t: JThread, adler: number, b: number) => adler32(adler, Uint8Array.of(b & 0xff)),
  'updateBytes(I[BII)I': (_vm: VM, _t: JThread, adler: number, b: JObject | null, off: number, len: number) => adler32(adler, arrayBytes(b, off, len)),
  'updateByteBuffer(IJII)I': (_vm: VM, _t: JThread, adler: number, addr: Long, off: number, len: number) => adler32(adler, memory.bytes(toNumber(addr) + off, len)),
};
