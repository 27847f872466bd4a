// How much overlap pure sampling noise leaves (docs/ACCURACY.md, "What limits the overlap"):
// the expected overlap percentage of a profile of `n` samples drawn at random from a reference
// distribution (the exact profile's counters) with that distribution. A sampled profile whose
// overlap is close to this is limited by its sample count; one clearly below it misattributes.

import { overlapOfCounters } from './overlap';

/** A small deterministic PRNG (mulberry32): the same seed gives the same estimate. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The mean overlap (%) with `reference` of `reps` multinomial draws of `n` samples from it
 * (each sample lands on a key with probability proportional to its counter).
 */
export function noiseOverlap<K>(reference: ReadonlyMap<K, number>, n: number, reps = 4, seed = 1): number {
  const keys = [...reference.keys()].filter((k) => (reference.get(k) ?? 0) > 0);
  if (keys.length === 0 || n <= 0) return 0;
  const cum = new Float64Array(keys.length);
  let s = 0;
  keys.forEach((k, i) => (cum[i] = s += reference.get(k)!));
  const next = rng(seed);
  let sum = 0;
  for (let r = 0; r < reps; r++) {
    const hits = new Map<K, number>();
    for (let i = 0; i < n; i++) {
      const x = next() * s;
      let lo = 0;
      let hi = keys.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! > x) hi = mid;
        else lo = mid + 1;
      }
      const k = keys[lo]!;
      hits.set(k, (hits.get(k) ?? 0) + 1);
    }
    sum += overlapOfCounters(reference, hits);
  }
  return sum / reps;
}
