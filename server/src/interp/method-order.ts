// HotSpot's order of a class's methods (ClassFileParser → Method::sort_methods): sorted by the
// address of each name's Symbol with HotSpot's QuickSort (utilities/quickSort.hpp; not stable, so
// overloads are permuted). HotSpot's verifier walks the methods in that order, and the classes it
// loads through the class's loader for assignability checks are loaded in that order: the
// class-loading upcalls of a program's start-up (checkName, findLoadedModule, the lock map's
// putVal) run in HotSpot's order only if the embedded engine verifies the methods in it (ord36).
//
// The addresses: a name the JDK's archive (`lib/server/classes.jsa`) holds is a Symbol there, and
// archived Symbols lie below the ones a run creates (java 17 and 25, measured: a class declaring
// `zeta alpha mid beta gamma delta main` is verified `<init> main mid delta zeta alpha beta gamma`,
// with `main`, `mid` and `delta` archived in that order); archived ones in the order of their
// offsets in the file. A name the run creates comes after, in the order it is created: the order
// of the class's constant pool (ClassFileParser makes the new Symbols as it reads the pool), as
// far as this class's names are concerned (a name an earlier class created first is not tracked).

import { existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassFile, MemberInfo } from '../classfile/model';
import type { JdkInfo } from '../classpath/index';
import { usesArchive } from './cds-archive';
import { hotspotQuickSort } from './symbol-order';

/**
 * An archive's Symbols: by shapeKey, the offsets of the candidates of that shape in file order;
 * the file kept open to read a candidate's bytes when a name of its shape is looked up (the
 * file's 13-20 MB are not kept: they were ~14 MB of a run's RSS); each name's answer.
 */
interface ArchivedSymbols {
  fd: number;
  byShape: Map<number, number[]>;
  found: Map<string, number | undefined>;
}

const archives = new Map<string, ArchivedSymbols | null>();

/** archivedSymbols' read size (a multiple of 8: Symbols are 8-byte aligned). */
const SCAN_CHUNK = 1 << 20;

/** PERM_REFCOUNT: the low half of an archived Symbol's `_hash_and_refcount`. */
const PERM = 0xffff;

/** A bucket of candidate Symbols: their length, first and last byte (no hashing of long false candidates). */
function shapeKey(len: number, first: number, last: number): number {
  return len * 65536 + first * 256 + last;
}

/**
 * The archived Symbols of `jdk`'s archive: a scan of `lib/server/classes.jsa` for Symbol
 * layouts (8-byte aligned: u4 hash and refcount with the permanent count, u2 length, the
 * bytes). Their offsets in the file order them as their addresses (the regions are mapped in
 * file order). Null without an archive. The scan makes no strings and hashes no bytes (about
 * 10 ms for JDK 17's 13 MB; strings or hashes of the 41,000 candidates took about 100 ms: runs
 * of 0xff bytes give candidates of up to 65,535 bytes).
 */
function archivedSymbols(jdk: JdkInfo, archive: string | undefined): ArchivedSymbols | null {
  const file = archive ?? join(jdk.home, 'lib', 'server', 'classes.jsa');
  let a = archives.get(file);
  if (a !== undefined) return a;
  a = null;
  if (usesArchive(jdk) && existsSync(file)) {
    // Read in chunks (a whole file's buffer was 13-20 MB of the run's peak RSS); a candidate's
    // last byte past its chunk is read on its own.
    const fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const b = Buffer.allocUnsafe(SCAN_CHUNK);
    const one = Buffer.allocUnsafe(1);
    const byShape = new Map<number, number[]>();
    for (let base = 0; base < size; base += SCAN_CHUNK) {
      const n = readSync(fd, b, 0, Math.min(SCAN_CHUNK, size - base), base);
      for (let q = 0; q + 6 <= n && base + q + 6 < size; q += 8) {
        if ((b[q]! | (b[q + 1]! << 8)) !== PERM) continue;
        const len = b[q + 4]! | (b[q + 5]! << 8);
        const p = base + q;
        if (len === 0 || p + 6 + len > size) continue;
        let last: number;
        if (q + 6 + len <= n) last = b[q + 5 + len]!;
        else if (readSync(fd, one, 0, 1, p + 5 + len) === 1) last = one[0]!;
        else continue;
        const first = q + 6 < n ? b[q + 6]! : readSync(fd, one, 0, 1, p + 6) === 1 ? one[0]! : -1;
        if (first < 0) continue;
        const h = shapeKey(len, first, last);
        const at = byShape.get(h);
        if (at === undefined) byShape.set(h, [p]);
        else at.push(p);
      }
    }
    a = { fd, byShape, found: new Map() };
  }
  archives.set(file, a);
  return a;
}

/** Whether `archive` (default: `jdk`'s own) is mapped by java and its Symbols could be read. */
export function hasArchivedSymbols(jdk: JdkInfo, archive?: string): boolean {
  return archivedSymbols(jdk, archive) !== null;
}

/** The offset of the first archived Symbol whose text is `name` (its UTF-8 bytes), or undefined. */
export function archivedSymbolOffset(jdk: JdkInfo, name: string, archive?: string): number | undefined {
  const a = archivedSymbols(jdk, archive);
  if (a === null) return undefined;
  if (a.found.has(name)) return a.found.get(name);
  let off: number | undefined;
  const want = Buffer.from(name, 'utf8');
  const at = want.length === 0 ? undefined : a.byShape.get(shapeKey(want.length, want[0]!, want[want.length - 1]!));
  if (at !== undefined) {
    const have = Buffer.allocUnsafe(want.length);
    for (const p of at) {
      if (readSync(a.fd, have, 0, want.length, p + 6) === want.length && have.equals(want)) {
        off = p;
        break;
      }
    }
  }
  a.found.set(name, off);
  return off;
}

/**
 * The methods of `cf` in HotSpot's order for `jdk`, whose java maps `archive` (with the JDK
 * instrumented, the HotSpot engine's copy's `classes.jsa`, whose names lie in another order than
 * the JDK's in a few hundred places: VmOptions.symbolArchive, branch neg25; by default the JDK's
 * own). `runPlace` places the run's names (symbol-order.ts runNamePlaces: one order of Symbols
 * for the verifier and reflection). Without an archive every name is the run's, in constant-pool order.
 */
export function hotspotMethodOrder(jdk: JdkInfo, cf: ClassFile, archive?: string, runPlace?: (name: string) => number | undefined): MemberInfo[] {
  const keyOf = new Map<number, number>();
  const key = (m: MemberInfo): number => {
    let k = keyOf.get(m.nameIndex);
    if (k === undefined) {
      const e = cf.constantPool[m.nameIndex];
      const name = e !== undefined && e !== null && e.tag === 1 ? e.value : undefined;
      const off = name !== undefined ? archivedSymbolOffset(jdk, name, archive) : undefined;
      // Archived names first (by offset), then the run's: where the run put their Symbols
      // (symbol-heap.ts, the order reflection lists them in), else by pool index.
      const run = off === undefined && name !== undefined && runPlace !== undefined && hasArchivedSymbols(jdk, archive) ? runPlace(name) : undefined;
      k = off !== undefined ? off : run !== undefined ? run : Number.MAX_SAFE_INTEGER / 2 + m.nameIndex;
      keyOf.set(m.nameIndex, k);
    }
    return k;
  };
  const out = cf.methods.slice();
  hotspotQuickSort(out, 0, out.length, (x, y) => {
    const a = key(x);
    const b = key(y);
    return a < b ? -1 : a === b ? 0 : 1;
  });
  return out;
}
