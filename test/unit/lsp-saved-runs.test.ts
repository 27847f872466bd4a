// The saved runs of the Komorium Profiles view (server/src/lsp/saved-runs.ts): recorded newest
// first, the last `keep` kept (older profiles deleted), renamed, deleted, and read back by a new
// server (a window reload) from the index file; a broken index or a missing file is left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteRun, listRuns, recordRun, renameRun, RUNS_INDEX, type SavedRun } from '../../server/src/lsp/saved-runs';
import { normalizeSettings } from '../../server/src/lsp/settings';
import { tempDir } from '../helpers/java';

function run(dir: string, i: number): SavedRun {
  const file = `Main-${i}.json`;
  writeFileSync(join(dir, file), '{}');
  return { file, name: '', program: 'demo.Main', engine: 'interp', scope: 'all', date: 1_700_000_000_000 + i * 1000, samples: 100 + i, bytecodes: 1000 * i };
}

test('runs are listed newest first and only the last `keep` are kept, with their files', () => {
  const dir = tempDir('saved-runs-keep');
  for (let i = 1; i <= 5; i++) recordRun(dir, run(dir, i), 3);
  const runs = listRuns(dir);
  assert.deepEqual(runs.map((r) => r.file), ['Main-5.json', 'Main-4.json', 'Main-3.json']);
  assert.equal(existsSync(join(dir, 'Main-1.json')), false, 'the oldest profile is deleted');
  assert.equal(existsSync(join(dir, 'Main-2.json')), false);
  assert.equal(existsSync(join(dir, 'Main-3.json')), true);
  assert.equal(runs[0]!.samples, 105);
});

test('rename and delete; the index survives a restart; broken entries are left out', () => {
  const dir = tempDir('saved-runs-edit');
  recordRun(dir, run(dir, 1), 20);
  recordRun(dir, run(dir, 2), 20);
  renameRun(dir, 'Main-1.json', '  baseline  ');
  assert.equal(listRuns(dir).find((r) => r.file === 'Main-1.json')!.name, 'baseline');
  deleteRun(dir, 'Main-2.json');
  assert.equal(existsSync(join(dir, 'Main-2.json')), false);
  assert.deepEqual(listRuns(dir).map((r) => [r.file, r.name]), [['Main-1.json', 'baseline']]);
  assert.throws(() => deleteRun(dir, 'Main-9.json'), /no saved run Main-9.json/);
  // A file deleted behind our back, and an entry pointing outside the folder, are not listed.
  const r3 = run(dir, 3);
  recordRun(dir, r3, 20);
  writeFileSync(join(dir, RUNS_INDEX), JSON.stringify({ version: 1, runs: [...listRuns(dir), { ...r3, file: '../x.json' }, { ...r3, file: 'gone.json' }] }));
  assert.deepEqual(listRuns(dir).map((r) => r.file), ['Main-3.json', 'Main-1.json']);
  writeFileSync(join(dir, RUNS_INDEX), '{not json');
  assert.deepEqual(listRuns(dir), []);
});

test('komorium.profiles.keep is read as VS Code nests it', () => {
  assert.equal(normalizeSettings({ profiles: { keep: 7 } }).profilesKeep, 7);
  assert.equal(normalizeSettings({ profiles: { keep: 0 } }).profilesKeep, 20);
  assert.equal(normalizeSettings({}).profilesKeep, 20);
});
