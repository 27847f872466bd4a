// Big-endian byte reading and writing for class files.
//
// `ByteReader` reads through a DataView on the caller's buffer (no copies) and bounds-checks
// every read against a movable limit: the end of the file, or the end of the attribute being
// decoded. Any overrun throws a ClassFormatError naming the file, the offset and what was being
// read, so malformed input can never surface as a RangeError.
//
// `ByteWriter` appends into a growable buffer and checks that every value fits its field, so a
// bad model gives a CodeModelError instead of silently truncated output.

import { ClassFormatError, CodeModelError } from './errors';

export class ByteReader {
  readonly buf: Uint8Array;
  readonly view: DataView;
  /** Current read position (offset from the start of `buf`). */
  pos = 0;
  /** Reads may not go past this offset. */
  limit: number;
  /** The attribute whose end `limit` is, if any (for error messages). */
  limitName: string | undefined = undefined;

  constructor(
    buf: Uint8Array,
    readonly file: string,
  ) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.limit = buf.byteLength;
  }

  /** Throws a ClassFormatError at `offset` (default: the current position). */
  fail(expected: string, found?: string, offset: number = this.pos): never {
    throw new ClassFormatError(this.file, offset, expected, found);
  }

  private overrun(n: number, what: string): never {
    const left = this.limit - this.pos;
    this.fail(`${n} byte${n === 1 ? '' : 's'} for ${what} before ${this.limitDescription()}`, `${left} byte${left === 1 ? '' : 's'} left`);
  }

  /** "the end of the class file" or "the end of the Code attribute (at offset 123)". */
  limitDescription(): string {
    return this.limitName === undefined
      ? 'the end of the class file'
      : `the end of the ${this.limitName} attribute (at offset ${this.limit})`;
  }

  /** Bytes left before the limit. */
  get remaining(): number {
    return this.limit - this.pos;
  }

  /** Fails fast unless `n` bytes remain (used before loops over counted tables). */
  need(n: number, what: string): void {
    if (this.pos + n > this.limit) this.overrun(n, what);
  }

  u1(what = 'u1'): number {
    const p = this.pos;
    if (p + 1 > this.limit) this.overrun(1, what);
    this.pos = p + 1;
    return this.buf[p];
  }

  u2(what = 'u2'): number {
    const p = this.pos;
    if (p + 2 > this.limit) this.overrun(2, what);
    this.pos = p + 2;
    return this.view.getUint16(p);
  }

  u4(what = 'u4'): number {
    const p = this.pos;
    if (p + 4 > this.limit) this.overrun(4, what);
    this.pos = p + 4;
    return this.view.getUint32(p);
  }

  i4(what = 'i4'): number {
    const p = this.pos;
    if (p + 4 > this.limit) this.overrun(4, what);
    this.pos = p + 4;
    return this.view.getInt32(p);
  }

  i8(what = 'i8'): bigint {
    const p = this.pos;
    if (p + 8 > this.limit) this.overrun(8, what);
    this.pos = p + 8;
    return this.view.getBigInt64(p);
  }

  /** A copy of the next `n` bytes. */
  bytes(n: number, what = 'bytes'): Uint8Array {
    const p = this.pos;
    if (n < 0 || p + n > this.limit) this.overrun(n, what);
    this.pos = p + n;
    return this.buf.slice(p, p + n);
  }

  /**
   * Narrows the limit to `end` (which must not exceed the current limit) for the body of the
   * attribute `name`, and returns a token for `popLimit`.
   */
  pushLimit(end: number, name: string): LimitToken {
    if (end > this.limit) this.overrun(end - this.pos, `the ${name} attribute`);
    const saved: LimitToken = { limit: this.limit, name: this.limitName };
    this.limit = end;
    this.limitName = name;
    return saved;
  }

  popLimit(saved: LimitToken): void {
    this.limit = saved.limit;
    this.limitName = saved.name;
  }
}

export interface LimitToken {
  limit: number;
  name: string | undefined;
}

export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  /** Number of bytes written so far. */
  pos = 0;

  constructor(capacity = 4096) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.buf.buffer);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  private bad(v: unknown, field: string): never {
    throw new CodeModelError(`value ${String(v)} does not fit in ${field} (at output offset ${this.pos})`);
  }

  u1(v: number): void {
    if (v !== (v & 0xff)) this.bad(v, 'u1');
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u2(v: number): void {
    if (v !== (v & 0xffff)) this.bad(v, 'u2');
    this.ensure(2);
    this.view.setUint16(this.pos, v);
    this.pos += 2;
  }

  u4(v: number): void {
    if (v !== v >>> 0) this.bad(v, 'u4');
    this.ensure(4);
    this.view.setUint32(this.pos, v);
    this.pos += 4;
  }

  /** A 32-bit value given signed or unsigned (int constants, float bits). */
  i4(v: number): void {
    if (v !== (v | 0) && v !== v >>> 0) this.bad(v, '32 bits');
    this.ensure(4);
    this.view.setInt32(this.pos, v | 0);
    this.pos += 4;
  }

  /** A 64-bit value given signed or unsigned. */
  i8(v: bigint): void {
    if (typeof v !== 'bigint' || v < -0x8000000000000000n || v > 0xffffffffffffffffn) this.bad(v, '64 bits');
    this.ensure(8);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, v));
    this.pos += 8;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** Direct access for encoders that fill space reserved with `ensure`. */
  get raw(): Uint8Array {
    return this.buf;
  }

  /** Reserves a u4 (e.g. an attribute_length) to fill in later with `patchU4`. */
  reserveU4(): number {
    this.ensure(4);
    const at = this.pos;
    this.pos += 4;
    return at;
  }

  patchU2(at: number, v: number): void {
    if (v !== (v & 0xffff)) this.bad(v, 'u2');
    this.view.setUint16(at, v);
  }

  patchU4(at: number, v: number): void {
    if (v !== v >>> 0) this.bad(v, 'u4');
    this.view.setUint32(at, v);
  }

  /** The bytes written, as a new right-sized array. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
