// The Wilson score interval of a sampled share (server/src/profile/confidence.ts) against
// published values, and its texts for hovers and tooltips.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isExactProfile, shareParts, shareWithInterval, wilsonInterval } from '../../server/src/profile/confidence';

const close = (a: number, b: number, eps = 5e-5): void => assert.ok(Math.abs(a - b) <= eps, `${a} ≈ ${b}`);

test('Wilson 95% intervals match Newcombe (1998), Table II, method 3 (score, no continuity correction)', () => {
  // Newcombe, "Two-sided confidence intervals for the single proportion", Stat. Med. 17:857-872.
  const known: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ];
  for (const [k, n, lo, hi] of known) {
    const i = wilsonInterval(k, n);
    close(i.lo, lo);
    close(i.hi, hi);
  }
});

test('Wilson intervals: closed forms at the edges, symmetry, and the normal approximation for large n', () => {
  const z2 = 1.959963984540054 ** 2;
  // k = 0: [0, z²/(n + z²)]; k = n: [n/(n + z²), 1].
  assert.deepEqual(wilsonInterval(0, 10), { lo: 0, hi: z2 / (10 + z2) });
  close(wilsonInterval(10, 10).lo, 10 / (10 + z2), 1e-12);
  assert.equal(wilsonInterval(10, 10).hi, 1);
  // k/n = 1/2 is centred on 1/2; k and n - k mirror each other.
  const h = wilsonInterval(5, 10);
  close(h.lo, 0.2366);
  close(h.hi, 0.7634);
  close(h.lo + h.hi, 1, 1e-12);
  const a = wilsonInterval(3, 40);
  const b = wilsonInterval(37, 40);
  close(a.lo, 1 - b.hi, 1e-12);
  // Large n: close to p ± z sqrt(p(1-p)/n).
  const n = 1e8;
  const w = wilsonInterval(0.3 * n, n);
  close(w.hi - 0.3, 1.959963984540054 * Math.sqrt(0.21 / n), 1e-8);
  // No samples: no information.
  assert.deepEqual(wilsonInterval(0, 0), { lo: 0, hi: 1 });
  assert.throws(() => wilsonInterval(5, 4), RangeError);
  assert.throws(() => wilsonInterval(-1, 4), RangeError);
});

test('share texts: the interval and the counts; "exact" for exact profiles', () => {
  // 1,234 of 3,607: 34.21%, Wilson [32.68%, 35.78%].
  assert.equal(shareWithInterval(1234, 3607, false), '34.2% (95% CI 32.7–35.8%, 1,234 of 3,607 samples)');
  assert.equal(shareWithInterval(1234, 3607, true), '34.2% (exact, 1,234 of 3,607 bytecodes)');
  // Tiny shares get more decimals, so that the ends differ and the share is not shown as 0.
  const tiny = shareParts(3, 1_000_000, false);
  assert.equal(tiny.share, '<0.001%');
  assert.match(tiny.interval, /^95% CI 0\.000–0\.001%$/);
  const narrow = shareParts(50_000_000, 100_000_000, false);
  assert.equal(narrow.interval, '95% CI 49.99–50.01%');
  assert.equal(shareParts(1, 1, false).counts, '1 of 1 sample');
  assert.equal(shareParts(0, 7, false).interval, '95% CI 0.0–35.4%');
  assert.ok(isExactProfile({ agent: 'exact', engine: 'interp-exact' }));
  assert.ok(!isExactProfile({ agent: 'komorium.rt.DefaultAgent', engine: 'interp' }));
});
