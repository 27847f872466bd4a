// A small synchronous zip reader for jars: the central directory is read once at open, and
// an entry's bytes are read (and inflated) only when asked for, with positioned reads on one
// file descriptor. Supports stored and deflated entries and ZIP64 sizes/offsets; rejects
// encrypted entries and other methods with a ZipFormatError naming the file and entry.
// Written against the PKWARE APPNOTE (sections 4.3.7 local header, 4.3.12 central directory
// header, 4.3.14-16 ZIP64 end records, 4.5.3 ZIP64 extra field).

import { closeSync, fstatSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { ZipFormatError } from './errors';
import { inflateFileRange } from './inflate-stream';

/** The largest entry read into memory (a Java array's limit); larger ones can only be copied. */
export const MAX_READ_BYTES = 0x7fffffff;
/** Deflated entries up to this size are inflated in memory when copied; larger ones as a stream. */
const INFLATE_IN_MEMORY = 64 << 20;
const COPY_CHUNK = 1 << 20;

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderOffset: number;
  readonly isDirectory: boolean;
}

export class ZipFile {
  private fd: number | undefined;
  private readonly byName: Map<string, ZipEntry>;

  private constructor(
    readonly path: string,
    fd: number,
    private readonly fileSize: number,
    /** Entries in central-directory order. */
    readonly entries: readonly ZipEntry[],
  ) {
    this.fd = fd;
    this.byName = new Map();
    for (const e of entries) if (!this.byName.has(e.name)) this.byName.set(e.name, e);
  }

  static open(path: string): ZipFile {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (e) {
      throw new ZipFormatError(path, `cannot open: ${(e as Error).message}`);
    }
    try {
      const size = fstatSync(fd).size;
      return new ZipFile(path, fd, size, readCentralDirectory(path, fd, size));
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The entry's uncompressed bytes, or undefined when there is no such entry. */
  read(name: string): Uint8Array | undefined {
    const e = this.byName.get(name);
    return e === undefined ? undefined : this.readEntry(e);
  }

  readEntry(e: ZipEntry): Uint8Array {
    const fail = (problem: string): ZipFormatError => new ZipFormatError(this.path, `entry ${e.name}: ${problem}`);
    if (e.size > MAX_READ_BYTES || e.compressedSize > MAX_READ_BYTES) {
      throw fail(`${Math.max(e.size, e.compressedSize)} bytes is too large to read into memory (at most ${MAX_READ_BYTES})`);
    }
    const dataStart = this.dataStart(e);
    const stored = this.readAt(dataStart, e.compressedSize, e.name);
    let data: Buffer;
    if (e.method === 0) {
      if (e.compressedSize !== e.size) throw fail(`stored entry with compressed size ${e.compressedSize} != size ${e.size}`);
      data = stored;
    } else {
      try {
        data = inflateRawSync(stored, { maxOutputLength: Math.max(e.size, 1) });
      } catch (err) {
        throw fail(`inflate failed: ${(err as Error).message}`);
      }
    }
    if (data.length !== e.size) throw fail(`inflated to ${data.length} bytes, the directory says ${e.size}`);
    const crc = crc32(data);
    if (crc !== e.crc) throw fail(`CRC mismatch (0x${crc.toString(16)} != 0x${e.crc.toString(16)})`);
    return data;
  }

  /**
   * Writes the entry's uncompressed bytes to file `dst` without holding them in memory (chunks
   * of stored entries; large deflated entries are inflated as a stream in a helper thread), and
   * checks the size and CRC. Returns the number of bytes written.
   */
  copyEntryTo(e: ZipEntry, dst: string): number {
    const fail = (problem: string): ZipFormatError => new ZipFormatError(this.path, `entry ${e.name}: ${problem}`);
    const dataStart = this.dataStart(e);
    if (dataStart + e.compressedSize > this.fileSize) {
      throw fail(`${e.compressedSize} bytes at offset ${dataStart} run past the end of the file (${this.fileSize} bytes)`);
    }
    if (e.method === 8 && e.size > INFLATE_IN_MEMORY) {
      const r = inflateFileRange(this.path, dataStart, e.compressedSize, e.size, dst);
      if (r.error !== undefined) throw fail(`inflate failed: ${r.error}`);
      if (r.size !== e.size) throw fail(`inflated to ${r.size} bytes, the directory says ${e.size}`);
      if (r.crc !== e.crc) throw fail(`CRC mismatch (0x${r.crc.toString(16)} != 0x${e.crc.toString(16)})`);
      return r.size;
    }
    if (e.method === 8) {
      writeFileSync(dst, this.readEntry(e));
      return e.size;
    }
    if (e.compressedSize !== e.size) throw fail(`stored entry with compressed size ${e.compressedSize} != size ${e.size}`);
    const out = openSync(dst, 'w');
    try {
      let crc = 0;
      for (let done = 0; done < e.size; ) {
        const n = Math.min(COPY_CHUNK, e.size - done);
        const chunk = this.readAt(dataStart + done, n, e.name);
        crc = crc32(chunk, crc);
        for (let w = 0; w < n; ) w += writeSync(out, chunk, w, n - w);
        done += n;
      }
      if (crc !== e.crc) throw fail(`CRC mismatch (0x${crc.toString(16)} != 0x${e.crc.toString(16)})`);
    } finally {
      closeSync(out);
    }
    return e.size;
  }

  /** Where the entry's (compressed) data starts, after its local header; checks flags and method. */
  private dataStart(e: ZipEntry): number {
    const fail = (problem: string): ZipFormatError => new ZipFormatError(this.path, `entry ${e.name}: ${problem}`);
    if (e.flags & 1) throw fail('encrypted entries are not supported');
    if (e.method !== 0 && e.method !== 8) throw fail(`unsupported compression method ${e.method} (only stored and deflated)`);
    const local = this.readAt(e.localHeaderOffset, LOCAL_HEADER_SIZE, e.name);
    if (local.readUInt32LE(0) !== SIG_LOCAL) throw fail(`no local file header at offset ${e.localHeaderOffset}`);
    return e.localHeaderOffset + LOCAL_HEADER_SIZE + local.readUInt16LE(26) + local.readUInt16LE(28);
  }

  close(): void {
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }

  private readAt(position: number, length: number, what: string): Buffer {
    if (this.fd === undefined) throw new ZipFormatError(this.path, 'zip file is closed');
    if (position + length > this.fileSize) {
      throw new ZipFormatError(this.path, `entry ${what}: ${length} bytes at offset ${position} run past the end of the file (${this.fileSize} bytes)`);
    }
    return readExactly(this.path, this.fd, position, length);
  }
}

function readExactly(path: string, fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, position + done);
    if (n === 0) throw new ZipFormatError(path, `unexpected end of file at offset ${position + done}`);
    done += n;
  }
  return buf;
}

