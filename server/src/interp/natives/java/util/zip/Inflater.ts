// Natives of java.util.zip.Inflater, on node's zlib. node:zlib has no synchronous streaming
// API, so a stream keeps all the input it was given and decodes it from the start whenever new
// input arrives (a prefix of a deflate stream decodes to a prefix of its output); output not
// yet taken is served from the last decoding. At the end of the stream only the bytes up to
// its end count as read, so what follows (a GZIP trailer) stays in the Java-side buffer.
//
// Results are packed as Inflater expects: bytes read (bits 0-30), bytes written (31-61),
// finished (62), needs dictionary (63).

import * as zlib from 'node:zlib';
import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { longOf, toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { adler32 } from './checksums';
import { arrayBytes } from './CRC32';

interface InflateState {
  nowrap: boolean;
  /** All input accepted so far. */
  input: Buffer;
  /** The output of the last decoding of `input`. */
  output: Buffer;
  /** Bytes of `output` already handed out. */
  taken: number;
  /** The stream ended (at input offset `end`). */
  complete: boolean;
  end: number;
  adler: number;
}

const streams = new Map<number, InflateState>();
let nextId = 1;

function fresh(nowrap: boolean): InflateState {
  return { nowrap, input: Buffer.alloc(0), output: Buffer.alloc(0), taken: 0, complete: false, end: 0, adler: 1 };
}

function stateOf(addr: Long): InflateState {
  const s = streams.get(toNumber(addr));
  if (s === undefined) throw new VmError('java/lang/NullPointerException', 'Inflater has been closed');
  return s;
}

function decode(s: InflateState): void {
  const opts = { info: true as const };
  const run = (finishFlush: number): { buffer: Buffer; engine: zlib.Inflate | zlib.InflateRaw } =>
    (s.nowrap ? zlib.inflateRawSync(s.input, { ...opts, finishFlush }) : zlib.inflateSync(s.input, { ...opts, finishFlush })) as unknown as { buffer: Buffer; engine: zlib.Inflate };
  try {
    const r = run(zlib.constants.Z_FINISH);
    s.output = r.buffer;
    s.complete = true;
    s.end = (r.engine as unknown as { bytesWritten: number }).bytesWritten;
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'Z_BUF_ERROR') throw new VmError('java/util/zip/DataFormatException', (e as Error).message);
  }
  try {
    s.output = run(zlib.constants.Z_SYNC_FLUSH).buffer;
  } catch (e) {
    throw new VmError('java/util/zip/DataFormatException', (e as Error).message);
  }
}

function inflate(addr: Long, input: Uint8Array, out: Uint8Array): Long {
  const s = stateOf(addr);
  let read = 0;
  if (!s.complete && input.length > 0) {
    const before = s.input.length;
    s.input = Buffer.concat([s.input, input]);
    decode(s);
    read = s.complete ? Math.max(0, s.end - before) : input.length;
  }
  const n = Math.min(out.length, s.output.length - s.taken);
  out.set(s.output.subarray(s.taken, s.taken + n));
  if (!s.nowrap) s.adler = adler32(s.adler, s.output.subarray(s.taken, s.taken + n));
  s.taken += n;
  const finished = s.complete && s.taken === s.output.length;
  return longOf(BigInt(read) | (BigInt(n) << 31n) | (finished ? 1n << 62n : 0n));
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'init(Z)J': (_vm: VM, _t: JThread, nowrap: number) => {
    const id = nextId++;
    streams.set(id, fresh(nowrap !== 0));
    return id;
  },
  'inflateBytesBytes(J[BII[BII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outb: JObject | null, outOff: number, outLen: number) =>
    inflate(addr, arrayBytes(inb, inOff, inLen), arrayBytes(outb, outOff, outLen)),
  'inflateBytesBuffer(J[BIIJI)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outAddr: Long, outLen: number) =>
    inflate(addr, arrayBytes(inb, inOff, inLen), memory.bytes(toNumber(outAddr), outLen)),
  'inflateBufferBytes(JJI[BII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outb: JObject | null, outOff: number, outLen: number) =>
    inflate(addr, memory.bytes(toNumber(inAddr), inLen), arrayBytes(outb, outOff, outLen)),
  'inflateBufferBuffer(JJIJI)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outAddr: Long, outLen: number) =>
    inflate(addr, memory.bytes(toNumber(inAddr), inLen), memory.bytes(toNumber(outAddr), outLen)),
  'getAdler(J)I': (_vm: VM, _t: JThread, addr: Long) => stateOf(addr).adler,
  'reset(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    const s = stateOf(addr);
    streams.set(toNumber(addr), fresh(s.nowrap));
  },
  'end(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    streams.delete(toNumber(addr));
  },
};
