// The embedded engine's `--instrument all` profile does not depend on what the cache holds
// (issue 15: same program and input, same profile on any machine; engine/interp-archived.ts).
// The engine takes the archived classes' identity hashes and the module maps' orders from the CDS
// archive of HotSpot's instrumented copy of the JDK, read by a trial run of that copy. Before, it
// did so only when a HotSpot run had left both the copy and the trial's result in the cache, and
// drew its own otherwise: with an empty cache, or a copy whose trial was not run yet (a new
// trial version), collections, lambdas and streams programs counted other bytecodes under main
// (+18, +72, +133 at granularity 997) until a HotSpot run ran the trial. Now a run builds the copy
// (progress lines) or runs the trial when they are missing. Here: one program's embedded profile
// with (a) an empty cache of its own, (b) the copy but no trial result, (c) a full cache: the
// same bytes (less the start and end times), and under main the same as HotSpot's. Only java.base
// is instrumented (KOMORIUM_JDK_MODULES), so (a)'s build is the java.base copy's.
// (The slice, npm test, has test/unit/interp-archived-cache.test.ts: the copy and full cases on
// the shared copy, without this build.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { archivedCacheRunner } from '../helpers/archived-cache-runs';
import { profileWithoutTimes } from '../helpers/snapshot-runs';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { loadProfile } from '../../server/src/profile/load';

const classes = compileJava(join(REPO, 'test', 'programs', 'collections-lists'));
const cache = tempDir('archived-cache');
const out = tempDir('archived-cache-out');

const run = archivedCacheRunner(classes, cache, out);

test('the embedded `all` profile is the same with an empty cache, a copy without its trial, and a full cache, and as HotSpot\'s under main', () => {
  // (a) Nothing cached: the run builds the java.base copy (and runs its trial) first.
  const a = run('interpreter', 'a');
  assert.match(a.stderr, /instrumenting the JDK .*classes of java\.base/);
  const trials = join(cache, 'archived-hashes');
  const states = readdirSync(trials).filter((f) => /^\d+-[0-9a-f]+-[0-9a-f]+\.json$/.test(f));
  assert.equal(states.length, 1, `the trial's result: ${readdirSync(trials).join(', ')}`);
  // (b) The copy without the trial's result (as after a new trial version): the run runs it.
  rmSync(join(trials, states[0]!));
  const b = run('interpreter', 'b');
  assert.doesNotMatch(b.stderr, /instrumenting the JDK/);
  assert.ok(readdirSync(trials).includes(states[0]!), 'the trial ran again');
  // (c) Everything cached.
  const c = run('interpreter', 'c');
  const pa = profileWithoutTimes(a.profile);
  assert.ok(pa !== null);
  assert.equal(profileWithoutTimes(b.profile), pa, 'copy without trial against empty cache');
  assert.equal(profileWithoutTimes(c.profile), pa, 'full cache against empty cache');
  const hotspot = run('jvm', 'hotspot');
  const cmp = compareMainThread(loadProfile(hotspot.profile), loadProfile(c.profile), 'Main');
  assert.ok(cmp.main.samples[0] > 100, describeMainThread(cmp, 10).join('\n'));
  assert.ok(cmp.main.identical, describeMainThread(cmp, 10).join('\n'));
});
