// Java `long` values in the embedded JVM.
//
// A long is kept in ONE JS value, in canonical form: a `number` when the value is a safe
// integer (|v| <= 2^53 - 1), otherwise a `bigint`. Canonical form makes equality (`===`),
// comparison and hashing work without conversions, and keeps the common case (counters, sizes,
// times, small products) on fast double arithmetic with no allocation. Every operation here is
// exact two's-complement 64-bit arithmetic; the `bigint` path is only taken when an operand or
// the result leaves the safe range.
//
// On the operand stack and in locals a long takes two slots (JVMS 2.6): the value sits in the
// lower slot, the upper slot is unused. Fields, array elements and native arguments hold the
// value itself.

export type Long = number | bigint;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const TWO32 = 4294967296;
const TWO64N = 1n << 64n;

/** Canonical form of a bigint already in the signed 64-bit range. */
function fromBig(v: bigint): Long {
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

/** Canonical form of any bigint (wrapped to 64 bits). */
export function wrapBig(v: bigint): Long {
  return fromBig(BigInt.asIntN(64, v));
}

export function toBig(a: Long): bigint {
  return typeof a === 'bigint' ? a : BigInt(a);
}

/** A long from its two 32-bit halves (hi signed or unsigned, lo unsigned or signed). */
export function fromHiLo(hi: number, lo: number): Long {
  hi |= 0;
  const l = lo >>> 0;
  if (hi >= -2097152 && hi < 2097152) {
    const v = hi * TWO32 + l; // exact: |v| <= 2^53
    if (v >= -MAX_SAFE) return v;
  }
  return (BigInt(hi) << 32n) | BigInt(l);
}

/** High 32 bits (signed int32). */
export function hi32(a: Long): number {
  if (typeof a === 'number') return Math.floor(a / TWO32) | 0;
  return Number(BigInt.asIntN(32, a >> 32n));
}

/** Low 32 bits (signed int32) = `l2i`. */
export function lo32(a: Long): number {
  if (typeof a === 'number') {
    // ToInt32 of an integral double is exactly the low 32 bits of its two's complement.
    return a | 0;
  }
  return Number(BigInt.asIntN(32, a));
}

export const l2i = lo32;

export function ladd(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r;
  }
  return wrapBig(toBig(a) + toBig(b));
}

export function lsub(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r;
  }
  return wrapBig(toBig(a) - toBig(b));
}

export function lmul(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r === 0 ? 0 : r; // no -0
  }
  return wrapBig(toBig(a) * toBig(b));
}

/** Division; the caller has checked b != 0 (ArithmeticException). */
export function ldiv(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    const q = (a - r) / b; // exact: a - r is a multiple of b
    return q === 0 ? 0 : q;
  }
  // Long.MIN_VALUE / -1 overflows to Long.MIN_VALUE: asIntN wraps it.
  return wrapBig(toBig(a) / toBig(b));
}

export function lrem(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return wrapBig(toBig(a) % toBig(b));
}

export function lneg(a: Long): Long {
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  return wrapBig(-a);
}

export function isZero(a: Long): boolean {
  return a === 0;
}

export function land(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    if ((a | 0) === a && (b | 0) === b) return a & b;
    // A mask in [0, 2^31): the result is the other operand's low 32 bits (ToInt32 keeps them,
    // in two's complement) masked, whatever its size or sign.
    if (b >= 0 && b <= 0x7fffffff) return a & b;
    if (a >= 0 && a <= 0x7fffffff) return a & b;
    if (a >= 0 && b >= 0 && a < TWO32 && b < TWO32) return (a & b) >>> 0;
  }
  return fromHiLo(hi32(a) & hi32(b), lo32(a) & lo32(b));
}

export function lor(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    if ((a | 0) === a && (b | 0) === b) return a | b;
  }
  return fromHiLo(hi32(a) | hi32(b), lo32(a) | lo32(b));
}

export function lxor(a: Long, b: Long): Long {
  if (typeof a === 'number' && typeof b === 'number') {
    if ((a | 0) === a && (b | 0) === b) return a ^ b;
  }
  return fromHiLo(hi32(a) ^ hi32(b), lo32(a) ^ lo32(b));
}

/** Shift left by (n & 63). */
export function lshl(a: Long, n: number): Long {
  n &= 63;
  if (n === 0) return a;
  if (typeof a === 'number' && n < 32) {
    const r = a * Math.pow(2, n);
    if (r <= MAX_SAFE && r >= -MAX_SAFE) return r;
  }
  return wrapBig(toBig(a) << BigInt(n));
}

/** Arithmetic shift right by (n & 63). */
const POW2: number[] = Array.from({ length: 64 }, (_, i) => 2 ** i);

export function lshr(a: Long, n: number): Long {
  n &= 63;
  if (n === 0) return a;
  if (typeof a === 'number') return Math.floor(a / POW2[n]);
  return fromBig(a >> BigInt(n));
}

/** Logical shift right by (n & 63). */
export function lushr(a: Long, n: number): Long {
  n &= 63;
  if (n === 0) return a;
  if (typeof a === 'number' && a >= 0) return Math.floor(a / POW2[n]);
  const u = BigInt.asUintN(64, toBig(a));
  return fromBig(BigInt.asIntN(64, u >> BigInt(n)));
}

export function lcmp(a: Long, b: Long): number {
  if (typeof a === 'number' && typeof b === 'number') return a > b ? 1 : a < b ? -1 : 0;
  return lcmpMixed(a, b);
}

