// The embedded engine's native ThreadData.nextGranularity (natives/komorium/rt/ThreadData.ts)
// against ThreadData.java's arithmetic written with 64-bit BigInts: the same state sequence and
// the same intervals for many states, intervals and spreads, including the carries, the top bit
// of the mixed value and the clamp to Integer.MAX_VALUE.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextGranularityOf, type Halves } from '../../server/src/interp/natives/komorium/rt/ThreadData';

const M64 = (1n << 64n) - 1n;

function mixRef(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}

/** ThreadData.nextGranularity with the state as an unsigned 64-bit BigInt. */
function nextRef(s: { v: bigint }, granularity: number, random: number): number {
  let g = BigInt(granularity);
  if (random > 0) {
    s.v = (s.v + 0x9e3779b97f4a7c15n) & M64;
    g += (mixRef(s.v) >> 1n) % BigInt(random);
  }
  return g > 0x7fffffffn ? 0x7fffffff : Number(g);
}

test('nextGranularity on 32-bit halves draws what the Java method draws', () => {
  let seed = 0x243f6a8885a308d3n;
  const starts = [0n, 1n, M64, 0x8000000000000000n, 0x7fffffffffffffffn, 0x61c8864680b583ebn, 0xffffffffn, 0x100000000n];
  for (let i = 0; i < 40; i++) starts.push((seed = mixRef(seed + 0x9e3779b97f4a7c15n)));
  const shapes: [number, number][] = [[10000, 100], [1, 1], [997, 7], [1, 0x7fffffff], [0x7fffffff - 5, 100], [0x7fffffff, 0x7fffffff], [5000, 65536], [10000, 0]];
  let draws = 0;
  for (const start of starts) {
    for (const [n, r] of shapes) {
      const ref = { v: start };
      const halves: Halves = { hi: Number(start >> 32n), lo: Number(start & 0xffffffffn) };
      for (let k = 0; k < 50; k++) {
        const want = nextRef(ref, n, r);
        const got = nextGranularityOf(halves, n, r);
        assert.equal(got, want, `state ${start.toString(16)} N ${n} R ${r} draw ${k}`);
        assert.equal((BigInt(halves.hi) << 32n) | BigInt(halves.lo), ref.v, `state after draw ${k}`);
        draws++;
      }
    }
  }
  assert.equal(draws, starts.length * shapes.length * 50);
});
