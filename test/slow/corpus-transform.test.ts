// The transformer on the whole Java test corpus (test/programs): every program is transformed
// (scope `app`) and run with -Xverify:all and the runtime on the class path; stdout, stderr and
// the exit code must equal the original run's, and a profile must be written. A second pass
// uses MaxPath 5, which places many more granularity checks.
//
// Programs known to differ are NOT excluded: their failures are for the transformer's owner
// (the report of each failure names the first differing line).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareTransformed, compilePrograms, describeComparison, listPrograms, programsNamed } from '../helpers/corpus';

const programs = listPrograms();
const classes = compilePrograms(programs);

test('every corpus program behaves identically after transformation', { concurrency: 2 }, async (t) => {
  await Promise.all(
    programs.map((p) =>
      t.test(p.name, async () => {
        const c = await compareTransformed(p, classes.get(p.name)!);
        assert.deepEqual(c.problems, [], describeComparison(c));
      }),
    ),
  );
});

// A small MaxPath splits blocks and adds checks everywhere: a different code shape for the
// same programs (stack maps at many more branch targets).
const SMALL_MAX_PATH = ['nested-loops', 'switch-tables', 'exceptions-finally', 'interpreter-vm', 'labelled-loops', 'arithmetic-int-long', 'threads-wait-notify'];

test('MaxPath 5: transformed programs still behave identically', { concurrency: 2 }, async (t) => {
  await Promise.all(
    programsNamed(SMALL_MAX_PATH).map((p) =>
      t.test(p.name, async () => {
        const c = await compareTransformed(p, classes.get(p.name)!, { maxPath: 5 });
        assert.deepEqual(c.problems, [], describeComparison(c));
      }),
    ),
  );
});
