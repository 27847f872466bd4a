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
//   * then the symbols made in the run, where glibc's malloc put them (boot classes' in HotSpot's
//     Symbol arena): not the order they were made, since later classes' Symbols fill the holes
//     that earlier classes' freed bytes left (symbol-heap.ts, branch rm37, gdb on 17 and 25).
//     ClassFileParser makes one for each CONSTANT_Utf8 of a class it parses that the table does
//     not have yet, in constant-pool order, before it sorts the methods.
// Checked against java 17 and 25 (`-Xshare:auto`, each JDK's own archive): archived classes
// (String, HashMap, TreeMap, Class, Thread, Formatter... overloads and constructors included)
// and a program's classes come out in HotSpot's order. The heap model leaves out the JVM's other
// allocations: the run's order is an approximation where they decide.
//
// The archive's symbols are read from the archive file itself (method-order.ts, shared with the
// verifier's order): each one a 4-byte hash and reference count (0xffff: permanent), a 2-byte
// length and the bytes, 8-byte aligned; a name's offset in the file orders it. (neg25 decoded
// the whole symbol area into a Map: ~100 ms and ~20 MB of a run that reflects on a class.)

import { archiveHolds } from './cds-archive';
import { archivedSymbolOffset, hasArchivedSymbols } from './method-order';
import { runSymbolPlace } from './symbol-heap';
import type { JClass, JMethod } from './klass';
import type { VM } from './vm';

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

/** KOMORIUM_TRACE_METHOD_ORDER=1: each class's order and its names' places, on stderr. */
const TRACE = process.env.KOMORIUM_TRACE_METHOD_ORDER === '1';

/**
 * `k.methods` in HotSpot's order for `k` (see above), or as they are when the run has no archive
 * to order by. Fixed once `k` is parsed (its names are symbols from then on), so kept per class.
 */
export function hotspotMethodOrder(vm: VM, k: JClass): readonly JMethod[] {
  const have = orders.get(k);
  if (have !== undefined) return have;
  const jdk = vm.opts.jdk;
  const archive = vm.opts.symbolArchive;
  let order: readonly JMethod[] = k.methods;
  if (k.methods.length > 1 && hasArchivedSymbols(jdk, archive)) {
    // The archive's names by their Symbols' offsets in the file (method-order.ts: one scan of
    // the file per process, shared with the verifier's order), then the run's by creation.
    const offsets = new Map<string, number | undefined>();
    for (const m of k.methods) if (!offsets.has(m.name)) offsets.set(m.name, archivedSymbolOffset(jdk, m.name, archive));
    // The run's names by where the run's heap model puts their Symbols (symbol-heap.ts).
    const place = runNamePlaces(vm, k);
    for (const [name, off] of offsets) if (off === undefined) offsets.set(name, place(name) ?? Number.MAX_SAFE_INTEGER);
    const key = (m: JMethod): number => offsets.get(m.name)!;
    const a = [...k.methods];
    hotspotQuickSort(a, 0, a.length, (x, y) => key(x) - key(y));
    order = a;
    if (TRACE) process.stderr.write(`komorium: method order ${k.name}: ${a.map((m) => `${m.name}@${key(m)}`).join(' ')}\n`);
  }
  orders.set(k, order);
  return order;
}

/**
 * Where the run put the Symbol of each name of `k` that the archive does not hold
 * (symbol-heap.ts), comparable with archive offsets (above all of them); undefined for a name
 * no class parsed up to `k` made. The one order of the run's Symbols, for reflection's lists
 * (above) and the verifier's order (verify-link.ts, method-order.ts).
 */
export function runNamePlaces(vm: VM, k: JClass): (name: string) => number | undefined {
  const jdk = vm.opts.jdk;
  const archive = vm.opts.symbolArchive;
  const archived = (name: string): boolean => archivedSymbolOffset(jdk, name, archive) !== undefined;
  // An archived class's names are all archive Symbols: it makes none.
  const skip = (c: JClass): boolean => c !== k && (c.loader === null || vm.isPlatformLoader(c.loader)) && !c.hidden && (vm.opts.archivedClasses?.has(c.javaName) ?? archiveHolds(jdk, c.name));
  return (name) => runSymbolPlace(vm, k, name, archived, skip);
}
