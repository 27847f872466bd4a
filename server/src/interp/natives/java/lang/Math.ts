// HotSpot's intrinsics of java.lang.Math. On x86_64, HotSpot computes Math.sin, cos, tan, exp,
// log, log10 and pow with its own routines (in the interpreter too), not with StrictMath's
// fdlibm, so their results differ from StrictMath's in the last bit at a few percent of
// inputs. This VM runs these seven methods as natives (klass.ts marks them when java.lang.Math
// is defined, reflection still shows the class file's modifiers) that compute the correctly
// rounded result, which is HotSpot's at all but 0-0.4% of inputs (crmath.ts). abs(double) and
// fma, exact either way, are natives for HotSpot's NaNs (fma.ts), and so is sqrt (HotSpot's
// interpreter runs all of these through intrinsic entries, never their bytecode: neither engine
// counts them, transform/scope.ts INTERPRETER_INTRINSICS). Every other Math method runs its Java
// code, as on HotSpot (floor, ... give HotSpot's bits that way).

import type { NativeTable } from '../../registry';
import { extendedDescriptor } from '../../../../transform/names';
import { crCbrt, crCos, crExp, crLog, crLog10, crPow, crSin, crTan, crTanh, x86Nan } from './crmath';
import { absDouble, fmaDouble, fmaFloat } from './fma';

const d1 = (f: (x: number) => number) => (_vm: unknown, _t: unknown, x: number) => x86Nan(f(x), x);

const base: NativeTable = {
  'sin(D)D': d1(crSin),
  'cos(D)D': d1(crCos),
  'tan(D)D': d1(crTan),
  'exp(D)D': d1(crExp),
  'log(D)D': d1(crLog),
  'log10(D)D': d1(crLog10),
  // pow(±1, ±Infinity) is HotSpot's positive NaN; other invalid cases give x86's default NaN.
  'pow(DD)D': (_vm, _t, x: number, y: number) => (Math.abs(x) === 1 && Math.abs(y) === Infinity ? NaN : x86Nan(crPow(x, y), x, y)),
  // Exact either way, but HotSpot's NaNs (fma.ts). sqrt: HotSpot's sqrtsd, in the interpreter
  // too; Math.sqrt's code calls StrictMath.sqrt, FdLibm's Java code on JDK 25 (which the
  // instrumented JDK would count under it: transform/scope.ts INTERPRETER_INTRINSICS).
  'sqrt(D)D': d1(Math.sqrt),
  'abs(D)D': (_vm, _t, x: number) => absDouble(x),
  'fma(DDD)D': (_vm, _t, a: number, b: number, c: number) => fmaDouble(a, b, c),
  'fma(FFF)F': (_vm, _t, a: number, b: number, c: number) => fmaFloat(a, b, c),
  // From JDK 24 (tanh) and 25 (cbrt) only: HotSpot's java_lang_math_tanh/cbrt interpreter
  // entries (StubRoutines::dtanh/dcbrt, x86_64); before, Math's Java code runs (SINCE below).
  'tanh(D)D': d1(crTanh),
  'cbrt(D)D': d1(crCbrt),
};

/**
 * The first JDK feature release in which HotSpot computes the method with its own routine (in
 * the interpreter and the JITs, vmIntrinsics _dtanh and _dcbrt); the others: every release.
 */
const SINCE: Readonly<Record<string, number>> = { 'tanh(D)D': 24, 'cbrt(D)D': 25 };

// With the JDK instrumented (--instrument all), instrumented callers call the extended versions
// (docs/TRANSFORM.md: the same parameters, then TC, MID[], int): the same natives.
export const natives: NativeTable = { ...base };
for (const [nameDesc, fn] of Object.entries(base)) {
  const open = nameDesc.indexOf('(');
  natives[nameDesc.slice(0, open) + extendedDescriptor(nameDesc.slice(open))] = fn;
}

/** The methods of java.lang.Math run as natives on JDK `feature` (name + descriptor). */
export function mathIntrinsics(feature: number): ReadonlySet<string> {
  return new Set(Object.keys(base).filter((k) => feature >= (SINCE[k] ?? 0)));
}
