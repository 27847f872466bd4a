// The archived string table (archived-strings.ts) in a form the worker reads without parsing:
// one file beside the table's JSON, `…-strings.pack`, made from it once. The JSON (31,000–40,000
// strings, 3.5–5 MB) was parsed on the CLI's main thread and handed to the worker as that many
// strings in every profiled run: 20–40 ms of JSON.parse, the structured clone of the pairs on
// both threads and a Map built in the worker, all while the worker waited for its input (issue 18
// "Numbers", branch hs37). Now the main thread reads the file's header (its digest, for the boot
// snapshot's key) and the worker reads the file's integer arrays at the VM's first lookup: the
// strings' offsets in one UTF-16 text, and an open-addressing hash table of their indices; a
// lookup reads and compares only a candidate's units from the file, kept open (nothing built per
// string, the text never held: mem38).
//
// Layout (host byte order, every part 4-byte aligned):
//   "KMSTRPK2", the table's digest (16 ASCII bytes), then per part (strings, then boxes): its
//   count n, its text's UTF-16 units, its table's slot count (a power of two); then per part:
//   n + 1 offsets (Int32), n values (Int32), the slots (index + 1, 0: empty); then the parts'
//   texts, UTF-16LE.

import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { writeFileAtomic } from '../transform/cache-store';
import type { StringLookup } from '../interp/vm-options';

// The format's version (the slots' hash is part of it).
const MAGIC = 'KMSTRPK2';
const DIGEST = 16;
const HEADER = MAGIC.length + DIGEST + 6 * 4;


/** Where a run's worker finds a table: the packed file, the table's JSON, their digest. */
export interface ArchivedStringFiles {
  pack: string;
  json: string;
  digest: string;
}

/**
 * The hash of the packed tables' slots: FNV-1a over the length and at most 9 of the UTF-16 units
 * (8 evenly spaced, and the last). The lookups run before TurboFan takes the worker's code
 * (v8-tiering.ts), where a loop over every unit of a 60-unit string costs ~2 µs: a restored
 * profiled hello-world makes thousands. Strings alike at the units sampled share a probe
 * sequence and are told apart by the comparison, which is native (`startsWith`).
 */
