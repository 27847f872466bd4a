// `komorium run ... | head`: when the reader closes the pipe, the CLI drops the rest of the
// program's output instead of crashing with EPIPE; the program runs to its end, the profile is
// written and the exit code is the program's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';

test('a closed stdout pipe does not crash the CLI, and the profile is still written', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cli-epipe'));
  const out = join(tempDir('cli-epipe'), 'profile.json');
  const child = spawn(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', '-o', out, '-cp', classes, 'Chatty'], {
    env: { ...process.env, KOMORIUM_FROM_SOURCE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  // Read the first chunk, then close our end of the pipe (as `head -1` does).
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  assert.equal(code, 0, err);
  assert.doesNotMatch(err, /EPIPE|Unhandled/);
  assert.match(err, /-> .*profile\.json/);
  assert.ok(existsSync(out), 'profile written');
});
