// The whole corpus (test/programs) on HotSpot with the JDK instrumented (`--engine jvm
// --instrument all`, engine/jdk-image.ts), on every JDK of testJdks() (17, and 25 when
// installed): stdout, stderr and exit code identical to plain java of that JDK, and a profile
// written. The instrumented JDKs are built into this test's own cache (all modules, unless
// KOMORIUM_JDK_MODULES limits them; the first build of a JDK takes about 5 minutes of CPU).
// On JDK 17 the embedded engine runs every program too, both at granularity 1 with R = 0 (every
// check samples), and the main threads are compared per context (engines-profile.ts): the
// programs identical under main and the start-up overlap are reported, not asserted (issue 15;
// docs/RUNTIME.md lists the differences left; test/helpers/engines-corpus-cli.ts prints them).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePrograms, listPrograms, mapLimit } from '../helpers/corpus';
import { compareEngines } from '../helpers/engines-corpus';
import { describeMainThread } from '../helpers/engines-profile';
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

const jdk17 = testJdks().find((j) => j.feature === 17);
if (jdk17) {
  test('whole corpus on both engines with the JDK 17 instrumented, granularity 1: profiles under main (reported)', async () => {
    const failed: string[] = [];
    const identical: string[] = [];
    const overlaps: number[] = [];
    await mapLimit(programs, 2, async (p) => {
      const c = await compareEngines(p, classes.get(p.name)!, { jdk: jdk17.home, granularity: 1, random: 0 });
      if (c.problems.length > 0) failed.push(`${p.name}:\n  ${c.problems.join('\n  ')}`);
      if (!c.thread) return;
      overlaps.push(c.thread.startup.overlap);
      if (c.thread.main.identical) identical.push(p.name);
      else console.log(`${p.name}: ${describeMainThread(c.thread, 3).join('\n  ')}`);
    });
    const mean = overlaps.reduce((a, b) => a + b, 0) / Math.max(1, overlaps.length);
    console.log(`identical under main: ${identical.length} of ${overlaps.length} (${identical.sort().join(' ')}); start-up overlap min ${Math.min(...overlaps).toFixed(2)}%, mean ${mean.toFixed(2)}%`);
    assert.deepEqual(failed, []);
  });
}
