// The transformation caches (driver.ts for the HotSpot engine and `transform`, interp-transform.ts
// for the embedded engine): keyed by everything the output depends on, validated on read.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { findJavaHome } from '../../server/src/classpath/index';
import { readClass } from '../../server/src/classfile/reader';
import { transformClassPath } from '../../server/src/transform/driver';
import { makeInterpTransformer } from '../../server/src/engine/interp-transform';
import { decodeCacheEntry, encodeCacheEntry, writeCacheEntry, cacheEntryPath } from '../../server/src/transform/cache-store';

const jdk = findJavaHome();
const classes = compileJava(join(REPO, 'test', 'java', 'cache'));
const hello = readFileSync(join(classes, 'Hello.class'));

/** A class directory holding `bytes` at `path`. */
function dirWith(path: string, bytes: Uint8Array): string {
  const dir = tempDir('cache-cp');
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), bytes);
  return dir;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

const real = dirWith('Hello.class', hello);
const misnamed = dirWith('misnamed/Foo.class', hello);

test('driver: a misnamed class file (misnamed/Foo.class holding Hello) does not poison the real Hello', () => {
  const cache = tempDir('cache-drv');
  const a = transformClassPath({ classpath: [misnamed], outDir: tempDir('cache-out'), jdk, cacheDir: cache });
  assert.equal(a.reports.find((r) => r.className === 'Hello')?.instrumented, false, 'Hello is not a class of that class path');
  for (let run = 0; run < 2; run++) {
    const out = tempDir('cache-out');
    const b = transformClassPath({ classpath: [real], outDir: out, jdk, cacheDir: cache });
    assert.equal(b.reports.find((r) => r.className === 'Hello')?.instrumented, true, `run ${run}: the real Hello is instrumented`);
    assert.equal(b.reused, run, `run ${run}: reused from the cache only once its own entry exists`);
    assert.ok(!readFileSync(join(out, 'Hello.class')).equals(hello), 'the output is transformed');
  }
});

test('driver: an output directory inside the class-path directory (transform -cp . -d out, run again) is not read as input', () => {
  const dir = dirWith('Hello.class', hello);
  const out = join(dir, 'out');
  const first = transformClassPath({ classpath: [dir], outDir: out, jdk });
  const again = transformClassPath({ classpath: [dir], outDir: out, jdk });
  assert.equal(again.classes, first.classes, 'the same classes as the first run');
  assert.deepEqual(filesUnder(out).filter((f) => f.includes(join('out', 'out'))), [], 'no copy of the output inside the output');
});

test('driver: truncated or corrupt cache entries are detected on read and rebuilt', () => {
  const cache = tempDir('cache-drv2');
  const first = tempDir('cache-out');
  transformClassPath({ classpath: [real], outDir: first, jdk, cacheDir: cache });
  const good = readFileSync(join(first, 'Hello.class'));
  const damage: [string, (f: string) => void][] = [
    ['truncated', (f) => truncateSync(f, Math.floor(statSync(f).size / 2))],
    ['one byte flipped', (f) => {
      const b = readFileSync(f);
      b[b.length - 40] = b[b.length - 40]! ^ 0x55;
      writeFileSync(f, b);
    }],
    ['emptied', (f) => truncateSync(f, 0)],
  ];
  for (const [what, hurt] of damage) {
    const files = filesUnder(cache);
    assert.ok(files.length > 0);
    for (const f of files) hurt(f);
    const out = tempDir('cache-out');
    const r = transformClassPath({ classpath: [real], outDir: out, jdk, cacheDir: cache });
    assert.equal(r.reused, 0, `${what}: a damaged entry is not used`);
    assert.equal(r.failed.length, 0);
    assert.ok(readFileSync(join(out, 'Hello.class')).equals(good), `${what}: rebuilt output equals the first`);
    readClass(readFileSync(join(out, 'Hello.class')));
    const again = transformClassPath({ classpath: [real], outDir: tempDir('cache-out'), jdk, cacheDir: cache });
    assert.equal(again.reused, 1, `${what}: the rebuilt entry is used next time`);
  }
});

test('embedded engine: a misnamed class file does not poison the real Hello, damaged entries are rebuilt', () => {
  const cache = tempDir('cache-interp');
  const a = makeInterpTransformer({ jdk, classpath: [misnamed], instrument: 'app', cacheDir: cache });
  a.hook('misnamed/Foo', hello, false);
  a.close();
  const b = makeInterpTransformer({ jdk, classpath: [real], instrument: 'app', cacheDir: cache });
  const out = b.hook('Hello', hello, false);
  b.close();
  assert.equal(b.stats.reused, 0, 'not taken from the misnamed run');
  assert.equal(b.stats.transformed, 1);
  assert.ok(!Buffer.from(out).equals(hello), 'Hello is transformed');
  for (const f of filesUnder(cache)) truncateSync(f, Math.floor(statSync(f).size / 2));
  const c = makeInterpTransformer({ jdk, classpath: [real], instrument: 'app', cacheDir: cache });
  const again = c.hook('Hello', hello, false);
  c.close();
  assert.equal(c.stats.reused, 0, 'a truncated entry is not used');
  assert.ok(Buffer.from(again).equals(Buffer.from(out)));
  readClass(again);
});

test('cache entries: only a complete, intact entry written for the same key reads back', () => {
  const key = 'ab'.repeat(32);
  const other = 'cd'.repeat(32);
  const data = Buffer.from('class bytes');
  const e = encodeCacheEntry(key, data, '{"m":1}');
  assert.deepEqual(decodeCacheEntry(e, key), { meta: '{"m":1}', data });
  assert.equal(decodeCacheEntry(e, other), undefined, 'filed under another key');
  for (let n = 0; n < e.length; n++) assert.equal(decodeCacheEntry(e.subarray(0, n), key), undefined, `truncated to ${n}`);
  for (let i = 0; i < e.length; i++) {
    const b = Buffer.from(e);
    b[i] = b[i]! ^ 1;
    assert.equal(decodeCacheEntry(b, key), undefined, `byte ${i} flipped`);
  }
  // Writers go through a temporary file and a rename: nothing else is left in the directory.
  const dir = tempDir('cache-store');
  for (let i = 0; i < 20; i++) writeCacheEntry(dir, key, Buffer.alloc(1000, i));
  assert.deepEqual(filesUnder(dir), [cacheEntryPath(dir, key)]);
});