/** A bigint on either side (mixed number/bigint comparisons are exact in JS). */
function lcmpMixed(a: Long, b: Long): number {
  return a > b ? 1 : a < b ? -1 : 0;
}

export function i2l(i: number): Long {
  return i;
}

export function l2d(a: Long): number {
  return typeof a === 'number' ? a : Number(a);
}

export function l2f(a: Long): number {
  if (typeof a === 'number') return Math.fround(a);
  // Round to float directly from the exact value: Number(bigint) rounds to double first, and
  // double rounding can differ from a single rounding to float. Round to 24 significant bits.
  return roundBigToFloat(a);
}

function roundBigToFloat(v: bigint): number {
  const neg = v < 0n;
  let m = neg ? -v : v;
  const bits = m.toString(2).length;
  if (bits <= 24) return Math.fround(neg ? -Number(m) : Number(m));
  const shift = BigInt(bits - 24);
  const rem = m & ((1n << shift) - 1n);
  const half = 1n << (shift - 1n);
  m >>= shift;
  if (rem > half || (rem === half && (m & 1n) === 1n)) m += 1n;
  const r = Number(m) * Math.pow(2, Number(shift));
  return Math.fround(neg ? -r : r);
}

const LONG_MAX: Long = 9223372036854775807n;
const LONG_MIN: Long = -9223372036854775808n;

/** d2l / f2l: NaN → 0, saturating at the long range, truncating toward zero. */
export function d2l(d: number): Long {
  if (d !== d) return 0;
  if (d >= 9223372036854775807) return LONG_MAX;
  if (d <= -9223372036854775808) return LONG_MIN;
  const t = Math.trunc(d);
  if (t <= MAX_SAFE && t >= -MAX_SAFE) return t === 0 ? 0 : t;
  return fromBig(BigInt(t));
}

export const f2l = d2l;

/** d2i / f2i: NaN → 0, saturating at the int range. */
export function d2i(d: number): number {
  if (d !== d) return 0;
  if (d >= 2147483647) return 2147483647;
  if (d <= -2147483648) return -2147483648;
  return Math.trunc(d) | 0;
}

/** Parses a decimal or bigint literal into a canonical long. */
export function longOf(v: bigint | number): Long {
  return typeof v === 'number' ? v : wrapBig(v);
}

/** Unsigned view (0 .. 2^64-1) as bigint, for formatting. */
export function toUnsignedBig(a: Long): bigint {
  const b = toBig(a);
  return b < 0n ? b + TWO64N : b;
}

/** Long as a JS number (for offsets, sizes; exact only within 2^53). */
export function toNumber(a: Long): number {
  return typeof a === 'number' ? a : Number(a);
}

// long[] elements (object.ts JLongArray): the BigInt64Array `data` and `w`, an Int32Array view
// of the same memory (two little-endian words per element). Safe-integer values are read and
// written through `w` without creating a BigInt; other values through `data`.

/** The storage of a long[]. */
export interface LongElements {
  readonly data: BigInt64Array;
  readonly w: Int32Array;
}

/** Element `i` of a long[], in canonical form. */
export function aload(a: LongElements, i: number): Long {
  const w = a.w;
  const hi = w[2 * i + 1];
  if (hi >= -2097152 && hi < 2097152) {
    const v = hi * TWO32 + (w[2 * i] >>> 0); // exact: |v| <= 2^53
    if (v >= -MAX_SAFE) return v;
  }
  return a.data[i]; // outside the safe range: canonical as a bigint
}

/** Stores `v` as element `i` of a long[]. */
export function astore(a: LongElements, i: number, v: Long): void {
  if (typeof v === 'number') {
    const w = a.w;
    w[2 * i] = v | 0; // ToInt32 of an integral double: its low 32 bits
    w[2 * i + 1] = Math.floor(v / TWO32);
  } else a.data[i] = v;
}

/**
 * Runs every helper above on numbers beyond the Smi range and on bigints once, when the module
 * loads. V8 keeps one set of type feedback per function, shared by every function it is inlined
 * into: `interpret` and the JIT's generated code inline these helpers, and TurboFan specialises
 * them for the types seen so far. Before this, a program's first long beyond 2^31 in an
 * addition (Smi overflow) or its first bigint in a comparison deoptimised `interpret`, whose
 * recompilation costs 0.3-1 s of CPU each time (`node --trace-deopt`: "overflow" in `ladd`,
 * "not a heap number" in `lcmp`; docs/INTERPRETER.md, "Speed"). Changes no value.
 */
function warmFeedback(): void {
  const vals: Long[] = [0, 1, -1, 7, 2147483647, -2147483648, 4294967296, -1099511627779, 4503599627370497, MAX_SAFE, -MAX_SAFE, 1n << 60n, -(1n << 63n), (1n << 63n) - 1n];
  for (const a of vals) {
    for (const b of vals) {
      ladd(a, b);
      lsub(a, b);
      lmul(a, b);
      if (b !== 0) {
        ldiv(a, b);
        lrem(a, b);
      }
      land(a, b);
      lor(a, b);
      lxor(a, b);
      lcmp(a, b);
    }
    lneg(a);
    hi32(a);
    lo32(a);
    l2d(a);
    l2f(a);
    toNumber(a);
    for (const n of [0, 1, 13, 31, 32, 45, 63, 64 + 3]) {
      lshl(a, n);
      lshr(a, n);
      lushr(a, n);
    }
  }
  for (const d of [0, -0, 0.5, -2.5, 1e10, -1e19, 1e19, NaN, Infinity, 3e15, 2147483648.5]) {
    d2l(d);
    d2i(d);
  }
}
warmFeedback();
