// The StrictMath natives whose results V8's Math does not reproduce bit for bit. StrictMath
// specifies fdlibm 5.3; V8's Math functions follow FreeBSD's msun, which differs in a few
// places: exp (used by sinh/cosh), tanh for tiny arguments, and atan2 when |y/x| > 2^60 with a
// negative x. These implement fdlibm 5.3's documented algorithms on top of the Math functions
// that do agree (expm1, atan).

const dv = new DataView(new ArrayBuffer(8));

function hi(x: number): number {
  dv.setFloat64(0, x);
  return dv.getInt32(0);
}

function lo(x: number): number {
  dv.setFloat64(0, x);
  return dv.getInt32(4);
}

function withHi(x: number, h: number): number {
  dv.setFloat64(0, x);
  dv.setInt32(0, h);
  return dv.getFloat64(0);
}

// exp: x = k*ln2 + r with |r| <= ln2/2 (r = hi - lo), exp(r) from a degree-5 Remez fit of
// R(z) = r*(exp(r)+1)/(exp(r)-1) in z = r*r, then scaled by 2^k.
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;
const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700;
const TWO_M1000 = 9.33263618503218878990e-302;
const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.45133219101941108420e2;

export function exp(x: number): number {
  const h = hi(x);
  const neg = h < 0;
  const hx = h & 0x7fffffff;
  if (hx >= 0x40862e42) {
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | lo(x)) !== 0) return x + x;
      return neg ? 0 : x;
    }
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let k = 0;
  let rhi = 0;
  let rlo = 0;
  let r = x;
  if (hx > 0x3fd62e42) {
    if (hx < 0x3ff0a2b2) {
      rhi = neg ? x + LN2_HI : x - LN2_HI;
      rlo = neg ? -LN2_LO : LN2_LO;
      k = neg ? -1 : 1;
    } else {
      k = Math.trunc(INV_LN2 * x + (neg ? -0.5 : 0.5));
      rhi = x - k * LN2_HI;
      rlo = k * LN2_LO;
    }
    r = rhi - rlo;
  } else if (hx < 0x3e300000) {
    return 1 + x;
  }
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((r * c) / (c - 2.0) - r);
  const y = 1 - (rlo - (r * c) / (2.0 - c) - rhi);
  if (k >= -1021) return withHi(y, hi(y) + (k << 20));
  return withHi(y, hi(y) + ((k + 1000) << 20)) * TWO_M1000;
}

/** The high word (as unsigned) / low word bound of the largest x with finite cosh/sinh. */
function belowOverflow(ix: number, x: number): boolean {
  return ix < 0x408633ce || (ix === 0x408633ce && lo(x) >>> 0 <= 0x8fb9f87d);
}

export function sinh(x: number): number {
  const ix = hi(x) & 0x7fffffff;
  if (ix >= 0x7ff00000) return x + x;
  const h = x < 0 ? -0.5 : 0.5;
  if (ix < 0x40360000) {
    if (ix < 0x3e300000) return x;
    const t = Math.expm1(Math.abs(x));
    if (ix < 0x3ff00000) return h * (2.0 * t - (t * t) / (t + 1));
    return h * (t + t / (t + 1));
  }
  if (ix < 0x40862e42) return h * exp(Math.abs(x));
  if (belowOverflow(ix, x)) {
    const w = exp(0.5 * Math.abs(x));
    return h * w * w;
  }
  return x * 1.0e307;
}

export function cosh(x: number): number {
  const ix = hi(x) & 0x7fffffff;
  if (ix >= 0x7ff00000) return x * x;
  if (ix < 0x3fd62e43) {
    const t = Math.expm1(Math.abs(x));
    const w = 1 + t;
    if (ix < 0x3c800000) return w;
    return 1 + (t * t) / (w + w);
  }
  if (ix < 0x40360000) {
    const t = exp(Math.abs(x));
    return 0.5 * t + 0.5 / t;
  }
  if (ix < 0x40862e42) return 0.5 * exp(Math.abs(x));
  if (belowOverflow(ix, x)) {
    const w = exp(0.5 * Math.abs(x));
    return 0.5 * w * w;
  }
  return Infinity;
}

export function tanh(x: number): number {
  const jx = hi(x);
  const ix = jx & 0x7fffffff;
  if (ix >= 0x7ff00000) {
    if (Number.isNaN(x)) return x;
    return jx >= 0 ? 1 : -1;
  }
  let z: number;
  if (ix < 0x40360000) {
    if (ix < 0x3c800000) return x * (1 + x);
    if (ix >= 0x3ff00000) {
      const t = Math.expm1(2 * Math.abs(x));
      z = 1 - 2 / (t + 2);
    } else {
      const t = Math.expm1(-2 * Math.abs(x));
      z = -t / (t + 2);
    }
  } else {
    z = 1;
  }
  return jx >= 0 ? z : -z;
}

const PI = 3.1415926535897931160;
const PI_O_2 = 1.5707963267948965580;
const PI_LO = 1.2246467991473531772e-16;

export function atan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || !Number.isFinite(y) || x === 0 || y === 0) return Math.atan2(y, x);
  const k = ((hi(y) & 0x7fffffff) - (hi(x) & 0x7fffffff)) >> 20;
  if (k <= 60) return Math.atan2(y, x);
  // |y/x| > 2^60: z = pi/2 (+ half its low part), then fdlibm's quadrant formulas.
  const z = PI_O_2 + 0.5 * PI_LO;
  if (x > 0) return y > 0 ? z : -z;
  return y > 0 ? PI - (z - PI_LO) : z - PI_LO - PI;
}
