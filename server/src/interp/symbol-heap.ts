// Where HotSpot's run puts the Symbols it makes, as an order (issue 15 item 2; symbol-order.ts
// sorts a class's methods by it). Branch rm37, measured with gdb on java 17 and Temurin 25
// (a breakpoint on Symbol's constructor / SymbolTable::do_add_if_needed and on
// JVM_DefineClassWithSource, logging each new Symbol's address and each class's bytes).
//
// A Symbol that the CDS archive does not hold is made when a class is parsed (ClassFileParser,
// one per new CONSTANT_Utf8, in constant-pool order). Where it lands:
//   * classes of the boot loader (not hidden): HotSpot's Symbol arena (permanent Symbols, one
//     after the other). The arena lies above the malloc heap's Symbols on java 17 and below
//     them on Temurin 25 (measured; 0x7ffff41f.. against 0x7ffff01.. and 0x7fffeff6.. against
//     0x7ffff00d.. with gdb);
//   * every other class (hidden classes of the boot loader too: their own ClassLoaderData):
//     malloc, the thread's glibc arena. Not creation order: ClassLoader.c's defineClass1 and
//     defineClass0 (and Unsafe.defineClass) malloc a copy of the class's bytes, parse, and free
//     it once the class (and the supertypes it loads meanwhile) is defined; the next allocations
//     are cut from that hole, from its low end up, below the Symbols made while it was in use.
//     reflection-members: Main's 6 KB of bytes leave a hole under Main's Symbols (`scaled`, a
//     string in Main's pool); Main$Circle's bytes and Symbols (`area radius touch nativeMethod`)
//     are cut from it, so `scaled` sorts after them on both JDKs.
// The model here: a first-fit heap with glibc's "last remainder" (small requests go on cutting
// the chunk the previous one was cut from), the class bytes of classes defined from a byte
// array, the Symbols (java 17: the Symbol, then its 16-byte hash-table node, two chunks;
// Temurin 25: one node holding the Symbol) and the StringTable's node (16 bytes) of each string
// interned in the run that the archive does not hold (ldc of a literal, reflection's method
// names, Class.getName: branch sym38, scripts/malloc-trace.c on java 17: with them generated
// programs' lists come out as java's in 10/16 seeds instead of 7/16 on JDK 17, 2/16 instead of
// 1/16 on 25). Everything else the JVM mallocs is left out (SystemDictionary's entries,
// protection-domain entries, loader constraints, adapters' oop maps, the JIT's CompileTasks and
// deoptimization frames, the tcache's reuse of freed small chunks): an approximation of the
// order, not of the addresses (docs/BENCHMARKS.md part E, sym38).

import type { JClass } from './klass';
import type { VM } from './vm';

/** A malloc chunk's size for a request of `n` bytes (glibc x86-64: 8-byte header, 16-aligned, 32 at least). */
function chunk(n: number): number {
  return Math.max(32, (n + 8 + 15) & ~15);
}

/** The heap model: free chunks by address (coalesced), the top, glibc's last remainder. */
class Heap {
  private top = 0;
  private readonly free: { at: number; size: number }[] = [];
  private last = -1;

  alloc(n: number): number {
    const lr = this.last >= 0 ? this.free[this.last] : undefined;
    if (lr !== undefined && lr.size >= n) return this.cut(this.last, n);
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const f = this.free[i]!;
      if (f.size >= n && (best < 0 || f.size < this.free[best]!.size)) best = i;
    }
    if (best >= 0) {
      this.last = best;
      return this.cut(best, n);
    }
    const at = this.top;
    this.top += n;
    return at;
  }

  private cut(i: number, n: number): number {
    const f = this.free[i]!;
    const at = f.at;
    if (f.size - n < 32) {
      this.free.splice(i, 1);
      this.last = -1;
    } else {
      f.at += n;
      f.size -= n;
    }
    return at;
  }

  release(at: number, size: number): void {
    let i = 0;
    while (i < this.free.length && this.free[i]!.at < at) i++;
    const lastChunk = this.last >= 0 ? this.free[this.last] : undefined;
    this.free.splice(i, 0, { at, size });
    const next = this.free[i + 1];
    if (next !== undefined && at + size === next.at) {
      this.free[i]!.size += next.size;
      this.free.splice(i + 1, 1);
    }
    const prev = i > 0 ? this.free[i - 1] : undefined;
    if (prev !== undefined && prev.at + prev.size === at) {
      prev.size += this.free[i]!.size;
      this.free.splice(i, 1);
      i--;
    }
    const f = this.free[i]!;
    if (f.at + f.size === this.top) {
      this.top = f.at;
      this.free.splice(i, 1);
    }
    // The last remainder stays the chunk it was (merged into a bigger one: that one).
    this.last = -1;
    if (lastChunk !== undefined) {
      for (let j = 0; j < this.free.length; j++) {
        const c = this.free[j]!;
        if (c.at <= lastChunk.at && lastChunk.at < c.at + c.size) this.last = j;
      }
    }
  }
}

