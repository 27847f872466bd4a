// The HotSpot engine with the program's own class loaders (test/java/hotspot-loaders): a loader
// that delegates only java.* names defines its classes untransformed instead of failing with
// NoClassDefFoundError: komorium/rt/TC (KomoriumClasses.seesRuntime), and a child-first loader
// reading class files as its parent's resources defines no copy of the runtime. Output, exit
// status and stderr (less the summary line) equal plain java's. --instrument all: by hand (slow).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, runCli, runJava, tempDir } from '../helpers/java';

const SUMMARY = /^komorium: .* -> .*\n/m;

test('HotSpot engine: a loader that does not delegate komorium.rt runs its classes as java does', { timeout: 300_000 }, () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-loaders'));
  const java = runJava(['-cp', classes, 'Main']);
  assert.equal(java.status, 0, java.stderr);
  const out = join(tempDir('hotspot-loaders'), 'p.json');
  const k = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', out, '-cp', classes, 'Main']);
  assert.equal(k.stdout, java.stdout);
  assert.equal(k.stderr.replace(SUMMARY, ''), java.stderr);
  assert.equal(k.status, 0);
});