function unitsHash(s: string): number {
  const n = s.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  const step = (n >> 3) + 1;
  for (let i = 0; i < n; i += step) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  if (n > 0) h = Math.imul(h ^ s.charCodeAt(n - 1), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

function slotCount(n: number): number {
  let s = 16;
  while (s < n * 2) s *= 2;
  return s;
}

/** One part's arrays, as written. */
interface PartArrays {
  text: string;
  offsets: Int32Array;
  values: Int32Array;
  slots: Int32Array;
}

function packPart(pairs: readonly [string, number][]): PartArrays {
  // A string listed twice keeps its first value (as `new Map(pairs)` would keep its last:
  // the listings hold each string once, so the two agree).
  const offsets = new Int32Array(pairs.length + 1);
  const values = new Int32Array(pairs.length);
  const slots = new Int32Array(slotCount(pairs.length));
  const mask = slots.length - 1;
  const texts: string[] = [];
  let at = 0;
  pairs.forEach(([s, v], i) => {
    offsets[i] = at;
    values[i] = v;
    texts.push(s);
    at += s.length;
    let h = unitsHash(s) & mask;
    while (slots[h] !== 0) h = (h + 1) & mask;
    slots[h] = i + 1;
  });
  offsets[pairs.length] = at;
  return { text: texts.join(''), offsets, values, slots };
}

/** The packed file's bytes of a table's strings and boxes, with its digest. */
export function packStrings(strings: readonly [string, number][], boxes: readonly [string, number][], digest: string): Uint8Array {
  if (digest.length !== DIGEST || !/^[\x20-\x7e]+$/.test(digest)) throw new Error(`archived string table: digest ${JSON.stringify(digest)} is not ${DIGEST} ASCII characters`);
  const parts = [packPart(strings), packPart(boxes)];
  const ints = parts.reduce((n, p) => n + p.offsets.length + p.values.length + p.slots.length, 0);
  const units = parts.reduce((n, p) => n + p.text.length, 0);
  const out = Buffer.alloc(HEADER + ints * 4 + units * 2);
  out.write(MAGIC, 0, 'latin1');
  out.write(digest, MAGIC.length, 'latin1');
  const head = new Int32Array(out.buffer, out.byteOffset + MAGIC.length + DIGEST, 6);
  parts.forEach((p, i) => {
    head[i * 3] = p.values.length;
    head[i * 3 + 1] = p.text.length;
    head[i * 3 + 2] = p.slots.length;
  });
  let at = HEADER;
  for (const p of parts) {
    for (const a of [p.offsets, p.values, p.slots]) {
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at += a.byteLength;
    }
  }
  for (const p of parts) at += out.write(p.text, at, 'utf16le');
  return out;
}

/** Writes the packed file of a table (atomically); false when it cannot be written. */
export function writePackedStrings(file: string, strings: readonly [string, number][], boxes: readonly [string, number][], digest: string): boolean {
  try {
    writeFileAtomic(file, packStrings(strings, boxes, digest));
    return true;
  } catch {
    return false;
  }
}

/** The digest in a packed file's header, undefined when there is no such file or it is not one. */
export function packedDigest(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const b = Buffer.alloc(MAGIC.length + DIGEST);
    if (readSync(fd, b, 0, b.length, 0) !== b.length || b.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
    return b.toString('latin1', MAGIC.length);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** `n` UTF-16 units of a part's text from unit `at` on, as a string. */
type TextReader = (at: number, n: number) => string;

/**
 * One part of a packed file, looked up by its slots: only a candidate of the right length has
 * its units decoded (natively) and compared. The text is not kept as one string: decoded whole
 * it was a 3.5 MB two-byte string in the worker's heap beside the file's 4.6 MB, +9 MiB of a
 * restored profiled hello-world's peak RSS at its end (branch mem38).
 */
class PackedPart implements StringLookup {
  constructor(
    private readonly text: TextReader,
    private readonly offsets: Int32Array,
    private readonly values: Int32Array,
    private readonly slots: Int32Array,
  ) {}

  private indexOf(s: string): number {
    const mask = this.slots.length - 1;
    const offsets = this.offsets;
    for (let h = unitsHash(s) & mask; ; h = (h + 1) & mask) {
      const slot = this.slots[h]!;
      if (slot === 0) return -1;
      const start = offsets[slot - 1]!;
      if (offsets[slot]! - start === s.length && this.text(start, s.length) === s) return slot - 1;
    }
  }

  has(s: string): boolean {
    return this.indexOf(s) >= 0;
  }

  get(s: string): number | undefined {
    const i = this.indexOf(s);
    return i < 0 ? undefined : this.values[i];
  }
}

/** A packed file's parts' sizes, read from its header. */
interface PackedCounts {
  n: number;
  units: number;
  slots: number;
}

/** The parts' sizes in a packed file's header (`head`: at least HEADER bytes), or why it is not one of `digest` and `length` bytes. */
function readCounts(head: Buffer, digest: string, length: number): { counts: PackedCounts[]; ints: number } | Error {
  if (head.length < HEADER || head.toString('latin1', 0, MAGIC.length) !== MAGIC) return new Error('not a packed string table');
  const found = head.toString('latin1', MAGIC.length, MAGIC.length + DIGEST);
  if (found !== digest) return new Error(`packed string table of digest ${found}, not ${digest}`);
  const counts = [0, 1].map((i) => ({ n: head.readInt32LE(MAGIC.length + DIGEST + i * 12), units: head.readInt32LE(MAGIC.length + DIGEST + i * 12 + 4), slots: head.readInt32LE(MAGIC.length + DIGEST + i * 12 + 8) }));
  const ints = counts.reduce((n, c) => n + 2 * c.n + 1 + c.slots, 0);
  const units = counts.reduce((n, c) => n + c.units, 0);
  if (counts.some((c) => c.n < 0 || c.units < 0 || c.slots < 16 || (c.slots & (c.slots - 1)) !== 0 || c.slots < c.n * 2) || length !== HEADER + ints * 4 + units * 2) {
    return new Error('packed string table of a wrong length');
  }
  return { counts, ints };
}

/** The lookups of the parts, given their integer arrays (4-byte aligned, the file's order) and a reader of each part's text. */
function partsOf(counts: PackedCounts[], ints: ArrayBuffer, intsAt: number, text: (part: number) => TextReader): { strings: StringLookup; boxes: StringLookup } | Error {
  let at = intsAt;
  const take = (n: number): Int32Array => {
    const a = new Int32Array(ints, at, n);
    at += n * 4;
    return a;
  };
  const arrays = counts.map((c) => ({ offsets: take(c.n + 1), values: take(c.n), slots: take(c.slots) }));
  const parts = counts.map((c, i) => {
    const a = arrays[i]!;
    if (a.offsets[0] !== 0 || a.offsets[c.n] !== c.units) return undefined;
    return new PackedPart(text(i), a.offsets, a.values, a.slots);
  });
  if (parts[0] === undefined || parts[1] === undefined) return new Error('packed string table with wrong offsets');
  return { strings: parts[0], boxes: parts[1] };
}

function littleEndian(): boolean {
  return new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
}

/** The two lookups of a packed file's bytes, or an Error saying why they are not one with `digest`. */
export function unpackStrings(bytes: Uint8Array, digest: string): { strings: StringLookup; boxes: StringLookup } | Error {
  // Views need the host's byte order (the file is this host's, in its cache) and alignment.
  if (!littleEndian()) return new Error('packed string tables are read on little-endian hosts only');
  const b = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const r = readCounts(buf, digest, buf.length);
  if (r instanceof Error) return r;
  const textAt = HEADER + r.ints * 4;
  const starts = [textAt, textAt + r.counts[0]!.units * 2];
  return partsOf(r.counts, b.buffer as ArrayBuffer, b.byteOffset + HEADER, (part) => {
    const base = starts[part]!;
    return (at, n) => buf.toString('utf16le', base + at * 2, base + (at + n) * 2);
  });
}

/** Reads `n` bytes at `pos` of `fd` into `into`; fewer at the file's end. */
function readFully(fd: number, into: Buffer, n: number, pos: number): number {
  let done = 0;
  while (done < n) {
    const k = readSync(fd, into, done, n - done, pos + done);
    if (k === 0) break;
    done += k;
  }
  return done;
}

/** The packed files the lookups of this thread keep open (closeArchivedStringFiles). */
const openPacks = new Set<PackedFile>();

/**
 * A packed file kept open: its parts' text read from it a candidate at a time. Closed by
 * closeArchivedStringFiles (the worker, at its run's end); a lookup after that opens it again.
 */
class PackedFile {
  private fd: number | undefined;
  private scratch = Buffer.allocUnsafeSlow(256);

  constructor(
    private readonly file: string,
    private readonly digest: string,
    fd: number,
  ) {
    this.fd = fd;
    openPacks.add(this);
  }

  /** `n` units at byte `pos` of the file, decoded. */
  read(pos: number, n: number): string {
    const bytes = n * 2;
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafeSlow(Math.max(bytes, this.scratch.length * 2));
    const fd = this.fd ?? this.reopen();
    if (readFully(fd, this.scratch, bytes, pos) < bytes) throw new Error(`the archived string table ${this.file} was truncated while in use`);
    return this.scratch.toString('utf16le', 0, bytes);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    openPacks.delete(this);
  }

  private reopen(): number {
    const fd = openSync(this.file, 'r');
    const head = Buffer.alloc(HEADER);
    const ok = readSync(fd, head, 0, HEADER, 0) === HEADER && !(readCounts(head, this.digest, fstatSync(fd).size) instanceof Error);
    if (!ok) {
      closeSync(fd);
      throw new Error(`the archived string table ${this.file} was replaced by another while in use`);
    }
    this.fd = fd;
    openPacks.add(this);
    return fd;
  }
}

/**
 * Closes the packed files this thread's lookups keep open (a worker thread's end does not close
 * the process's file descriptors: a language server's runs would leak one each).
 */
export function closeArchivedStringFiles(): void {
  for (const p of [...openPacks]) p.close();
}

/**
 * The two lookups of a packed file, reading only its header and integer arrays (0.6 MB of its
 * 4.6 on JDK 17) now and its text a candidate at a time, or an Error saying why it is not one
 * with `digest`.
 */
export function openPackedStrings(file: string, digest: string): { strings: StringLookup; boxes: StringLookup } | Error {
  if (!littleEndian()) return new Error('packed string tables are read on little-endian hosts only');
  const fd = openSync(file, 'r');
  let kept = false;
  try {
    const head = Buffer.alloc(HEADER);
    const r = readSync(fd, head, 0, HEADER, 0) === HEADER ? readCounts(head, digest, fstatSync(fd).size) : new Error('not a packed string table');
    if (r instanceof Error) return r;
    const ints = Buffer.allocUnsafeSlow(r.ints * 4);
    if (readFully(fd, ints, ints.length, HEADER) < ints.length) return new Error('packed string table of a wrong length');
    const pf = new PackedFile(file, digest, fd);
    kept = true;
    const textAt = HEADER + r.ints * 4;
    const starts = [textAt, textAt + r.counts[0]!.units * 2];
    const parts = partsOf(r.counts, ints.buffer as ArrayBuffer, ints.byteOffset, (part) => {
      const base = starts[part]!;
      return (at, n) => pf.read(base + at * 2, n);
    });
    if (parts instanceof Error) {
      pf.close();
      return parts;
    }
    return parts;
  } finally {
    if (!kept) closeSync(fd);
  }
}

/** The table's JSON (archived-strings.ts) when it is the one of `digest`: the packed file's fallback. */
export function readTableJson(file: string, digest: string): { strings: [string, number][]; boxes: [string, number][] } | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as { strings?: unknown; boxes?: unknown; digest?: unknown };
    if (v.digest !== digest || !Array.isArray(v.strings) || !Array.isArray(v.boxes)) return undefined;
    return { strings: v.strings as [string, number][], boxes: v.boxes as [string, number][] };
  } catch {
    return undefined;
  }
}

/**
 * The lookups of a packed file, read at their first use (the worker: a restored run may look up
 * no archived string at all). `digest` is the one the run's boot snapshot key holds; a file that
 * is missing or of another digest is read from `fallback` (the table's JSON) instead, and when
 * neither can be read the first lookup throws, saying so.
 */
export function lazyPackedStrings(file: string, digest: string, fallback: () => { strings: [string, number][]; boxes: [string, number][] } | undefined): { strings: StringLookup; boxes: StringLookup } {
  let loaded: { strings: StringLookup; boxes: StringLookup } | undefined;
  const load = (): { strings: StringLookup; boxes: StringLookup } => {
    if (loaded !== undefined) return loaded;
    let why: string;
    try {
      const r = openPackedStrings(file, digest);
      if (!(r instanceof Error)) return (loaded = r);
      why = r.message;
    } catch (e) {
      why = (e as Error).message;
    }
    const t = fallback();
    if (t === undefined) throw new Error(`the archived string table ${file} cannot be read (${why}), nor its JSON`);
    return (loaded = { strings: new Map(t.strings), boxes: new Map(t.boxes) });
  };
  return {
    strings: { has: (s) => load().strings.has(s), get: (s) => load().strings.get(s) },
    boxes: { has: (s) => load().boxes.has(s), get: (s) => load().boxes.get(s) },
  };
}

/** VmOptions.archivedStrings and archivedBoxes of a run's table, read at their first use. */
export function archivedLookups(files: ArchivedStringFiles): { archivedStrings: StringLookup; archivedBoxes: StringLookup } {
  const t = lazyPackedStrings(files.pack, files.digest, () => readTableJson(files.json, files.digest));
  return { archivedStrings: t.strings, archivedBoxes: t.boxes };
}
