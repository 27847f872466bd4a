// Reader for the JDK's `lib/modules` file (the jimage format, JDK 9+).
//
// Layout (header fields and tables in the file's byte order, told apart by the magic):
//   header (28 bytes): magic 0xCAFEDADA, version (major<<16 | minor), flags, resourceCount,
//                      tableLength, locationsSize, stringsSize
//   redirect table          s4 × tableLength
//   location-offset table   u4 × tableLength
//   location attributes     locationsSize bytes: (kind<<3 | len-1) then len big-endian bytes
//   strings                 stringsSize bytes of NUL-terminated modified UTF-8
//   resource data           from indexSize = 28 + 8×tableLength + locationsSize + stringsSize
//
// Opening reads only the header; the index (1.5 MB for JDK 17) is read a page at a time as
// lookups need it, into memory reserved for it whole (a run restored from a boot snapshot looks
// up a few dozen names: 19 in a profiled hello-world, where the whole index had been 1.5 MB of
// its peak RSS); resources are read on demand with positioned reads on a single file descriptor.

import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { JImageFormatError } from './errors';
import { decodeMutf8, jimageHash } from './mutf8';
import { decompressResource } from './jimage-compression';

const MAGIC = 0xcafedada;
/** The index is read in pages of this many bytes. */
const PAGE = 4096;
const HEADER_SIZE = 28;
const MAJOR_VERSION = 1;

/** Location attribute kinds. */
const enum Attr {
  End = 0,
  Module = 1,
  Parent = 2,
  Base = 3,
  Extension = 4,
  Offset = 5,
  Compressed = 6,
  Uncompressed = 7,
  Count = 8,
}

/** One decoded location (a resource or a directory node of the image). */
export interface JImageLocation {
  /** `/module/parent/base.extension`, e.g. `/java.base/java/lang/String.class`. */
  readonly name: string;
  readonly module: string;
  readonly parent: string;
  readonly base: string;
  readonly extension: string;
  /** Offset of the content, relative to the start of the resource data. */
  readonly contentOffset: number;
  /** Stored size when compressed, else 0. */
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

export interface JImageHeader {
  readonly littleEndian: boolean;
  readonly majorVersion: number;
  readonly minorVersion: number;
  readonly flags: number;
  readonly resourceCount: number;
  readonly tableLength: number;
  readonly locationsSize: number;
  readonly stringsSize: number;
  /** Where the resource data starts. */
  readonly indexSize: number;
}

/** True for the directory-tree entries jlink adds (`/modules/...`, `/packages/...`). */
export function isTreeEntry(name: string): boolean {
  return name.startsWith('/modules') || name.startsWith('/packages');
}

/** Images opened by openShared, by path, size and time. */
const SHARED = new Map<string, JImage>();

export class JImage {
  readonly header: JImageHeader;
  private fd: number | undefined;
  private readonly fileSize: number;
  /**
   * Header, tables and strings: bytes [0, indexSize) of the file, read by pages (`need`) into
   * memory the system gives as it is first written (a resizable ArrayBuffer's reservation).
   */
  private readonly index: Buffer;
  /** Per page of `index`: read. */
  private readonly loaded: Uint8Array;
  private readonly view: DataView;
  private readonly le: boolean;
  private readonly offsetsStart: number;
  private readonly locationsStart: number;
  private readonly stringsStart: number;
  private readonly stringCache = new Map<number, string>();
  /** Package (dotted) → module, or null when no module holds classes of it. */
  private readonly packageCache = new Map<string, string | null>();
  private moduleList: string[] | undefined;

