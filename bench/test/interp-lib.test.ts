// Tests of the embedded-engine benchmark's pure parts (bench/lib/interp.ts): /usr/bin/time
// output, per-iteration cost from two iteration counts, ratio and start-up tables.
// Run: npm run test:bench
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  InterpBenchError,
  geomeanRatio,
  parseTimeOutput,
  perIteration,
  ratioOf,
  ratioTable,
  rssTable,
  startupTable,
  wholeRunTable,
  type PerIteration,
  type ProcessTimes,
  type ProgramResult,
} from '../lib/interp';

const t = (cpuMs: number, wallMs = cpuMs * 2, maxRssKb = 102400): ProcessTimes => ({ cpuMs, wallMs, maxRssKb });
const p = (cpuMs: number, reliable = true): PerIteration => ({ cpuMs, wallMs: cpuMs, loCpuMs: 1000, hiRssKb: 2048, reliable });

test('time output: wall, user+sys in ms, peak RSS; a non-zero exit line before it', () => {
  assert.deepEqual(parseTimeOutput('komorium-time 1.50 0.75 0.25 40960\n'), { wallMs: 1500, cpuMs: 1000, maxRssKb: 40960 });
  assert.deepEqual(parseTimeOutput('Command exited with non-zero status 1\nkomorium-time 0.02 0.01 0.00 900\n'), { wallMs: 20, cpuMs: 10, maxRssKb: 900 });
  assert.throws(() => parseTimeOutput(''), InterpBenchError);
  assert.throws(() => parseTimeOutput('komorium-time 1.0 x 0 1\n'), (e: Error) => e instanceof InterpBenchError && /bad/.test(e.message));
});

test('per iteration: difference of the medians over the difference of the counts', () => {
  // lo (1 iteration): medians 2000 cpu; hi (6 iterations): median 4500 -> 500 ms per iteration
  const r = perIteration({ lo: [t(2100), t(2000), t(1900)], hi: [t(4500), t(9000), t(4400)] }, 1, 6)!;
  assert.equal(r.cpuMs, 500);
  assert.equal(r.wallMs, 1000);
  assert.equal(r.loCpuMs, 2000);
  assert.equal(r.hiRssKb, 102400);
  assert.equal(r.reliable, true);
  assert.equal(perIteration({ lo: [], hi: [t(1)] }, 1, 6), undefined);
  assert.throws(() => perIteration({ lo: [t(1)], hi: [t(2)] }, 3, 3), InterpBenchError);
});

test('per iteration: a difference below a tenth of start-up, or negative, is unreliable', () => {
  assert.equal(perIteration({ lo: [t(2000)], hi: [t(2150)] }, 1, 6)!.reliable, false);
  assert.equal(perIteration({ lo: [t(2000)], hi: [t(1900)] }, 1, 6)!.reliable, false);
  assert.equal(perIteration({ lo: [t(2000)], hi: [t(2200)] }, 1, 6)!.reliable, true);
});

test('ratios leave out missing and unreliable values; geomean over the programs that have them', () => {
  assert.equal(ratioOf(p(200), p(100)), 2);
  assert.equal(ratioOf(p(200), undefined), undefined);
  assert.equal(ratioOf(p(200, false), p(100)), undefined);
  const results: ProgramResult[] = [
    { name: 'a', perIteration: { emb: p(200), xint: p(100) }, errors: [] },
    { name: 'b', perIteration: { emb: p(50), xint: p(100) }, errors: [] },
    { name: 'c', perIteration: { emb: undefined, xint: p(100) }, errors: ['emb: exit 1'] },
  ];
  const g = geomeanRatio(results, { id: 'emb', over: 'xint', label: '' })!;
  assert.ok(Math.abs(g.value - 1) < 1e-12); // sqrt(2 * 0.5)
  assert.equal(g.count, 2);
  assert.equal(geomeanRatio(results, { id: 'app', over: 'xint', label: '' }), undefined);
});

test('ratio table: ms per iteration, ratios, errors, geo. mean marked when incomplete', () => {
  const results: ProgramResult[] = [
    { name: 'a', perIteration: { xint: p(100), emb: p(250) }, errors: [] },
    { name: 'b', perIteration: { xint: p(40, false), emb: undefined }, errors: ['emb: exit 1'] },
  ];
  const lines = ratioTable(
    results,
    [
      { id: 'xint', label: '-Xint' },
      { id: 'emb', label: 'embedded' },
    ],
    [{ id: 'emb', over: 'xint', label: 'embedded ÷ -Xint' }],
  ).split('\n');
  assert.equal(lines[0], '| program | -Xint (ms/iter) | embedded (ms/iter) | embedded ÷ -Xint |');
  assert.equal(lines[2], '| a | 100 | 250 | 2.50 |');
  assert.equal(lines[3], '| b | (40.0) | error | – |');
  assert.equal(lines[4], '| **geo. mean** |  |  | **2.50*** |');
});

test('start-up table: medians and ratios to the base engine', () => {
  const lines = startupTable(
    [
      { id: 'java', label: 'java', runs: [t(50, 100, 40960), t(60, 120, 40960), t(55, 110, 40960)] },
      { id: 'emb', label: 'embedded', runs: [t(1100, 2200, 163840)] },
      { id: 'all', label: 'embedded all', runs: [] },
    ],
    'java',
  ).split('\n');
  assert.equal(lines[2], '| java | 110 | 55 | 40 | 1.00 | 1.00 | 1.00 |');
  assert.equal(lines[3], '| embedded | 2200 | 1100 | 160 | 20.0 | 20.0 | 4.00 |');
  assert.equal(lines[4], '| embedded all | error | | | | | |');
});

test('RSS table: MiB of the large runs, dash when missing', () => {
  const lines = rssTable([{ name: 'a', perIteration: { java: p(1), emb: undefined }, errors: [] }], [
    { id: 'java', label: 'java' },
    { id: 'emb', label: 'embedded' },
  ]).split('\n');
  assert.equal(lines[2], '| a | 2 | – |');
});

test('whole-run table: medians per engine, ratios to the base engine, the base wall time window', () => {
  const engines = [
    { id: 'xint', label: 'java -Xint' },
    { id: 'emb', label: 'embedded' },
  ];
  const table = wholeRunTable(
    [
      { name: 'sieve', iterations: 1, runs: { xint: [t(100, 300), t(120, 200), t(500, 900)], emb: [t(300, 600), t(360, 640), t(330, 620)] } },
      { name: 'sieve', iterations: 3, runs: { xint: [t(400, 800)], emb: [] } },
    ],
    engines,
    'xint',
    [100, 500],
  );
  const lines = table.split('\n');
  assert.equal(lines.length, 4);
  assert.match(lines[0], /\| program \| iterations \| java -Xint wall \/ CPU \(ms\) \| embedded wall \/ CPU \(ms\) \| embedded ÷ xint wall \/ CPU \| xint wall in 0.1–0.5 s \|/);
  // Medians: xint wall 300, CPU 120; embedded wall 620, CPU 330.
  assert.equal(lines[2], '| sieve | 1 | 300 / 120 | 620 / 330 | 2.07 / 2.75 | yes |');
  assert.equal(lines[3], '| sieve | 3 | 800 / 400 | – | – | no |');
});
