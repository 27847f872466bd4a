// Tests of the benchmark runner's pure parts: statistics, harness output parsing, tables.
// Run: npm run test:bench
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BenchStatsError, geomean, geomeanOverhead, median, overhead, steadyState, steadyStateCumulative } from '../lib/stats';
import { HarnessOutputError, parseHarnessOutput } from '../lib/output';
import { overheadTable, type BenchResult } from '../lib/report';
import { settingsFor, withoutLines, NO_AGENT } from '../lib/settings';

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

test('steady state from cumulative boundary times is the mean of the last half', () => {
  // 5 iterations: boundaries 0 500 600 700 800 900 -> last 3 iterations took 300 in total
  assert.equal(steadyStateCumulative([0, 500, 600, 700, 800, 900]), 100);
  assert.equal(steadyStateCumulative([0, 40]), 40);
  assert.throws(() => steadyStateCumulative([0]), BenchStatsError);
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
  const o = parseHarnessOutput('hello\nchecksum 1f3a\ntimes-us 2000 1500\ncpu-us 1900 1400\nproc-cpu-us 0 2000 4000\n');
  assert.equal(o.checksum, '1f3a');
  assert.deepEqual(o.iterationsMs, [2, 1.5]);
  assert.deepEqual(o.cpuMs, [1.9, 1.4]);
  assert.deepEqual(o.procCpuMs, [0, 2, 4]);
  assert.throws(() => parseHarnessOutput('checksum 1\ntimes-us 1 2\nproc-cpu-us 0 1\n'), HarnessOutputError);
  assert.deepEqual(parseHarnessOutput('checksum 0\ntimes-us 5\ncpu-us -1\n').cpuMs, []);
});

test('harness output errors name the problem', () => {
  assert.throws(() => parseHarnessOutput('times-us 1 2\n'), (e: Error) => e instanceof HarnessOutputError && /checksum/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum 12\n'), (e: Error) => e instanceof HarnessOutputError && /times-us/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum 12\ntimes-us 1 x\n'), (e: Error) => e instanceof HarnessOutputError && /'x'/.test(e.message));
  assert.throws(() => parseHarnessOutput('checksum MISMATCH\ntimes-us 1\n'), HarnessOutputError);
  assert.throws(() => parseHarnessOutput('checksum 1\ntimes-us 1 2\ncpu-us 1\n'), HarnessOutputError);
});

test('settings: original, granularities with constant interval, no agent, no-lines variants', () => {
  const s = settingsFor([500, 10000], '/tmp/p.json', [10000, 'none']);
  assert.deepEqual(s.map((x) => x.id), ['baseline', 'g500', 'g10000', 'none', 'g10000-nl', 'none-nl']);
  assert.deepEqual(s.map((x) => x.classes), ['original', 'transformed', 'transformed', 'transformed', 'transformed-no-lines', 'transformed-no-lines']);
  assert.ok(s[2]!.properties.includes('-Dkomorium.random=0'));
  assert.ok(s[2]!.properties.includes('-Dkomorium.granularity=10000'));
  assert.deepEqual(withoutLines(NO_AGENT).properties, ['-Dkomorium.agent=none']);
  assert.equal(s[4]!.label, '10,000 no lines');
});

test('overhead table: medians per setting, overheads, geo. mean row', () => {
  const settings = settingsFor([1000], '/tmp/p.json');
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
