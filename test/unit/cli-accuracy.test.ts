// `komorium accuracy` (paper 000 Section 7.1 and Table I): the overlap of sampled profiles with
// the exact one over contexts, contexts with lines, methods and lines, and δb; and the line
// metrics themselves on hand-built profiles.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { contextLineOverlap, deltaBytecodes, lineOverlap, overlap } from '../../server/src/profile/overlap';
import { compileJava, REPO, runCli, tempDir } from '../helpers/java';

const MAIN = 'p.Main.main()V';
const near = (a: number, b: number): void => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≈ ${b}`);

test('line overlap compares the samples\' lines; context-with-lines overlap also their paths', () => {
  const a = new ProfileBuilder()
    .sample([MAIN, 'p.Main.f()V:10'], { line: 20, count: 3 })
    .sample([MAIN, 'p.Main.f()V:10'], { line: 21, count: 1 })
    .sample([MAIN, 'p.Main.f()V:11'], { line: 21, count: 4 })
    .build();
  // Same contexts and methods; the line-21 samples of the first context moved to line 20.
  const b = new ProfileBuilder()
    .sample([MAIN, 'p.Main.f()V:10'], { line: 20, count: 4 })
    .sample([MAIN, 'p.Main.f()V:11'], { line: 21, count: 4 })
    .build();
  near(overlap(a, b), 100);
  // lines: a = {20: 3/8, 21: 5/8}, b = {20: 4/8, 21: 4/8} → 3/8 + 4/8
  near(lineOverlap(a, b), 87.5);
  // contexts with lines: a = {c10@20: 3/8, c10@21: 1/8, c11@21: 4/8}, b = {c10@20: 4/8, c11@21: 4/8}
  near(contextLineOverlap(a, b), 87.5);
  near(lineOverlap(a, a), 100);
  a.meta.totalBytecodes = 1000;
  b.meta.totalBytecodes = 1001;
  near(deltaBytecodes(a, b), 1e-3);
  near(deltaBytecodes(b, b), 0);
});

test('komorium accuracy: exact and sampled runs, overlaps and δb as text and JSON', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);
  const keep = tempDir('accuracy');
  const r = runCli(['accuracy', '--json', '--granularity', '1000', '--random', '100', '--keep', keep, '-cp', classes, 'eng.Work', 'work']);
  assert.equal(r.status, 0, r.stderr);
  const rep = JSON.parse(r.stdout) as { exactBytecodes: number; rows: { granularity: number; random: number; samples: number; contexts: number; contextsWithLines: number; methods: number; lines: number; deltaB: number; noise: Record<'contexts' | 'lines', number> }[] };
  assert.ok(rep.exactBytecodes > 100_000);
  assert.equal(rep.rows.length, 1);
  const row = rep.rows[0]!;
  assert.deepEqual([row.granularity, row.random], [1000, 100]);
  assert.ok(row.samples > 50, `samples ${row.samples}`);
  for (const k of ['contexts', 'contextsWithLines', 'methods', 'lines'] as const) assert.ok(row[k] > 50 && row[k] <= 100, `${k} = ${row[k]}`);
  assert.ok(row.methods >= row.contexts - 1e-9, 'methods collapse contexts');
  assert.ok(row.deltaB <= 1e-4, `δb = ${row.deltaB}`);
  // Sampling noise alone: a few samples per line of eng.Work at 1,000, so below 100 and near the measured overlap.
  for (const k of ['contexts', 'lines'] as const) {
    assert.ok(row.noise[k] > 50 && row.noise[k] < 100, `noise ${k} = ${row.noise[k]}`);
    assert.ok(Math.abs(row.noise[k] - row[k]) < 10, `${k}: measured ${row[k]}, noise alone ${row.noise[k]}`);
  }
  assert.ok(existsSync(join(keep, 'exact.json')) && existsSync(join(keep, '1000-100.json')));
  const text = runCli(['accuracy', '--granularity', '2000', '--random', '0', '-cp', classes, 'eng.Work', 'work']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /contexts\s+ctx\+lines\s+methods\s+lines\s+δb/);
  assert.match(text.stdout, /^\s+2000\s+0\s+[\d,]+\s+\d+\.\d/m);
  const bad = runCli(['accuracy', '--granularity', 'x', '-cp', classes, 'eng.Work']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--granularity/);
});
