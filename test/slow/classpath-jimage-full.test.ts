// Slow, exhaustive jimage checks: every resource of the JDK image against `jimage extract`,
// and images that jlink compresses (zip: read back against the tool; compact-cp: a clear error).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage } from '../../server/src/classpath/jimage';
import { JImageFormatError } from '../../server/src/classpath/errors';
import { listFiles, tempDir } from '../unit/classpath-fixtures';

const jdk = findJavaHome();
const tool = (name: string): string => join(jdk.home, 'bin', name);
const tmp = tempDir('jimage-slow');
after(() => tmp.cleanup());

/** Every resource of `modulesPath` equals what `jimage extract` writes for it. */
function compareWithExtract(modulesPath: string, dir: string): number {
  execFileSync(tool('jimage'), ['extract', '--dir', dir, modulesPath], { stdio: 'pipe' });
  const img = JImage.open(modulesPath);
  try {
    const files = listFiles(dir);
    assert.deepEqual(files, img.entries().map((n) => n.slice(1)).sort());
    for (const f of files) {
      const mine = img.find(`/${f}`);
      assert.ok(mine !== undefined && Buffer.from(mine).equals(readFileSync(join(dir, f))), f);
    }
    return files.length;
  } finally {
    img.close();
  }
}

test('every resource of the JDK image equals `jimage extract`', () => {
  const n = compareWithExtract(jdk.modulesPath, join(tmp.dir, 'all'));
  assert.ok(n > 20000, `${n} resources`);
});

test('a zip-compressed image (jlink --compress=2) reads back equal to `jimage extract`', () => {
  const out = join(tmp.dir, 'zip-image');
  execFileSync(tool('jlink'), ['--add-modules', 'java.base', '--compress=2', '--output', out], { stdio: 'pipe' });
  const modules = join(out, 'lib', 'modules');
  const img = JImage.open(modules);
  const compressed = [...img.locations()].filter((l) => l.compressedSize !== 0).length;
  img.close();
  assert.ok(compressed > 1000, `${compressed} compressed resources`);
  compareWithExtract(modules, join(tmp.dir, 'zip-extract'));
});

test('a string-sharing image (jlink --compress=1) gives a typed error naming the compressor', () => {
  const out = join(tmp.dir, 'cp-image');
  execFileSync(tool('jlink'), ['--add-modules', 'java.base', '--compress=1', '--output', out], { stdio: 'pipe' });
  const img = JImage.open(join(out, 'lib', 'modules'));
  try {
    assert.throws(
      () => img.findClass('java/lang/String'),
      (e: unknown) =>
        e instanceof JImageFormatError &&
        /compressed jimage resource \/java\.base\/java\/lang\/String\.class \(compressor compact-cp\) is not supported/.test(e.message),
    );
  } finally {
    img.close();
  }
});
