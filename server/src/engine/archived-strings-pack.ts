// The archived string table (archived-strings.ts) in a form the worker reads without parsing:
// one file beside the table's JSON, `…-strings.pack`, made from it once. The JSON (31,000–40,000
// strings, 3.5–5 MB) was parsed on the CLI's main thread and handed to the worker as that many
// strings in every profiled run: 20–40 ms of JSON.parse, the structured clone of the pairs on
// both threads and a Map built in the worker, all while the worker waited for its input (issue 18
// "Numbers", branch hs37). Now the main thread reads the file's header (its digest, for the boot
// snapshot's key) and the worker reads the file at the VM's first lookup: the strings as one
// UTF-16 text with their offsets, and an open-addressing hash table of their indices, looked up
// by comparing in place (nothing built per string).
//
// Layout (host byte order, every part 4-byte aligned):
//   "KMSTRPK2", the table's digest (16 ASCII bytes), then per part (strings, then boxes): its
//   count n, its text's UTF-16 units, its table's slot count (a power of two); then per part:
//   n + 1 offsets (Int32), n values (Int32), the slots (index + 1, 0: empty); then the parts'
//   texts, UTF-16LE.

import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
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

/**
 * One part of a packed file, looked up in place: its text made a string at the first lookup
 * (one copy of the bytes, ~2 ms for 4 MB) and compared there natively.
 */
class PackedPart implements StringLookup {
  private decoded: string | undefined;

  constructor(
    private readonly units: Uint8Array,
    private readonly offsets: Int32Array,
    private readonly values: Int32Array,
    private readonly slots: Int32Array,
  ) {}

  private indexOf(s: string): number {
    const mask = this.slots.length - 1;
    const offsets = this.offsets;
    const text = (this.decoded ??= Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength).toString('utf16le'));
    for (let h = unitsHash(s) & mask; ; h = (h + 1) & mask) {
      const slot = this.slots[h]!;
      if (slot === 0) return -1;
      const start = offsets[slot - 1]!;
      if (offsets[slot]! - start === s.length && text.startsWith(s, start)) return slot - 1;
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

/** The two lookups of a packed file's bytes, or an Error saying why they are not one with `digest`. */
export function unpackStrings(bytes: Uint8Array, digest: string): { strings: StringLookup; boxes: StringLookup } | Error {
  // Views need the host's byte order (the file is this host's, in its cache) and alignment.
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) return new Error('packed string tables are read on little-endian hosts only');
  const b = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.length < HEADER || buf.toString('latin1', 0, MAGIC.length) !== MAGIC) return new Error('not a packed string table');
  const found = buf.toString('latin1', MAGIC.length, MAGIC.length + DIGEST);
  if (found !== digest) return new Error(`packed string table of digest ${found}, not ${digest}`);
  const head = new Int32Array(b.buffer, b.byteOffset + MAGIC.length + DIGEST, 6);
  const counts = [0, 1].map((i) => ({ n: head[i * 3]!, units: head[i * 3 + 1]!, slots: head[i * 3 + 2]! }));
  const ints = counts.reduce((n, c) => n + 2 * c.n + 1 + c.slots, 0);
  const units = counts.reduce((n, c) => n + c.units, 0);
  if (counts.some((c) => c.n < 0 || c.units < 0 || c.slots < 16 || (c.slots & (c.slots - 1)) !== 0 || c.slots < c.n * 2) || buf.length !== HEADER + ints * 4 + units * 2) {
    return new Error('packed string table of a wrong length');
  }
  let at = b.byteOffset + HEADER;
  const take = (n: number): Int32Array => {
    const a = new Int32Array(b.buffer, at, n);
    at += n * 4;
    return a;
  };
  const arrays = counts.map((c) => ({ offsets: take(c.n + 1), values: take(c.n), slots: take(c.slots) }));
  const parts = counts.map((c, i) => {
    const text = new Uint8Array(b.buffer, at, c.units * 2);
    at += c.units * 2;
    const a = arrays[i]!;
    if (a.offsets[0] !== 0 || a.offsets[c.n] !== c.units) return undefined;
    return new PackedPart(text, a.offsets, a.values, a.slots);
  });
  if (parts[0] === undefined || parts[1] === undefined) return new Error('packed string table with wrong offsets');
  return { strings: parts[0], boxes: parts[1] };
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
      const r = unpackStrings(readFileSync(file), digest);
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
