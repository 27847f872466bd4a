// TC.getTC's first hint (Contexts.last, the context found last) comes back to a thread that lost
// it to another thread: with the JDK instrumented, JDK threads (the deadlock watch, Reference
// Handler) run wrappers too and take the hint, and the program's thread then scanned the recent
// contexts at every wrapper for the rest of the run (docs/BENCHMARKS.md part E, ovh15d).
// test/java/runtime/hint/komorium/rt/HintCheck.java reads the package-private hint.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { freshDir, repoRoot, runtimeClasses } from './runtime-fixtures';

test('a thread that lost the first context hint takes it back after HINT_PERIOD lookups', () => {
  const rt = runtimeClasses().classesDir;
  const out = freshDir('komorium-hint-');
  const src = join(repoRoot, 'test', 'java', 'runtime', 'hint', 'komorium', 'rt', 'HintCheck.java');
  const c = spawnSync('javac', ['-nowarn', '-cp', rt, '-d', out, src], { encoding: 'utf8' });
  assert.equal(c.status, 0, `${c.stdout}${c.stderr}`);
  const r = spawnSync('java', ['-Xshare:auto', '-Dkomorium.agent=none', '-cp', `${rt}${delimiter}${out}`, 'komorium.rt.HintCheck'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'lost true\nregained true\n');
});
