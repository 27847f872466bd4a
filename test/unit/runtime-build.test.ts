import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, appendFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRuntime, runtimeSourceDir, runtimeSourceHash, runtimeSources, RuntimeBuildError } from '../../server/src/runtime/build';
import { freshDir } from './runtime-fixtures';

test('runtime sources are found next to the repository and hashed stably', () => {
  const dir = runtimeSourceDir();
  const files = runtimeSources(dir).map((f) => f.slice(dir.length + 1).replace(/\\/g, '/'));
  for (const f of ['komorium/rt/TC.java', 'komorium/rt/MID.java', 'komorium/rt/MIDImpl.java', 'komorium/rt/SamplingProfiler.java', 'komorium/rt/DefaultAgent.java']) {
    assert.ok(files.includes(f), `${f} in ${files.join(', ')}`);
  }
  assert.equal(runtimeSourceHash(dir), runtimeSourceHash(dir));
  assert.match(runtimeSourceHash(dir), /^[0-9a-f]{64}$/);
});

test('buildRuntime compiles Java 8 class files once and reuses them while the sources are unchanged', () => {
  const out = freshDir('komorium-rtbuild-');
  const first = buildRuntime(out);
  assert.equal(first.compiled, true);
  assert.equal(first.release, '8');
  const tc = readFileSync(join(first.classesDir, 'komorium', 'rt', 'TC.class'));
  assert.equal(tc.readUInt32BE(0), 0xcafebabe);
  assert.equal(tc.readUInt16BE(6), 52, 'class file major version 52 (Java 8)');
  for (const c of ['MID', 'MIDImpl', 'SamplingProfiler', 'DefaultAgent', 'InvocationNode', 'Contexts', 'ProfileWriter']) {
    assert.ok(existsSync(join(first.classesDir, 'komorium', 'rt', `${c}.class`)), c);
  }
  const second = buildRuntime(out);
  assert.equal(second.compiled, false);
  assert.equal(second.classesDir, first.classesDir);
  assert.equal(second.hash, first.hash);
});

test('a changed source gets a new build directory; a broken one a RuntimeBuildError with javac output', () => {
  const src = freshDir('komorium-rtsrc-');
  cpSync(runtimeSourceDir(), src, { recursive: true });
  const h0 = runtimeSourceHash(src);
  appendFileSync(join(src, 'komorium', 'rt', 'MID.java'), '\n// changed\n');
  const h1 = runtimeSourceHash(src);
  assert.notEqual(h1, h0);
  // The hash is remembered within the process: a change of the same size (a later mtime) is seen too.
  const mid = join(src, 'komorium', 'rt', 'MID.java');
  writeFileSync(mid, readFileSync(mid, 'utf8').replace('// changed', '// chaNged'));
  utimesSync(mid, new Date(), new Date(Date.now() + 5000));
  assert.notEqual(runtimeSourceHash(src), h1);

  // A small source set with a syntax error (compiling the whole runtime again is slow).
  const broken = freshDir('komorium-rtsrc-');
  mkdirSync(join(broken, 'komorium', 'rt'), { recursive: true });
  writeFileSync(join(broken, 'komorium', 'rt', 'Broken.java'), 'package komorium.rt;\nclass Broken { int x = ; }\n');
  const out = freshDir('komorium-rtbuild-');
  assert.throws(
    () => buildRuntime(out, { sourceDir: broken }),
    (e: unknown) => e instanceof RuntimeBuildError && /Broken\.java/.test(e.message) && /javac failed/.test(e.message),
  );
  assert.throws(() => buildRuntime(out, { sourceDir: join(src, 'nope') }), RuntimeBuildError);
  assert.throws(() => buildRuntime(out, { javac: join(src, 'no-such-javac') }), RuntimeBuildError);
});
