// The differential view (Compare with Baseline…): the union tree of base and new with their
// bytecodes per context (profile/diff-view.ts), matched by the webview to its own tree and
// shaded (red grew, blue shrank); per-method and per-line deltas and their text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { codeDeltaList, diffPayload, diffTree, diffView } from '../../server/src/profile/diff-view';
import { deltaText } from '../../server/src/profile/delta-text';
import { JUNIT_FRAMEWORK_PREFIXES } from '../../server/src/profile/focus';
import { readProfile } from '../../webview/model/profile';
import { buildTree } from '../../webview/model/tree';
import { asDiff, matchDiff, shades } from '../../webview/model/diff';

const MAIN = 'p.Main.main([Ljava/lang/String;)V';

function base(): ProfileBuilder {
  return new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 12, count: 30 })
    .sample([MAIN, 'p.Main.other()V:8'], { line: 20, count: 10 })
    .sample([MAIN, 'p.Main.gone()V:9'], { line: 30, count: 5 })
    .sample([MAIN], { line: 5, count: 10 });
}

function next(): ProfileBuilder {
  return new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 12, count: 30 })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 13, count: 15 })
    .sample([MAIN, 'p.Main.other()V:8'], { line: 20, count: 4 })
    .sample([MAIN, 'p.Main.added()V:10'], { line: 40, count: 2 })
    .sample([MAIN], { line: 5, count: 10 });
}

const PER_SAMPLE = 10000; // the builder's default bytecodes per sample

test('the union tree has every context of both profiles with its bytecodes on each side', () => {
  const t = diffTree(base().build(), next().build());
  const row = (name: string) => {
    const i = t.method.findIndex((m) => m >= 0 && t.methods[m]!.split('\u0000')[1] === name);
    assert.ok(i > 0, name);
    return { base: t.baseTotal[i], new: t.newTotal[i], baseSelf: t.baseSelf[i], newSelf: t.newSelf[i] };
  };
  assert.deepEqual(row('work'), { base: 30 * PER_SAMPLE, new: 45 * PER_SAMPLE, baseSelf: 30 * PER_SAMPLE, newSelf: 45 * PER_SAMPLE });
  assert.deepEqual([row('gone').base, row('gone').new], [5 * PER_SAMPLE, 0]);
  assert.deepEqual([row('added').base, row('added').new], [0, 2 * PER_SAMPLE]);
  assert.deepEqual([row('main').base, row('main').new], [55 * PER_SAMPLE, 61 * PER_SAMPLE]);
  assert.equal(t.parent.length, 6); // root, main, work, other, gone, added
  for (let i = 1; i < t.parent.length; i++) assert.ok(t.parent[i]! < i);
});

test('diffView: method and line deltas for lenses and line marks, the text +12.3% (+1.2M bytecodes)', () => {
  const v = diffView(base().build(), next().build(), 'base.json');
  assert.equal(v.baseTitle, 'base.json');
  const work = codeDeltaList(v.methods, false).find((m) => m.name === 'work')!;
  assert.deepEqual([work.className, work.descriptor, work.base, work.new], ['p.Main', '(I)I', 30 * PER_SAMPLE, 45 * PER_SAMPLE]);
  assert.equal(deltaText(work.base, work.new), '+50.0% (+150.0k bytecodes)');
  const line13 = codeDeltaList(v.lines, true).find((l) => l.name === 'work' && l.line === 13)!;
  assert.deepEqual([line13.base, line13.new], [0, 15 * PER_SAMPLE]);
  assert.equal(deltaText(line13.base, line13.new), 'new (+150.0k bytecodes)');
  assert.equal(deltaText(1_000_000, 877_000), '−12.3% (−123.0k bytecodes)');
  assert.equal(deltaText(1e7, 1.12e7), '+12.0% (+1.2M bytecodes)');
  assert.equal(v.focused, undefined);
  assert.equal(diffView(base().build(), base().build(), 'b').methods.method.length, 0);
});

test('the webview matches the payload to its tree: baseline per context, red for growth, blue for shrinking', () => {
  const v = diffView(base().build(), next().build(), 'base.json');
  const d = asDiff(JSON.parse(JSON.stringify(diffPayload(v))));
  assert.ok(d);
  const p = readProfile(JSON.stringify(next().toFile()));
  const t = buildTree(p);
  const m = matchDiff(p, t, d.all, d.baseBytecodes, d.newBytecodes);
  const node = (name: string) => {
    for (let i = 1; i < t.size; i++) if (p.methods[t.method[i]!]!.name === name) return i;
    return assert.fail(name);
  };
  assert.equal(m.baseTotal[node('work')], 30 * PER_SAMPLE);
  assert.equal(m.baseTotal[node('added')], 0);
  const s = shades(t, m);
  assert.ok(s[node('work')]! > 0, 'work grew: red');
  assert.ok(s[node('other')]! < 0, 'other shrank: blue');
  assert.ok(s[node('added')]! > 0);
  // unchanged own work, callees changed: a lighter shade of their change
  assert.ok(Math.abs(s[node('main')]!) <= Math.abs(s[node('work')]!));
  const same = matchDiff(p, t, diffPayload(diffView(next().build(), next().build(), 'x')).all, 1, 1);
  assert.ok(shades(t, same).every((x) => x === 0));
  assert.equal(asDiff({ all: { methods: [], parent: [1] } }), null);
});

test('a test profile also gets the folded differential tree, matching the folded view', () => {
  const focus = { focus: { hide: [...JUNIT_FRAMEWORK_PREFIXES] } };
  const run = (n: number) =>
    new ProfileBuilder(focus)
      .sample(['org.junit.Launcher.main()V', 'org.junit.Engine.run()V:3', 'p.CalcTest.test()V:4', 'p.Calc.fib(I)J:5'], { line: 7, count: n })
      .sample(['org.junit.Launcher.main()V', 'org.junit.Engine.run()V:3'], { count: 20 })
      .build();
  const v = diffView(run(10), run(14), 'b');
  assert.ok(v.focused);
  const i = v.focused.method.findIndex((m) => m >= 0 && v.focused!.methods[m]!.startsWith('p.CalcTest\u0000'));
  assert.equal(v.focused.parent[i], 0, 'the test method is a child of the root in the folded tree');
  assert.deepEqual([v.focused.baseTotal[i], v.focused.newTotal[i]], [10 * PER_SAMPLE, 14 * PER_SAMPLE]);
});
