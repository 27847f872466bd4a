// Identity hash codes as HotSpot 17 makes them (-XX:hashCode=5, the default): each thread has
// a Marsaglia xor-shift generator (X, Y, Z, W) with X seeded from os::random() when the thread
// is created and Y = 842502087, Z = 0x8767, W = 273326509; an object's hash is the next value of
// the generator of the thread that first asks for it, masked to 31 bits (0 becomes 0xBAD).
// os::random() is the Park-Miller generator (16807 * seed mod 2^31-1) from the fixed seed
// 1234567, shared by every thread HotSpot creates (and by its symbol table).
//
// What matches (docs/INTERPRETER.md, "Identity hash codes"): the main thread's sequence. It is
// HotSpot's first os::random() draw; with the JDK's class-data archive (CDS, the default) it
// has made a few draws when main() starts (preMainDraws), which this VM reproduces by
// running the main thread's boot and launcher on a separate sequence and starting the real one,
// advanced by those draws, when main() is called (the main class's mirror gets the last). Other
// objects hashed before main() (its ProtectionDomain) get other values than on java; the
// mirrors of classes in HotSpot's CDS archive get the archive's (VmOptions.archivedHashes,
// engine/archived-hashes.ts). Threads the program
// starts are seeded from os::random() too, but HotSpot draws from it for every Symbol it
// creates and every internal thread (GC, compiler: their number depends on the CPUs), which
// this VM cannot count, so their sequences differ from java's.

import { RUNTIME_PACKAGE } from '../runtime/contract';
import type { JThread } from './thread';

const RUNTIME_PREFIX = `${RUNTIME_PACKAGE}/`;

/** HotSpot's os::random() (Park-Miller, seed 1234567). */
export class OsRandom {
  private seed = 1234567;

  next(): number {
    // 16807 * seed < 2^53: exact in doubles.
    this.seed = (this.seed * 16807) % 2147483647;
    return this.seed;
  }
}

/**
 * Draws java (with its CDS archive) makes on the main thread before main() runs: the launcher
 * hashes a few objects, and last the main class's mirror when its loader defines it (the draw
 * before main's first). How many depends on the JDK, on where the main class comes from (a jar's
 * manifest and its reading add draws) and on the archive: HotSpot's instrumented copy (`all`)
 * has its own, which holds objects plain java hashes at run time (measured with
 * System.identityHashCode against the generator's sequence, branch ident15k; `-cp DIR` / `-cp
 * JAR`): JDK 17 java 7 / 13, the copy 5 / 15; JDK 25 java 5 / 12, the copy 4 / 12 (5 / 13 while
 * the copy's class swap read its index through DataInputStream: its VarHandles' MethodTypes hashed
 * `byte[].class`, the draw before the main class's; branch mt16).
 */
export function preMainDraws(feature: number, copy: boolean, fromJar: boolean): number {
  if (feature >= 25) return copy ? (fromJar ? 12 : 4) : fromJar ? 12 : 5;
  return copy ? (fromJar ? 15 : 5) : fromJar ? 13 : 7;
}

/**
 * The place, among those pre-main draws, of the first of the two `ClassLoaderValue`s the boot
 * hashes (`ServicesCatalog`'s and `ModuleLayer.bindToLoader`'s, as keys of the loaders'
 * ConcurrentHashMaps): HotSpot's CDS archive does not hold them, so java draws them on the main
 * thread, one after the other (gdb on libjvm's draws, branch tf37, `-cp DIR` and `-jar`): the
 * copy's second and third draws on JDK 17 and 25 (the main Thread's first), java 17's second and
 * third (`UTF_8$Encoder`'s mirror first), java 25's first and second.
 */
export function preMainLoaderValueDraw(feature: number, copy: boolean): number {
  return copy || feature < 25 ? 2 : 1;
}

/** The n-th draw (1-based) of a generator seeded with x. */
export function drawOf(x: number, n: number): number {
  const s = newHashState(x);
  let h = 0;
  for (let i = 0; i < n; i++) h = nextHash(s);
  return h;
}

/** A thread's hash generator: X, Y, Z, W. */
export type HashState = Uint32Array;

export function newHashState(x: number): HashState {
  const s = new Uint32Array(4);
  resetHashState(s, x);
  return s;
}

export function resetHashState(s: HashState, x: number): void {
  s[0] = x;
  s[1] = 842502087;
  s[2] = 0x8767;
  s[3] = 273326509;
}

/** The next identity hash of a thread (synchronizer.cpp get_next_hash, hashCode mode 5). */
export function nextHash(s: HashState): number {
  let t = s[0];
  t = (t ^ (t << 11)) >>> 0;
  s[0] = s[1];
  s[1] = s[2];
  s[2] = s[3];
  let v = s[3];
  v = (v ^ (v >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
  s[3] = v;
  return v & 0x7fffffff || 0xbad;
}

/**
 * True when a method of the profiler's runtime (komorium/rt) is on the thread's stack: the
 * identity hashes it asks for are not the program's.
 */
export function runtimeOnStack(t: JThread): boolean {
  for (let d = t.depth; d >= 0; d--) {
    const m = t.frames[d].m;
    if (m !== null && m.klass.name.startsWith(RUNTIME_PREFIX)) return true;
  }
  return false;
}

/** A frame of the application loader's jar search (URLClassPath$JarLoader, its inner classes) is on `t`'s stack. */
export function jarLoaderOnStack(t: JThread): boolean {
  for (let d = t.depth; d >= 0; d--) {
    const m = t.frames[d].m;
    if (m !== null && m.klass.name.startsWith('jdk/internal/loader/URLClassPath$JarLoader')) return true;
  }
  return false;
}

/** The innermost Java frames of a thread, for KOMORIUM_TRACE_IHASH (a number above 1: that many, else 6). */
export function traceTop(t: JThread): string {
  const out: string[] = [];
  const depth = Number(process.env.KOMORIUM_TRACE_IHASH) > 1 ? Number(process.env.KOMORIUM_TRACE_IHASH) : 6;
  for (let d = t.depth; d >= 0 && out.length < depth; d--) {
    const m = t.frames[d].m;
    if (m !== null) out.push(`${m.klass.name}.${m.name}`);
  }
  return out.join(' < ');
}