interface CentralDirectoryLocation {
  count: number;
  /** Where the central directory really is in the file. */
  offset: number;
  size: number;
  /**
   * Bytes before the archive proper (a launcher script prepended to a jar): the central
   * directory ends where the end record starts, so the declared offsets are off by this much.
   */
  shift: number;
}

function findEnd(path: string, fd: number, fileSize: number): CentralDirectoryLocation {
  if (fileSize < EOCD_SIZE) throw new ZipFormatError(path, `not a zip file: only ${fileSize} bytes`);
  const tailLen = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT);
  const tailStart = fileSize - tailLen;
  const tail = readExactly(path, fd, tailStart, tailLen);
  for (let p = tailLen - EOCD_SIZE; p >= 0; p--) {
    if (tail.readUInt32LE(p) !== SIG_EOCD) continue;
    if (p + EOCD_SIZE + tail.readUInt16LE(p + 20) > tailLen) continue; // a signature inside the comment
    const eocdOffset = tailStart + p;
    let count = tail.readUInt16LE(p + 10);
    let size = tail.readUInt32LE(p + 12);
    let offset = tail.readUInt32LE(p + 16);
    let endPos = eocdOffset;
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const z = readZip64End(path, fd, eocdOffset);
      if (z !== undefined) ({ count, size, offset, endPos } = z);
    }
    const actual = endPos - size;
    if (actual < 0 || offset > actual) {
      throw new ZipFormatError(path, `central directory (${size} bytes at offset ${offset}) does not fit before its end record at ${endPos}: truncated or corrupt`);
    }
    return { count, size, offset: actual, shift: actual - offset };
  }
  throw new ZipFormatError(path, 'not a zip file: no end-of-central-directory record');
}

const ZIP64_EOCD_SIZE = 56;

