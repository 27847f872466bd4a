// Small code builders shared by the JIT's instruction emitter (jit/insns.ts): array data with
// its null check, long shifts' powers of two, the safe-integer guards of long arithmetic,
// narrowing to boolean/byte/char/short, and aastore's store check with its site caches.

import type { At } from './insns';
import type { Scope } from './scope';

/**
 * `d` = the accessed array's data (the array in stack slot `ref`, null checked; or the loop
 * copy's hoisted data, whose null array is an empty one: bounds() tells the two apart).
 */
export function arrayData(at: At, ref: string): string {
  return at.arr !== undefined ? (at.arrRef !== undefined ? `d = ${at.arr};` : `d = ${at.arr}; if (d === null) throw E.npe();`) : `o = ${ref}; if (o === null) throw E.npe(); d = o.data;`;
}

/** The bounds check of index `x` into `d`; a hoisted null array (empty, arrayData) fails it and throws the NullPointerException. */
export function bounds(at: At): string {
  return `if (x >>> 0 >= d.length) throw ${at.arr !== undefined && at.arrRef !== undefined ? `${at.arrRef} === null ? E.npe() : ` : ''}E.aioobe(x, d.length);`;
}

/** Powers of two by shift distance (the long shifts' safe-integer case). */
const POW2: readonly number[] = Array.from({ length: 64 }, (_, i) => 2 ** i);

/**
 * 2^(k & 63) for the shift amount `k` (the stack top) of the long shift at `at`: a literal when
 * the instruction before pushed a constant in the same block (`x >>> 1`), else a table lookup.
 */
export function pow2(at: At, k: string): string {
  const { s, idx, ins } = at;
  const prev = idx > 0 ? s.a.insns[idx - 1] : undefined;
  if (prev !== undefined && !s.a.blockStart.has(ins.offset)) {
    const op = prev.op;
    if (op >= 0x02 && op <= 0x08) return String(2 ** ((op - 3) & 63));
    if (op === 0x10 || op === 0x11) return String(2 ** ((prev.operands as { value: number }).value & 63));
  }
  return `${s.K(POW2)}[${k} & 63]`;
}

export function bothNumbers(a: string, b: string): string {
  return `typeof ${a} === 'number' && typeof ${b} === 'number'`;
}

/** `v` (an assignment to x) is a safe integer: the exact result of a long operation on safe integers. */
export function inSafe(v: string): string {
  return `${v} <= 9007199254740991 && x >= -9007199254740991`;
}

export function narrowRet(ret: string, v: string): string {
  return ret === 'Z' || ret === 'B' || ret === 'C' || ret === 'S' ? narrow(ret, v) : v;
}

export function narrow(desc: string, v: string): string {
  switch (desc) {
    case 'Z':
      return `(${v} & 1)`;
    case 'B':
      return `((${v} << 24) >> 24)`;
    case 'C':
      return `(${v} & 0xffff)`;
    case 'S':
      return `((${v} << 16) >> 16)`;
    default:
      return v;
  }
}

/**
 * aastore's store check of `y` into array `o`: the pair of classes that last passed is kept in
 * two site caches (whether a class's instances may be stored into an array class never changes).
 */
export function storeCheck(s: Scope): string {
  const cv = s.cacheVar();
  const ca = s.cacheVar();
  return `if (y !== null && (y.klass !== ${cv} || o.klass !== ${ca})) { if (!E.storeOk(o, y)) throw E.ase(y); ${cv} = y.klass; ${ca} = o.klass; }`;
}
