// komorium check has no noise: on programs of the own corpus (test/programs), run on HotSpot
// (--engine jvm, a sample every 100 bytecodes), a budget set exactly at the first run's numbers
// (total bytecodes, every method's self and total estimated bytecodes) and --max-growth 0% pass
// on every repeated run.
// Ten repeats of two programs with several application methods: the 0 false failures
// over 20 runs (plus 2 baselines; ~1 min on a quiet machine, ~6 at load 24).
// One bytecode less fails: the check can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { checkBudget, type Budget } from '../../server/src/profile/budget';
import { loadProfile } from '../../server/src/profile/load';
import { compileJava, REPO, runCli, tempDir } from '../helpers/java';

const PROGRAMS = ['hashing', 'datastructures-iterable'];
const REPEATS = 10;

/** A budget whose every limit equals the profile's own value (found by checking against 0). */
function exactBudget(profilePath: string): Budget {
  const p = loadProfile(profilePath);
  const zero = checkBudget(p, {
    total: { maxBytecodes: 0 },
    methods: [{ match: '*(*', maxTotalBytecodes: 0, maxSelfBytecodes: 0 }],
    contexts: [],
  });
  const budget: Budget = { total: { maxBytecodes: p.meta.totalBytecodes }, methods: [], contexts: [] };
  for (const v of zero.violations) {
    if (!v.subject.startsWith('method ')) continue;
    // the exact method, descriptor included (no wildcard)
    const name = v.subject.slice('method '.length);
    budget.methods.push({ match: name, ...(v.what === 'total bytecodes' ? { maxTotalBytecodes: v.actual } : { maxSelfBytecodes: v.actual }) });
  }
  return budget;
}

for (const program of PROGRAMS) {
  test(`komorium check: ${program}, ${REPEATS} repeated runs within an exact budget`, () => {
    const dir = tempDir('check-noise');
    const classes = compileJava(join(REPO, 'test', 'programs', program));
    const run = (out: string) => {
      const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '--granularity', '100', '-o', out, '-cp', classes, 'Main']);
      assert.equal(r.status, 0, r.stderr);
    };
    const base = join(dir, 'base.json');
    run(base);
    const budget = exactBudget(base);
    assert.ok(budget.methods.length >= 6, `${budget.methods.length} method limits`);
    const budgetFile = join(dir, 'komorium.budget.json');
    writeFileSync(budgetFile, JSON.stringify(budget));
    let failures = 0;
    for (let i = 0; i < REPEATS; i++) {
      const again = join(dir, `run${i}.json`);
      run(again);
      const r = runCli(['check', again, '--budget', budgetFile, '--baseline', base, '--max-growth', '0%']);
      if (r.status !== 0) failures++;
      assert.equal(r.status, 0, `run ${i}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /\+0\.00%\)\nok: \d+ limits, none exceeded\n$/);
    }
    assert.equal(failures, 0);
    // the control: one bytecode less on the total fails
    writeFileSync(budgetFile, JSON.stringify({ ...budget, total: { maxBytecodes: budget.total!.maxBytecodes! - 1 } }));
    const tight = runCli(['check', join(dir, 'run0.json'), '--budget', budgetFile]);
    assert.equal(tight.status, 1, tight.stdout + tight.stderr);
    assert.match(tight.stdout, /OVER  total: bytecodes [\d,]+ > limit [\d,]+ \(over by 1, /);
  });
}