function readZip64End(path: string, fd: number, eocdOffset: number): (Omit<CentralDirectoryLocation, 'shift'> & { endPos: number }) | undefined {
  if (eocdOffset < 20) return undefined;
  const loc = readExactly(path, fd, eocdOffset - 20, 20);
  if (loc.readUInt32LE(0) !== SIG_ZIP64_LOCATOR) return undefined;
  // The record is where the locator says, or (with bytes prepended to the archive) right
  // before the locator.
  const declared = toSafe(path, loc.readBigUInt64LE(8), 'ZIP64 end record offset');
  let rec: Buffer | undefined;
  let recOffset = -1;
  for (const at of [declared, eocdOffset - 20 - ZIP64_EOCD_SIZE]) {
    if (at < 0 || at + ZIP64_EOCD_SIZE > eocdOffset - 20) continue;
    const b = readExactly(path, fd, at, ZIP64_EOCD_SIZE);
    if (b.readUInt32LE(0) === SIG_ZIP64_EOCD) {
      rec = b;
      recOffset = at;
      break;
    }
  }
  if (rec === undefined) throw new ZipFormatError(path, `no ZIP64 end record (the locator says offset ${declared})`);
  return {
    count: toSafe(path, rec.readBigUInt64LE(32), 'ZIP64 entry count'),
    size: toSafe(path, rec.readBigUInt64LE(40), 'ZIP64 central directory size'),
    offset: toSafe(path, rec.readBigUInt64LE(48), 'ZIP64 central directory offset'),
    endPos: recOffset,
  };
}

function toSafe(path: string, v: bigint, what: string): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError(path, `${what} ${v} is too large`);
  return Number(v);
}

function readCentralDirectory(path: string, fd: number, fileSize: number): ZipEntry[] {
  const { count, size, offset, shift } = findEnd(path, fd, fileSize);
  const cd = readExactly(path, fd, offset, size);
  const entries: ZipEntry[] = [];
  let p = 0;
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i++) {
    if (p + CENTRAL_HEADER_SIZE > size || cd.readUInt32LE(p) !== SIG_CENTRAL) {
      throw new ZipFormatError(path, `central directory entry ${i} of ${count} is missing or malformed (at offset ${offset + p})`);
    }
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const crc = cd.readUInt32LE(p + 16);
    let compressedSize = cd.readUInt32LE(p + 20);
    let uncompressedSize = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const nameStart = p + CENTRAL_HEADER_SIZE;
    const extraStart = nameStart + nameLen;
    const next = extraStart + extraLen + commentLen;
    if (next > size) throw new ZipFormatError(path, `central directory entry ${i} runs past the directory`);
    const name = decoder.decode(cd.subarray(nameStart, extraStart));
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      // ZIP64 extended information: the 64-bit values, in this order, for the fields that are 0xFFFFFFFF.
      const z = findExtra(cd, extraStart, extraStart + extraLen, 0x0001);
      if (z === undefined) throw new ZipFormatError(path, `entry ${name}: 32-bit field is 0xFFFFFFFF but there is no ZIP64 extra field`);
      let q = z.start;
      const next64 = (what: string): number => {
        if (q + 8 > z.end) throw new ZipFormatError(path, `entry ${name}: ZIP64 extra field too short for ${what}`);
        const v = toSafe(path, cd.readBigUInt64LE(q), `entry ${name}: ${what}`);
        q += 8;
        return v;
      };
      if (uncompressedSize === 0xffffffff) uncompressedSize = next64('size');
      if (compressedSize === 0xffffffff) compressedSize = next64('compressed size');
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next64('local header offset');
    }
    localHeaderOffset += shift;
    if (localHeaderOffset + LOCAL_HEADER_SIZE > offset) {
      throw new ZipFormatError(path, `entry ${name}: local header offset ${localHeaderOffset} is past the central directory`);
    }
    entries.push({
      name,
      method,
      flags,
      crc,
      compressedSize,
      size: uncompressedSize,
      localHeaderOffset,
      isDirectory: name.endsWith('/'),
    });
    p = next;
  }
  return entries;
}

function findExtra(b: Buffer, start: number, end: number, id: number): { start: number; end: number } | undefined {
  let p = start;
  while (p + 4 <= end) {
    const tag = b.readUInt16LE(p);
    const len = b.readUInt16LE(p + 2);
    if (p + 4 + len > end) return undefined;
    if (tag === id) return { start: p + 4, end: p + 4 + len };
    p += 4 + len;
  }
  return undefined;
}

// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as zip uses. Own table rather than
// zlib.crc32, which older Node 20 releases lack.
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** The CRC-32 of `data`; `crc`: the CRC of the bytes before it (to compute one in pieces). */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
