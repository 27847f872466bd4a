// The HotSpot engine runs the jars of test/java/jars as plain java does: an application jar
// whose manifest Class-Path names the others, a multi-release jar (META-INF/versions/17), a
// signed jar (the loader verifies the original bytes, then the transformed ones are defined; the
// signers stay) and a jar holding module-info.class; the program's classes from the jar are the
// transformed ones (sampled). Slow: it compiles, jars and signs (keytool, jarsigner).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runJava } from '../helpers/java';
import { buildJars } from '../helpers/jars';

test('HotSpot engine: jars with a manifest Class-Path, multi-release, signed and module-info jars run as on plain java', () => {
  const j = buildJars();
  const java = runJava(['-cp', 'app.jar', 'app.Main'], { cwd: j });
  assert.equal(java.status, 0, java.stderr);
  const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '--granularity', '1000', '-o', join(j, 'p.json'), '-cp', 'app.jar', 'app.Main'], { cwd: j });
  assert.equal(r.stdout, java.stdout);
  assert.equal(r.status, 0, r.stderr);
  const profile = JSON.parse(readFileSync(join(j, 'p.json'), 'utf8')) as { methods: [string, string][] };
  assert.ok(profile.methods.some(([c, m]) => c === 'app.Main' && m === 'main'), 'app.Main.main was not sampled');
});
