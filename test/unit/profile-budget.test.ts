// Budgets (komorium check): schema validation, limits on total/method/context bytecodes, growth
// over a baseline, and the CLI's exit status and report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { BudgetError, checkBudget, formatCheck, globToRegExp, parseBudget } from '../../server/src/profile/budget';
import { stringifyProfile } from '../../server/src/profile/serialize';
import { runCli, tempDir } from '../helpers/java';

const MAIN = 'p.Main.main([Ljava/lang/String;)V';

function profile(workSamples: number) {
  return new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Lib.work(I)I:7'], { line: 12, count: workSamples })
    .sample([MAIN, 'p.Lib.work(I)I:7', 'p.Lib.helper()V:30'], { line: 40, count: 10 })
    .sample([MAIN, 'p.Lib.misc()V:8'], { line: 20, count: 10 })
    .sample([MAIN], { line: 5, count: 10 })
    .build();
}

test('budget files are validated with the JSON path of the problem', () => {
  const bad: [unknown, RegExp][] = [
    [[], /\$: a budget file is a JSON object/],
    [{ totl: {} }, /\$\.totl: unknown field/],
    [{ total: { maxBytecodes: -1 } }, /\$\.total\.maxBytecodes: must be a non-negative number/],
    [{ total: { maxBytecodes: '5' } }, /\$\.total\.maxBytecodes: must be a non-negative number of bytecodes, got "5"/],
    [{ methods: {} }, /\$\.methods: must be an array/],
    [{ methods: [{ maxSelfBytecodes: 1 }] }, /\$\.methods\[0\]\.match: must be a non-empty pattern/],
    [{ methods: [{ match: 'a.B.c' }] }, /\$\.methods\[0\]: needs maxTotalBytecodes or maxSelfBytecodes/],
    [{ contexts: [{ match: 'a.B.c', maxSelf: 3 }] }, /\$\.contexts\[0\]\.maxSelf: unknown field/],
    [{ total: { maxGrowth: 'lots' } }, /\$\.total\.maxGrowth: a growth limit is a percentage/],
  ];
  for (const [json, re] of bad) assert.throws(() => parseBudget(json, 'b.json'), (e: Error) => e instanceof BudgetError && re.test(e.message) && e.message.startsWith('b.json: '), JSON.stringify(json));
  assert.deepEqual(parseBudget({ total: { maxBytecodes: 5, maxGrowth: '2%' }, methods: [{ match: 'a.*', maxSelfBytecodes: 1 }] }), {
    methods: [{ match: 'a.*', maxSelfBytecodes: 1 }],
    contexts: [],
    total: { maxBytecodes: 5, maxGrowth: 2 },
  });
});

test('globs: * any run, ? one character, dots literal', () => {
  assert.ok(globToRegExp('p.Lib.w*').test('p.Lib.work'));
  assert.ok(!globToRegExp('p.Lib.w*').test('pxLib.work'));
  assert.ok(globToRegExp('p.Lib.wor?(I)I').test('p.Lib.work(I)I'));
});

test('total, method (self/total) and context limits: what is over and by how much', () => {
  const p = profile(50); // 80 samples x 10000
  const budget = parseBudget({
    total: { maxBytecodes: 700000 },
    methods: [
      { match: 'p.Lib.w*', maxTotalBytecodes: 600000, maxSelfBytecodes: 500000 },
      { match: 'p.Lib.misc(*', maxSelfBytecodes: 100000 },
      { match: 'p.Gone.*', maxSelfBytecodes: 1 },
    ],
    contexts: [{ match: 'p.Lib.work;p.Lib.helper', maxTotalBytecodes: 99999 }],
  });
  const r = checkBudget(p, budget);
  assert.deepEqual(
    r.violations.map((v) => [v.subject, v.what, v.actual, v.over]),
    [
      ['total', 'bytecodes', 800000, 100000],
      ['context p.Main.main > p.Lib.work:7 > p.Lib.helper:30', 'total bytecodes', 100000, 1],
    ],
  );
  assert.deepEqual(r.unmatched, ['methods: p.Gone.*']);
  assert.equal(r.checked, 5);
  const text = formatCheck(r);
  assert.match(text, /OVER  total: bytecodes 800,000 > limit 700,000 \(over by 100,000, 14\.29%\)/);
  assert.match(text, /FAILED: 2 of 5 limits exceeded/);
  // one sample more on work: its self and total limits are crossed too
  const r2 = checkBudget(profile(51), budget);
  assert.deepEqual(r2.violations.map((v) => `${v.subject} ${v.what} ${v.over}`).slice(1, 3), ['method p.Lib.work(I)I total bytecodes 10000', 'method p.Lib.work(I)I self bytecodes 10000']);
});

test('growth over a baseline', () => {
  const r = checkBudget(profile(50), { methods: [], contexts: [] }, { baseline: profile(48), maxGrowth: 2 });
  assert.equal(r.violations.length, 1);
  assert.equal(r.violations[0]!.what, 'growth');
  assert.ok(Math.abs(r.growth! - 2.5641025641) < 1e-6);
  assert.match(formatCheck(r), /OVER  total: grew 2\.56%, limit 2% \(over by 0\.56 percentage points\)/);
  assert.equal(checkBudget(profile(50), { methods: [], contexts: [] }, { baseline: profile(49), maxGrowth: 2 }).violations.length, 0);
});

test('komorium check: exit 0 within budget, 1 over, 2 for a bad budget', () => {
  const dir = tempDir('budget');
  const p = join(dir, 'p.json');
  const base = join(dir, 'base.json');
  writeFileSync(p, stringifyProfile(profile(50)));
  writeFileSync(base, stringifyProfile(profile(40)));
  const ok = join(dir, 'ok.json');
  writeFileSync(ok, JSON.stringify({ total: { maxBytecodes: 800000 }, methods: [{ match: 'p.Lib.work', maxTotalBytecodes: 600000 }] }));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ total: { maxBytecode: 1 } }));
  const cwd = dir;
  writeFileSync(join(dir, 'komorium.budget.json'), JSON.stringify({ total: { maxBytecodes: 1 } }));
  const r = runCli(['check', p, '--budget', ok, '--baseline', base, '--max-growth', '2%'], { cwd });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /total: 800,000 bytecodes \(baseline 700,000, \+14\.29%\)\nOVER  total: grew 14\.29%, limit 2% \(over by 12\.29 percentage points\)\nFAILED: 1 of 3 limits exceeded\n$/);
  const fine = runCli(['check', p, '--budget', ok], { cwd });
  assert.equal(fine.status, 0, fine.stdout + fine.stderr);
  assert.match(fine.stdout, /ok: 2 limits, none exceeded/);
  const dflt = runCli(['check', p], { cwd });
  assert.equal(dflt.status, 1);
  assert.match(dflt.stdout, /over by 799,999/);
  const e = runCli(['check', p, '--budget', bad], { cwd });
  assert.equal(e.status, 2);
  assert.match(e.stderr, /BudgetError: .*bad\.json: \$\.total\.maxBytecode: unknown field/);
});
