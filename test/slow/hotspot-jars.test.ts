// The HotSpot engine runs the jars of test/java/jars as plain java does: an application jar
// whose manifest Class-Path names the others, a multi-release jar (META-INF/versions/17), a
// signed jar (the loader verifies the original bytes, then the transformed ones are defined; the
// signers stay) and a jar holding module-info.class; the program's classes from the jar are the
// transformed ones (sampled). Slow: it compiles, jars and signs (keytool, jarsigner).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, runCli, runJava, tempDir } from '../helpers/java';

const JARS = join(REPO, 'test', 'java', 'jars');

function tool(name: string, args: string[], cwd: string): void {
  execFileSync(join(javaHome(), 'bin', name), args, { cwd, stdio: 'pipe' });
}

test('HotSpot engine: jars with a manifest Class-Path, multi-release, signed and module-info jars run as on plain java', () => {
  const j = tempDir('hs-jars');
  const javac = (out: string, srcs: string[], extra: string[] = []): void => tool('javac', ['-d', join(j, out), ...extra, ...srcs], j);
  javac('c/modlib', javaFiles(join(JARS, 'modlib')));
  javac('c/mr17', javaFiles(join(JARS, 'mr17')), ['--release', '17']);
  javac('c/all', ['app', 'lib', 'mr', 'signed'].flatMap((d) => javaFiles(join(JARS, d))), ['-g', '-cp', join(j, 'c', 'modlib')]);
  cpSync(join(JARS, 'app', 'app', 'data.txt'), join(j, 'c', 'all', 'app', 'data.txt'));
  mkdirSync(join(j, 'lib'));
  tool('jar', ['--create', '--file', 'lib/lib.jar', '-C', 'c/all', 'lib'], j);
  tool('jar', ['--create', '--file', 'lib/mr.jar', '-C', 'c/all', 'mr', '--release', '17', '-C', 'c/mr17', '.'], j);
  tool('jar', ['--create', '--file', 'lib/modlib.jar', '-C', 'c/modlib', '.'], j);
  tool('jar', ['--create', '--file', 'lib/signed.jar', '-C', 'c/all', 'signed'], j);
  tool('keytool', ['-genkeypair', '-keystore', 'ks.p12', '-storepass', 'secret', '-keypass', 'secret', '-alias', 'k', '-keyalg', 'EC', '-groupname', 'secp256r1', '-dname', 'CN=komorium-test', '-validity', '3650'], j);
  tool('jarsigner', ['-keystore', 'ks.p12', '-storepass', 'secret', 'lib/signed.jar', 'k'], j);
  writeFileSync(join(j, 'app.mf'), 'Class-Path: lib/lib.jar lib/mr.jar lib/modlib.jar lib/signed.jar\n');
  tool('jar', ['--create', '--file', 'app.jar', '--manifest', 'app.mf', '-C', 'c/all', 'app'], j);
  const java = runJava(['-cp', 'app.jar', 'app.Main'], { cwd: j });
  assert.equal(java.status, 0, java.stderr);
  const r = runCli(['run', '--engine', 'jvm', '--granularity', '1000', '-o', join(j, 'p.json'), '-cp', 'app.jar', 'app.Main'], { cwd: j });
  assert.equal(r.stdout, java.stdout);
  assert.equal(r.status, 0, r.stderr);
  const profile = JSON.parse(readFileSync(join(j, 'p.json'), 'utf8')) as { methods: [string, string][] };
  assert.ok(profile.methods.some(([c, m]) => c === 'app.Main' && m === 'main'), 'app.Main.main was not sampled');
});
