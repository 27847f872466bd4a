// From a profile to per-document hotness (server/src/lsp/hotness.ts), and the code-lens and
// hover texts (hover.ts): per-line self/total, method declarations found in the source,
// caller breakdowns, documents that do not belong to the profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { callersOf, documentHotness, indexProfile, lineCallers, locateMethods, methodLabel } from '../../server/src/lsp/hotness';
import { codeLensTitle, lineHover, methodHover } from '../../server/src/lsp/hover';
import { scanJava } from '../../server/src/lsp/java-scan';
import { approx, pct } from '../../server/src/lsp/numbers';

const SOURCE = [
  'package app;', //                                  1
  '', //                                              2
  'public class Main {', //                           3
  '    static int sq(int x) {', //                    4
  '        return x * x;', //                         5
  '    }', //                                         6
  '    static int sum(int n) {', //                   7
  '        int s = 0;', //                            8
  '        for (int i = 0; i < n; i++) s += sq(i);', // 9
  '        return s;', //                             10
  '    }', //                                         11
  '    public static void main(String[] args) {', //  12
  '        sum(10);', //                              13
  '        sum(20);', //                              14
  '        Runnable r = () -> sq(3);', //             15
  '    }', //                                         16
  '}', //                                             17
].join('\n');

const main = 'app.Main.main([Ljava/lang/String;)V';
const sum = 'app.Main.sum(I)I';
const sq = 'app.Main.sq(I)I';
const profile = new ProfileBuilder({ granularity: 1000, program: 'app.Main' })
  .sample([main, `${sum}:13`, `${sq}:9`], { line: 5, count: 30 })
  .sample([main, `${sum}:14`, `${sq}:9`], { line: 5, count: 40 })
  .sample([main, `${sum}:13`], { line: 9, count: 10 })
  .sample([main, `${sum}:14`], { line: 9, count: 20 })
  .sample(['app.Other.run()V'], { thread: 'worker', line: 3, count: 0 + 1 })
  .build();
// 101 samples; 1000 bytecodes per sample (the builder's default).
const index = indexProfile(profile);
const src = scanJava(SOURCE);

test('a document gets per-line self and total, and its methods with their declarations', () => {
  const h = documentHotness(index, 'file:///w/src/main/java/app/Main.java', 'Main.java', src, false);
  assert.equal(h.samples, 101);
  assert.equal(h.bytecodes, 101_000);
  const line = (l: number) => h.lines.find((x) => x.line === l - 1);
  assert.deepEqual([line(5)?.selfSamples, line(5)?.totalSamples], [70, 70]);
  assert.deepEqual([line(9)?.selfSamples, line(9)?.totalSamples], [30, 100]);
  assert.deepEqual([line(13)?.selfSamples, line(13)?.totalSamples], [0, 40]);
  assert.deepEqual([line(14)?.selfSamples, line(14)?.totalSamples], [0, 60]);
  assert.equal(line(8), undefined, 'no samples, no entry');
  assert.ok(Math.abs(line(9)!.totalPct - (100 * 100) / 101) < 1e-9);
  assert.equal(line(9)!.selfBytecodes, 30_000, 'estimated bytecodes: samples × bytecodes per sample');
  assert.deepEqual(
    h.methods.map((m) => [m.label, m.line, m.col, m.selfSamples, m.totalSamples]),
    [
      ['Main.sq(int)', 3, 15, 70, 70],
      ['Main.sum(int)', 6, 15, 30, 100],
      ['Main.main(String[])', 11, 23, 0, 100],
    ],
  );
});

test('documents of other packages or files get nothing', () => {
  assert.deepEqual(documentHotness(index, 'u', 'Main.java', scanJava(SOURCE.replace('package app;', 'package other;')), false).methods, []);
  assert.deepEqual(documentHotness(index, 'u', 'Other.java', src, false).lines, []);
  // Same package and file name, but the document declares different classes.
  assert.deepEqual(documentHotness(index, 'u', 'Main.java', scanJava('package app; class Unrelated { void f() {} }'), false).methods, []);
});

