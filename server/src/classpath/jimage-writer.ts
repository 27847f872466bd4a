// Writer of the JDK's `lib/modules` (jimage) format: a copy of an existing image with some
// resources replaced and some added (the HotSpot engine's instrumented JDK, engine/jdk-image.ts).
// The layout is the one jimage.ts reads:
//   header (28 bytes), redirect table (s4 × n), location-offset table (u4 × n), location
//   attributes, strings (NUL-terminated modified UTF-8, "" at offset 0), resource data.
// The lookup table is a perfect hash over the full names (jimageHash): names whose bucket holds
// several get a seed (a positive redirect entry) that puts each of them in a free slot; a name
// alone in its bucket gets a slot of its own (redirect -1 - slot).
//
// Java code reads the image too (BasicImageReader: the platform and application loaders, resources,
// jrt:), and its lookups count bytecodes that must be the embedded engine's, which reads jlink's
// image: a hash probe (`ImageStringsReader.hashCode`, twice for a seeded bucket) and the
// attributes, one loop turn a byte (`ImageLocation.readValue`). So the copy keeps, for every name
// of the JDK's image, what jlink wrote: its string table (new strings appended, the offsets
// unchanged), each attribute's byte count (values padded with leading zeros to it where they fit),
// and the content in jlink's order (RUNTIME.md, "The copy's image indexes"). The table itself is
// longer (the new names) and its buckets are others: a name's bucket kind (own slot or seeded) is
// jlink's for about half of the names, and the differences go both ways (a name that is not there
// probes a bucket of each kind as often as in jlink's table); seeding the lone names jlink seeded
// made the lookups that miss (most of them: a resource looked for in every module) seeded far more
// often than on the embedded engine (BENCHMARKS part E, jim15p).
//
// The directory tree (`/modules/...` and `/packages/...`) refers to other locations by their
// attribute offsets and to module names by string offsets: the original's tree is copied with
// those offsets rewritten, and nodes are added for packages that are new.

import { closeSync, openSync, writeSync } from 'node:fs';
import { decodeMutf8, jimageHash } from './mutf8';
import { isTreeEntry, type JImage, type JImageLocation } from './jimage';

const MAGIC = 0xcafedada;
const HEADER_SIZE = 28;

/** A resource of the new image: `/module/path/Name.ext` and its bytes (read when written). */
export interface JImageResource {
  readonly name: string;
  readonly size: number;
  read(): Uint8Array;
}

interface Loc {
  name: string;
  module: string;
  parent: string;
  base: string;
  extension: string;
  /** Content: a resource's (read when written) or a tree node's (built before). */
  size: number;
  read: () => Uint8Array;
  /** How jlink's image indexed it (JImage.indexEntry); undefined for a new location. */
  orig?: { redirect: number; values: number[]; lengths: number[] };
}

/** Modified UTF-8 of `s` (by UTF-16 unit, U+0000 as two bytes), as jimageHash hashes it. */
function encodeMutf8(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u !== 0 && u < 0x80) out.push(u);
    else if (u < 0x800) out.push(0xc0 | (u >> 6), 0x80 | (u & 0x3f));
    else out.push(0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f));
  }
  return out;
}

/** Splits `/module/parent/base.ext` as jlink does (the module is the first segment). */
function splitName(name: string): Omit<Loc, 'size' | 'read'> {
  const m = /^\/([^/]+)\/(.*)$/.exec(name);
  if (!m) throw new Error(`jimage writer: bad resource name ${name}`);
  const module = m[1]!;
  const rest = m[2]!;
  const slash = rest.lastIndexOf('/');
  const parent = slash < 0 ? '' : rest.slice(0, slash);
  const file = rest.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? { name, module, parent, base: file.slice(0, dot), extension: file.slice(dot + 1) } : { name, module, parent, base: file, extension: '' };
}

/** The location fields of a tree node (`/modules`, `/modules/m/a/b`, `/packages/p`). */
function treeFields(name: string): Omit<Loc, 'size' | 'read'> {
  if (name === '/modules' || name === '/packages') return { name, module: '', parent: '', base: name, extension: '' };
  const m = /^\/(modules|packages)\/(.+)$/.exec(name)!;
  return { name, module: m[1]!, parent: '', base: m[2]!, extension: '' };
}

/**
 * Writes a new image to `out`: every resource of `from` (tree nodes rebuilt), those named in
 * `replace` with its bytes instead, and `add` (resources that are new, in modules of `from`).
 */
