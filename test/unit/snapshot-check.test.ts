// The boot snapshot's parts left in the file, checked by the worker's host while the worker
// restores (engine/snapshot-check.ts, store.ts readSnapshot's `elsewhere`): the host's answer,
// damage found on either side, and a host that never answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { closeLazyFiles, readSnapshot, writeSnapshot, type LazyCheck } from '../../server/src/interp/snapshot/store';
import { checkOnHost, checkPart, type CheckPartMessage } from '../../server/src/engine/snapshot-check';

const key = '5c'.repeat(32);
const payload = new Uint8Array(1000).map((_, i) => i * 7);
const blob = new Uint8Array(4096).map((_, i) => i * 13);
const cold = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) ^ (i >> 9));

function files(): { good: string; bad: string } {
  const dir = tempDir('snapcheck');
  const good = join(dir, 'good.snap');
  const bad = join(dir, 'bad.snap');
  writeSnapshot(good, key, [payload, blob, cold]);
  const bytes = readFileSync(good);
  bytes[bytes.length - 2 * 1024 * 1024] ^= 4; // in the part left in the file, past the first chunk
  writeFileSync(bad, bytes);
  return { good, bad };
}

/** readSnapshot with the host's side run at once (the CLI's idle main thread), or never. */
function read(file: string, host: 'answers' | 'never'): { verify: () => boolean; asked: CheckPartMessage[] } {
  const asked: CheckPartMessage[] = [];
  const r = readSnapshot(file, key, 2, checkOnHost((m) => {
    asked.push(m);
    if (host === 'answers') checkPart(m);
  }));
  assert.ok('verify' in r, JSON.stringify(r));
  assert.equal(Buffer.compare(r.parts[1], Buffer.from(blob)), 0, 'the parts read are whole');
  return { verify: r.verify, asked };
}

test('the host checks the parts left in the file: intact, damaged', () => {
  const { good, bad } = files();
  const ok = read(good, 'answers');
  assert.equal(ok.asked.length, 1);
  const c: LazyCheck = ok.asked[0];
  assert.equal(c.length, cold.length, 'the range is the part left in the file');
  assert.equal(new Int32Array(ok.asked[0].flag)[0], 1, 'the host answered OK');
  assert.equal(ok.verify(), true);
  // The damage is not seen before the answer is taken: the rest was read as usual.
  const damaged = read(bad, 'answers');
  assert.equal(new Int32Array(damaged.asked[0].flag)[0], 2, 'the host answered BAD');
  assert.equal(damaged.verify(), false);
  closeLazyFiles();
});

test('a host that never begins is not waited for: the worker checks itself, and the host then does nothing', () => {
  const { good, bad } = files();
  const ok = read(good, 'never');
  assert.equal(ok.verify(), true);
  assert.equal(ok.verify(), true, 'the answer is kept');
  const flag = new Int32Array(ok.asked[0].flag);
  assert.equal(flag[0], 5, 'taken by the worker');
  checkPart(ok.asked[0]); // a late host
  assert.equal(flag[0], 5, 'a late host leaves it alone');
  assert.equal(read(bad, 'never').verify(), false, 'the worker finds the damage itself');
  closeLazyFiles();
});

test('without a host (KOMORIUM_SNAPSHOT_CHECK=here, or no elsewhere) the parts are checked while read', () => {
  const { bad } = files();
  assert.match((readSnapshot(bad, key, 2) as { invalid: string }).invalid, /corrupt/);
  const saved = process.env.KOMORIUM_SNAPSHOT_CHECK;
  process.env.KOMORIUM_SNAPSHOT_CHECK = 'here';
  try {
    assert.equal(checkOnHost(() => assert.fail('no message')), undefined);
  } finally {
    if (saved === undefined) delete process.env.KOMORIUM_SNAPSHOT_CHECK;
    else process.env.KOMORIUM_SNAPSHOT_CHECK = saved;
  }
});
