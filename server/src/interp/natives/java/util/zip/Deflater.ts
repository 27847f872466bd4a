// Natives of java.util.zip.Deflater, on pako's port of zlib's deflate. The JDK's natives drive
// zlib one call at a time (Deflater.c: next_in/avail_in and next_out/avail_out set to the
// arrays Java passes, then deflate(strm, flush) or deflateParams); this module does the same on
// a pako stream, so the compressed bytes, the bytes read and written per call, needsInput and
// finished are what HotSpot's zlib gives, at every level, strategy and flush mode.
//
// Why pako and not node:zlib: node's zlib is Chromium's fork, whose hashing finds other matches
// (its output differs from the JDK's zlib 1.2.13 at every level but 0 and Huffman-only), and it
// has no synchronous streaming API. pako with `legacyHash` hashes as upstream zlib does; its
// output was compared with HotSpot's for every level and strategy (test/unit/interp-zip.test.ts).
// pako has no deflateParams; `params` below does what zlib 1.2.13's does, on pako's state.
// pako's flush_pending also lacks zlib's first step, _tr_flush_bits (complete bytes of the bit
// buffer go to the pending output): the compressed bytes are the same, but up to two of them
// come one call later, and zlib's decisions that depend on avail_out (return after a block,
// stored block sizes) then differ. flush_pending starts with `strm.state`, so the stream's
// `state` is an accessor that does _tr_flush_bits first (a no-op everywhere else, where zlib's
// bit buffer holds less than a byte).
//
// Results are packed as Deflater expects: bytes read (bits 0-30), bytes written (31-61),
// finished (62), parameters still to apply (63: deflateParams returned Z_BUF_ERROR).

