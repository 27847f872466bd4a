// δb (paper 000 Table I): the exact profile and sampled profiles of the same program count the
// same bytecodes in scope app, on both engines, and nearly the same in scope all (docs/ACCURACY.md, "δb in scope app"). The
// program's instructions resolve classes through the application class loader the first time
// they run (an upcall in the middle of the instruction, which then starts again): the exact
// profiler counted such an instruction twice (10-40 bytecodes more than the sampled runs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import type { InterpRunOptions } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { hookTest, interpMain } from '../helpers/accuracy-hooks';

const MAIN = 'acc.Loading';

async function interp(o: Omit<InterpRunOptions, 'mainClass' | 'args'>): Promise<void> {
  return interpMain(MAIN, o);
}

test('scope app: exact and sampled profiles count the same bytecodes on both engines', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'accuracy'), ['-g']);
  const work = tempDir('delta-b');
  const exactOut = join(work, 'exact.json');
  const interpOut = join(work, 'interp.json');
  const jvmOut = join(work, 'jvm.json');
  const sampled = { granularity: 100, random: 100, seed: 1 };
  const [, , hs] = await Promise.all([
    interp({ classpath: [classes], cwd: work, profilePath: exactOut, exact: 'app' }),
    interp({ classpath: [classes], cwd: work, profilePath: interpOut, instrument: 'app', ...sampled }),
    runOnHotSpot({ classpath: [classes], mainClass: MAIN, args: [], out: jvmOut, cwd: work, stdio: 'pipe', instrument: 'app', ...sampled }),
  ]);
  assert.equal(hs.exitCode, 0, 'HotSpot run failed');
  const exact = loadProfile(exactOut).meta.totalBytecodes;
  assert.ok(exact > 10_000, `exact: ${exact} bytecodes`);
  for (const [engine, file] of [['interpreter', interpOut], ['jvm', jvmOut]] as const) {
    const b = loadProfile(file).meta.totalBytecodes;
    assert.equal(b, exact, `${engine}: sampled ${b} bytecodes, exact ${exact} (δb ${(b / exact - 1).toExponential(1)})`);
  }
});

// A shutdown hook's work is the program's (scope all: test/slow/accuracy-delta-all.test.ts).
hookTest('app');