test('code lens titles', () => {
  const h = documentHotness(index, 'u', 'Main.java', src, false);
  assert.equal(codeLensTitle(h.methods[0]!), 'self 69.3% · total 69.3% · 70 samples');
  assert.equal(codeLensTitle(h.methods[2]!), 'self 0% · total 99.0% · 100 samples');
  assert.equal(pct(0.01), '<0.1%');
  assert.equal(approx(1234567), '1.23M');
  assert.equal(approx(950), '950');
});

test('callers of a method and of a line', () => {
  const m = (name: string) => profile.methods.find((x) => x.name === name)!;
  assert.deepEqual(callersOf(index, m('sum').index), [
    { caller: 'Main.main(String[])', callLine: 14, samples: 60 },
    { caller: 'Main.main(String[])', callLine: 13, samples: 40 },
  ]);
  assert.deepEqual(callersOf(index, m('main').index), [{ caller: '(thread start)', callLine: 0, samples: 100 }]);
  assert.deepEqual(lineCallers(index, m('sum').index, 9), [
    { caller: 'Main.main(String[])', callLine: 14, samples: 60 },
    { caller: 'Main.main(String[])', callLine: 13, samples: 40 },
  ]);
});

test('hovers show the breakdown', () => {
  const sumInfo = profile.methods.find((x) => x.name === 'sum')!;
  const mh = methodHover(index, sumInfo);
  assert.match(mh, /\*\*Main\.sum\(int\)\*\*/);
  // Shares with their binomial 95% interval (Wilson): 30 of 101 samples is 29.7%, [21.7%, 39.2%].
  assert.match(mh, /\| self \| 29\.7% \(95% CI 21\.7–39\.2%\) \| 30 of 101 \| 30\.0K \|/);
  assert.match(mh, /\| total \| 99\.0% \(95% CI 94\.6–99\.8%\) \| 100 of 101 \| 100K \|/);
  assert.match(mh, /\| Main\.main\(String\\\[\\\]\) \| 14 \| 60 \| 59\.4% \|/, 'Markdown-escaped brackets');
  const located = locateMethods(index, 'Main.java', src);
  const lh = lineHover(index, located, 9);
  assert.match(lh, /\*\*line 9\*\* in \*\*Main\.sum\(int\)\*\*/);
  assert.match(lh, /\| total \| 99\.0% \(95% CI 94\.6–99\.8%\) \| 100 of 101 \|/);
  assert.match(lh, /By caller of/);
  assert.equal(lineHover(index, located, 8), '', 'nothing on a cold line');
});

test('hovers of an exact profile say "exact" instead of an interval', () => {
  const exact = new ProfileBuilder({ granularity: 1, engine: 'interp-exact', agent: 'exact', program: 'app.Main' })
    .sample([main, `${sum}:13`], { line: 9, count: 30 })
    .sample([main], { line: 13, count: 70 })
    .build();
  const ix = indexProfile(exact);
  const h = lineHover(ix, locateMethods(ix, 'Main.java', src), 9);
  assert.match(h, /\| self \| 30\.0% \(exact\) \| 30 of 100 \|/);
  assert.doesNotMatch(h, /CI/);
  assert.match(h, /exact profile, every one of 100 bytecodes counted/);
});

test('recursion counts a method once per sample in its callers', () => {
  const rec = 'r.R.f(I)V';
  const p = new ProfileBuilder()
    .sample(['r.R.main([Ljava/lang/String;)V', `${rec}:5`, `${rec}:9`, `${rec}:9`], { line: 10, count: 4 })
    .sample(['r.R.main([Ljava/lang/String;)V', `${rec}:5`], { line: 10, count: 6 })
    .build();
  const ix = indexProfile(p);
  const f = p.methods.find((m) => m.name === 'f')!;
  assert.deepEqual(callersOf(ix, f.index), [{ caller: 'R.main(String[])', callLine: 5, samples: 10 }]);
  assert.equal(ix.stats.get(f.index)!.total, 10);
});

test('method labels', () => {
  assert.equal(methodLabel({ className: 'a.B$C', name: '<init>', descriptor: '(La/B;[[I)V' }), 'B.C.C(B, int[][])');
  assert.equal(methodLabel({ className: 'X', name: '<clinit>', descriptor: '()V' }), 'X.static {}()');
});
