// Modified UTF-8 (JVMS 4.4.7), the encoding of CONSTANT_Utf8.
//
// Differences from standard UTF-8: U+0000 is written as the two bytes C0 80, and characters
// outside the BMP are written as two 3-byte surrogates (so any JS string, including one with
// lone surrogates, has exactly one encoding). Decoding is strict: only the canonical encoding of
// each character is accepted (no raw 00, no overlong forms other than C0 80, no 4-byte forms),
// which is what makes decode → encode byte-identical.

import { ClassFormatError, CodeModelError } from './errors';
import type { ByteWriter } from './bytes';

/** Node's native Latin-1 decoder (works on any Uint8Array), if we run on Node. */
type SliceFn = (this: Uint8Array, start: number, end: number) => string;
const latin1Slice: SliceFn | undefined = (globalThis as { Buffer?: { prototype: { latin1Slice?: SliceFn } } }).Buffer?.prototype
  .latin1Slice;

/** Scratch buffer for UTF-16 code units of non-ASCII strings (grown on demand, never shrunk). */
let units = new Uint16Array(1024);
const CHUNK = 4096;

function fromUnits(a: ArrayLike<number> & { subarray(s: number, e: number): ArrayLike<number> }, n: number): string {
  const apply = String.fromCharCode.apply as (thisArg: null, args: ArrayLike<number>) => string;
  if (n <= CHUNK) return apply.call(String.fromCharCode, null, a.subarray(0, n));
  let s = '';
  for (let i = 0; i < n; i += CHUNK) s += apply.call(String.fromCharCode, null, a.subarray(i, Math.min(n, i + CHUNK)));
  return s;
}

/**
 * Decodes `buf[start, end)` as modified UTF-8. Throws a ClassFormatError naming `file` and the
 * offset of the first malformed byte.
 */
export function decodeMutf8(buf: Uint8Array, start: number, end: number, file: string): string {
  // Fast path: pure ASCII (almost every name and descriptor).
  let i = start;
  while (i < end) {
    const b = buf[i];
    if (b === 0 || b >= 0x80) break;
    i++;
  }
  if (i === end) {
    if (latin1Slice !== undefined) return latin1Slice.call(buf, start, end);
    const len = end - start;
    if (len <= 24) {
      let s = '';
      for (let k = start; k < end; k++) s += String.fromCharCode(buf[k]);
      return s;
    }
    return fromUnits(buf.subarray(start, end), len);
  }
  if (units.length < end - start) {
    let cap = units.length;
    while (cap < end - start) cap *= 2;
    units = new Uint16Array(cap);
  }
  const u = units;
  let n = 0;
  for (let k = start; k < i; k++) u[n++] = buf[k];
  while (i < end) {
    const a = buf[i];
    if (a !== 0 && a < 0x80) {
      u[n++] = a;
      i++;
    } else if ((a & 0xe0) === 0xc0) {
      if (i + 1 >= end) bad(file, i, 'a continuation byte after a 2-byte lead', 'end of string');
      const b = buf[i + 1];
      if ((b & 0xc0) !== 0x80) bad(file, i + 1, 'a continuation byte (10xxxxxx)', hex(b));
      const c = ((a & 0x1f) << 6) | (b & 0x3f);
      if (c !== 0 && c < 0x80) bad(file, i, 'the shortest encoding of each character', `overlong ${hex(a)} ${hex(b)}`);
      u[n++] = c;
      i += 2;
    } else if ((a & 0xf0) === 0xe0) {
      if (i + 2 >= end) bad(file, i, 'two continuation bytes after a 3-byte lead', 'end of string');
      const b = buf[i + 1];
      const d = buf[i + 2];
      if ((b & 0xc0) !== 0x80) bad(file, i + 1, 'a continuation byte (10xxxxxx)', hex(b));
      if ((d & 0xc0) !== 0x80) bad(file, i + 2, 'a continuation byte (10xxxxxx)', hex(d));
      const c = ((a & 0x0f) << 12) | ((b & 0x3f) << 6) | (d & 0x3f);
      if (c < 0x800) bad(file, i, 'the shortest encoding of each character', `overlong ${hex(a)} ${hex(b)} ${hex(d)}`);
      u[n++] = c;
      i += 3;
    } else {
      bad(file, i, 'a modified UTF-8 lead byte (01-7F, C0-DF or E0-EF)', hex(a));
    }
  }
  return fromUnits(u, n);
}

function hex(b: number): string {
  return '0x' + b.toString(16).toUpperCase().padStart(2, '0');
}

function bad(file: string, offset: number, expected: string, found: string): never {
  throw new ClassFormatError(file, offset, `modified UTF-8: ${expected}`, found);
}

/** The number of bytes `s` takes in modified UTF-8. */
export function mutf8Length(s: string): number {
  let len = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    len += c !== 0 && c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  return len;
}

/** Writes `s` as a u2 length followed by its modified UTF-8 bytes (a CONSTANT_Utf8 body). */
export function writeMutf8(w: ByteWriter, s: string): void {
  const n = s.length;
  w.ensure(2 + 3 * n);
  const buf = w.raw;
  const start = w.pos;
  let p = start + 2;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0 && c < 0x80) {
      buf[p++] = c;
    } else if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 0x3f);
    } else {
      buf[p++] = 0xe0 | (c >> 12);
      buf[p++] = 0x80 | ((c >> 6) & 0x3f);
      buf[p++] = 0x80 | (c & 0x3f);
    }
  }
  const len = p - start - 2;
  if (len > 0xffff) throw new CodeModelError(`string of ${len} bytes in modified UTF-8 is too long for a CONSTANT_Utf8 (max 65535)`);
  w.patchU2(start, len);
  w.pos = p;
}
