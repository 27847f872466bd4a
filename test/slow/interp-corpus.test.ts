// The embedded JVM on the whole Java test corpus (test/programs), uninstrumented, with the
// program instrumented (app) and with the JDK instrumented too (all): stdout, stderr and the
// exit code must be byte-identical to HotSpot's run of the original classes, and a profile
// must be written when instrumented. No program is excluded (docs/INTERPRETER.md, Conformance).
// Runs on each JDK of testJdks() (JDK 17, and JDK 25 when installed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Instrument } from '../../server/src/engine/interp-transform';
import { compilePrograms, listPrograms } from '../helpers/corpus';
import { testJdks } from '../helpers/java';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const programs = listPrograms();
const classes = compilePrograms(programs);

// `all` transforms the JDK's classes as they load (cached on disk after the first run).
const TIMEOUT: Record<Instrument, number> = { none: 300_000, app: 300_000, all: 900_000 };

// On every JDK found: 17 always, 25 when installed (testJdks(); KOMORIUM_TEST_JDKS overrides),
// each compared with that JDK's own java.
for (const jdk of testJdks())
for (const instrument of ['none', 'app', 'all'] as const) {
  test(`whole corpus on the embedded JVM, JDK ${jdk.feature}, instrument ${instrument}`, { concurrency: 2 }, async (t) => {
    await Promise.all(
      programs.map((p) =>
        t.test(p.name, async () => {
          const c = await compareWithHotSpot(p, classes.get(p.name)!, { instrument, timeoutMs: TIMEOUT[instrument], jdk: jdk.home });
          assert.deepEqual(c.problems, [], describeInterpComparison(c));
        }),
      ),
    );
  });
}
