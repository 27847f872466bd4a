// Jars on the embedded JVM's class path (the JDK's own zip and jar code runs: ZipFile,
// JarFile, URLClassPath, signature verification): a jar whose manifest's Class-Path names the
// others, a multi-release jar (META-INF/versions/17), a signed jar, a jar holding
// module-info.class, resources from a jar, and `dir/*` wildcards (expanded as java's launcher
// does, in directory order, with java.class.path spelled as the user gave it). Each run must
// print exactly what HotSpot prints; a profiled run must also count the program's classes
// loaded from a jar.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, runCli, runJava, tempDir } from '../helpers/java';

const SRC = join(REPO, 'test', 'java', 'jars');

function tool(name: string, args: string[], cwd: string): void {
  execFileSync(join(javaHome(), 'bin', name), args, { cwd, stdio: 'pipe' });
}

/** Builds the jars into a fresh directory: lib/*.jar, app.jar, and the app's classes in classes/. */
function buildJars(): string {
  const w = tempDir('jars');
  const javac = (out: string, srcs: string[], extra: string[] = []): void => tool('javac', ['-d', join(w, out), ...extra, ...srcs], w);
  javac('c/lib', javaFiles(join(SRC, 'lib')));
  javac('c/mr', javaFiles(join(SRC, 'mr')));
  javac('c/mr17', javaFiles(join(SRC, 'mr17')), ['--release', '17']);
  javac('c/modlib', javaFiles(join(SRC, 'modlib')));
  javac('c/signed', javaFiles(join(SRC, 'signed')));
  javac('classes', javaFiles(join(SRC, 'app')), ['-g', '-cp', ['lib', 'mr', 'modlib', 'signed'].map((d) => join(w, 'c', d)).join(':')]);
  cpSync(join(SRC, 'app', 'app', 'data.txt'), join(w, 'classes', 'app', 'data.txt'));
  mkdirSync(join(w, 'lib'));
  writeFileSync(join(w, 'lib.mf'), 'Implementation-Title: lib-title\n');
  tool('jar', ['--create', '--file', 'lib/lib.jar', '--manifest', 'lib.mf', '-C', 'c/lib', '.'], w);
  tool('jar', ['--create', '--file', 'lib/mr.jar', '-C', 'c/mr', '.', '--release', '17', '-C', 'c/mr17', '.'], w);
  tool('jar', ['--create', '--file', 'lib/modlib.jar', '-C', 'c/modlib', '.'], w);
  tool('jar', ['--create', '--file', 'lib/signed.jar', '-C', 'c/signed', '.'], w);
  tool('keytool', ['-genkeypair', '-keystore', 'ks.p12', '-storepass', 'secret', '-keypass', 'secret', '-alias', 'k', '-keyalg', 'EC', '-groupname', 'secp256r1', '-dname', 'CN=komorium-test', '-validity', '3650'], w);
  tool('jarsigner', ['-keystore', 'ks.p12', '-storepass', 'secret', 'lib/signed.jar', 'k'], w);
  writeFileSync(join(w, 'app.mf'), 'Class-Path: lib/lib.jar lib/mr.jar lib/modlib.jar lib/signed.jar\n');
  tool('jar', ['--create', '--file', 'app.jar', '--manifest', 'app.mf', '-C', 'classes', '.'], w);
  return w;
}

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
  const r = runCli(['run', '--instrument', 'app', '-o', out, '-cp', 'app.jar', 'app.Main'], { cwd: w });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, java.stdout);
  const p = JSON.parse(readFileSync(out, 'utf8')) as { methods: [string, string, string, string][] };
  const classes = new Set(p.methods.map((m) => m[0]));
  assert.ok(classes.has('app.Main'), `profile methods: ${[...classes].join(', ')}`);
  assert.ok(classes.has('lib.Lib'), `lib.Lib (from lib/lib.jar) missing: ${[...classes].join(', ')}`);
});
