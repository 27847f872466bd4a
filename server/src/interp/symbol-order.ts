// The order of a class's methods as HotSpot keeps them (issue 15 item 2: `Class.getDeclaredMethods`
// and `getDeclaredConstructors` list them in that order, and Java code that walks the list, such
// as `Class.getEnclosingMethod`'s search or a sort of it, does other work in another order).
//
// HotSpot's ClassFileParser sorts a class's methods once, when it parses the class
// (`Method::sort_methods`: HotSpot's own quicksort, utilities/quickSort.hpp, comparing the name
// Symbols' addresses). Symbols are never moved, so their addresses give one total order:
//   * the CDS archive's symbols first, in their order in the archive (its dump copies them sorted
//     by the dump's addresses into one run of its read-only region, so the archive's own classes
//     come out sorted by that order too; the archive is mapped below the C heap);
//   * then the symbols made in the run, in the order they were made (malloc'd one after the other;
//     java 17 and 25 alike). ClassFileParser makes one for each CONSTANT_Utf8 of a class it parses
//     that the table does not have yet, in constant-pool order, before it sorts the methods.
// Checked against java 17 and 25 (`-Xshare:auto`, each JDK's own archive): archived classes
// (String, HashMap, TreeMap, Class, Thread, Formatter... overloads and constructors included)
// and a program's classes come out in HotSpot's order. A symbol freed and its memory reused by a
// later one would break creation order; not emulated.
//
// The archive's symbols are read from the archive file itself: each one is a 4-byte hash and
// reference count (0xffff: permanent), a 2-byte length and the modified UTF-8 bytes, 8-byte
// aligned; the longest run of such records is the symbol area.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMutf8 } from '../classpath/mutf8';
import { archiveHolds, usesArchive } from './cds-archive';
import type { JClass, JMethod } from './klass';
import type { VM } from './vm';

const archives = new Map<string, ReadonlyMap<string, number> | null>();

/** The archive's symbols (`lib/server/classes.jsa`) by name → their rank in address order; null when unreadable. */
export function archivedSymbolRanks(jsa: string): ReadonlyMap<string, number> | null {
  let ranks = archives.get(jsa);
  if (ranks !== undefined) return ranks;
  ranks = null;
  try {
    ranks = symbolRun(readFileSync(jsa));
  } catch {
    // no archive: class-file order
  }
  archives.set(jsa, ranks);
  return ranks;
}

/** The end of a permanent Symbol record at `o` (8-byte aligned), or -1 when none starts there. */
function symbolEnd(b: Uint8Array, dv: DataView, o: number): number {
  if (o + 6 > b.length || dv.getUint16(o, true) !== 0xffff) return -1;
  const len = dv.getUint16(o + 4, true);
  const end = o + 6 + len;
  if (end > b.length) return -1;
  for (let i = o + 6; i < end; i++) if (b[i] === 0) return -1;
  return (end + 7) & ~7;
}

/** The names of the longest run of permanent Symbol records in an archive file, ranked in file order. */
export function symbolRun(b: Uint8Array): Map<string, number> | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let bestStart = 0;
  let bestEnd = 0;
  let bestCount = 0;
  for (let o = 0; o < b.length; ) {
    const start = o;
    let count = 0;
    for (let next = symbolEnd(b, dv, o); next > 0; next = symbolEnd(b, dv, o)) {
      count++;
      o = next;
    }
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
      bestEnd = o;
    }
    if (count === 0) o += 8;
  }
  // A real archive holds tens of thousands; a short run is something else.
  if (bestCount < 1000) return null;
  const ranks = new Map<string, number>();
  for (let o = bestStart; o < bestEnd; ) {
    const len = dv.getUint16(o + 4, true);
    const s = decodeMutf8(b, o + 6, o + 6 + len);
    if (s !== undefined && !ranks.has(s)) ranks.set(s, ranks.size);
    o = (o + 6 + len + 7) & ~7;
  }
  return ranks;
}

/** HotSpot's QuickSort::sort (median of three, Hoare partition), in place on a[lo, lo + n). */
export function hotspotQuickSort<T>(a: T[], lo: number, n: number, cmp: (x: T, y: T) => number): void {
  while (n >= 2) {
    const mid = lo + (n >>> 1);
    const last = lo + n - 1;
    const swap = (i: number, j: number): void => {
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    };
    if (cmp(a[lo]!, a[mid]!) > 0) swap(lo, mid);
    if (cmp(a[lo]!, a[last]!) > 0) swap(lo, last);
    if (cmp(a[mid]!, a[last]!) > 0) swap(mid, last);
    if (n < 4) return;
    const pivot = a[mid]!;
    let l = lo;
    let r = last;
    for (;;) {
      while (cmp(a[l]!, pivot) < 0) l++;
      while (cmp(a[r]!, pivot) > 0) r--;
      if (l >= r) break;
      swap(l, r);
      l++;
      r--;
    }
    const first = r - lo + 1;
    hotspotQuickSort(a, lo, first, cmp);
    lo += first;
    n -= first;
  }
}

const orders = new WeakMap<JClass, readonly JMethod[]>();

/**
 * `k.methods` in HotSpot's order for `k` (see above), or as they are when the run has no archive
 * to order by. Fixed once `k` is parsed (its names are symbols from then on), so kept per class.
 */
export function hotspotMethodOrder(vm: VM, k: JClass): readonly JMethod[] {
  const have = orders.get(k);
  if (have !== undefined) return have;
  const jdk = vm.opts.jdk;
  const jsa = vm.opts.symbolArchive ?? (usesArchive(jdk) ? join(jdk.home, 'lib', 'server', 'classes.jsa') : undefined);
  const archived = jsa === undefined ? null : archivedSymbolRanks(jsa);
  let order: readonly JMethod[] = k.methods;
  if (archived !== null && k.methods.length > 1) {
    const ranks = runRanks(vm, k, archived);
    const key = (m: JMethod): number => archived.get(m.name) ?? archived.size + (ranks.get(m.name) ?? 0);
    const a = [...k.methods];
    hotspotQuickSort(a, 0, a.length, (x, y) => key(x) - key(y));
    order = a;
  }
  orders.set(k, order);
  return order;
}

/**
 * The creation order of `k`'s method names that the archive does not hold: where each first
 * appears among the constant pools of the classes parsed up to `k` (ClassTable.parsed).
 */
function runRanks(vm: VM, k: JClass, archived: ReadonlyMap<string, number>): Map<string, number> {
  const wanted = new Set<string>();
  for (const m of k.methods) if (!archived.has(m.name)) wanted.add(m.name);
  const ranks = new Map<string, number>();
  if (wanted.size === 0) return ranks;
  const parsed = vm.classes.parsed;
  const archivedClasses = vm.opts.archivedClasses;
  for (let i = 0; i < parsed.length && ranks.size < wanted.size; i++) {
    const c = parsed[i]!;
    // An archived class's names are all archive symbols: nothing wanted is there.
    if (c !== k && (c.loader === null || vm.isPlatformLoader(c.loader)) && (archivedClasses?.has(c.javaName) ?? archiveHolds(vm.opts.jdk, c.name))) continue;
    const cp = c.cp;
    for (let j = 1; j < cp.length; j++) {
      const e = cp[j];
      if (e === undefined || e === null || e.tag !== 1 || !wanted.has(e.value) || ranks.has(e.value)) continue;
      ranks.set(e.value, i * 65536 + j);
    }
    if (c === k) break;
  }
  return ranks;
}
