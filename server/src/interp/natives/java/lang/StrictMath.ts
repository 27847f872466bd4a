// Natives of java.lang.StrictMath. V8's Math functions are ports of fdlibm, which is what
// StrictMath specifies; the ones JDK 17 implements in Java (FdLibm) are not natives.

import type { NativeTable } from '../../registry';

const d1 = (f: (x: number) => number) => (_vm: unknown, _t: unknown, x: number) => f(x);

export const natives: NativeTable = {
  'sin(D)D': d1(Math.sin),
  'cos(D)D': d1(Math.cos),
  'tan(D)D': d1(Math.tan),
  'asin(D)D': d1(Math.asin),
  'acos(D)D': d1(Math.acos),
  'atan(D)D': d1(Math.atan),
  'exp(D)D': d1(Math.exp),
  'log(D)D': d1(Math.log),
  'log10(D)D': d1(Math.log10),
  'sqrt(D)D': d1(Math.sqrt),
  'cbrt(D)D': d1(Math.cbrt),
  'sinh(D)D': d1(Math.sinh),
  'cosh(D)D': d1(Math.cosh),
  'tanh(D)D': d1(Math.tanh),
  'expm1(D)D': d1(Math.expm1),
  'log1p(D)D': d1(Math.log1p),
  'atan2(DD)D': (_vm, _t, y: number, x: number) => Math.atan2(y, x),
  'pow(DD)D': (_vm, _t, x: number, y: number) => Math.pow(x, y),
  'hypot(DD)D': (_vm, _t, x: number, y: number) => Math.hypot(x, y),
  'IEEEremainder(DD)D': (_vm, _t, x: number, y: number) => ieeeRemainder(x, y),
};

function ieeeRemainder(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || y === 0) return NaN;
  if (!Number.isFinite(y)) return x;
  const q = x / y;
  let n = Math.round(q);
  // Round half to even.
  if (Math.abs(q - Math.trunc(q)) === 0.5) n = 2 * Math.round(q / 2);
  const r = x - n * y;
  return r === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : r;
}
