// Errors of reflective method-handle calls (test/java/interp-invoke/errors) with the JDK
// instrumented (--instrument all) on the embedded engine: exceptions, messages and causes
// byte-identical to HotSpot's (uninstrumented in test/unit/interp-invoke.test.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compilePrograms, readProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import { REPO } from '../helpers/java';

const p = readProgram(join(REPO, 'test', 'java', 'interp-invoke', 'errors'), 'interp-invoke-errors');

for (const instrument of ['app', 'all'] as const) {
  test(`embedded JVM, method handle errors with --instrument ${instrument} as on HotSpot`, { timeout: 600_000 }, async () => {
    const classes = compilePrograms([p]).get(p.name);
    assert.ok(classes, `${p.name} was not compiled`);
    const c = await compareWithHotSpot(p, classes, { instrument, timeoutMs: 540_000 });
    assert.deepEqual(c.problems, [], describeInterpComparison(c));
  });
}
