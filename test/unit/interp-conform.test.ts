// A slice of the real-library conformance suite (test/helpers/conform.ts): drivers that use
// Guava, commons-compress and commons-lang3 from Debian's jars run on HotSpot and on the embedded engine, and
// stdout, stderr and the exit code must be byte-identical. The compress driver prints the length
// and CRC-32 of every archive it builds, so Deflater's output must be zlib's byte for byte.
// test/slow/interp-conform.test.ts runs every driver with none, app and all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileDriver, driver } from '../helpers/conform';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

test("conformance slice: Guava, commons-compress and commons-lang3 from Debian's jars on the embedded engine equal HotSpot", { concurrency: 2 }, async (t) => {
  await Promise.all(
    ['guava', 'compress', 'lang3'].map((name) =>
      t.test(name, async () => {
        const c = compileDriver(driver(name));
        const r = await compareWithHotSpot(c.program, c.classpath, { instrument: 'none', timeoutMs: 240_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
      }),
    ),
  );
});
