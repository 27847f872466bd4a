// δb (paper 000 Table I): the exact profile and sampled profiles of the same program count the
// same bytecodes in scope app, on both engines, and nearly the same in scope all (docs/ACCURACY.md, "δb in scope app"). The
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
  return interpMain(MAIN, o);
}

async function interpMain(mainClass: string, o: Omit<InterpRunOptions, 'mainClass' | 'args'>): Promise<void> {
  const run = startInterpreterRun({ mainClass, args: [], ...o });
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

// A shutdown hook's work is the program's: in both scopes, exact and sampled on both engines.
// In scope all the profiles end when the hooks have run (jdk.internal.misc.VM.shutdown,
// transform/scope.ts); before, they ended where the shutdown began (Shutdown.shutdown/exit), so
// the hook's work was in neither. In scope app the JDK starts every hook at once, the runtime's
// own among them: it now waits for the program's hooks (Lifecycle.addShutdownHook) before it writes.
const HOOKS = 'acc.Hooks';

/** hookWork's share of all bytecodes (exact) or samples (sampled), in percent. */
function hookShare(p: ReturnType<typeof loadProfile>): number {
  let hook = 0;
  let all = 0;
  for (const t of p.threads)
    for (const n of t.nodes) {
      all += n.selfBytecodes;
      if (n.method?.name === 'hookWork') hook += n.selfBytecodes;
    }
  return (100 * hook) / all;
}

for (const scope of ['app', 'all'] as const) {
  test(`scope ${scope}: a shutdown hook's work is in the exact and the sampled profiles on both engines, and δb stays within 1e-4`, async () => {
    if (scope === 'all') process.env.KOMORIUM_JDK_MODULES ??= 'java.base';
    const classes = compileJava(join(REPO, 'test', 'java', 'accuracy'), ['-g']);
    const work = tempDir(`delta-b-hooks-${scope}`);
    const exactOut = join(work, 'exact.json');
    const interpOut = join(work, 'interp.json');
    const jvmOut = join(work, 'jvm.json');
    const sampled = { granularity: 1_000, random: 100, seed: 1 };
    const run = (o: Omit<InterpRunOptions, 'mainClass' | 'args'>): Promise<void> => interpMain(HOOKS, o);
    const [, , hs] = await Promise.all([
      run({ classpath: [classes], cwd: work, profilePath: exactOut, exact: scope }),
      run({ classpath: [classes], cwd: work, profilePath: interpOut, instrument: scope, ...sampled }),
      runOnHotSpot({ classpath: [classes], mainClass: HOOKS, args: [], out: jvmOut, cwd: work, stdio: 'pipe', instrument: scope, ...sampled }),
    ]);
    assert.equal(hs.exitCode, 0, 'HotSpot run failed');
    const exact = loadProfile(exactOut);
    // hookWork is 2/3 of the program's own work (20,000 against 10,000 iterations).
    const share = hookShare(exact);
    assert.ok(share > (scope === 'app' ? 50 : 20), `exact: hookWork has ${share.toFixed(1)}%`);
    for (const [engine, file] of [['interpreter', interpOut], ['jvm', jvmOut]] as const) {
      const p = loadProfile(file);
      const s = hookShare(p);
      // HotSpot runs other JDK code than the embedded engine in scope all (RUNTIME.md): its share differs a little.
      assert.ok(Math.abs(s - share) < (engine === 'jvm' && scope === 'all' ? 8 : 4), `${engine}: hookWork has ${s.toFixed(1)}% of the bytecodes, ${share.toFixed(1)}% of the exact bytecodes`);
      if (engine === 'jvm' && scope === 'all') continue;
      const b = p.meta.totalBytecodes;
      const d = b / exact.meta.totalBytecodes - 1;
      assert.ok(Math.abs(d) <= 1e-4, `${engine}: sampled ${b} bytecodes, exact ${exact.meta.totalBytecodes} (δb ${d.toExponential(1)})`);
    }
  });
}
