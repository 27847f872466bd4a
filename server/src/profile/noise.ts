// How much overlap pure sampling noise leaves (docs/ACCURACY.md, "What limits the overlap"):
// the expected overlap percentage of a profile of `n` samples drawn at random from a reference
// distribution (the exact profile's counters) with that distribution. A sampled profile whose
// overlap is close to this is limited by its sample count; one clearly below it misattributes.

import { overlapOfCounters } from './overlap';
import { prng } from '../prng';

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
  const next = prng(seed);
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
