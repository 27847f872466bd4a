// The whole real-library conformance suite (test/helpers/conform.ts): every driver, from
// Debian's jars, on HotSpot and on the embedded engine uninstrumented, with the program's classes
// instrumented (app) and with the JDK's too (all); stdout, stderr and exit code byte-identical.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DRIVERS, compileDriver } from '../helpers/conform';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import type { Instrument } from '../../server/src/engine/interp-transform';

for (const d of DRIVERS) {
  const c = compileDriver(d);
  for (const instrument of ['none', 'app', 'all'] as Instrument[]) {
    test(`conformance: ${d.name} (--instrument ${instrument}) equals HotSpot`, async () => {
      const r = await compareWithHotSpot(c.program, c.classpath, { instrument, timeoutMs: 1_800_000 });
      assert.deepEqual(r.problems, [], describeInterpComparison(r));
    });
  }
}
