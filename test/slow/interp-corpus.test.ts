// The embedded JVM on the whole Java test corpus (test/programs), uninstrumented, with the
// program instrumented (app) and with the JDK instrumented too (all): stdout, stderr and the
// exit code must be byte-identical to HotSpot's run of the original classes, and a profile
// must be written when instrumented. No program is excluded (docs/INTERPRETER.md, Conformance).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Instrument } from '../../server/src/engine/interp-transform';
import { compilePrograms, listPrograms } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const programs = listPrograms();
const classes = compilePrograms(programs);

// `all` transforms the JDK's classes as they load (cached on disk after the first run).
const TIMEOUT: Record<Instrument, number> = { none: 300_000, app: 300_000, all: 900_000 };

for (const instrument of ['none', 'app', 'all'] as const) {
  test(`whole corpus on the embedded JVM, instrument ${instrument}`, { concurrency: 2 }, async (t) => {
    await Promise.all(
      programs.map((p) =>
        t.test(p.name, async () => {
          const c = await compareWithHotSpot(p, classes.get(p.name)!, { instrument, timeoutMs: TIMEOUT[instrument] });
          assert.deepEqual(c.problems, [], describeInterpComparison(c));
        }),
      ),
    );
  });
}
