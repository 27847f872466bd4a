// mulberry32: a small, fast, deterministic 32-bit PRNG (the same seed gives the same sequence).
// Used where a result must be reproducible from a seed: sampling-noise estimates
// (profile/noise.ts) and the fuzzers (scripts/fuzz.ts).

/** A generator of floats in [0, 1) seeded with `seed`. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
