// Natives of java.lang.StrictMath (the ones JDK 17 did not port to Java). StrictMath specifies
// fdlibm 5.3. V8's Math functions (FreeBSD msun ports) give the same bits for sin, cos, tan,
// asin, acos, atan, log, log10, sqrt, expm1 and log1p; sinh, cosh, tanh and atan2 come from
// fdlibm.ts, where msun differs.

import type { NativeTable } from '../../registry';
import * as fdlibm from './fdlibm';
import { x86Nan } from './crmath';

// NaN results carry x86's bits (crmath.ts x86Nan), as the JDK's C code gives them.
const d1 = (f: (x: number) => number) => (_vm: unknown, _t: unknown, x: number) => x86Nan(f(x), x);

export const natives: NativeTable = {
  'sin(D)D': d1(Math.sin),
  'cos(D)D': d1(Math.cos),
  'tan(D)D': d1(Math.tan),
  'asin(D)D': d1(Math.asin),
  'acos(D)D': d1(Math.acos),
  'atan(D)D': d1(Math.atan),
  'log(D)D': d1(Math.log),
  'log10(D)D': d1(Math.log10),
  'sqrt(D)D': d1(Math.sqrt),
  'sinh(D)D': d1(fdlibm.sinh),
  'cosh(D)D': d1(fdlibm.cosh),
  'tanh(D)D': d1(fdlibm.tanh),
  'expm1(D)D': d1(Math.expm1),
  'log1p(D)D': d1(Math.log1p),
  // fdlibm returns x + y for a NaN argument: x's NaN when both are (x86's addsd keeps its first operand's).
  'atan2(DD)D': (_vm, _t, y: number, x: number) => x86Nan(fdlibm.atan2(y, x), x, y),
  'IEEEremainder(DD)D': (_vm, _t, x: number, y: number) => x86Nan(ieeeRemainder(x, y), x, y),
};

/**
 * IEEE 754 remainder: x - n*y with n the integer nearest x/y (ties to even), exact. Reduce
 * x modulo 2y first (JS % is the exact fmod), then subtract y at most twice.
 */
export function ieeeRemainder(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || y === 0) return NaN;
  const negative = x < 0 || Object.is(x, -0);
  let p = Math.abs(y);
  if (p <= 8.98846567431158e307) x %= p + p;
  let r = Math.abs(x);
  if (r === p) return negative ? -0 : 0;
  p = Math.abs(p);
  if (p < 4.450147717014403e-308) {
    if (r + r > p) {
      r -= p;
      if (r + r >= p) r -= p;
    }
  } else {
    const half = 0.5 * p;
    if (r > half) {
      r -= p;
      if (r >= half) r -= p;
    }
  }
  return negative ? -r : r;
}
