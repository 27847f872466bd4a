// The index of a jimage (`lib/modules`) made from an existing one with resources added: the
// header, the perfect hash (redirect and location-offset tables), the location attributes and
// the strings, and the directory tree's contents (which refer to attribute offsets). Two users:
// the writer of the HotSpot engine's instrumented copy (jimage-writer.ts writeJImage) and the
// embedded engine's view of the JDK's image indexed as that copy (jimage-writer.ts jimageView).
// Both give the same names, so they get the same index but for the values of the content
// offset and size attributes of some locations, never their byte counts:
// - names: the JDK image's, in its table order, then the added ones sorted by name, then the
//   tree nodes (those of the JDK first, then the new ones in the order the added names make them);
// - strings: jlink's table as it is, new strings appended in that order;
// - the perfect hash: a function of the set of names alone;
// - attribute byte counts: jlink's for the JDK's names (string references jlink's own), except
//   the content offset and size of a `wide` name (a class the copy may replace: its size is the
//   instrumented class's there, the JDK's in the view) and of the new locations: 4 bytes each.
//   The content offset of every other location of jlink's first 16 MiB keeps jlink's byte count
//   (the copy's layout puts those first, so their offsets are at most jlink's; writeJImage
//   checks). Sizes otherwise take jlink's byte count or more when the value needs it (the
//   tree nodes that gained children: the same value in both).
// What Java code counts when it looks a name up (BasicImageReader: the bucket's kind, the
// attribute bytes of the location it lands on, the strings it compares) is then the same in the
// copy and in the view: RUNTIME.md, "The copy's image indexes".

import { decodeMutf8, jimageHash } from './mutf8';
import { isTreeEntry, type JImage, type JImageLocation } from './jimage';

const MAGIC = 0xcafedada;
export const HEADER_SIZE = 28;

export interface IndexLoc {
  name: string;
  module: string;
  parent: string;
  base: string;
  extension: string;
  /** How jlink's image indexed it (JImage.indexEntry); undefined for a new location. */
  orig?: { redirect: number; values: number[]; lengths: number[] };
  /** The JDK's location (its content in jlink's image), for names of the JDK that are not tree nodes. */
  jdk?: JImageLocation;
  /** A tree node (`/modules...`, `/packages...`): its content is made here. */
  tree: boolean;
  /** Content offset and size take 4 bytes (a class the copy may replace; a new resource). */
  wide: boolean;
}

/** The names of an image and its tree, before the content is laid out. */
export interface IndexPlan {
  from: JImage;
  locs: IndexLoc[];
  /** Directory nodes: their children's names. */
  dirs: Map<string, string[]>;
  /** Package nodes: (isEmpty, module) pairs. */
  pkgs: Map<string, [number, string][]>;
}

/** The encoded index and the tree nodes' contents. */
export interface EncodedIndex {
  /** Header, redirect table, location offsets, attributes, strings: the image up to its content. */
  index: Buffer;
  /** Content of each tree node, by name. */
  trees: Map<string, Buffer>;
}

