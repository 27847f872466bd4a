// The default agent's per-sample random draw (runtime/java/komorium/rt/ThreadData.java,
// `nextGranularity`) on the embedded engine. The Java method advances a SplitMix64 state and
// mixes it with two 64-bit multiplications; run as bytecode, each long operation leaves the
// safe-integer range and goes through a bigint (long.ts), about 0.7 µs per sample (pf18c). Here
// the same arithmetic runs on 32-bit halves. The runtime's own code is not counted on either
// engine, so the profile is the same bit for bit (interp-threaddata test; the bench profiles'
// md5 before and after). KOMORIUM_JAVA_THREAD_DATA=1 keeps the Java method.

import type { JClass } from '../../../klass';
import { fromHiLo, hi32, lo32, type Long } from '../../../long';
import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

/** The runtime methods the embedded engine runs as natives (klass-link.ts). */
export const THREAD_DATA_INTRINSICS: ReadonlySet<string> = new Set(process.env.KOMORIUM_JAVA_THREAD_DATA === '1' ? [] : ['nextGranularity()I']);

/** High 32 bits of the unsigned 64-bit product of two unsigned 32-bit values. */
function mulHi32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16)) >>> 0;
}

/** The state and result of one step: a 64-bit value as unsigned 32-bit halves. */
export interface Halves {
  hi: number;
  lo: number;
}

/** (hi, lo) × (bhi, blo) modulo 2^64, in place. */
function mul64(z: Halves, bhi: number, blo: number): void {
  const hi = (mulHi32(z.lo, blo) + Math.imul(z.hi, blo) + Math.imul(z.lo, bhi)) >>> 0;
  z.lo = Math.imul(z.lo, blo) >>> 0;
  z.hi = hi;
}

/** z ^= z >>> s, for 0 < s < 32, in place. */
function xorShift(z: Halves, s: number): void {
  z.lo = (z.lo ^ ((z.lo >>> s) | (z.hi << (32 - s)))) >>> 0;
  z.hi = (z.hi ^ (z.hi >>> s)) >>> 0;
}

/** ThreadData.mix (SplitMix64's finaliser), in place. */
export function mixHalves(z: Halves): void {
  xorShift(z, 30);
  mul64(z, 0xbf58476d, 0x1ce4e5b9);
  xorShift(z, 27);
  mul64(z, 0x94d049bb, 0x133111eb);
  xorShift(z, 31);
}

/**
 * One `nextGranularity` step on `state`: advances it (rngState += golden gamma) and returns
 * N + ((mix(state) >>> 1) % R), clamped to int, as the Java method does.
 */
export function nextGranularityOf(state: Halves, granularity: number, random: number): number {
  let g = granularity;
  if (random > 0) {
    const lo = state.lo + 0x7f4a7c15;
    state.hi = (state.hi + 0x9e3779b9 + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    state.lo = lo >>> 0;
    const z: Halves = { hi: state.hi, lo: state.lo };
    mixHalves(z);
    // (z >>> 1) % random, for random < 2^31: the 63-bit value's remainder from its halves,
    // keeping every intermediate product below 2^53.
    const uhi = z.hi >>> 1;
    const ulo = ((z.lo >>> 1) | ((z.hi & 1) << 31)) >>> 0;
    let r = uhi % random;
    r = (r * 65536) % random;
    r = (r * 65536) % random;
    g += (r + ulo) % random;
  }
  return g > 0x7fffffff ? 0x7fffffff : g;
}

/** The three fields' property keys, per class object (one ThreadData class per VM). */
const keysOf = new WeakMap<JClass, readonly [string, string, string]>();

export const natives: NativeTable = {
  'nextGranularity()I': (vm: VM, _t: JThread, self: JObject): number => {
    const fields = self as unknown as Record<string, unknown>;
    const k = self.klass;
    let keys = keysOf.get(k);
    if (keys === undefined) keysOf.set(k, (keys = [vm.field(k, 'rngState').key, vm.field(k, 'granularity').key, vm.field(k, 'random').key]));
    const [stateKey, granularityKey, randomKey] = keys;
    const granularity = fields[granularityKey] as number;
    const random = fields[randomKey] as number;
    if (!(random > 0)) return granularity;
    const s = fields[stateKey] as Long;
    const state: Halves = { hi: hi32(s) >>> 0, lo: lo32(s) >>> 0 };
    const g = nextGranularityOf(state, granularity, random);
    fields[stateKey] = fromHiLo(state.hi, state.lo);
    return g;
  },
};
