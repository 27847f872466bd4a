import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, runCli, tempDir, REPO } from '../helpers/java';
import { writeZip } from '../helpers/zip';

const SUMMARY = /^roundtrip: (\d+) classes, (\d+) identical, (\d+) re-encoded identical, (\d+) failed$/m;

test('roundtrip over compiled test programs and a JDK module: all identical, none failed', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cli'));
  const r = runCli(['roundtrip', '--module', 'jdk.zipfs', classes]);
  assert.equal(r.status, 0, r.stderr);
  const m = SUMMARY.exec(r.stdout);
  assert.ok(m, `no summary line in: ${r.stdout}`);
  const [, n, ident, re, failed] = m.map(Number);
  assert.ok(n! > 40, `only ${n} classes`);
  assert.equal(ident, n);
  assert.equal(failed, 0);
  assert.ok(re! <= ident!);
  // The summary is the last line.
  assert.match(r.stdout.trimEnd().split('\n').at(-1)!, SUMMARY);
});

test('roundtrip reports a malformed class file by name and exits non-zero', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cli'));
  const dir = tempDir('rt-bad');
  copyFileSync(join(classes, 'demo', 'Demo.class'), join(dir, 'Good.class'));
  const bytes = readFileSync(join(classes, 'demo', 'Demo.class'));
  writeFileSync(join(dir, 'Truncated.class'), bytes.subarray(0, 100));
  const r = runCli(['roundtrip', dir]);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /roundtrip: 2 classes, 1 identical, \d re-encoded identical, 1 failed/);
  assert.match(r.stderr, /FAILED .*Truncated\.class: ClassFormatError: .*offset/);
});

test('roundtrip: unknown module and missing path are usage errors', () => {
  const a = runCli(['roundtrip', '--module', 'no.such.module']);
  assert.equal(a.status, 2);
  assert.match(a.stderr, /module 'no\.such\.module' is not in/);
  const b = runCli(['roundtrip', '/no/such/dir']);
  assert.equal(b.status, 2);
  assert.match(b.stderr, /no such file or directory/);
});

test('roundtrip in worker threads (--jobs 2) counts and reports failures as on one thread', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cli'));
  const dir = tempDir('rt-jobs');
  const bytes = readFileSync(join(classes, 'demo', 'Demo.class'));
  writeFileSync(join(dir, 'BadMagic.class'), Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbf]), bytes.subarray(4)]));
  const one = runCli(['roundtrip', '--jobs', '1', '--module', 'java.management', dir]);
  const two = runCli(['roundtrip', '--jobs', '2', '--module', 'java.management', dir]);
  assert.equal(one.status, 1, one.stderr);
  assert.equal(two.status, 1, two.stderr);
  const m = SUMMARY.exec(two.stdout);
  assert.ok(m, `no summary line in: ${two.stdout}`);
  assert.ok(Number(m[1]) > 400, `only ${m[1]} classes: below the parallel threshold`);
  assert.equal(Number(m[4]), 1);
  assert.equal(two.stdout, one.stdout);
  assert.match(two.stderr, /FAILED .*BadMagic\.class: ClassFormatError/);
  const failures = (s: string): string[] => s.split('\n').filter((l) => l.startsWith('FAILED'));
  assert.deepEqual(failures(two.stderr), failures(one.stderr));
});

test('roundtrip on a jar with a ../../evil.class entry reports that entry as failed and goes on', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cli'));
  const dir = tempDir('rt-evil');
  const demo = readFileSync(join(classes, 'demo', 'Demo.class'));
  const jar = join(dir, 'evil.jar');
  writeZip(jar, [
    { name: '../../evil.class', data: demo },
    { name: 'demo/Demo.class', data: demo },
    { name: '/abs/Root.class', data: demo, method: 0 },
  ]);
  const r = runCli(['roundtrip', jar]);
  assert.equal(r.status, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /TypeError/);
  assert.match(r.stdout, /roundtrip: 3 classes, 1 identical, \d re-encoded identical, 2 failed/);
  assert.match(r.stderr, /FAILED .*evil\.jar!\.\.\/\.\.\/evil\.class: ClassPathError: .*evil\.jar: entry "\.\.\/\.\.\/evil\.class": not a plain relative path/);
  assert.match(r.stderr, /FAILED .*evil\.jar!\/abs\/Root\.class: ClassPathError: .*not a plain relative path/);
});