export function writeJImage(out: string, from: JImage, replace: ReadonlyMap<string, JImageResource>, add: readonly JImageResource[]): void {
  const le = from.header.littleEndian;
  const oldLocs = [...from.locations()];
  const locs: Loc[] = [];
  const byName = new Map<string, Loc>();
  const push = (l: Loc): void => {
    if (byName.has(l.name)) throw new Error(`jimage writer: ${l.name} twice`);
    byName.set(l.name, l);
    locs.push(l);
  };
  // Tree nodes: their children as names (directories) or (isEmpty, module) pairs (packages),
  // encoded once the new offsets are known.
  const dirs = new Map<string, string[]>();
  const pkgs = new Map<string, [number, string][]>();
  const oldByAttr = new Map<number, JImageLocation>();
  for (const l of oldLocs) oldByAttr.set(from.attributeOffsetOf(l.name)!, l);
  for (const l of oldLocs) {
    if (!isTreeEntry(l.name) || (l.name !== '/modules' && l.name !== '/packages' && l.module !== 'modules' && l.module !== 'packages')) {
      const r = replace.get(l.name);
      push({ ...splitName(l.name), size: r ? r.size : l.uncompressedSize, read: r ? () => r.read() : () => from.read(l), orig: from.indexEntry(l.name)! });
      continue;
    }
    const data = from.read(l);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (l.module === 'packages') {
      const pairs: [number, string][] = [];
      for (let i = 0; i + 8 <= data.length; i += 8) pairs.push([dv.getUint32(i, le), from.stringAt(dv.getUint32(i + 4, le))]);
      pkgs.set(l.name, pairs);
    } else {
      const children: string[] = [];
      for (let i = 0; i + 4 <= data.length; i += 4) {
        const c = oldByAttr.get(dv.getUint32(i, le));
        if (!c) throw new Error(`jimage writer: ${l.name} lists a location that is not in the table`);
        children.push(c.name);
      }
      dirs.set(l.name, children);
    }
  }
  for (const r of add) {
    const f = splitName(r.name);
    push({ ...f, size: r.size, read: () => r.read() });
    // Directories /modules/<module>/<a>/<b>..., each a child of the one above.
    const segs = f.parent === '' ? [] : f.parent.split('/');
    let child = r.name;
    for (let k = segs.length; k >= 0; k--) {
      const dir = k === 0 ? `/modules/${f.module}` : `/modules/${f.module}/${segs.slice(0, k).join('/')}`;
      const known = dirs.get(dir);
      if (known) {
        if (!known.includes(child)) known.push(child);
        break;
      }
      dirs.set(dir, [child]);
      child = dir;
    }
    // Packages: the resource's own (not empty in its module), and the ones above it (empty).
    for (let k = segs.length; k >= 1; k--) {
      const pkg = `/packages/${segs.slice(0, k).join('.')}`;
      const empty = k === segs.length ? 0 : 1;
      const pairs = pkgs.get(pkg);
      if (!pairs) {
        pkgs.set(pkg, [[empty, f.module]]);
        dirs.get('/packages')!.push(pkg);
      } else if (!pairs.some(([, m]) => m === f.module)) pairs.push([empty, f.module]);
      else if (empty === 0) for (const p of pairs) if (p[1] === f.module) p[0] = 0;
    }
  }
  for (const name of [...dirs.keys(), ...pkgs.keys()]) push({ ...treeFields(name), size: 0, read: () => new Uint8Array(0), orig: from.indexEntry(name) });
  // Strings: jlink's table as it is ("" first, at offset 0), new ones appended.
  const oldStrings = from.stringTable();
  const strings: Buffer[] = [Buffer.from(oldStrings)];
  const stringOffset = new Map<string, number>();
  for (let o = 0; o < oldStrings.length; ) {
    let e = o;
    while (e < oldStrings.length && oldStrings[e] !== 0) e++;
    const s = decodeMutf8(oldStrings, o, e);
    if (s !== undefined && !stringOffset.has(s)) stringOffset.set(s, o);
    o = e + 1;
  }
  let stringsSize = oldStrings.length;
  const str = (s: string): number => {
    let o = stringOffset.get(s);
    if (o === undefined) {
      o = stringsSize;
      const b = Buffer.concat([Buffer.from(encodeMutf8(s)), Buffer.from([0])]);
      strings.push(b);
      stringsSize += b.length;
      stringOffset.set(s, o);
    }
    return o;
  };
  str('');
  for (const l of locs) {
    str(l.module);
    str(l.parent);
    str(l.base);
    str(l.extension);
  }
  // Tree contents: sizes are known now (4 bytes a child, 8 a package pair).
  for (const [name, c] of dirs) byName.get(name)!.size = 4 * c.length;
  for (const [name, p] of pkgs) byName.get(name)!.size = 8 * p.length;
  // Content offsets, then the attribute streams (offset 0 is left empty). The content is in
  // jlink's order, but first the locations whose offset jlink wrote in 3 bytes or fewer (the first
  // 16 MiB), those left as they are before the replaced ones (larger here: not all of them fit),
  // so that their offsets keep jlink's byte count; new locations last.
  const offsets: number[] = new Array<number>(locs.length);
  const tier = (l: Loc): number => (!l.orig ? 3 : l.orig.lengths[5]! > 3 ? 2 : replace.has(l.name) ? 1 : 0);
  const contentOrder = locs
    .map((_l, i) => i)
    .sort((a, b) => tier(locs[a]!) - tier(locs[b]!) || (locs[a]!.orig?.values[5] ?? 0) - (locs[b]!.orig?.values[5] ?? 0) || a - b);
  let dataSize = 0;
  for (const i of contentOrder) {
    offsets[i] = dataSize;
    dataSize += locs[i]!.size;
  }
  const attrParts: Buffer[] = [Buffer.from([0])];
  let attrSize = 1;
  const attrOffset = new Map<string, number>();
  locs.forEach((l, i) => {
    const bytes: number[] = [];
    // A value takes jlink's byte count for it where it fits (and is written even when 0 if
    // jlink wrote it), else as few bytes as it needs (none for 0).
    const put = (kind: number, v: number): void => {
      const want = l.orig?.lengths[kind] ?? 0;
      if (v === 0 && want === 0) return;
      const be: number[] = [];
      for (let x = v; x > 0; x = Math.floor(x / 256)) be.unshift(x % 256);
      while (be.length < want) be.unshift(0);
      bytes.push((kind << 3) | (be.length - 1), ...be);
    };
    // jlink's own string references for its locations (the same strings, perhaps not the first).
    for (const [kind, s] of [[1, l.module], [2, l.parent], [3, l.base], [4, l.extension]] as const) put(kind, l.orig ? l.orig.values[kind]! : stringOffset.get(s)!);
    put(5, offsets[i]!);
    put(7, l.size);
    bytes.push(0);
    attrOffset.set(l.name, attrSize);
    attrParts.push(Buffer.from(bytes));
    attrSize += bytes.length;
  });
  const u4 = (b: Buffer, o: number, v: number): void => {
    if (le) b.writeUInt32LE(v >>> 0, o);
    else b.writeUInt32BE(v >>> 0, o);
  };
  for (const [name, c] of dirs) {
    const b = Buffer.alloc(4 * c.length);
    c.forEach((n, k) => u4(b, 4 * k, attrOffset.get(n)!));
    byName.get(name)!.read = () => b;
  }
  for (const [name, p] of pkgs) {
    const b = Buffer.alloc(8 * p.length);
    p.forEach(([empty, m], k) => {
      u4(b, 8 * k, empty);
      u4(b, 8 * k + 4, str(m));
    });
    byName.get(name)!.read = () => b;
  }
  // The perfect hash.
  const n = locs.length;
  const redirect = new Int32Array(n);
  const slotOf = new Int32Array(n).fill(-1); // slot → location index
  const buckets: number[][] = Array.from({ length: n }, () => []);
  locs.forEach((l, i) => buckets[jimageHash(l.name) % n]!.push(i));
  const order = buckets.map((_b, i) => i).filter((i) => buckets[i]!.length > 1).sort((a, b) => buckets[b]!.length - buckets[a]!.length);
  for (const bi of order) {
    const members = buckets[bi]!;
    for (let seed = 1; ; seed++) {
      const slots = members.map((i) => jimageHash(locs[i]!.name, seed) % n);
      if (new Set(slots).size !== slots.length || slots.some((s) => slotOf[s] !== -1)) continue;
      slots.forEach((s, k) => (slotOf[s] = members[k]!));
      redirect[bi] = seed;
      break;
    }
  }
  let free = 0;
  for (let bi = 0; bi < n; bi++) {
    if (buckets[bi]!.length !== 1) continue;
    while (slotOf[free] !== -1) free++;
    slotOf[free] = buckets[bi]![0]!;
    redirect[bi] = -1 - free;
  }
  const index = Buffer.alloc(HEADER_SIZE + 8 * n);
  u4(index, 0, MAGIC);
  u4(index, 4, (from.header.majorVersion << 16) | from.header.minorVersion);
  u4(index, 8, from.header.flags);
  u4(index, 12, n);
  u4(index, 16, n);
  u4(index, 20, attrSize);
  u4(index, 24, stringsSize);
  for (let i = 0; i < n; i++) {
    u4(index, HEADER_SIZE + 4 * i, redirect[i]!);
    u4(index, HEADER_SIZE + 4 * n + 4 * i, attrOffset.get(locs[slotOf[i]!]!.name)!);
  }
  const fd = openSync(out, 'w');
  try {
    let pos = 0;
    const write = (b: Uint8Array): void => {
      let done = 0;
      while (done < b.length) done += writeSync(fd, b, done, b.length - done, pos + done);
      pos += b.length;
    };
    write(index);
    for (const p of attrParts) write(p);
    for (const s of strings) write(s);
    for (const i of contentOrder) {
      const l = locs[i]!;
      const b = l.read();
      if (b.length !== l.size) throw new Error(`jimage writer: ${l.name} has ${b.length} bytes, ${l.size} expected`);
      write(b);
    }
  } finally {
    closeSync(fd);
  }
}
