// Test fixtures for the class path tests: a small jimage writer (so byte order, compression
// and corrupt tables can be tested on images made to order), javac/jar helpers, temp dirs.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { deflateSync } from 'node:zlib';
import { jimageHash } from '../../server/src/classpath/mutf8';

export const REPO = join(import.meta.dirname, '..', '..');

export function tempDir(tag: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `komorium-${tag}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Compiles every .java file under `srcDir` into `outDir` with the machine's javac. */
export function javac(srcDir: string, outDir: string, extra: string[] = []): void {
  mkdirSync(outDir, { recursive: true });
  execFileSync('javac', ['-d', outDir, ...extra, ...listFiles(srcDir).filter((f) => f.endsWith('.java')).map((f) => join(srcDir, f))], {
    stdio: 'pipe',
  });
}

/** Relative '/'-separated paths of the files under `dir`, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

// ---------------------------------------------------------------- a small jimage writer

export interface MiniResource {
  /** Full name: /module/path/Name.ext */
  name: string;
  bytes: Uint8Array;
  /** Store it behind a compression header naming this compressor ('zip' really deflates). */
  compressor?: string;
}

export interface MiniImageOptions {
  littleEndian?: boolean;
  /** Add /packages/<pkg> and /modules tree entries (default true). */
  tree?: boolean;
}

/**
 * Writes a jimage holding `resources`, laid out as research.md section 1 describes, with the
 * redirect table built by seed search. Returns the file bytes and where each part starts.
 */
export function makeJImage(resources: MiniResource[], opts: MiniImageOptions = {}): {
  bytes: Buffer;
  tableLength: number;
  locationsStart: number;
  stringsStart: number;
  indexSize: number;
} {
  const le = opts.littleEndian ?? true;
  const strings = new StringTable();
  interface Loc {
    name: string;
    attrs: number[]; // by kind
    content: Uint8Array;
  }
  const locs: Loc[] = [];
  const data: Uint8Array[] = [];
  let dataSize = 0;
  const addData = (b: Uint8Array): number => {
    const off = dataSize;
    data.push(b);
    dataSize += b.length;
    return off;
  };
  const u4 = (values: number[]): Buffer => {
    const b = Buffer.alloc(values.length * 4);
    values.forEach((v, i) => (le ? b.writeUInt32LE(v >>> 0, i * 4) : b.writeUInt32BE(v >>> 0, i * 4)));
    return b;
  };
  const addLoc = (name: string, module: string, parent: string, base: string, ext: string, content: Uint8Array, compressor?: string): Loc => {
    const attrs = [0, 0, 0, 0, 0, 0, 0, 0];
    attrs[1] = module === '' ? 0 : strings.add(module);
    attrs[2] = parent === '' ? 0 : strings.add(parent);
    attrs[3] = strings.add(base);
    attrs[4] = ext === '' ? 0 : strings.add(ext);
    let stored = content;
    if (compressor !== undefined) {
      const payload = compressor === 'zip' ? deflateSync(content) : content;
      const h = Buffer.alloc(29);
      if (le) h.writeUInt32LE(0xcafefafa, 0);
      else h.writeUInt32BE(0xcafefafa, 0);
      if (le) {
        h.writeBigUInt64LE(BigInt(payload.length), 4);
        h.writeBigUInt64LE(BigInt(content.length), 12);
        h.writeUInt32LE(strings.add(compressor), 20);
      } else {
        h.writeBigUInt64BE(BigInt(payload.length), 4);
        h.writeBigUInt64BE(BigInt(content.length), 12);
        h.writeUInt32BE(strings.add(compressor), 20);
      }
      h[28] = 1;
      stored = Buffer.concat([h, payload]);
      attrs[6] = stored.length;
    }
    attrs[5] = addData(stored);
    attrs[7] = content.length;
    const loc = { name, attrs, content };
    locs.push(loc);
    return loc;
  };

  const modules = new Map<string, Set<string>>(); // module -> packages (dotted)
  for (const r of resources) {
    const m = /^\/([^/]+)\/(.*)$/.exec(r.name);
    if (!m) throw new Error(`bad resource name ${r.name}`);
    const [, module, path] = m as unknown as [string, string, string];
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? '' : path.slice(0, slash);
    const file = path.slice(slash + 1);
    const dot = file.lastIndexOf('.');
    const base = dot <= 0 ? file : file.slice(0, dot);
    const ext = dot <= 0 ? '' : file.slice(dot + 1);
    addLoc(r.name, module, parent, base, ext, r.bytes, r.compressor);
    if (!modules.has(module)) modules.set(module, new Set());
    if (parent !== '') modules.get(module)!.add(parent.replace(/\//g, '.'));
  }
  const moduleNodes: Loc[] = [];
  if (opts.tree ?? true) {
    const pkgs = new Map<string, string[]>();
    for (const [module, ps] of modules) for (const p of ps) pkgs.set(p, [...(pkgs.get(p) ?? []), module]);
    for (const [p, ms] of pkgs) {
      addLoc(`/packages/${p}`, 'packages', '', p, '', u4(ms.flatMap((m) => [0, strings.add(m)])));
    }
    for (const module of modules.keys()) moduleNodes.push(addLoc(`/modules/${module}`, 'modules', '', module, '', new Uint8Array(0)));
  }

  // Location attribute bytes (offset 0 is left for an empty location, as jlink does).
  const attrChunks: number[] = [0];
  const attrOffset = new Map<Loc, number>();
  const encodeAttrs = (loc: Loc): void => {
    attrOffset.set(loc, attrChunks.length);
    for (let kind = 1; kind < 8; kind++) {
      const v = loc.attrs[kind]!;
      if (v === 0) continue;
      const bytes: number[] = [];
      let x = v;
      do {
        bytes.unshift(x % 256);
        x = Math.floor(x / 256);
      } while (x > 0);
      attrChunks.push((kind << 3) | (bytes.length - 1), ...bytes);
    }
    attrChunks.push(0);
  };
  for (const loc of locs) encodeAttrs(loc);
  let modulesDir: Loc | undefined;
  if (opts.tree ?? true) {
    modulesDir = addLoc('/modules', '', '', '/modules', '', u4(moduleNodes.map((n) => attrOffset.get(n)!)));
    encodeAttrs(modulesDir);
  }

  // Redirect table: buckets with one name point straight at a slot; others get a seed under
  // which all their names land in distinct free slots.
  // A prime table length: the low bits of the hash depend only on the low bits of the seed,
  // so a small power-of-two length could leave a bucket without any working seed. Slots left
  // over keep offset 0 (empty), which readers skip.
  let n = Math.max(locs.length, 2);
  while (!isPrime(n)) n++;
  const redirect = new Array<number>(n).fill(0);
  const slotOf = new Array<Loc | undefined>(n).fill(undefined);
  const buckets = new Map<number, Loc[]>();
  for (const loc of locs) {
    const b = jimageHash(loc.name) % n;
    buckets.set(b, [...(buckets.get(b) ?? []), loc]);
  }
  const sorted = [...buckets].sort((a, b) => b[1].length - a[1].length);
  for (const [b, members] of sorted) {
    if (members.length === 1) continue;
    for (let seed = 1; ; seed++) {
      const slots = members.map((l) => jimageHash(l.name, seed) % n);
      if (new Set(slots).size === slots.length && slots.every((s) => slotOf[s] === undefined)) {
        slots.forEach((s, i) => (slotOf[s] = members[i]));
        redirect[b] = seed;
        break;
      }
      if (seed > 1_000_000) throw new Error('no seed found');
    }
  }
  let free = 0;
  for (const [b, members] of sorted) {
    if (members.length !== 1) continue;
    while (slotOf[free] !== undefined) free++;
    slotOf[free] = members[0];
    redirect[b] = -1 - free;
  }

  const stringBytes = strings.bytes();
  const attrBytes = Buffer.from(attrChunks);
  const header = u4([0xcafedada, 0x00010000, 0, locs.length, n, attrBytes.length, stringBytes.length]);
  const redirectBytes = u4(redirect);
  const offsetBytes = u4(slotOf.map((l) => (l === undefined ? 0 : attrOffset.get(l)!)));
  const bytes = Buffer.concat([header, redirectBytes, offsetBytes, attrBytes, stringBytes, ...data]);
  const locationsStart = 28 + 8 * n;
  return {
    bytes,
    tableLength: n,
    locationsStart,
    stringsStart: locationsStart + attrBytes.length,
    indexSize: locationsStart + attrBytes.length + stringBytes.length,
  };
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

class StringTable {
  private readonly parts: Buffer[] = [Buffer.from([0])];
  private size = 1;
  private readonly offsets = new Map<string, number>([['', 0]]);
  add(s: string): number {
    let off = this.offsets.get(s);
    if (off === undefined) {
      off = this.size;
      const b = Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
      this.parts.push(b);
      this.size += b.length;
      this.offsets.set(s, off);
    }
    return off;
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}
