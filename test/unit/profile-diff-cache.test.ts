// The side cache (profile/diff-side-cache.ts): a profile's collected side of a diff stored under
// the SHA-256 of its text. A diff from cached sides is the same as from the profiles; a changed
// file is never answered from the old entry; a damaged entry is ignored and rewritten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { syntheticProfile } from '../../bench/lib/synthetic-profile';
import { allEntries, diffFlat } from '../../server/src/profile/diff';
import { formatDiff } from '../../server/src/profile/diff-format';
import { diffViewFlat } from '../../server/src/profile/diff-view';
import { isCollected } from '../../server/src/profile/diff-side';
import { loadDiffInput, readCollected, sideCacheKey } from '../../server/src/profile/diff-side-cache';
import { loadDiffInputs } from '../../server/src/profile/diff-sides';
import { hasPreparedJob } from '../../server/src/engine/worker-thread';
import { loadFlatProfile } from '../../server/src/profile/load';
import { tempDir } from '../helpers/java';

function entryFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out;
}

const dir = tempDir('diff-side-cache');
const cache = join(dir, 'cache');
const a = join(dir, 'a.json');
const b = join(dir, 'b.json');
writeFileSync(a, JSON.stringify(syntheticProfile(0, 20_000, 3_000)));
writeFileSync(b, JSON.stringify(syntheticProfile(1, 20_000, 3_000)));

/** The diff's JSON and the differential view's JSON. */
function outputs(x: Parameters<typeof diffFlat>[0], y: Parameters<typeof diffFlat>[0]): [string, string, string] {
  const d = diffFlat(x, y);
  return [formatDiff(allEntries(d), 'json'), formatDiff(d, 'text'), JSON.stringify(diffViewFlat(x, y, 'a.json', () => assert.fail('no focus')))];
}

test('a diff from cached sides equals the diff of the profiles; the second read is a hit', () => {
  const expected = outputs(loadFlatProfile(a), loadFlatProfile(b));
  // first read: parsed, collected, stored
  assert.equal(readCollected(sideCacheKey(readFileSync(a, 'utf8')), cache), undefined);
  const a1 = loadDiffInput(a, { dir: cache });
  const b1 = loadDiffInput(b, { dir: cache });
  assert.ok(isCollected(a1) && isCollected(b1));
  assert.deepEqual(outputs(a1, b1), expected);
  // second read: from the cache
  assert.notEqual(readCollected(sideCacheKey(readFileSync(a, 'utf8')), cache), undefined);
  const a2 = loadDiffInput(a, { dir: cache });
  const b2 = loadDiffInput(b, { dir: cache });
  assert.deepEqual(outputs(a2, b2), expected);
  assert.deepEqual(outputs(b2, a2), outputs(loadFlatProfile(b), loadFlatProfile(a)));
  assert.equal(entryFiles(cache).length, 2);
});

test('a changed file is read again, not answered from the entry of its old text', () => {
  const c = join(dir, 'c.json');
  writeFileSync(c, readFileSync(a));
  loadDiffInput(c, { dir: cache });
  writeFileSync(c, readFileSync(b)); // same path, other content
  const c2 = loadDiffInput(c, { dir: cache });
  assert.deepEqual(outputs(loadDiffInput(a, { dir: cache }), c2), outputs(loadFlatProfile(a), loadFlatProfile(b)));
  // other limits: another key
  assert.notEqual(sideCacheKey('x', { limits: { maxNodes: 10 } }), sideCacheKey('x'));
});

test('a damaged entry is ignored and written again', () => {
  const expected = outputs(loadFlatProfile(a), loadFlatProfile(b));
  for (const f of entryFiles(cache)) {
    const bytes = readFileSync(f);
    bytes[bytes.length - 9]! ^= 0x40;
    writeFileSync(f, bytes);
  }
  assert.equal(readCollected(sideCacheKey(readFileSync(a, 'utf8')), cache), undefined);
  assert.deepEqual(outputs(loadDiffInput(a, { dir: cache }), loadDiffInput(b, { dir: cache })), expected);
  assert.notEqual(readCollected(sideCacheKey(readFileSync(a, 'utf8')), cache), undefined);
  for (const f of entryFiles(cache)) writeFileSync(f, readFileSync(f).subarray(0, 200));
  assert.deepEqual(outputs(loadDiffInput(a, { dir: cache }), loadDiffInput(b, { dir: cache })), expected);
});

test('a profile listing a method twice is diffed from its trees, and not cached', () => {
  const p = syntheticProfile(0, 5_000, 800);
  p.methods.push(p.methods[0]!);
  const d = join(dir, 'twice.json');
  writeFileSync(d, JSON.stringify(p));
  const own = join(dir, 'cache-twice');
  const x = loadDiffInput(d, { dir: own });
  assert.equal(isCollected(x), false);
  assert.deepEqual(outputs(x, loadDiffInput(b, { dir: own })), outputs(loadFlatProfile(d), loadFlatProfile(b)));
  assert.equal(entryFiles(own).filter((f) => !f.includes(sideCacheKey(readFileSync(b, 'utf8')))).length, 0);
});

test('both sides at once (the base in a worker thread): the same inputs, entries and errors as in turn', async () => {
  const own = join(dir, 'cache-both');
  const expected = outputs(loadFlatProfile(a), loadFlatProfile(b));
  const [x, y] = await loadDiffInputs(a, b, { dir: own, parallel: true });
  assert.ok(isCollected(x) && isCollected(y));
  assert.deepEqual(outputs(x, y), expected);
  // both entries written (the base's by the worker), and read back
  assert.notEqual(readCollected(sideCacheKey(readFileSync(a, 'utf8')), own), undefined);
  assert.notEqual(readCollected(sideCacheKey(readFileSync(b, 'utf8')), own), undefined);
  const [x2, y2] = await loadDiffInputs(a, b, { dir: own });
  assert.deepEqual(outputs(x2, y2), expected);
  // only the new profile cached: the worker started once the base was not found is not used,
  // and not left waiting
  const newOnly = join(dir, 'cache-new-only');
  loadDiffInput(b, { dir: newOnly });
  const [x5, y5] = await loadDiffInputs(a, b, { dir: newOnly, parallel: true });
  assert.ok(isCollected(x5) && isCollected(y5));
  assert.deepEqual(outputs(x5, y5), expected);
  assert.equal(hasPreparedJob(new URL('../../server/src/profile/diff-side-worker.ts', import.meta.url)), false);
  const [x4, y4] = await loadDiffInputs(a, b, { cache: false, parallel: false });
  assert.deepEqual(outputs(x4, y4), expected);
  const [x3, y3] = await loadDiffInputs(a, b, { cache: false, dir: join(dir, 'cache-none'), parallel: true });
  assert.deepEqual(outputs(x3, y3), expected);
  assert.throws(() => readdirSync(join(dir, 'cache-none')));
  // errors: the base's first, as loadDiffInput in turn reports them
  const bad = join(dir, 'bad.json');
  const worse = join(dir, 'worse.json');
  writeFileSync(bad, '{"format":"komorium-profile","version":1}');
  writeFileSync(worse, '[1,');
  const message = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };
  for (const [p, q] of [[bad, worse], [worse, bad], [a, bad], [bad, b], [join(dir, 'missing.json'), b]] as const) {
    const want = message(() => [loadDiffInput(p, { cache: false }), loadDiffInput(q, { cache: false })]);
    assert.notEqual(want, 'no error');
    await assert.rejects(loadDiffInputs(p, q, { dir: own, parallel: true }), (e: Error) => e.message === want, `${p} ${q}`);
  }
});
