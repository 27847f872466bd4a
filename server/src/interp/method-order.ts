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

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassFile, MemberInfo } from '../classfile/model';
import type { JdkInfo } from '../classpath/index';
import { usesArchive } from './cds-archive';
import { hotspotQuickSort } from './symbol-order';

/** An archive's Symbols: the file's bytes and, by shapeKey, the offsets of the candidates of that shape in file order. */
interface ArchivedSymbols {
  bytes: Buffer;
  byShape: Map<number, number[]>;
}

const archives = new Map<string, ArchivedSymbols | null>();

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
    const b = readFileSync(file);
    const byShape = new Map<number, number[]>();
    for (let p = 0; p + 6 < b.length; p += 8) {
      if ((b[p]! | (b[p + 1]! << 8)) !== PERM) continue;
      const len = b[p + 4]! | (b[p + 5]! << 8);
      if (len === 0 || p + 6 + len > b.length) continue;
      const h = shapeKey(len, b[p + 6]!, b[p + 5 + len]!);
      const at = byShape.get(h);
      if (at === undefined) byShape.set(h, [p]);
      else at.push(p);
    }
    a = { bytes: b, byShape };
  }
  archives.set(file, a);
  return a;
}

/** The offset of the first archived Symbol whose text is `name` (its UTF-8 bytes), or undefined. */
export function archivedSymbolOffset(jdk: JdkInfo, name: string, archive?: string): number | undefined {
  const a = archivedSymbols(jdk, archive);
  if (a === null) return undefined;
  const want = Buffer.from(name, 'utf8');
  if (want.length === 0) return undefined;
  const at = a.byShape.get(shapeKey(want.length, want[0]!, want[want.length - 1]!));
  if (at === undefined) return undefined;
  const b = a.bytes;
  for (const p of at) {
    if (b.compare(want, 0, want.length, p + 6, p + 6 + want.length) === 0) return p;
  }
  return undefined;
}

/**
 * The methods of `cf` in HotSpot's order for `jdk`, whose java maps `archive` (with the JDK
 * instrumented, the HotSpot engine's copy's `classes.jsa`, whose names lie in another order than
 * the JDK's in a few hundred places: VmOptions.symbolArchive, branch neg25; by default the JDK's
 * own). Without an archive every name is the run's, in constant-pool order.
 */
export function hotspotMethodOrder(jdk: JdkInfo, cf: ClassFile, archive?: string): MemberInfo[] {
  const keyOf = new Map<number, number>();
  const key = (m: MemberInfo): number => {
    let k = keyOf.get(m.nameIndex);
    if (k === undefined) {
      const e = cf.constantPool[m.nameIndex];
      const off = e !== undefined && e !== null && e.tag === 1 ? archivedSymbolOffset(jdk, e.value, archive) : undefined;
      // Archived names first (by offset), then the run's (by pool index).
      k = off !== undefined ? off : Number.MAX_SAFE_INTEGER / 2 + m.nameIndex;
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