  private constructor(
    readonly path: string,
    fd: number,
    fileSize: number,
    header: JImageHeader,
    index: Buffer,
  ) {
    this.fd = fd;
    this.fileSize = fileSize;
    this.header = header;
    this.index = index;
    this.loaded = new Uint8Array(Math.ceil(index.length / PAGE));
    this.loaded[0] = 1; // the header, read by open
    this.view = new DataView(index.buffer, index.byteOffset, index.byteLength);
    this.le = header.littleEndian;
    this.offsetsStart = HEADER_SIZE + 4 * header.tableLength;
    this.locationsStart = HEADER_SIZE + 8 * header.tableLength;
    this.stringsStart = this.locationsStart + header.locationsSize;
  }

  /** Opens a jimage file. Throws JImageFormatError for anything that is not a valid image. */
  static open(path: string): JImage {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (e) {
      throw new JImageFormatError(path, undefined, `cannot open: ${(e as Error).message}`);
    }
    try {
      const fileSize = fstatSync(fd).size;
      const head = Buffer.alloc(HEADER_SIZE);
      const got = readFully(fd, head, 0);
      if (got < HEADER_SIZE) {
        throw new JImageFormatError(path, got, `truncated header: file has ${fileSize} bytes, the header needs ${HEADER_SIZE}`);
      }
      const header = parseHeader(path, head, fileSize);
      const index = reservedBuffer(header.indexSize);
      const first = index.subarray(0, Math.min(PAGE, header.indexSize));
      if (readFully(fd, first, 0) < first.length) throw new JImageFormatError(path, undefined, 'truncated index');
      return new JImage(path, fd, fileSize, header, index);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  /** Content of the resource with this full name, or undefined when there is none. */
  find(name: string): Uint8Array | undefined {
    const loc = this.findLocation(name);
    return loc === undefined ? undefined : this.read(loc);
  }

  /** The location with this full name (`/module/path/Name.ext`), or undefined. */
  findLocation(name: string): JImageLocation | undefined {
    const n = this.header.tableLength;
    if (n === 0) return undefined;
    const r = this.int32(HEADER_SIZE + 4 * (jimageHash(name) % n));
    let slot: number;
    if (r < 0) slot = -1 - r;
    else if (r > 0) slot = jimageHash(name, r) % n;
    else return undefined;
    if (slot >= n) throw this.error(HEADER_SIZE, `redirect entry for '${name}' points to slot ${slot} of ${n}`);
    if (this.slotOffset(slot) === 0) return undefined; // an empty slot
    const loc = this.location(slot);
    return loc.name === name ? loc : undefined;
  }

  /**
   * Where the image's resources end (index size plus the furthest content end of any location),
   * and the file's size: a file shorter than that end was cut (a truncated copy or download).
   * One pass over the location table (tens of thousands of entries, a few milliseconds).
   */
  contentEnd(): { end: number; fileSize: number } {
    let end = this.header.indexSize;
    this.eachLocation((a) => {
      const stored = a[Attr.Compressed]! !== 0 ? a[Attr.Compressed]! : a[Attr.Uncompressed]!;
      const e = this.header.indexSize + a[Attr.Offset]! + stored;
      if (e > end) end = e;
    });
    return { end, fileSize: this.fileSize };
  }

  /** Calls `visit` with the decoded attributes (reused array) of every location in the table. */
  private eachLocation(visit: (a: number[], slot: number) => void): void {
    this.need(0, this.header.indexSize);
    const a = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let slot = 0; slot < this.header.tableLength; slot++) {
      const rel = this.slotOffset(slot);
      if (rel === 0) continue;
      a.fill(0);
      this.decodeAttributes(rel, slot, a);
      visit(a, slot);
    }
  }

  /** Reads (and if needed decompresses) a location's content. */
  read(loc: JImageLocation): Uint8Array {
    const stored = loc.compressedSize !== 0 ? loc.compressedSize : loc.uncompressedSize;
    const bytes = this.readAt(this.header.indexSize + loc.contentOffset, stored, loc.name);
    if (loc.compressedSize === 0) return bytes;
    return decompressResource(bytes, loc.uncompressedSize, {
      file: this.path,
      resource: loc.name,
      littleEndian: this.le,
      string: (off) => this.string(off, `compression header of ${loc.name}`),
    });
  }

  /**
   * A class by internal name (`java/lang/String`), found through the package→module map.
   * Classes in the unnamed package are never in the image.
   */
  findClass(internalName: string): { module: string; bytes: Uint8Array } | undefined {
    const slash = internalName.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const module = this.moduleOfPackage(internalName.slice(0, slash).replace(/\//g, '.'));
    if (module === undefined) return undefined;
    const bytes = this.find(`/${module}/${internalName}.class`);
    return bytes === undefined ? undefined : { module, bytes };
  }

  /** The module that holds classes of a package (`java.lang` → `java.base`), if any. */
  moduleOfPackage(dottedPackage: string): string | undefined {
    let m = this.packageCache.get(dottedPackage);
    if (m === undefined) {
      m = this.lookUpPackage(dottedPackage) ?? null;
      this.packageCache.set(dottedPackage, m);
    }
    return m ?? undefined;
  }

  /** Names of all modules in the image, sorted. */
  modules(): string[] {
    if (this.moduleList === undefined) {
      // The /modules directory resource lists the attribute offsets of its children,
      // the /modules/<name> nodes.
      const dir = this.findLocation('/modules');
      if (dir === undefined) throw this.error(undefined, 'no /modules directory entry');
      const data = this.read(dir);
      if (data.length % 4 !== 0) throw this.error(undefined, `/modules: content size ${data.length} is not a multiple of 4`);
      const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const names: string[] = [];
      for (let i = 0; i < data.length; i += 4) {
        const child = this.locationAt(dv.getUint32(i, this.le), 'a child of /modules');
        if (child.module !== 'modules' || child.parent !== '' || child.base.includes('/')) {
          throw this.error(undefined, `/modules lists ${child.name}, which is not a module node`);
        }
        names.push(child.base);
      }
      this.moduleList = names.sort();
    }
    return [...this.moduleList];
  }

  /**
   * Full names of the resources (not the `/modules` and `/packages` tree entries), sorted as
   * `jimage list` sorts them; only those of `module` when given.
   */
  entries(module?: string): string[] {
    const names =
      module !== undefined ? this.names((m) => m === module) : this.names(() => true).filter((n) => !isTreeEntry(n));
    return names.sort();
  }

  /** Every location in table order, tree entries included (empty slots, offset 0, skipped). */
  *locations(): IterableIterator<JImageLocation> {
    for (let i = 0; i < this.header.tableLength; i++) if (this.slotOffset(i) !== 0) yield this.location(i);
  }

  /** The attribute offset of the location named `name` (what tree nodes refer to), or undefined. */
  attributeOffsetOf(name: string): number | undefined {
    const n = this.header.tableLength;
    if (n === 0) return undefined;
    const r = this.int32(HEADER_SIZE + 4 * (jimageHash(name) % n));
    const slot = r < 0 ? -1 - r : r > 0 ? jimageHash(name, r) % n : -1;
    if (slot < 0 || slot >= n || this.slotOffset(slot) === 0) return undefined;
    return this.location(slot).name === name ? this.slotOffset(slot) : undefined;
  }

  /**
   * How the image indexes `name` (the copy's writer keeps it, jimage-writer.ts): the redirect
   * entry of its bucket (< 0 a slot of its own, > 0 the seed of a shared bucket) and its
   * attributes as stored, each kind's value and byte count (0: absent). Undefined when absent.
   */
  indexEntry(name: string): { redirect: number; values: number[]; lengths: number[] } | undefined {
    const rel = this.attributeOffsetOf(name);
    if (rel === undefined) return undefined;
    const redirect = this.int32(HEADER_SIZE + 4 * (jimageHash(name) % this.header.tableLength));
    const values = this.decodeAttributes(rel, name, [0, 0, 0, 0, 0, 0, 0, 0]);
    const lengths = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let p = this.locationsStart + rel; ; ) {
      const b = this.byte(p++);
      if (b >>> 3 === Attr.End) break;
      lengths[b >>> 3] = (b & 7) + 1;
      p += (b & 7) + 1;
    }
    return { redirect, values, lengths };
  }

  /** The string table's bytes as stored (offsets into it are the locations' string references). */
  stringTable(): Uint8Array {
    this.need(this.stringsStart, this.stringsStart + this.header.stringsSize);
    return this.index.subarray(this.stringsStart, this.stringsStart + this.header.stringsSize);
  }

  /** The string at `offset` of the string table. */
  stringAt(offset: number): string {
    return this.string(offset, 'a string reference');
  }

  /** Holders of a shared image (openShared), each of which closes it once. */
  private refs = 1;
  private sharedKey: string | null = null;

  /**
   * The image of `path` shared with the other holders in this thread that opened the same file
   * (path, size and time), each closing it once: its index is read once (1.5 MB of a JDK 17
   * image; the embedded engine's worker had two, the VM's class path and the class
   * transformer's).
   */
  static openShared(path: string): JImage {
    let key: string;
    try {
      const st = statSync(path);
      key = `${path}\0${st.size}\0${st.mtimeMs}`;
    } catch {
      return JImage.open(path); // throws the usual error
    }
    const had = SHARED.get(key);
    if (had !== undefined && had.fd !== undefined) {
      had.refs++;
      return had;
    }
    const image = JImage.open(path);
    image.sharedKey = key;
    SHARED.set(key, image);
    return image;
  }

  close(): void {
    if (this.refs > 1) {
      this.refs--;
      return;
    }
    this.refs = 0;
    if (this.sharedKey !== null && SHARED.get(this.sharedKey) === this) SHARED.delete(this.sharedKey);
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }

  // --- internals ---

  private slotOffset(slot: number): number {
    const at = this.offsetsStart + 4 * slot;
    this.need(at, at + 4);
    return this.view.getUint32(at, this.le);
  }

  /** The index's byte at `p` (read first if its page is not). */
  private byte(p: number): number {
    if (this.loaded[p >> 12] === 0) this.need(p, p + 1);
    return this.index[p]!;
  }

  /** A redirect entry (HEADER_SIZE + 4 × bucket). */
  private int32(at: number): number {
    this.need(at, at + 4);
    return this.view.getInt32(at, this.le);
  }

  /** Reads the pages of the index that hold bytes [from, to) (clamped to it), if not read yet. */
  private need(from: number, to: number): void {
    const { loaded } = this;
    const last = Math.min(to, this.index.length) - 1;
    for (let p = from >> 12; p <= last >> 12; p++) {
      if (loaded[p] !== 0) continue;
      // A run of pages not read yet, in one read.
      let q = p;
      while (q + 1 <= last >> 12 && loaded[q + 1] === 0) q++;
      const start = p * PAGE;
      const part = this.index.subarray(start, Math.min((q + 1) * PAGE, this.index.length));
      let fd = this.fd;
      // (Closed: names may still be looked up, as when the index was read whole.)
      const own = fd === undefined;
      if (own) fd = openSync(this.path, 'r');
      try {
        if (own && fstatSync(fd as number).size !== this.fileSize) throw new JImageFormatError(this.path, undefined, 'the image changed after it was closed');
        if (readFully(fd as number, part, start) < part.length) throw new JImageFormatError(this.path, undefined, 'truncated index');
      } finally {
        if (own) closeSync(fd as number);
      }
      loaded.fill(1, p, q + 1);
      p = q;
    }
  }

  private location(slot: number): JImageLocation {
    return this.locationAt(this.slotOffset(slot), slot);
  }

  /** Decodes the location whose attributes start `rel` bytes into the attribute area. */
  private locationAt(rel: number, what: Where): JImageLocation {
    const a = this.decodeAttributes(rel, what, [0, 0, 0, 0, 0, 0, 0, 0]);
    const module = this.moduleOf(a, what);
    const parent = a[Attr.Parent]! !== 0 ? this.string(a[Attr.Parent]!, what) : '';
    const base = this.string(a[Attr.Base]!, what);
    const extension = a[Attr.Extension]! !== 0 ? this.string(a[Attr.Extension]!, what) : '';
    return {
      name: fullName(module, parent, base, extension),
      module,
      parent,
      base,
      extension,
      contentOffset: a[Attr.Offset]!,
      compressedSize: a[Attr.Compressed]!,
      uncompressedSize: a[Attr.Uncompressed]!,
    };
  }

  /** Full names of the locations for which `keep(module)` holds; cheaper than locations(). */
  private names(keep: (module: string) => boolean): string[] {
    const out: string[] = [];
    this.eachLocation((a, slot) => {
      const module = this.moduleOf(a, slot);
      if (!keep(module)) return;
      const parent = a[Attr.Parent]! !== 0 ? this.string(a[Attr.Parent]!, slot) : '';
      const extension = a[Attr.Extension]! !== 0 ? this.string(a[Attr.Extension]!, slot) : '';
      out.push(fullName(module, parent, this.string(a[Attr.Base]!, slot), extension));
    });
    return out;
  }

  private moduleOf(a: number[], what: Where): string {
    return a[Attr.Module]! !== 0 ? this.string(a[Attr.Module]!, what) : '';
  }

  /** Reads the attribute stream at `rel` into `a` (indexed by kind) and returns it. */
  private decodeAttributes(rel: number, what: Where, a: number[]): number[] {
    const { locationsSize } = this.header;
    if (rel >= locationsSize) {
      throw this.error(undefined, `location offset ${rel} of ${describe(what)} is outside the ${locationsSize}-byte attribute area`);
    }
    const end = this.stringsStart;
    let p = this.locationsStart + rel;
    // A location's attributes: 1 + up to 8 bytes each, seven kinds and the end, usually.
    this.need(p, Math.min(end, p + 7 * 9 + 1));
    for (;;) {
      if (p >= end) throw this.error(p, `attributes of ${describe(what)} run past the attribute area`);
      const b = this.byte(p++);
      const kind = b >>> 3;
      if (kind === Attr.End) return a;
      if (kind >= Attr.Count) throw this.error(p - 1, `invalid location attribute kind ${kind}`);
      const len = (b & 7) + 1;
      if (p + len > end) throw this.error(p, `attributes of ${describe(what)} run past the attribute area`);
      let v = 0;
      for (let k = 0; k < len; k++) v = v * 256 + this.byte(p++);
      a[kind] = v;
    }
  }

  private string(offset: number, what: Where): string {
    const cached = this.stringCache.get(offset);
    if (cached !== undefined) return cached;
    const { stringsSize } = this.header;
    if (offset >= stringsSize) {
      throw this.error(undefined, `string offset ${offset} (${describe(what)}) is outside the ${stringsSize}-byte string table`);
    }
    const start = this.stringsStart + offset;
    const limit = this.stringsStart + stringsSize;
    let e = start;
    for (let got = start; e < limit; ) {
      if (e >= got) {
        got = Math.min(limit, e + 256);
        this.need(e, got);
      }
      if (this.index[e] === 0) break;
      e++;
    }
    if (e >= limit) throw this.error(start, 'unterminated string');
    const s = decodeMutf8(this.index, start, e);
    if (s === undefined) throw this.error(start, 'malformed modified UTF-8 in string table');
    this.stringCache.set(offset, s);
    return s;
  }

  private readAt(position: number, length: number, what: string): Uint8Array {
    if (this.fd === undefined) throw new JImageFormatError(this.path, undefined, 'image is closed');
    if (position + length > this.fileSize) {
      throw this.error(position, `content of ${what} (${length} bytes) runs past the end of the file (${this.fileSize} bytes)`);
    }
    const buf = Buffer.allocUnsafe(length);
    if (readFully(this.fd, buf, position) < length) throw this.error(position, `short read of ${what}`);
    return buf;
  }

  private lookUpPackage(dottedPackage: string): string | undefined {
    // A /packages/<pkg> resource is a list of (u4 isEmpty, u4 module-name string offset)
    // pairs; the package's classes live in the module whose entry is not empty.
    const loc = this.findLocation(`/packages/${dottedPackage}`);
    if (loc === undefined) return undefined;
    const data = this.read(loc);
    if (data.length % 8 !== 0) throw this.error(undefined, `${loc.name}: content size ${data.length} is not a multiple of 8`);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i < data.length; i += 8) {
      if (dv.getUint32(i, this.le) === 0) return this.string(dv.getUint32(i + 4, this.le), loc.name);
    }
    return undefined;
  }

  private error(offset: number | undefined, problem: string): JImageFormatError {
    return new JImageFormatError(this.path, offset, problem);
  }
}

/** What is being decoded, for messages: a table slot or a description. */
type Where = number | string;

function describe(what: Where): string {
  return typeof what === 'number' ? `slot ${what}` : what;
}

function fullName(module: string, parent: string, base: string, extension: string): string {
  let name = module !== '' ? `/${module}/` : '';
  if (parent !== '') name += `${parent}/`;
  name += base;
  if (extension !== '') name += `.${extension}`;
  return name;
}

function parseHeader(path: string, head: Buffer, fileSize: number): JImageHeader {
  let littleEndian: boolean;
  if (head.readUInt32LE(0) === MAGIC) littleEndian = true;
  else if (head.readUInt32BE(0) === MAGIC) littleEndian = false;
  else throw new JImageFormatError(path, 0, `bad magic 0x${head.readUInt32BE(0).toString(16).padStart(8, '0')}, expected 0xcafedada (in either byte order)`);
  const u4 = (o: number): number => (littleEndian ? head.readUInt32LE(o) : head.readUInt32BE(o));
  const version = u4(4);
  const majorVersion = version >>> 16;
  const minorVersion = version & 0xffff;
  if (majorVersion !== MAJOR_VERSION) {
    throw new JImageFormatError(path, 4, `unsupported jimage version ${majorVersion}.${minorVersion} (supported: ${MAJOR_VERSION}.x)`);
  }
  const tableLength = u4(16);
  const locationsSize = u4(20);
  const stringsSize = u4(24);
  const indexSize = HEADER_SIZE + 8 * tableLength + locationsSize + stringsSize;
  if (indexSize > fileSize) {
    throw new JImageFormatError(path, 16, `index of ${indexSize} bytes (table length ${tableLength}, locations ${locationsSize}, strings ${stringsSize}) exceeds the file size ${fileSize}: truncated or corrupt`);
  }
  return {
    littleEndian,
    majorVersion,
    minorVersion,
    flags: u4(8),
    resourceCount: u4(12),
    tableLength,
    locationsSize,
    stringsSize,
    indexSize,
  };
}

/**
 * A zero-filled Buffer of `n` bytes over memory that the system gives as its pages are first
 * written (a resizable ArrayBuffer: V8 reserves and commits it; a plain one comes from malloc,
 * which may hand out, and zero, pages a freed allocation left resident).
 */
function reservedBuffer(n: number): Buffer {
  const Ctor = ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => ArrayBuffer;
  try {
    return Buffer.from(new Ctor(n, { maxByteLength: n }), 0, n);
  } catch {
    return Buffer.alloc(n);
  }
}

/** Reads until `buf` is full from `position` on (or EOF); returns the number of bytes read. */
function readFully(fd: number, buf: Buffer, position: number, offset = 0): number {
  let done = offset;
  while (done < buf.length) {
    const n = readSync(fd, buf, done, buf.length - done, position + done - offset);
    if (n === 0) break;
    done += n;
  }
  return done - offset;
}
