// `komorium disasm` end to end: spawns bin/komorium.mjs (TypeScript sources) on class files,
// jar entries, class names on --cp and in the JDK; errors for missing and malformed targets.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { disassemble } from '../../server/src/disasm/index';
import { compileJava, execFileSync, javaHome, REPO, runCli, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'disasm'));
const jar = join(tempDir('disasm-jar'), 'dis.jar');
execFileSync(join(javaHome(), 'bin', 'jar'), ['cf', jar, '-C', classes, '.'], { stdio: 'pipe' });

test('disasm <file.class> prints the same listing as the library, with the Classfile line', () => {
  const file = join(classes, 'dis', 'Switches.class');
  const r = runCli(['disasm', file]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, disassemble(readClass(readFileSync(file), file), { source: file }));
  assert.match(r.stdout, /^Classfile .*Switches\.class$/m);
  assert.match(r.stdout, /^public class dis\.Switches$/m);
  assert.match(r.stdout, /tableswitch +\{ \/\/ 0 to 5/);
  assert.doesNotMatch(r.stdout, /Constant pool:/);
});

test('disasm jar!entry, and two class names on a jar --cp with -v', () => {
  const a = runCli(['disasm', `${jar}!dis/Wide.class`]);
  assert.equal(a.status, 0, a.stderr);
  assert.match(a.stdout, /^Classfile .*dis\.jar!dis\/Wide\.class$/m);
  assert.match(a.stdout, /iinc_w +\d+, 1000/);

  const c = runCli(['disasm', '-v', '--cp', jar, 'dis/Nested$Point', 'dis.Lambdas']);
  assert.equal(c.status, 0, c.stderr);
  assert.match(c.stdout, /^final class dis\.Nested\$Point extends java\.lang\.Record$/m);
  assert.match(c.stdout, /^Constant pool:$/m);
  assert.match(c.stdout, /= InvokeDynamic +#\d+:#\d+ +\/\/ #\d+:makeConcatWithConstants:/);
  assert.equal(c.stdout.match(/^Classfile /gm)?.length, 2);
});

test('disasm java.lang.String finds the class in the JDK given by --jdk', () => {
  {
    const r = runCli(['disasm', '--jdk', javaHome(), 'java.lang.String']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Classfile jrt:\/java\.base\/java\/lang\/String\.class$/m);
    assert.match(r.stdout, /^public final class java\.lang\.String extends java\.lang\.Object implements java\.io\.Serializable, java\.lang\.Comparable<java\.lang\.String>/m);
    assert.match(r.stdout, /invokevirtual #\d+ +\/\/ Method isLatin1:\(\)Z/);
  }
});

test('a missing target exits 1 and names it', () => {
  const a = runCli(['disasm', '/no/such/dir/Foo.class']);
  assert.equal(a.status, 1);
  assert.match(a.stderr, /\/no\/such\/dir\/Foo\.class.*no such file/);
  const b = runCli(['disasm', 'no.such.Klass', '--cp', classes]);
  assert.equal(b.status, 1);
  assert.match(b.stderr, /no\.such\.Klass.*not found/);
  const c = runCli(['disasm', `${jar}!dis/Missing.class`]);
  assert.equal(c.status, 1);
  assert.match(c.stderr, /dis\/Missing\.class/);
});

test('a malformed class exits 1 with a ClassFormatError naming the file and offset', () => {
  const dir = tempDir('disasm-bad');
  const bad = join(dir, 'Truncated.class');
  writeFileSync(bad, readFileSync(join(classes, 'dis', 'Wide.class')).subarray(0, 200));
  const a = runCli(['disasm', bad]);
  assert.equal(a.status, 1);
  assert.match(a.stderr, /ClassFormatError: .*Truncated\.class: at offset \d+/);
  const notClass = join(dir, 'Text.class');
  writeFileSync(notClass, 'hello, world');
  const b = runCli(['disasm', notClass]);
  assert.equal(b.status, 1);
  assert.match(b.stderr, /Text\.class: at offset 0: expected magic 0xCAFEBABE/);
});

test('a missing target argument is a usage error (exit 2)', () => {
  const a = runCli(['disasm']);
  assert.equal(a.status, 2);
  assert.match(a.stderr, /missing target/);

});
