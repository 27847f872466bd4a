import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import type { InterpRunOptions } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { compileJava, tempDir, REPO } from './java';

/** Runs `mainClass` on the embedded engine; it must end with exit status 0 and no error. */
export async function interpMain(mainClass: string, o: Omit<InterpRunOptions, 'mainClass' | 'args'>): Promise<void> {
  const run = startInterpreterRun({ mainClass, args: [], ...o });
  run.endStdin();
  const outcome = await run.done;
  assert.equal(outcome.error, undefined);
  assert.equal(outcome.exitCode, 0);
}

// The shutdown-hook case of the δb test (test/unit/accuracy-delta.test.ts runs scope app in
// npm test; test/slow/accuracy-delta-all.test.ts scope all, whose exact run of the instrumented
// JDK is one of the slice's longest).
//
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

export function hookTest(scope: 'app' | 'all'): void {
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
