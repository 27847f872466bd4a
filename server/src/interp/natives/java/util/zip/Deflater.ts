// Natives of java.util.zip.Deflater, on node's zlib. Input is buffered until the stream is
// flushed (SYNC_FLUSH, FULL_FLUSH) or finished; each flush compresses the buffered input as
// one raw deflate segment ending on a byte boundary (a sync flush), so the segments form one
// deflate stream. The zlib wrapper (header, Adler-32 trailer) is added here when not `nowrap`.
// Known difference: node's zlib is Chromium's fork, whose compressed bytes can differ from the
// JDK's zlib at the same level (same data after inflating).
//
// Results are packed as Deflater expects: bytes read (bits 0-30), bytes written (31-61),
// finished (62); bit 63 clear = new parameters applied.

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

// Deflater flush modes.
const NO_FLUSH = 0;
const FULL_FLUSH = 3;
const FINISH = 4;

interface DeflateState {
  level: number;
  strategy: number;
  nowrap: boolean;
  pending: Buffer[];
  /** Compressed bytes not yet handed out. */
  out: Buffer;
  headerDone: boolean;
  finished: boolean;
  adler: number;
}

const streams = new Map<number, DeflateState>();
let nextId = 1;

function stateOf(addr: Long): DeflateState {
  const s = streams.get(toNumber(addr));
  if (s === undefined) throw new VmError('java/lang/NullPointerException', 'Deflater has been closed');
  return s;
}

/** The two-byte zlib header for `level` (RFC 1950: deflate, 32K window, FLEVEL, FCHECK). */
function zlibHeader(level: number): Buffer {
  const lv = level === -1 ? 6 : level;
  const flevel = lv < 2 ? 0 : lv < 6 ? 1 : lv === 6 ? 2 : 3;
  const cmf = 0x78;
  let flg = flevel << 6;
  flg += 31 - ((cmf * 256 + flg) % 31);
  return Buffer.from([cmf, flg]);
}

function compress(s: DeflateState, flush: number): void {
  const data = Buffer.concat(s.pending);
  s.pending = [];
  const finishFlush = flush === FINISH ? zlib.constants.Z_FINISH : flush === FULL_FLUSH ? zlib.constants.Z_FULL_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const seg = zlib.deflateRawSync(data, { level: s.level, strategy: s.strategy, finishFlush });
  const parts: Buffer[] = [s.out];
  if (!s.nowrap && !s.headerDone) parts.push(zlibHeader(s.level));
  s.headerDone = true;
  parts.push(seg);
  if (!s.nowrap && flush === FINISH) {
    const t = Buffer.alloc(4);
    t.writeInt32BE(s.adler);
    parts.push(t);
  }
  s.out = Buffer.concat(parts);
  if (flush === FINISH) s.finished = true;
}

function deflate(addr: Long, input: Uint8Array, out: Uint8Array, flush: number, params: number): Long {
  const s = stateOf(addr);
  if (params & 1) {
    // New level/strategy apply to input given from now on.
    if (s.pending.length > 0) compress(s, NO_FLUSH);
    s.strategy = (params >> 1) & 3;
    s.level = params >> 3;
  }
  let read = 0;
  if (!s.finished) {
    read = input.length;
    if (read > 0) {
      s.pending.push(Buffer.from(input));
      if (!s.nowrap) s.adler = adler32(s.adler, input);
    }
    if (flush !== NO_FLUSH) compress(s, flush);
  }
  const n = Math.min(out.length, s.out.length);
  out.set(s.out.subarray(0, n));
  s.out = s.out.subarray(n);
  const finished = s.finished && s.out.length === 0;
  return longOf(BigInt(read) | (BigInt(n) << 31n) | (finished ? 1n << 62n : 0n));
}

export const natives: NativeTable = {
  'init(IIZ)J': (_vm: VM, _t: JThread, level: number, strategy: number, nowrap: number) => {
    const id = nextId++;
    streams.set(id, { level, strategy, nowrap: nowrap !== 0, pending: [], out: Buffer.alloc(0), headerDone: false, finished: false, adler: 1 });
    return id;
  },
  'deflateBytesBytes(J[BII[BIIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outb: JObject | null, outOff: number, outLen: number, flush: number, params: number) =>
    deflate(addr, arrayBytes(inb, inOff, inLen), arrayBytes(outb, outOff, outLen), flush, params),
  'deflateBytesBuffer(J[BIIJIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outAddr: Long, outLen: number, flush: number, params: number) =>
    deflate(addr, arrayBytes(inb, inOff, inLen), memory.bytes(toNumber(outAddr), outLen), flush, params),
  'deflateBufferBytes(JJI[BIIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outb: JObject | null, outOff: number, outLen: number, flush: number, params: number) =>
    deflate(addr, memory.bytes(toNumber(inAddr), inLen), arrayBytes(outb, outOff, outLen), flush, params),
  'deflateBufferBuffer(JJIJIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outAddr: Long, outLen: number, flush: number, params: number) =>
    deflate(addr, memory.bytes(toNumber(inAddr), inLen), memory.bytes(toNumber(outAddr), outLen), flush, params),
  'getAdler(J)I': (_vm: VM, _t: JThread, addr: Long) => stateOf(addr).adler,
  'reset(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    const s = stateOf(addr);
    Object.assign(s, { pending: [], out: Buffer.alloc(0), headerDone: false, finished: false, adler: 1 });
  },
  'end(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    streams.delete(toNumber(addr));
  },
};
