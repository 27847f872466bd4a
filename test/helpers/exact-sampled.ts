// One program run three ways at once, for the tests that hold sampled profiles against the exact
// one (docs/ACCURACY.md): exact on the embedded engine (--exact), sampled on HotSpot
// (-Xverify:all) and sampled on the embedded engine, all in one scope.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import type { InterpRunOptions } from '../../server/src/engine/interp-run';

export interface Sampling {
  granularity: number;
  random: number;
  seed: number;
}

/** The profiles written: exact, HotSpot sampled, embedded sampled. */
export interface ThreeProfiles {
  exact: string;
  jvm: string;
  interp: string;
}

async function interp(o: InterpRunOptions): Promise<void> {
  const run = startInterpreterRun(o);
  run.endStdin();
  const outcome = await run.done;
  assert.equal(outcome.error, undefined);
  assert.equal(outcome.exitCode, 0);
}

/** Runs `mainClass` of `classes` exact and sampled (both engines) in `work`; fails if a run fails. */
export async function runExactAndSampled(classes: string, mainClass: string, work: string, sampled: Sampling, scope: 'app' | 'all' = 'app'): Promise<ThreeProfiles> {
  const out: ThreeProfiles = { exact: join(work, 'exact.json'), jvm: join(work, 'jvm.json'), interp: join(work, 'interp.json') };
  const base = { classpath: [classes], mainClass, args: [], cwd: work };
  const [, hs] = await Promise.all([
    interp({ ...base, profilePath: out.exact, exact: scope }),
    runOnHotSpot({ ...base, out: out.jvm, stdio: 'pipe', vmArgs: ['-Xverify:all'], instrument: scope, ...sampled }),
    interp({ ...base, profilePath: out.interp, instrument: scope, ...sampled }),
  ]);
  assert.equal(hs.exitCode, 0, 'HotSpot run failed');
  return out;
}
