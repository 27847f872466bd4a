// δb (paper 000 Table I): the exact profile and sampled profiles of the same program count the
// same bytecodes in scope app, on both engines (docs/ACCURACY.md, "δb in scope app"). The
// program's instructions resolve classes through the application class loader the first time
// they run (an upcall in the middle of the instruction, which then starts again): the exact
// profiler counted such an instruction twice (10-40 bytecodes more than the sampled runs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import type { InterpRunOptions } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { compileJava, tempDir, REPO } from '../helpers/java';

const MAIN = 'acc.Loading';

async function interp(o: Omit<InterpRunOptions, 'mainClass' | 'args'>): Promise<void> {
  const run = startInterpreterRun({ mainClass: MAIN, args: [], ...o });
  run.endStdin();
  const outcome = await run.done;
  assert.equal(outcome.error, undefined);
  assert.equal(outcome.exitCode, 0);
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

test('scope all: neither profile counts the JVM shutdown (the start and join of the runtime hook in the sampled run, Shutdown.shutdown in the exact one)', async () => {
  // Before: the sampled run counted the JDK code of Shutdown.shutdown that starts and joins the
  // runtime's shutdown hook (up to the hook taking the counts), the exact run all of
  // Shutdown.shutdown without a hook (281 bytecodes on a hello world, under a context of its own).
  // The totals still differ in scope all (here +1,276 of 154,044; docs/ACCURACY.md, "δb in scope
  // all"): not asserted yet.
  const classes = compileJava(join(REPO, 'test', 'java', 'accuracy'), ['-g']);
  const work = tempDir('delta-b-all');
  const exactOut = join(work, 'exact.json');
  const sampledOut = join(work, 'sampled.json');
  await Promise.all([
    interp({ classpath: [classes], cwd: work, profilePath: exactOut, exact: 'all' }),
    interp({ classpath: [classes], cwd: work, profilePath: sampledOut, instrument: 'all', granularity: 10_000, random: 0, seed: 1 }),
  ]);
  const exact = loadProfile(exactOut);
  const sampled = loadProfile(sampledOut);
  const shutdown = (p: typeof exact): boolean => p.threads.some((t) => t.nodes.some((n) => n.method?.className === 'java.lang.Shutdown'));
  assert.ok(!shutdown(exact), 'the exact profile has no java.lang.Shutdown context');
  assert.ok(!shutdown(sampled), 'the sampled profile has no java.lang.Shutdown context');
});
