// The default agent's children tables hash a method by its names (MIDImpl.hashKey), not by its
// MID's creation order: live snapshots initialise classes (and so create MIDs) at other moments
// than a plain run, which moved every later method's id, the tables' probes, and with them the
// time slices of a multi-threaded program on the embedded engine (docs/RUNTIME.md, "Live
// snapshots"). test/java/runtime/hashkey/komorium/rt/HashKeyCheck.java reads the table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { freshDir, repoRoot, runtimeClasses } from './runtime-fixtures';

test('the children of a node take the same slots whatever MIDs were created before theirs', () => {
  const rt = runtimeClasses().classesDir;
  const out = freshDir('komorium-hashkey-');
  const src = join(repoRoot, 'test', 'java', 'runtime', 'hashkey', 'komorium', 'rt', 'HashKeyCheck.java');
  const c = spawnSync('javac', ['-nowarn', '-cp', rt, '-d', out, src], { encoding: 'utf8' });
  assert.equal(c.status, 0, `${c.stdout}${c.stderr}`);
  const r = spawnSync('java', ['-Xshare:auto', '-Dkomorium.agent=none', '-cp', `${rt}${delimiter}${out}`, 'komorium.rt.HashKeyCheck'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'same\n');
});
