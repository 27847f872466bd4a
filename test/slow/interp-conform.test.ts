// The whole real-library conformance suite (test/helpers/conform.ts): every driver, from
// Debian's jars, on HotSpot and on both engines: the embedded one uninstrumented, with the
// program's classes instrumented (app) and with the JDK's too (all); the HotSpot engine with app
// and all. Stdout, stderr (less the profiler's summary line) and exit code byte-identical.
// On every JDK of testJdks() (17, and 25 when installed; KOMORIUM_TEST_JDKS chooses), each
// against that JDK's own java. KOMORIUM_CONFORM=guava,jackson runs only those drivers (by hand).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVERS, compileDriver } from '../helpers/conform';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import { runCli, testJdks } from '../helpers/java';
import { spawnSync } from 'node:child_process';
import type { Instrument } from '../../server/src/engine/interp-transform';

const only = process.env.KOMORIUM_CONFORM?.split(',');
const SUMMARY = /^komorium: .* -> .*\n/m;
const BUILD_PROGRESS = /^komorium: (instrumenting the JDK .*|\d+% \(\d+ s\)|writing the instrumented JDK.*|the JDK .* instrumented in .*)\n/gm;

for (const jdk of testJdks())
for (const d of DRIVERS.filter((x) => only === undefined || only.includes(x.name))) {
  const c = compileDriver(d);
  for (const instrument of ['none', 'app', 'all'] as Instrument[]) {
    test(`conformance: ${d.name} on JDK ${jdk.feature} (--instrument ${instrument}) equals HotSpot`, async () => {
      const r = await compareWithHotSpot(c.program, c.classpath, { instrument, timeoutMs: 1_800_000, jdk: jdk.home });
      assert.deepEqual(r.problems, [], describeInterpComparison(r));
    });
  }
  for (const instrument of ['app', 'all'] as const) {
    test(`conformance: ${d.name} on JDK ${jdk.feature} on the HotSpot engine (--instrument ${instrument}) equals HotSpot`, () => {
      const dir = mkdtempSync(join(tmpdir(), `komorium-conform-${d.name}-`));
      try {
        const cp = c.classpath.join(':');
        const java = spawnSync(join(jdk.home, 'bin', 'java'), ['-cp', cp, d.mainClass, ...d.args], { encoding: 'utf8', cwd: dir, maxBuffer: 64 << 20 });
        const out = join(dir, 'profile.json');
        const k = runCli(['run', '--engine', 'jvm', '--instrument', instrument, '--jdk', jdk.home, '-o', out, '-cp', cp, d.mainClass, ...d.args], { cwd: dir });
        assert.equal(k.stdout, java.stdout);
        // The first run on a fresh cache builds the instrumented JDK, with progress lines.
        const stderr = k.stderr.replace(BUILD_PROGRESS, '');
        assert.match(stderr, SUMMARY);
        assert.equal(stderr.replace(SUMMARY, ''), java.stderr);
        assert.equal(k.status, java.status);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
}