import { ZStream, zlibDeflate, zlibDeflateInit2, zlibDeflateReset, zlibDeflateSetDictionary } from 'pako';
import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { longOf, toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { arrayBytes } from './CRC32';
import { attachBuffers } from './zstream';

// zlib's return codes and flush modes.
const Z_OK = 0;
const Z_STREAM_END = 1;
const Z_STREAM_ERROR = -2;
const Z_BUF_ERROR = -5;
const Z_BLOCK = 5;

/** The fields of pako's deflate state that deflateParams reads or sets (zlib's names). */
interface DeflateInternals {
  level: number;
  strategy: number;
  last_flush: number;
  strstart: number;
  block_start: number;
  lookahead: number;
  matches: number;
  w_size: number;
  head: Uint16Array;
  prev: Uint16Array;
  max_lazy_match: number;
  good_match: number;
  nice_match: number;
  max_chain_length: number;
  bi_buf: number;
  bi_valid: number;
  pending: number;
  pending_buf: Uint8Array;
}

/** zlib's _tr_flush_bits (bi_flush): whole bytes of the 16-bit bit buffer to the pending output. */
function flushBits(s: DeflateInternals): void {
  if (s.bi_valid === 16) {
    s.pending_buf[s.pending++] = s.bi_buf & 0xff;
    s.pending_buf[s.pending++] = (s.bi_buf >>> 8) & 0xff;
    s.bi_buf = 0;
    s.bi_valid = 0;
  } else if (s.bi_valid >= 8) {
    s.pending_buf[s.pending++] = s.bi_buf & 0xff;
    s.bi_buf >>= 8;
    s.bi_valid -= 8;
  }
}

/** Makes every read of `strm.state` (flush_pending's first statement) flush the bit buffer. */
function flushBitsOnStateRead(strm: ZStream): void {
  let state = strm.state as DeflateInternals | null;
  Object.defineProperty(strm, 'state', {
    get: () => {
      if (state !== null) flushBits(state);
      return state;
    },
    set: (v: DeflateInternals | null) => {
      state = v;
    },
  });
}

/** zlib's configuration table: good_length, max_lazy, nice_length, max_chain, function. */
const CONFIG: [good: number, lazy: number, nice: number, chain: number, func: 'stored' | 'fast' | 'slow'][] = [
  [0, 0, 0, 0, 'stored'],
  [4, 4, 8, 4, 'fast'],
  [4, 5, 16, 8, 'fast'],
  [4, 6, 32, 32, 'fast'],
  [4, 4, 16, 16, 'slow'],
  [8, 16, 32, 32, 'slow'],
  [8, 16, 128, 128, 'slow'],
  [8, 32, 128, 256, 'slow'],
  [32, 128, 258, 1024, 'slow'],
  [32, 258, 258, 4096, 'slow'],
];

const streams = new Map<number, ZStream>();
let nextId = 1;

/** What a boot snapshot cannot hold (snapshot/graph.ts): Deflater streams of the host, or null. */
export function snapshotBlocker(): string | null {
  return streams.size > 0 || nextId !== 1 ? 'Deflater streams' : null;
}

function streamOf(addr: Long): ZStream {
  const s = streams.get(toNumber(addr));
  if (s === undefined) throw new VmError('java/lang/NullPointerException', 'Deflater has been closed');
  return s;
}

function internals(strm: ZStream): DeflateInternals {
  return strm.state as DeflateInternals;
}

/** zlib's slide_hash: the hash chains after the window moved down by w_size. */
function slideHash(s: DeflateInternals): void {
  for (const table of [s.head, s.prev]) {
    for (let i = 0; i < table.length; i++) {
      const m = table[i]!;
      table[i] = m >= s.w_size ? m - s.w_size : 0;
    }
  }
}

/** zlib 1.2.13's deflateParams on a pako stream. */
function params(strm: ZStream, levelIn: number, strategy: number): number {
  const s = internals(strm);
  const level = levelIn === -1 ? 6 : levelIn;
  if (level < 0 || level > 9 || strategy < 0 || strategy > 4) return Z_STREAM_ERROR;
  if ((strategy !== s.strategy || CONFIG[s.level]![4] !== CONFIG[level]![4]) && s.last_flush !== -2) {
    // Flush the last buffer.
    const err = zlibDeflate(strm, Z_BLOCK as 0);
    if (err === Z_STREAM_ERROR) return err;
    if (strm.avail_in !== 0 || s.strstart - s.block_start + s.lookahead !== 0) return Z_BUF_ERROR;
  }
  if (s.level !== level) {
    if (s.level === 0 && s.matches !== 0) {
      if (s.matches === 1) slideHash(s);
      else s.head.fill(0);
      s.matches = 0;
    }
    const [good, lazy, nice, chain] = CONFIG[level]!;
    s.level = level;
    s.max_lazy_match = lazy;
    s.good_match = good;
    s.nice_match = nice;
    s.max_chain_length = chain;
  }
  s.strategy = strategy;
  return Z_OK;
}

function deflate(addr: Long, input: Uint8Array, out: Uint8Array, flush: number, p: number): Long {
  const strm = streamOf(addr);
  attachBuffers(strm, input, out);
  let setParams = p & 1;
  let finished = 0;
  let used = true;
  const res = setParams ? params(strm, p >> 3, (p >> 1) & 3) : zlibDeflate(strm, flush as 0);
  // Drop the references to the Java arrays.
  strm.input = new Uint8Array(0);
  strm.output = new Uint8Array(0);
  if (setParams) {
    if (res === Z_OK) setParams = 0;
    else if (res !== Z_BUF_ERROR) throw new VmError('java/lang/InternalError', strm.msg || null);
  } else if (res === Z_STREAM_END) finished = 1;
  else if (res === Z_BUF_ERROR) used = false;
  else if (res !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
  const read = used ? input.length - strm.avail_in : 0;
  const written = used ? out.length - strm.avail_out : 0;
  return longOf(BigInt(read) | (BigInt(written) << 31n) | (BigInt(finished) << 62n) | (BigInt(setParams) << 63n));
}

function setDictionary(addr: Long, dict: Uint8Array): void {
  const strm = streamOf(addr);
  const res = zlibDeflateSetDictionary(strm, dict.slice());
  if (res === Z_STREAM_ERROR) throw new VmError('java/lang/IllegalArgumentException', null);
  if (res !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
}

export const natives: NativeTable = {
  'init(IIZ)J': (_vm: VM, _t: JThread, level: number, strategy: number, nowrap: number) => {
    const strm = new ZStream();
    // Deflater.c: deflateInit2(level, Z_DEFLATED, nowrap ? -MAX_WBITS : MAX_WBITS, DEF_MEM_LEVEL, strategy).
    const res = zlibDeflateInit2(strm, level, 8, nowrap !== 0 ? -15 : 15, 8, strategy as 0, true);
    if (res === Z_STREAM_ERROR) throw new VmError('java/lang/IllegalArgumentException', null);
    if (res !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
    flushBitsOnStateRead(strm);
    const id = nextId++;
    streams.set(id, strm);
    return id;
  },
  'setDictionary(J[BII)V': (_vm: VM, _t: JThread, addr: Long, b: JObject | null, off: number, len: number) => setDictionary(addr, arrayBytes(b, off, len)),
  'setDictionaryBuffer(JJI)V': (_vm: VM, _t: JThread, addr: Long, bufAddr: Long, len: number) => setDictionary(addr, memory.bytes(toNumber(bufAddr), len)),
  'deflateBytesBytes(J[BII[BIIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outb: JObject | null, outOff: number, outLen: number, flush: number, p: number) =>
    deflate(addr, arrayBytes(inb, inOff, inLen), arrayBytes(outb, outOff, outLen), flush, p),
  'deflateBytesBuffer(J[BIIJIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inb: JObject | null, inOff: number, inLen: number, outAddr: Long, outLen: number, flush: number, p: number) =>
    deflate(addr, arrayBytes(inb, inOff, inLen), memory.bytes(toNumber(outAddr), outLen), flush, p),
  'deflateBufferBytes(JJI[BIIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outb: JObject | null, outOff: number, outLen: number, flush: number, p: number) =>
    deflate(addr, memory.bytes(toNumber(inAddr), inLen), arrayBytes(outb, outOff, outLen), flush, p),
  'deflateBufferBuffer(JJIJIII)J': (_vm: VM, _t: JThread, _self: JObject, addr: Long, inAddr: Long, inLen: number, outAddr: Long, outLen: number, flush: number, p: number) =>
    deflate(addr, memory.bytes(toNumber(inAddr), inLen), memory.bytes(toNumber(outAddr), outLen), flush, p),
  'getAdler(J)I': (_vm: VM, _t: JThread, addr: Long) => streamOf(addr).adler | 0,
  'reset(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    const strm = streamOf(addr);
    if (zlibDeflateReset(strm) !== Z_OK) throw new VmError('java/lang/InternalError', strm.msg || null);
  },
  'end(J)V': (_vm: VM, _t: JThread, addr: Long) => {
    streams.delete(toNumber(addr));
  },
};
