// The webview's DOM code is type-checked with its own tsconfig (DOM library, no Node types);
// the repository's `tsc -p .` sees only the DOM-free modules that tests and the client import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('webview sources type-check (strict, DOM, no Node types)', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'webview', 'tsconfig.json'), '--noEmit'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `tsc -p webview failed:\n${r.stdout}${r.stderr}`);
});