/** Splits `/module/parent/base.ext` as jlink does (the module is the first segment). */
function splitName(name: string): Pick<IndexLoc, 'name' | 'module' | 'parent' | 'base' | 'extension'> {
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
function treeFields(name: string): Pick<IndexLoc, 'name' | 'module' | 'parent' | 'base' | 'extension'> {
  if (name === '/modules' || name === '/packages') return { name, module: '', parent: '', base: name, extension: '' };
  const m = /^\/(modules|packages)\/(.+)$/.exec(name)!;
  return { name, module: m[1]!, parent: '', base: m[2]!, extension: '' };
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

/**
 * The locations of `from`'s names and of `added` (resources that are new, in modules of `from`),
 * with the tree nodes rebuilt. `wide`: the names of `from` whose content the image may replace.
 */
export function planIndex(from: JImage, added: readonly string[], wide: (name: string) => boolean): IndexPlan {
  const le = from.header.littleEndian;
  const oldLocs = [...from.locations()];
  const locs: IndexLoc[] = [];
  const seen = new Set<string>();
  const push = (l: IndexLoc): void => {
    if (seen.has(l.name)) throw new Error(`jimage writer: ${l.name} twice`);
    seen.add(l.name);
    locs.push(l);
  };
  const dirs = new Map<string, string[]>();
  const pkgs = new Map<string, [number, string][]>();
  const oldByAttr = new Map<number, JImageLocation>();
  for (const l of oldLocs) oldByAttr.set(from.attributeOffsetOf(l.name)!, l);
  for (const l of oldLocs) {
    if (!isTreeEntry(l.name) || (l.name !== '/modules' && l.name !== '/packages' && l.module !== 'modules' && l.module !== 'packages')) {
      push({ ...splitName(l.name), orig: from.indexEntry(l.name)!, jdk: l, tree: false, wide: wide(l.name) });
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
  // In name order: the same index whatever order the caller found them in (a directory listing's).
  for (const name of [...added].sort()) {
    const f = splitName(name);
    push({ ...f, tree: false, wide: true });
    // Directories /modules/<module>/<a>/<b>..., each a child of the one above.
    const segs = f.parent === '' ? [] : f.parent.split('/');
    let child = name;
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
  for (const name of [...dirs.keys(), ...pkgs.keys()]) push({ ...treeFields(name), orig: from.indexEntry(name), tree: true, wide: false });
  return { from, locs, dirs, pkgs };
}

/** A tree node's content size (4 bytes a child, 8 a package pair). */
export function treeSize(plan: IndexPlan, name: string): number {
  const d = plan.dirs.get(name);
  return d !== undefined ? 4 * d.length : 8 * plan.pkgs.get(name)!.length;
}

/**
 * Encodes the index of `plan` with each location's content offset and size (`offsets[i]`,
 * `sizes[i]` for `plan.locs[i]`).
 */
export function encodeIndex(plan: IndexPlan, offsets: readonly number[], sizes: readonly number[]): EncodedIndex {
  const { from, locs } = plan;
  const le = from.header.littleEndian;
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
  for (const pairs of plan.pkgs.values()) for (const [, m] of pairs) str(m);
  const attrParts: Buffer[] = [Buffer.from([0])];
  let attrSize = 1;
  const attrOffset = new Map<string, number>();
  locs.forEach((l, i) => {
    const bytes: number[] = [];
    // A value takes `want` bytes (and is written even when 0 if want > 0), more if it needs them.
    const put = (kind: number, v: number, want: number): void => {
      if (v === 0 && want === 0) return;
      const be: number[] = [];
      for (let x = v; x > 0; x = Math.floor(x / 256)) be.unshift(x % 256);
      while (be.length < want) be.unshift(0);
      bytes.push((kind << 3) | (be.length - 1), ...be);
    };
    // jlink's own string references for its locations (the same strings, perhaps not the first).
    for (const [kind, s] of [[1, l.module], [2, l.parent], [3, l.base], [4, l.extension]] as const) put(kind, l.orig ? l.orig.values[kind]! : stringOffset.get(s)!, l.orig?.lengths[kind] ?? 0);
    const fixed = l.wide || !l.orig;
    if (!fixed && !l.tree && l.orig!.lengths[5]! <= 3) {
      const want = l.orig!.lengths[5]!;
      if (offsets[i]! >= 2 ** (8 * want)) throw new Error(`jimage writer: the content offset of ${l.name} (${offsets[i]}) outgrew jlink's ${want} bytes`);
      put(5, offsets[i]!, want);
    } else put(5, offsets[i]!, 4);
    put(7, sizes[i]!, fixed ? 4 : (l.orig?.lengths[7] ?? 0));
    bytes.push(0);
    attrOffset.set(l.name, attrSize);
    attrParts.push(Buffer.from(bytes));
    attrSize += bytes.length;
  });
  const u4 = (b: Buffer, o: number, v: number): void => {
    if (le) b.writeUInt32LE(v >>> 0, o);
    else b.writeUInt32BE(v >>> 0, o);
  };
  const trees = new Map<string, Buffer>();
  for (const [name, c] of plan.dirs) {
    const b = Buffer.alloc(4 * c.length);
    c.forEach((n, k) => u4(b, 4 * k, attrOffset.get(n)!));
    trees.set(name, b);
  }
  for (const [name, p] of plan.pkgs) {
    const b = Buffer.alloc(8 * p.length);
    p.forEach(([empty, m], k) => {
      u4(b, 8 * k, empty);
      u4(b, 8 * k + 4, str(m));
    });
    trees.set(name, b);
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
  const head = Buffer.alloc(HEADER_SIZE + 8 * n);
  u4(head, 0, MAGIC);
  u4(head, 4, (from.header.majorVersion << 16) | from.header.minorVersion);
  u4(head, 8, from.header.flags);
  u4(head, 12, n);
  u4(head, 16, n);
  u4(head, 20, attrSize);
  u4(head, 24, stringsSize);
  for (let i = 0; i < n; i++) {
    u4(head, HEADER_SIZE + 4 * i, redirect[i]!);
    u4(head, HEADER_SIZE + 4 * n + 4 * i, attrOffset.get(locs[slotOf[i]!]!.name)!);
  }
  return { index: Buffer.concat([head, ...attrParts, ...strings]), trees };
}