/** The model's state for one VM: how far into ClassTable.parsed, each run name's place. */
interface State {
  next: number;
  /** Free 32-byte chunks left by the start-up, below the heap's Symbols (SMALL_LEFT). */
  small: number;
  heap: Heap;
  /** Classes whose bytes are still allocated (being defined), innermost last, with their chunk. */
  defining: { k: JClass; at: number; size: number }[];
  arenaCount: number;
  /** How many of the run's new interned strings (Strings.newInterns) have their node placed. */
  interned: number;
  /** A run name's place (archived names: NaN, seen and skipped). */
  place: Map<string, number>;
}

const states = new WeakMap<VM, State>();

/**
 * Free 32-byte chunks below the rest that the start-up leaves to the first Symbols of that size
 * (glibc's tcache): the first new names of reflection-members and of the SymbolHoles test program
 * went there, the same number on both (java 17: two Symbols, their hash-table nodes elsewhere;
 * Temurin 25: three nodes). Measured with gdb, as the rest; a count, not an address.
 */
const SMALL_LEFT = { 17: 2, 25: 3 } as const;

/** Places above the archive's offsets; the heap's and the arena's spans, one above the other. */
const SPAN = 2 ** 44;

/** Whether HotSpot parsed `c` from a malloc'd copy of its bytes (ClassLoader.c defineClass1/0). */
function fromByteArray(c: JClass): boolean {
  if (c.hidden) return true;
  if (c.loader === null) return false;
  // The platform and application loaders define the JDK's classes of a module image from a
  // direct ByteBuffer (defineClass2: no copy); code sources `jrt:/module`.
  return !c.source.startsWith('jrt:/');
}

/** Bytes of a name in (modified) UTF-8, as the Symbol holds it. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c !== 0 && c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  return n;
}

/**
 * The place of the Symbol named `name` made in this run, comparable with the other run names'
 * (all above every archive offset), or undefined if no class parsed up to `k` made it. `archived`
 * says whether a name is the archive's (never placed). `k` must be in ClassTable.parsed.
 */
export function runSymbolPlace(vm: VM, k: JClass, name: string, archived: (name: string) => boolean, skip: (c: JClass) => boolean): number | undefined {
  let s = states.get(vm);
  if (s === undefined) {
    s = { next: 0, small: vm.opts.jdk.feature >= 25 ? SMALL_LEFT[25] : SMALL_LEFT[17], heap: new Heap(), defining: [], arenaCount: 0, interned: 0, place: new Map() };
    states.set(vm, s);
  }
  const have = s.place.get(name);
  if (have !== undefined) return Number.isNaN(have) ? undefined : have;
  const parsed = vm.classes.parsed;
  const jdk25 = vm.opts.jdk.feature >= 25;
  const arenaBase = jdk25 ? SPAN : 3 * SPAN;
  const heapBase = jdk25 ? 2 * SPAN : SPAN;
  const interns = vm.strings.newInterns;
  while (s.next < parsed.length && (s.next === 0 || parsed[s.next - 1] !== k)) {
    const c = parsed[s.next]!;
    // The classes still being defined whose supertypes `c` is not: defined, their bytes freed.
    for (;;) {
      const d = s.defining[s.defining.length - 1];
      if (d === undefined || d.k.supers.has(c)) break;
      s.heap.release(d.at, d.size);
      s.defining.pop();
    }
    // The StringTable's nodes of the strings interned since (16 bytes each, a 32-byte chunk).
    while (s.interned < interns.length && interns[s.interned]! <= s.next) {
      s.interned++;
      s.heap.alloc(chunk(16));
    }
    s.next++;
    if (skip(c)) continue;
    const heap = c.hidden || c.loader !== null;
    if (heap && fromByteArray(c)) {
      const size = chunk(c.definedLength);
      s.defining.push({ k: c, at: s.heap.alloc(size), size });
    }
    const cp = c.cp;
    for (let j = 1; j < cp.length; j++) {
      const e = cp[j];
      if (e === undefined || e === null || e.tag !== 1 || s.place.has(e.value)) continue;
      if (archived(e.value)) {
        s.place.set(e.value, NaN);
        continue;
      }
      if (!heap) {
        s.place.set(e.value, arenaBase + s.arenaCount++);
        continue;
      }
      const len = utf8Length(e.value);
      const body = 8 + Math.max(len - 2, 0);
      const size = jdk25 ? chunk(8 + body) : chunk((body + 7) & ~7);
      if (size === 32 && s.small > 0) {
        s.place.set(e.value, heapBase - s.small--);
      } else {
        s.place.set(e.value, heapBase + s.heap.alloc(size));
      }
      if (!jdk25) s.heap.alloc(chunk(16));
    }
  }
  const p = s.place.get(name);
  return p === undefined || Number.isNaN(p) ? undefined : p;
}
