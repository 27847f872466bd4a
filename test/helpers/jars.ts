// The jars of test/java/jars, built for a test: lib/lib.jar (with an Implementation-Title),
// lib/mr.jar (multi-release, META-INF/versions/17), lib/modlib.jar (module-info.class),
// lib/signed.jar (signed with a fresh EC key), app.jar (its manifest names app.Main as
// Main-Class, and its Class-Path the four), and the app's classes in classes/.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir } from './java';

const SRC = join(REPO, 'test', 'java', 'jars');

function tool(name: string, args: string[], cwd: string): void {
  execFileSync(join(javaHome(), 'bin', name), args, { cwd, stdio: 'pipe' });
}

/** Builds the jars into a fresh directory: lib/*.jar, app.jar, and the app's classes in classes/. */
export function buildJars(): string {
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
  writeFileSync(join(w, 'app.mf'), 'Main-Class: app.Main\nClass-Path: lib/lib.jar lib/mr.jar lib/modlib.jar lib/signed.jar\n');
  tool('jar', ['--create', '--file', 'app.jar', '--manifest', 'app.mf', '-C', 'classes', '.'], w);
  return w;
}

