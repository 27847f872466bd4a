// Jars on the embedded JVM's class path (the JDK's own zip and jar code runs: ZipFile,
// JarFile, URLClassPath, signature verification): a jar whose manifest's Class-Path names the
// others, a multi-release jar (META-INF/versions/17), a signed jar, a jar holding
// module-info.class, resources from a jar, and `dir/*` wildcards (expanded as java's launcher
// does, in directory order, with java.class.path spelled as the user gave it). Each run must
// print exactly what HotSpot prints; a profiled run must also count the program's classes
// loaded from a jar.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaHome, runCli, runJava } from '../helpers/java';
import { buildJars } from '../helpers/jars';

const w = buildJars();

for (const [label, cp] of [
  ['a jar whose manifest Class-Path names the others', 'app.jar'],
  ['a lib/* wildcard before a class directory', 'lib/*:classes'],
] as const) {
  test(`embedded JVM, ${label}: the same output as HotSpot`, () => {
    const java = runJava(['-cp', cp, 'app.Main'], { cwd: w });
    assert.equal(java.status, 0, java.stderr);
    assert.match(java.stdout, /^lib\nv17\nmod in false\nhello from a jar\n(jar|file) /);
    const r = runCli(['run', '--no-profile', '-cp', cp, 'app.Main'], { cwd: w });
    assert.equal(r.stderr, java.stderr);
    assert.equal(r.stdout, java.stdout);
    assert.equal(r.status, 0);
  });
}

test('embedded JVM, profiled: classes from jars are transformed and counted', () => {
  const java = runJava(['-cp', 'app.jar', 'app.Main'], { cwd: w });
  const out = join(w, 'profile.json');
  const r = runCli(['run', '--engine', 'interpreter', '--instrument', 'app', '-o', out, '-cp', 'app.jar', 'app.Main'], { cwd: w });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, java.stdout);
  const p = JSON.parse(readFileSync(out, 'utf8')) as { methods: [string, string, string, string][] };
  const classes = new Set(p.methods.map((m) => m[0]));
  assert.ok(classes.has('app.Main'), `profile methods: ${[...classes].join(', ')}`);
  assert.ok(classes.has('lib.Lib'), `lib.Lib (from lib/lib.jar) missing: ${[...classes].join(', ')}`);
});

// `komorium run -jar JAR`, as `java -jar JAR`: the manifest's Main-Class runs, the jar (and its
// Class-Path) is the class path; a jar without a Main-Class or a missing jar gets java's words.
for (const engine of [['--engine', 'interpreter', '--no-profile'], ['--engine', 'jvm', '--instrument', 'app']]) {
  test(`komorium run ${engine.join(' ')} -jar app.jar: the same output as java -jar`, () => {
    const java = runJava(['-jar', 'app.jar'], { cwd: w });
    assert.equal(java.status, 0, java.stderr);
    const out = join(w, `jar-${engine[1]}.json`);
    const r = runCli(['run', ...engine, '-o', out, '-jar', 'app.jar'], { cwd: w });
    assert.equal(r.stdout, java.stdout, r.stderr);
    assert.equal(r.status, 0, r.stderr);
  });
}

test('komorium run -jar: a jar without Main-Class, a missing jar', () => {
  const java = runJava(['-jar', 'lib/lib.jar'], { cwd: w });
  assert.match(java.stderr, /no main manifest attribute, in lib\/lib.jar/);
  const r = runCli(['run', '--engine', 'interpreter', '-jar', 'lib/lib.jar'], { cwd: w });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no main manifest attribute, in lib\/lib.jar/);
  const m = runCli(['run', '-jar', 'none.jar'], { cwd: w });
  assert.equal(m.status, 2);
  assert.match(m.stderr, /Unable to access jarfile none.jar/);
});

// java -jar starts a Launcher-Agent-Class before main; komorium runs no agents and says so.
test('komorium run -jar: a Launcher-Agent-Class is named in a warning, and main runs', () => {
  writeFileSync(join(w, 'agent.mf'), 'Main-Class: app.Main\nLauncher-Agent-Class: app.Agent\nClass-Path: lib/lib.jar lib/mr.jar lib/modlib.jar lib/signed.jar\n');
  execFileSync(join(javaHome(), 'bin', 'jar'), ['--create', '--file', 'agent.jar', '--manifest', 'agent.mf', '-C', 'classes', '.'], { cwd: w, stdio: 'pipe' });
  const java = runJava(['-cp', 'app.jar', 'app.Main'], { cwd: w });
  for (const engine of [['--engine', 'interpreter', '--no-profile'], ['--engine', 'jvm', '--instrument', 'app']]) {
    const r = runCli(['run', ...engine, '-o', join(w, 'agent.json'), '-jar', 'agent.jar'], { cwd: w });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /agent\.jar's Launcher-Agent-Class app\.Agent is not started/);
    assert.equal(r.stdout, java.stdout.replace('class path app.jar', 'class path agent.jar'));
  }
});
