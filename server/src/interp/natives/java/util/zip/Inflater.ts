// Natives of java.util.zip.Inflater, on pako's port of zlib's inflate, driven as the JDK's
// Inflater.c drives zlib: next_in/avail_in and next_out/avail_out set to the arrays Java passes,
// then inflate(strm, Z_PARTIAL_FLUSH). So the bytes read and written per call, getRemaining,
// needsInput, needsDictionary, finished and the DataFormatException messages (zlib's strm->msg)
// are HotSpot's. On a data error the JDK stores the bytes consumed in the Inflater's
// inputConsumed/outputConsumed fields before throwing; so does this module.
//
// Results are packed as Inflater expects: bytes read (bits 0-30), bytes written (31-61),
// finished (62), needs dictionary (63).

import { ZStream, zlibInflate, zlibInflateInit2, zlibInflateReset, zlibInflateSetDictionary } from 'pako';
import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { setField } from '../../../util';
import { longOf, toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { arrayBytes } from './CRC32';
import { attachBuffers } from './zstream';

const Z_OK = 0;
const Z_STREAM_END = 1;
const Z_NEED_DICT = 2;
const Z_STREAM_ERROR = -2;
const Z_DATA_ERROR = -3;
const Z_MEM_ERROR = -4;
const Z_BUF_ERROR = -5;
const Z_PARTIAL_FLUSH = 1;

const streams = new Map<number, ZStream>();
let nextId = 1;

/** What a boot snapshot cannot hold (snapshot/graph.ts): Inflater streams of the host, or null. */
export function snapshotBlocker(): string | null {
  return streams.size > 0 || nextId !== 1 ? 'Inflater streams' : null;
}

function streamOf(addr: Long): ZStream {
  const s = streams.get(toNumber(addr));
  if (s === undefined) throw new VmError('java/lang/NullPointerException', 'Inflater has been closed');
  return s;
}

function inflate(vm: VM, self: JObject, addr: Long, input: Uint8Array, out: Uint8Array): Long {
  const strm = streamOf(addr);
  attachBuffers(strm, input, out);
  const res = zlibInflate(strm, Z_PARTIAL_FLUSH);
  strm.input = new Uint8Array(0);
  strm.output = new Uint8Array(0);
  const read = input.length - strm.avail_in;
  const written = out.length - strm.avail_out;
  switch (res) {
    case Z_STREAM_END:
      return longOf(BigInt(read) | (BigInt(written) << 31n) | (1n << 62n));
    case Z_OK:
      return longOf(BigInt(read) | (BigInt(written) << 31n));
    case Z_NEED_DICT:
      return longOf(BigInt(read) | (BigInt(written) << 31n) | (1n << 63n));
    case Z_BUF_ERROR:
      return 0;
    case Z_DATA_ERROR:
      setField(vm, self, 'java/util/zip/Inflater', 'inputConsumed', read);
      setField(vm, self, 'java/util/zip/Inflater', 'outputConsumed', written);
      throw new VmError('java/util/zip/DataFormatException', strm.msg || null);
    case Z_MEM_ERROR:
      throw new VmError('java/lang/OutOfMemoryError', null);
    default:
      throw new VmError('java/lang/InternalError', strm.msg || null);
  }
}

function setDictionary(addr: Long, dict: Uint8Array): void {
  const strm = streamOf(addr);
  const res = zlibInflateSetDictionary(strm, dict.slice());
  if (res === Z_OK) return;
  if (res === Z_STREAM_ERROR || res === Z_DATA_ERROR) throw new VmError('java/lang/IllegalArgumentException', strm.msg || null);
  throw new VmError('java/lang/InternalError', strm.msg || null);
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'init(Z)J': (_vm: VM, _t: JThread, nowrap: number) => {
    const strm = new ZStream();
    const res = zlibInflateInit2(strm, nowrap !== 0 ? -15 : 15);
    if (res === Z_STREAM_ERROR) throw new VmError('java/lang/IllegalArgumentException', null);
    if (res !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
    const id = nextId++;
    streams.set(id, strm);
    return id;
  },
  'setDictionary(J[BII)V': (_vm: VM, _t: JThread, addr: Long, b: JObject | null, off: number, len: number) => setDictionary(addr, arrayBytes(b, off, len)),
  'setDictionaryBuffer(JJI)V': (_vm: VM, _t: JThread, addr: Long, bufAddr: Long, len: number) => setDictionary(addr, memory.bytes(toNumber(bufAddr), len)),
  'inflateBytesBytes(J[BII[BII)J': (vm: VM, _t: JThread, self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outb: JObject | null, outOff: number, outLen: number) =>
    inflate(vm, self, addr, arrayBytes(inb, inOff, inLen), arrayBytes(outb, outOff, outLen)),
  'inflateBytesBuffer(J[BIIJI)J': (vm: VM, _t: JThread, self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outAddr: Long, outLen: number) =>
    inflate(vm, self, addr, arrayBytes(inb, inOff, inLen), memory.bytes(toNumber(outAddr), outLen)),
  'inflateBufferBytes(JJI[BII)J': (vm: VM, _t: JThread, self: JObject, addr: Long, inAddr: Long, inLen: number, outb: JObject | null, outOff: number, outLen: number) =>
    inflate(vm, self, addr, memory.bytes(toNumber(inAddr), inLen), arrayBytes(outb, outOff, outLen)),
  'inflateBufferBuffer(JJIJI)J': (vm: VM, _t: JThread, self: JObject, addr: Long, inAddr: Long, inLen: number, outAddr: Long, outLen: number) =>
    inflate(vm, self, addr, memory.bytes(toNumber(inAddr), inLen), memory.bytes(toNumber(outAddr), outLen)),
  'getAdler(J)I': (_vm: VM, _t: JThread, addr: Long) => streamOf(addr).adler | 0,
  'reset(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    const strm = streamOf(addr);
    if (zlibInflateReset(strm) !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
  },
  'end(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    streams.delete(toNumber(addr));
  },
};
