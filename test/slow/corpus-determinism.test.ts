// The corpus programs themselves must be deterministic: two runs of each original program give
// the same stdout, stderr and exit code (otherwise the transformation tests compare noise),
// and finish well within the time limit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePrograms, firstDifference, listPrograms, runProgram } from '../helpers/corpus';

const programs = listPrograms();
const classes = compilePrograms(programs);

test('every corpus program is deterministic', { concurrency: 2 }, async (t) => {
  await Promise.all(
    programs.map((p) =>
      t.test(p.name, async () => {
        const cp = [classes.get(p.name)!];
        const a = await runProgram(p, cp, { timeoutMs: 30_000 });
        const b = await runProgram(p, cp, { timeoutMs: 30_000 });
        assert.equal(a.timedOut || b.timedOut, false, 'finished');
        assert.equal(a.status, b.status, 'exit code');
        assert.equal(firstDifference(a.stdout, b.stdout), undefined, 'stdout');
        assert.equal(firstDifference(a.stderr, b.stderr), undefined, 'stderr');
      }),
    ),
  );
});
