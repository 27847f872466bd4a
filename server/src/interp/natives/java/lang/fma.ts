// Math.fma and Math.abs(double) as HotSpot computes them on x86_64 with FMA (its intrinsics,
// the interpreter's too: vfmadd and andpd), for Math.ts. The JDK's Java code gives the same
// numbers but other NaNs: HotSpot's fma returns x86's default NaN (sign set) for an invalid
// operation (0 * Infinity, Infinity - Infinity) and a NaN argument otherwise (b's first, then
// a's, then c's, quieted), measured on HotSpot 17; its abs(double) clears the sign bit of a NaN
// too (the Java code returns a negative NaN as it is).

import { DEFAULT_NAN } from './crmath';

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

function bits(x: number): bigint {
  f64[0] = x;
  return u64[0]!;
}

function fromBits(b: bigint): number {
  u64[0] = b;
  return f64[0]!;
}

/** |x| by clearing the sign bit (NaN too). */
export function absDouble(x: number): number {
  return fromBits(bits(x) & 0x7fffffffffffffffn);
}

/** A quiet NaN from a NaN argument (a signalling double NaN gets its quiet bit). */
function quiet(x: number): number {
  return fromBits(bits(x) | 0x0008000000000000n);
}

/** x = m * 2^e exactly (x finite and not zero; m signed). */
function decompose(x: number): [bigint, number] {
  const b = bits(x);
  const biased = Number((b >> 52n) & 0x7ffn);
  let m = b & 0xfffffffffffffn;
  if (biased !== 0) m |= 0x10000000000000n;
  const e = (biased === 0 ? 1 : biased) - 1075;
  return [b >> 63n ? -m : m, e];
}

/** 2^q as a double (-1074 <= q <= 1023). */
function pow2(q: number): number {
  return q >= -1022 ? fromBits(BigInt(q + 1023) << 52n) : fromBits(1n << BigInt(q + 1074));
}

/**
 * m * 2^e (m not zero) rounded to nearest even with `precision` bits, the smallest exponent of
 * a last bit `minQ` and the largest exponent of a leading bit `maxT` (double: 53, -1074, 1023;
 * float: 24, -149, 127); past that, infinity.
 */
function round(m: bigint, e: number, precision: number, minQ: number, maxT: number): number {
  const negative = m < 0n;
  let a = negative ? -m : m;
  const t = e + a.toString(2).length - 1;
  const q = Math.max(t - precision + 1, minQ);
  const shift = q - e;
  if (shift > 0) {
    const s = BigInt(shift);
    const rem = a & ((1n << s) - 1n);
    const half = 1n << (s - 1n);
    a >>= s;
    if (rem > half || (rem === half && (a & 1n) === 1n)) a += 1n;
  } else a <<= BigInt(-shift);
  const top = q + a.toString(2).length - 1;
  const r = top > maxT ? Infinity : Number(a) * pow2(Math.min(q, 1023));
  return negative ? -r : r;
}

/** a * b + c rounded once, with HotSpot's NaNs; `float`: the float operation. */
function fused(a: number, b: number, c: number, float: boolean): number {
  for (const x of [b, a, c]) if (Number.isNaN(x)) return float ? x : quiet(x);
  if (!Number.isFinite(a) || !Number.isFinite(b)) {
    // Infinity * x (0 * Infinity is invalid), then + c (Infinity - Infinity is invalid).
    const r = a * b + c;
    return Number.isNaN(r) ? DEFAULT_NAN : r;
  }
  if (!Number.isFinite(c)) return c; // a * b is finite, even where it rounds to infinity
  // A zero product is exact (its sign as IEEE's); with c = ±0 the result is the product
  // rounded once (exact in double for floats).
  if (a === 0 || b === 0) return a * b + c;
  if (c === 0) return float ? Math.fround(a * b) : a * b;
  const [ma, ea] = decompose(a);
  const [mb, eb] = decompose(b);
  const [mc, ec] = decompose(c);
  const ep = ea + eb;
  const e = Math.min(ep, ec);
  const m = ((ma * mb) << BigInt(ep - e)) + (mc << BigInt(ec - e));
  if (m === 0n) return 0;
  return float ? round(m, e, 24, -149, 127) : round(m, e, 53, -1074, 1023);
}

export function fmaDouble(a: number, b: number, c: number): number {
  return fused(a, b, c, false);
}

export function fmaFloat(a: number, b: number, c: number): number {
  return fused(a, b, c, true);
}
