// The embedded engine's profile equals the HotSpot engine's: for deterministic single-threaded
// corpus programs, `--instrument app` on the embedded JVM and the transformed classes on
// HotSpot (runOnHotSpot) count the same bytecodes and take the same samples in the same
// contexts, given the same granularity and seed. meta.engine differs by design; nothing else
// may.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { profileDifferences } from '../../server/src/profile/equal';
import { compilePrograms, programsNamed } from '../helpers/corpus';
import { tempDir } from '../helpers/java';

// (Not recursion-deep: profileDifferences keys contexts by their full path, quadratic in depth.)
const PROGRAMS = ['nested-loops', 'json-parser', 'collections-sort-comparators', 'interpreter-vm'];
const OPTIONS = { granularity: 997, random: 50, seed: 7 };

test('embedded engine (--instrument app) and HotSpot engine write the same profile', { concurrency: 2 }, async (t) => {
  const programs = programsNamed(PROGRAMS);
  const classes = compilePrograms(programs);
  await Promise.all(
    programs.map((p) =>
      t.test(p.name, async () => {
        const work = tempDir(`interp-profile-${p.name}`);
        const cp = [classes.get(p.name)!];
        const hsOut = join(work, 'hotspot.json');
        const hs = await runOnHotSpot({ classpath: cp, mainClass: p.mainClass, args: p.args, out: hsOut, cwd: work, stdio: 'pipe', instrument: 'app', ...OPTIONS });
        assert.equal(hs.exitCode, 0, 'HotSpot run failed');
        const ipOut = join(work, 'interp.json');
        const run = startInterpreterRun({ classpath: cp, mainClass: p.mainClass, args: p.args, cwd: work, profilePath: ipOut, instrument: 'app', ...OPTIONS });
        run.endStdin();
        const outcome = await run.done;
        assert.equal(outcome.error, undefined);
        assert.equal(outcome.exitCode, 0);
        assert.ok(existsSync(hsOut) && existsSync(ipOut), 'both profiles written');
        const a = loadProfile(hsOut);
        const b = loadProfile(ipOut);
        assert.equal(a.meta.engine, 'hotspot');
        assert.equal(b.meta.engine, 'interp');
        assert.ok(a.meta.totalSamples > 10, `enough samples to compare (${a.meta.totalSamples})`);
        b.meta.engine = a.meta.engine;
        assert.deepEqual(profileDifferences(a, b), []);
      }),
    ),
  );
});
