// The embedded engine's `--instrument all` profile does not depend on what the cache holds
// (issue 15: same program and input, same profile on any machine; engine/interp-archived.ts).
// The engine takes the archived classes' identity hashes and the module maps' orders from the CDS
// archive of HotSpot's instrumented copy of the JDK, read by a trial run of that copy. Before, it
// did so only when a HotSpot run had left both the copy and the trial's result in the cache:
// with a copy whose trial was not run yet (a new trial version), collections, lambdas and streams
// programs counted other bytecodes under main (+18, +72, +133 at granularity 997) until a
// HotSpot run ran the trial. Here the copy is the test run's shared one (so the slice builds no
// copy of its own) and the trials' results are this test's own: (b) the copy without the trial's
// result, then (c) with it, the same bytes (less the start and end times), and under main the
// same as HotSpot's. The empty cache, where the run builds the copy too, is
// test/slow/interp-archived-cache.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { cacheRoot } from '../../server/src/engine/cache';
import { archivedCacheRunner } from '../helpers/archived-cache-runs';
import { profileWithoutTimes } from '../helpers/snapshot-runs';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { loadProfile } from '../../server/src/profile/load';

const classes = compileJava(join(REPO, 'test', 'programs', 'collections-lists'));
const out = tempDir('archived-cache-out');
// The shared copy, classes and runtime; archived-hashes of its own, empty.
const cache = tempDir('archived-cache');
for (const d of ['interp-classes', 'runtime', 'jdk-images']) {
  mkdirSync(join(cacheRoot(), d), { recursive: true });
  symlinkSync(join(cacheRoot(), d), join(cache, d));
}

const run = archivedCacheRunner(classes, cache, out);

const stateFiles = () => readdirSync(join(cache, 'archived-hashes')).filter((f) => /^\d+-[0-9a-f]+-[0-9a-f]+\.json$/.test(f));

test('the embedded `all` profile is the same with a copy without its trial and with a full cache, and as HotSpot\'s under main', () => {
  // A HotSpot run first, so the copy exists (it builds it when the slice has not yet); then its
  // trial's result is removed: (b) as after a new trial version.
  const hotspot = run('jvm', 'hotspot');
  mkdirSync(join(cache, 'archived-hashes'), { recursive: true });
  for (const f of stateFiles()) rmSync(join(cache, 'archived-hashes', f));
  assert.deepEqual(stateFiles(), []);
  const b = run('interpreter', 'b');
  assert.doesNotMatch(b.stderr, /instrumenting the JDK/);
  assert.equal(stateFiles().length, 1, 'the embedded run ran the trial');
  // (c) Everything cached.
  const c = run('interpreter', 'c');
  const pb = profileWithoutTimes(b.profile);
  assert.ok(pb !== null);
  assert.equal(profileWithoutTimes(c.profile), pb, 'full cache against copy without trial');
  const cmp = compareMainThread(loadProfile(hotspot.profile), loadProfile(c.profile), 'Main');
  assert.ok(cmp.main.samples[0] > 100, describeMainThread(cmp, 10).join('\n'));
  assert.ok(cmp.main.identical, describeMainThread(cmp, 10).join('\n'));
});
