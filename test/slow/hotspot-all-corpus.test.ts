// The whole corpus (test/programs) on HotSpot with the JDK instrumented (`--engine jvm
// --instrument all`, engine/jdk-image.ts), on every JDK of testJdks() (17, and 25 when
// installed): stdout, stderr and exit code identical to plain java of that JDK, and a profile
// written. The instrumented JDKs are built into this test's own cache (all modules, unless
// KOMORIUM_JDK_MODULES limits them; the first build of a JDK takes about 5 minutes of CPU).
// How the profiles under main compare with the embedded engine's is reported, not asserted
// (docs/RUNTIME.md lists the differences; test/helpers/engines-corpus-cli.ts compares them).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePrograms, listPrograms, mapLimit } from '../helpers/corpus';
import { compareEngines } from '../helpers/engines-corpus';
import { tempDir, testJdks } from '../helpers/java';

process.env.KOMORIUM_CACHE ??= tempDir('hsall-corpus-cache');
const programs = listPrograms();
const classes = compilePrograms(programs);

for (const jdk of testJdks()) {
  test(`whole corpus on HotSpot with the JDK ${jdk.feature} instrumented: output as java`, async () => {
    const failed: string[] = [];
    await mapLimit(programs, 2, async (p) => {
      const c = await compareEngines(p, classes.get(p.name)!, { jdk: jdk.home, hotspotOnly: true });
      if (c.problems.length > 0) failed.push(`${p.name}:\n  ${c.problems.join('\n  ')}`);
    });
    assert.deepEqual(failed, []);
  });
}
