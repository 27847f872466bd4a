// Tests of the benchmark runner's pure parts: statistics, harness output parsing, tables.
// Run: node scripts/test.mjs bench/test/bench-lib.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BenchStatsError, geomean, geomeanOverhead, median, overhead, steadyState } from '../lib/stats';
import { HarnessOutputError, parseHarnessOutput } from '../lib/output';
import { overheadTable, type BenchResult } from '../lib/report';
import { settingsFor } from '../lib/settings';

test('median of odd and even counts, input left unsorted', () => {
  const xs = [5, 1, 3];
  assert.equal(median(xs), 3);
  assert.deepEqual(xs, [5, 1, 3]);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.throws(() => median([]), BenchStatsError);
});

test('steady state is the median of the last half (rounded up) of the iterations', () => {
  assert.equal(steadyState([900, 500, 100, 120, 110]), 110); // last 3: 100 120 110
  assert.equal(steadyState([1000, 10, 30, 20]), 25); // last 2: 30 20
  assert.equal(steadyState([7]), 7);
  assert.throws(() => steadyState([]), BenchStatsError);
});

test('overhead and geomean of overheads', () => {
  assert.equal(overhead(150, 100), 0.5);
  assert.throws(() => overhead(1, 0), BenchStatsError);
  assert.ok(Math.abs(geomean([2, 8]) - 4) < 1e-12);
  // ratios 1.21 and 1.0 -> sqrt(1.21) = 1.1
  assert.ok(Math.abs(geomeanOverhead([0.21, 0]) - 0.1) < 1e-12);
  assert.throws(() => geomean([1, -1]), BenchStatsError);
});

test('harness output: checksum, wall and CPU times in ms', () => {
  const o = parseHarnessOutput('hello\nchecksum 1f3a\ntimes-us 2000 1500\ncpu-us 1900 1400\n');
  assert.equal(o.checksum, '1f3a');
  assert.deepEqual(o.iterationsMs, [2, 1.5]);
  assert.deepEqual(o.cpuMs, [1.9, 1.4]);
  assert.deepEqual(parseHarnessOutput('checksum 0\ntimes-us 5\ncpu-us -1\n').cpuMs, []);
});

test('harness output errors name the problem', () => {
  assert.throws(() => parseHarnessOutput('times-us 1 2\n'), (e: Error) => e instanceof HarnessOutputError && /checksum/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum 12\n'), (e: Error) => e instanceof HarnessOutputError && /times-us/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum 12\ntimes-us 1 x\n'), (e: Error) => e instanceof HarnessOutputError && /'x'/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum MISMATCH\ntimes-us 1\n'), HarnessOutputError);
  assert.throws(() => parseHarnessOutput('checksum 1\ntimes-us 1 2\ncpu-us 1\n'), HarnessOutputError);
});

test('overhead table: medians per setting, overheads, geo. mean row', () => {
  const settings = settingsFor([1000], '/tmp/p.json', true);
  const s = (ms: number) => ({ checksum: 'a', processMs: ms * 10, steadyMs: ms });
  const results: BenchResult[] = [
    { name: 'one', samples: { baseline: [s(100), s(90), s(110)], g1000: [s(150), s(300), s(140)], none: [s(100)] }, errors: [] },
    { name: 'two', samples: { baseline: [s(10)], g1000: [s(20)], none: [s(11)] }, errors: [] },
  ];
  const table = overheadTable(results, settings, 'steadyMs').split('\n');
  assert.equal(table[0], '| benchmark | original (ms) | 1,000 | No Prof. |');
  assert.equal(table[2], '| one | 100 | +50.0% | +0.0% |');
  assert.equal(table[3], '| two | 10.0 | +100% | +10.0% |');
  // geomean of 1.5 and 2.0 = sqrt(3) = 1.732; of 1.0 and 1.1 = 1.0488
  assert.equal(table[4], '| **geo. mean** | | **+73.2%** | **+4.9%** |');
  // a missing CPU metric gives dashes, not NaN
  assert.match(overheadTable(results, settings, 'steadyCpuMs'), /\| one \| – \| – \| – \|/);
});
