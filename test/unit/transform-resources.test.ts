// HotSpot engine runs: resources come from the original class path entries, in their order
// (they are no longer copied), and the transformation cache is not poisoned by a misnamed class.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, runCli, runJava, tempDir, REPO } from '../helpers/java';
import { writeZip } from '../helpers/zip';
import { cacheRoot } from '../../server/src/engine/cache';

// A transformation cache of this test's own; the runtime and the reflection patch (built once
// per JDK, slow to build) are shared with the usual cache.
const shared = cacheRoot();
const own = tempDir('res-cache');
for (const d of ['runtime', 'patch']) {
  mkdirSync(join(shared, d), { recursive: true });
  symlinkSync(join(shared, d), join(own, d));
}
process.env.KOMORIUM_CACHE = own;

test('--engine jvm: resources of a directory and a jar are found in class path order, as on java', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cache-res'));
  const dir = tempDir('res-cp');
  const first = join(dir, 'first');
  mkdirSync(join(first, 'res'), { recursive: true });
  writeFileSync(join(first, 'res', 'first.txt'), 'from the directory\n');
  const jar = join(dir, 'app.jar');
  writeZip(jar, [
    { name: 'res/ResMain.class', data: readFileSync(join(classes, 'res', 'ResMain.class')) },
    { name: 'res/first.txt', data: Buffer.from('from the jar\n') },
    { name: 'res/only-jar.txt', data: Buffer.from('only in the jar\n'), method: 0 },
  ]);
  const cp = `${first}:${jar}`;
  const expected = runJava(['-cp', cp, 'res.ResMain']);
  assert.equal(expected.status, 0, expected.stderr);
  assert.match(expected.stdout, /first\.txt: from the directory\n.*only-jar\.txt: only in the jar\n.*none\.txt: missing\n/s);
  const prof = join(dir, 'p.json');
  const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', prof, '-cp', cp, 'res.ResMain']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, expected.stdout);
  assert.ok(existsSync(prof), 'the profile was written');
  assert.match(readFileSync(prof, 'utf8'), /res\/ResMain|res\.ResMain/);
});

test('--engine jvm: after a run of misnamed/Foo.class holding Hello, the real Hello is still profiled', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'cache'));
  const hello = readFileSync(join(classes, 'Hello.class'));
  const dir = tempDir('res-misnamed');
  mkdirSync(join(dir, 'bad', 'misnamed'), { recursive: true });
  writeFileSync(join(dir, 'bad', 'misnamed', 'Foo.class'), hello);
  const bad = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', join(dir, 'bad.json'), '-cp', join(dir, 'bad'), 'misnamed.Foo']);
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /NoClassDefFoundError: misnamed\/Foo \(wrong name: Hello\)/);
  const prof = join(dir, 'good.json');
  const good = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', prof, '-cp', classes, 'Hello']);
  assert.equal(good.status, 0, good.stderr);
  assert.equal(good.stdout, runJava(['-cp', classes, 'Hello']).stdout);
  assert.ok(existsSync(prof), `no profile was written: ${good.stderr}`);
  assert.match(readFileSync(prof, 'utf8'), /Hello/);
});
