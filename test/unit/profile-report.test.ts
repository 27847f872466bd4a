import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { formatReport } from '../../server/src/profile/report';
import { methodStats } from '../../server/src/profile/lines';
import { mergeThreads } from '../../server/src/profile/tree';
import { ProfileQueryError } from '../../server/src/profile/schema';

// A at line 10 calls B (B's samples at line 20); A recurses into itself at line 5.
function profile() {
  return new ProfileBuilder({ granularity: 1000, program: 'p.Main', args: ['x'], startTime: 0, endTime: 1500 })
    .sample(['p.A.a()V', 'p.B.b(I)J:10'], { line: 20, count: 2 })
    .sample(['p.A.a()V', 'p.A.a()V:5', 'p.A.a()V:5'], { line: 5, count: 3 })
    .sample(['p.A.a()V', 'p.A.a()V:5'], { line: 7, count: 1 })
    .sample(['p.C.c()V'], { line: 1, count: 4, thread: 'worker' })
    .build();
}

test('per-line totals count each line once per sample, also under recursion', () => {
  const stats = methodStats(mergeThreads(profile()));
  const get = (name: string) => stats.find((s) => s.method.name === name)!;
  const a = get('a');
  assert.equal(a.self, 4);
  assert.equal(a.total, 6, 'samples with A on the stack, once each');
  assert.deepEqual(a.lines, [
    { line: 5, self: 3, total: 4 },
    { line: 7, self: 1, total: 1 },
    { line: 10, self: 0, total: 2 },
  ]);
  const b = get('b');
  assert.deepEqual([b.self, b.total, b.lines], [2, 2, [{ line: 20, self: 2, total: 2 }]]);
});

test('CPU SAMPLES ranks methods by self samples with self and accumulated percentages', () => {
  const text = formatReport(profile());
  const table = text.slice(text.indexOf('CPU SAMPLES BEGIN'), text.indexOf('CPU SAMPLES END'));
  assert.equal(
    table,
    [
      'CPU SAMPLES BEGIN (total = 10) 1970-01-01T00:00:01.500Z',
      'rank   self  accum   count method',
      '   1 40.00% 40.00%       4 p.A.a ()V',
      '   2 40.00% 80.00%       4 p.C.c ()V',
      '   3 20.00% 100.00%       2 p.B.b (I)J',
      '',
    ].join('\n'),
  );
  assert.match(text, /^Komorium profile \(format 1\): p\.Main x\n/);
  assert.match(text, /granularity 1000, seed 1/);
  assert.match(text, /THREADS\n  main .* 6 samples .* 6000 bytecodes\n  worker .* 4 samples/);
  const top1 = formatReport(profile(), { top: 1 });
  assert.match(top1, /   1 40\.00% 40\.00%       4 p\.A\.a \(\)V\nCPU SAMPLES END/);
});

test('--tree prints the calling context tree with self, total, estimated bytecodes and call lines', () => {
  const text = formatReport(profile(), { tree: true, thread: 'main' });
  const tree = text.slice(text.indexOf('CALLING CONTEXT TREE')).trimEnd();
  assert.equal(
    tree,
    [
      'CALLING CONTEXT TREE (main): total %, self and total samples, estimated bytecodes (total), context [call line]',
      ' total%     self    total   est.bytecodes  context',
      '100.00%        0        6            6000  main',
      '100.00%        0        6            6000    p.A.a ()V',
      ' 66.67%        1        4            4000      p.A.a ()V  [line 5]',
      ' 50.00%        3        3            3000        p.A.a ()V  [line 5]',
      ' 33.33%        2        2            2000      p.B.b (I)J  [line 10]',
    ].join('\n'),
  );
  const cut = formatReport(profile(), { tree: true, thread: 'main', cutoff: 60 });
  assert.match(cut, /\[line 5\]\n\(2 contexts below 60% not shown\)/);
});

test('--lines lists file:line self/total per method, hottest first', () => {
  const text = formatReport(profile(), { lines: true, thread: 'main' });
  const lines = text.slice(text.indexOf('LINES'));
  assert.match(lines, /^LINES \(main\): self and total samples per source line\np\.A\.a \(\)V  self 4 \(66\.67%\)  total 6 \(100\.00%\)\n/);
  assert.match(lines, /    A\.java:5 +self +3 +50\.00% +total +4 +66\.67%\n/);
  assert.match(lines, /    A\.java:10 +self +0 +0\.00% +total +2 +33\.33%\n/);
  assert.match(lines, /p\.B\.b \(I\)J  self 2 \(33\.33%\)  total 2 \(33\.33%\)\n    B\.java:20 /);
  assert.ok(lines.indexOf('p.A.a') < lines.indexOf('p.B.b'));
});

test('an unknown thread is a clear error', () => {
  assert.throws(() => formatReport(profile(), { thread: 'nope' }), (e: unknown) => e instanceof ProfileQueryError && /no thread named 'nope' in the profile \(threads: main, worker\)/.test(e.message));
});
