// The HotSpot engine hides what the transformation adds from reflection (paper 4.3): programs
// that list declared methods, fields and annotations print the same as on plain java.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, runCli, runJava, tempDir, REPO } from '../helpers/java';

for (const program of ['reflection-members', 'annotations-runtime', 'dynamic-proxy']) {
  test(`${program}: komorium run prints what java prints`, () => {
    const classes = compileJava(join(REPO, 'test', 'programs', program));
    const orig = runJava(['-cp', classes, 'Main']);
    const prof = join(tempDir('refl'), 'p.json');
    const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', prof, '-cp', classes, 'Main']);
    assert.equal(r.stdout, orig.stdout);
    assert.equal(r.status, orig.status);
    assert.equal(r.stderr.replace(/^komorium: .*\n/m, ''), orig.stderr);
  });
}
