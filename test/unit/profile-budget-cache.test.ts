// komorium check --baseline reads the baseline through the side cache (profile/diff-side-cache.ts)
// as komorium diff does: a cached answer equals an uncached one, the entry is what is read on a
// hit, a changed file is never answered from its old text's entry, --no-cache neither reads nor writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { stringifyProfile } from '../../server/src/profile/serialize';
import { readCollected, sideCacheKey, writeCollected } from '../../server/src/profile/diff-side-cache';
import { runCli, tempDir } from '../helpers/java';

const MAIN = 'p.Main.main([Ljava/lang/String;)V';

function profile(workSamples: number) {
  return new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Lib.work(I)I:7'], { line: 12, count: workSamples })
    .sample([MAIN, 'p.Lib.misc()V:8'], { line: 20, count: 10 })
    .build();
}

test('komorium check --baseline: the side cache answers as the file does', () => {
  const dir = tempDir('budget-cache');
  const cache = join(dir, 'cache');
  const sides = join(cache, 'diff-sides');
  const env = { KOMORIUM_CACHE: cache };
  const p = join(dir, 'p.json');
  const base = join(dir, 'base.json');
  writeFileSync(p, stringifyProfile(profile(50)));
  writeFileSync(base, stringifyProfile(profile(40)));
  const check = (...extra: string[]) => {
    const r = runCli(['check', p, '--baseline', base, '--max-growth', '2%', ...extra], { cwd: dir, env });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
    return `${r.status} ${r.stdout}`;
  };
  const uncached = check('--no-cache');
  assert.match(uncached, /^1 total: 600,000 bytecodes \(baseline 500,000, \+20\.00%\)\n/);
  assert.equal(existsSync(sides), false, '--no-cache writes no entry');
  assert.equal(check(), uncached); // a miss: collected and stored
  const key = sideCacheKey(readFileSync(base, 'utf8'));
  const entry = readCollected(key, sides);
  assert.ok(entry, 'the baseline has an entry');
  assert.equal(check(), uncached); // a hit
  // what a hit reads is the entry: one planted with other totals is what check reports
  writeCollected(key, { ...entry, threads: entry.threads.map((t) => ({ ...t, bytecodes: t.bytecodes * 2 })) }, sides);
  assert.match(check(), /^0 total: 600,000 bytecodes \(baseline 1,000,000, -40\.00%\)\n/);
  assert.equal(check('--no-cache'), uncached);
  // a changed baseline file is read again, never answered from its old text's entry
  writeFileSync(base, stringifyProfile(profile(55)));
  const changed = check('--no-cache');
  assert.match(changed, /^0 total: 600,000 bytecodes \(baseline 650,000, -7\.69%\)\n/);
  assert.equal(check(), changed);
  assert.equal(readdirSync(sides).length > 0, true);
});
