// Runs of one program with the JDK instrumented (java.base) in a cache of the test's own, for the
// tests of the embedded engine's independence of the cache (test/unit and test/slow
// interp-archived-cache.test.ts).
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './java';

/** A `run` of `Main` in `classes` on `engine` at granularity 997, R 0, its profile written to OUT/TAG.json. */
export function archivedCacheRunner(classes: string, cache: string, out: string) {
  return (engine: 'interpreter' | 'jvm', tag: string): SpawnSyncReturns<string> & { profile: string } => {
    const profile = join(out, `${tag}.json`);
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', engine, '--instrument', 'all', '--granularity', '997', '--random', '0', '-o', profile, '-cp', classes, 'Main'], {
      encoding: 'utf8',
      env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base' },
      maxBuffer: 64 << 20,
    });
    assert.equal(r.status, 0, r.stderr);
    return { ...r, profile };
  };
}
