// What the language server asks of an engine for Run with Profile (server/src/lsp/runs.ts): the
// embedded engine writes its boot snapshot at the first boot (an editor session runs again, so
// the second run restores the booted JDK instead of booting it). The engine here is a stand-in
// registered under the embedded engine's name that records the options it gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { registerEngine, type RunOptions } from '../../server/src/engine/run';
import { RunController } from '../../server/src/lsp/runs';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';

test('Run with Profile on the embedded engine asks for the boot snapshot at the first boot', async () => {
  const seen: RunOptions[] = [];
  registerEngine('interpreter', (o) => {
    seen.push(o);
    return {
      done: Promise.resolve({ exitCode: 0, signal: null, profilePath: null, cancelled: false, elapsedMs: 0 }),
      cancel: () => {},
      writeStdin: () => {},
      endStdin: () => {},
    };
  });
  const dir = tempDir('run-options');
  mkdirSync(join(dir, 'classes'));
  let ended: () => void = () => {};
  const over = new Promise<void>((r) => (ended = r));
  const runs = new RunController({
    settings: async () => ({ ...DEFAULT_SETTINGS, engine: 'interpreter' }),
    workspaceFolders: () => [dir],
    profilesDir: () => join(dir, 'profiles'),
    openText: () => undefined,
    output: () => {},
    progress: () => {},
    snapshot: () => {},
    ended: () => ended(),
  });
  const r = await runs.start({ mainClass: 'Main', classPaths: [join(dir, 'classes')] }, undefined);
  assert.equal(r.engine, 'interpreter');
  await over;
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.bootSnapshotAtFirstBoot, true);
});
