// The jimage reader against the JDK's own `jimage` tool (list and extract), plus images made to
// order by the test writer for byte order, compression and corrupt tables.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage, isTreeEntry } from '../../server/src/classpath/jimage';
import { ClassPath } from '../../server/src/classpath/classpath';
import { JImageFormatError } from '../../server/src/classpath/errors';
import { jimageHash } from '../../server/src/classpath/mutf8';
import { listFiles, makeJImage, tempDir, type MiniResource } from './classpath-fixtures';

const jdk = findJavaHome();
let img: JImage;
const tmp = tempDir('jimage');

before(() => {
  img = JImage.open(jdk.modulesPath);
});
after(() => {
  img.close();
  tmp.cleanup();
});

/** `jimage list` output parsed into module → entry names (in the tool's order). */
function jimageList(path: string): Map<string, string[]> {
  const out = execFileSync(join(jdk.home, 'bin', 'jimage'), ['list', path], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const map = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of out.split('\n')) {
    const m = /^Module: (.+)$/.exec(line);
    if (m) map.set(m[1]!, (current = []));
    else if (line.startsWith('    ')) {
      assert.ok(current, `entry before any module header: ${line}`);
      current.push(line.slice(4));
    }
  }
  return map;
}

test('listing equals `jimage list`: java.base exactly and in order, every module entry for entry', () => {
  const oracle = jimageList(jdk.modulesPath);
  const base = oracle.get('java.base');
  assert.ok(base && base.length > 5000, 'jimage list shows java.base');
  assert.deepEqual(
    img.entries('java.base').map((n) => n.slice('/java.base/'.length)),
    base,
  );
  assert.deepEqual(img.modules(), [...oracle.keys()].sort());
  let total = 0;
  for (const [module, names] of oracle) {
    const mine = img.entries(module).map((n) => n.slice(module.length + 2));
    assert.deepEqual(mine, names, `module ${module}`);
    total += names.length;
  }
  const all = img.entries();
  assert.equal(all.length, total);
  // Resources plus the /modules and /packages tree make up every location of the image.
  const treeCount = [...img.locations()].filter((l) => isTreeEntry(l.name)).length;
  assert.equal(total + treeCount, img.header.resourceCount);
});

test('bytes equal `jimage extract` for java.lang, java.util and jdk.zipfs (several hundred resources)', () => {
  const dir = join(tmp.dir, 'extract');
  const include = 'regex:/java\\.base/java/(lang|util)/[^/]*\\.class,regex:/jdk\\.zipfs/.*';
  execFileSync(join(jdk.home, 'bin', 'jimage'), ['extract', '--dir', dir, '--include', include, jdk.modulesPath], { stdio: 'pipe' });
  const files = listFiles(dir);
  assert.ok(files.length > 500, `extracted ${files.length} files`);
  const expected = img
    .entries()
    .filter((n) => /^\/java\.base\/java\/(lang|util)\/[^/]*\.class$/.test(n) || n.startsWith('/jdk.zipfs/'))
    .map((n) => n.slice(1));
  assert.deepEqual(files, expected.sort());
  for (const f of files) {
    const mine = img.find(`/${f}`);
    assert.ok(mine, `found /${f}`);
    assert.ok(Buffer.from(mine).equals(readFileSync(join(dir, f))), `bytes of /${f}`);
  }
});

test('findClass goes through the package map to the right module', () => {
  const s = img.findClass('java/lang/String');
  assert.equal(s?.module, 'java.base');
  assert.deepEqual(s?.bytes, img.find('/java.base/java/lang/String.class'));
  assert.equal(img.findClass('javax/xml/parsers/DocumentBuilder')?.module, 'java.xml');
  assert.equal(img.findClass('java/sql/Connection')?.module, 'java.sql');
  // java.lang.management lives in java.management although java.lang is java.base's.
  assert.equal(img.findClass('java/lang/management/ManagementFactory')?.module, 'java.management');
  assert.equal(img.moduleOfPackage('java.util.concurrent'), 'java.base');
  // Class files start with the magic.
  assert.deepEqual([...s!.bytes.subarray(0, 4)], [0xca, 0xfe, 0xba, 0xbe]);
});

test('missing names give undefined, never an exception', () => {
  for (const name of [
    '/java.base/java/lang/NoSuchClass.class',
    '/java.base/java/lang/String',
    '/no.such.module/java/lang/String.class',
    'java/lang/String.class',
    '',
    '/',
    '/java.base/',
    '/java.base/java/lang/Stri\u00dfng.class',
    '/java.base/\u{1F600}.class',
    '/java.base/java/lang/\0.class',
  ]) {
    assert.equal(img.find(name), undefined, JSON.stringify(name));
  }
  for (const c of ['java/lang/NoSuchClass', 'no/such/pkg/X', 'NoPackage', '', 'java/lang/', '/']) {
    assert.equal(img.findClass(c), undefined, JSON.stringify(c));
  }
  assert.deepEqual(img.entries('no.such.module'), []);
});

const sample: MiniResource[] = [
  { name: '/m.one/a/b/C.class', bytes: Buffer.from('cafebabe-C') },
  { name: '/m.one/a/b/D$1.class', bytes: Buffer.from('D inner') },
  { name: '/m.one/a/res.txt', bytes: Buffer.from('hello resource') },
  { name: '/m.one/module-info.class', bytes: Buffer.from('mi') },
  { name: '/m.two/x/Y.class', bytes: Buffer.alloc(3000, 7), compressor: 'zip' },
  { name: '/m.two/x/Empty.class', bytes: Buffer.alloc(0) },
  { name: '/m.two/x/y/z/Deep.class', bytes: Buffer.from('deep') },
];

for (const littleEndian of [true, false]) {
  test(`a made-to-order image in ${littleEndian ? 'little' : 'big'}-endian order reads back`, () => {
    const file = join(tmp.dir, `mini-${littleEndian ? 'le' : 'be'}.jimage`);
    writeFileSync(file, makeJImage(sample, { littleEndian }).bytes);
    const mini = JImage.open(file);
    try {
      assert.equal(mini.header.littleEndian, littleEndian);
      for (const r of sample) assert.deepEqual(Buffer.from(mini.find(r.name)!), Buffer.from(r.bytes), r.name);
      assert.deepEqual(mini.modules(), ['m.one', 'm.two']);
      assert.deepEqual(mini.entries('m.two'), ['/m.two/x/Empty.class', '/m.two/x/Y.class', '/m.two/x/y/z/Deep.class']);
      assert.deepEqual(mini.entries(), sample.map((r) => r.name).sort());
      assert.equal(mini.findClass('a/b/D$1')?.module, 'm.one');
      assert.equal(mini.findClass('x/y/z/Deep')?.module, 'm.two');
      assert.equal(mini.findClass('x/Nope'), undefined);
      assert.equal(mini.findLocation('/m.two/x/Y.class')?.compressedSize !== 0, true);
    } finally {
      mini.close();
    }
  });
}

test('an unsupported compressor is named in a JImageFormatError', () => {
  const file = join(tmp.dir, 'compact.jimage');
  writeFileSync(file, makeJImage([{ name: '/m/p/Q.class', bytes: Buffer.from('qq'), compressor: 'compact-cp' }]).bytes);
  const mini = JImage.open(file);
  try {
    assert.throws(
      () => mini.find('/m/p/Q.class'),
      (e: unknown) => e instanceof JImageFormatError && /compressed jimage resource \/m\/p\/Q\.class \(compressor compact-cp\) is not supported/.test(e.message) && e.file === file,
    );
  } finally {
    mini.close();
  }
});

/** Opens `bytes` as an image and exercises it; returns the error thrown, if any. */
function exercise(name: string, bytes: Uint8Array): unknown {
  const file = join(tmp.dir, name);
  writeFileSync(file, bytes);
  try {
    const m = JImage.open(file);
    try {
      m.modules();
      for (const n of m.entries()) m.find(n);
      for (const r of sample) m.find(r.name);
      m.findClass('a/b/C');
    } finally {
      m.close();
    }
  } catch (e) {
    return e;
  }
  return undefined;
}

function assertTyped(e: unknown, file: string, pattern: RegExp): void {
  assert.ok(e instanceof JImageFormatError, `expected JImageFormatError, got ${String(e)}`);
  assert.ok(e.message.includes(file), `message names the file: ${e.message}`);
  assert.match(e.message, pattern);
}

test('corrupt images give a JImageFormatError naming the file', () => {
  const real = readFileSync(jdk.modulesPath).subarray(0, 4096);
  const mini = makeJImage(sample);
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['empty', new Uint8Array(0), /truncated header/],
    ['short-header', real.subarray(0, 20), /truncated header/],
    ['index-cut', real, /index of \d+ bytes .* exceeds the file size 4096/],
    ['bad-magic', Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe]), mini.bytes.subarray(4)]), /bad magic 0xcafebabe/],
    ['bad-version', patch(mini.bytes, 4, [0, 0, 2, 0]), /unsupported jimage version 2\.0/],
    ['data-cut', mini.bytes.subarray(0, mini.indexSize + 5), /runs past the end of the file/],
    ['location-offset', patchU4(mini.bytes, 28 + 4 * mini.tableLength, 0x7fffff00), /location offset \d+ .* outside/],
    ['string-offset', patch(mini.bytes, mini.locationsStart + 1, [(3 << 3) | 3, 0x7f, 0xff, 0xff, 0xf0]), /string offset|attribute/],
    ['attr-kind', patch(mini.bytes, mini.locationsStart + 1, [0xff]), /invalid location attribute kind 31/],
    ['redirect', patchAll32(mini.bytes, 28, mini.tableLength, 0x7ffffff0 ^ 0xffffffff), /redirect entry .* points to slot/],
  ];
  for (const [name, bytes, pattern] of cases) assertTyped(exercise(name, bytes), name, pattern);
});

test('random corruption of a small image never escapes as anything but JImageFormatError', () => {
  const { bytes, indexSize } = makeJImage(sample);
  let seed = 12345;
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  let failures = 0;
  for (let i = 0; i < 400; i++) {
    const b = Buffer.from(bytes);
    const flips = 1 + rnd(4);
    for (let k = 0; k < flips; k++) b[rnd(indexSize)] = rnd(256);
    const e = exercise('fuzz.jimage', i % 10 === 0 ? b.subarray(0, rnd(b.length)) : b);
    if (e !== undefined) {
      failures++;
      assert.ok(e instanceof JImageFormatError, `case ${i}: ${String((e as Error).stack ?? e)}`);
    }
  }
  assert.ok(failures > 0, 'some corruptions are detected');
});

test('the hash is the FNV-style jimage hash over modified UTF-8', () => {
  // h = (h * 0x01000193) ^ byte from seed 0x01000193, 31 bits: 'a' by hand.
  assert.equal(jimageHash('a'), (Math.imul(0x01000193, 0x01000193) ^ 0x61) & 0x7fffffff);
  // U+0000 hashes as 0xC0 0x80; U+00E9 as its two-byte form.
  const two = (a: number, b: number): number => Math.imul(Math.imul(0x01000193, 0x01000193) ^ a, 0x01000193) ^ b;
  assert.equal(jimageHash('\0'), two(0xc0, 0x80) & 0x7fffffff);
  assert.equal(jimageHash('\u00e9'), two(0xc3, 0xa9) & 0x7fffffff);
});

function patch(b: Uint8Array, at: number, bytes: number[]): Buffer {
  const c = Buffer.from(b);
  bytes.forEach((v, i) => (c[at + i] = v));
  return c;
}
function patchU4(b: Uint8Array, at: number, v: number): Buffer {
  const c = Buffer.from(b);
  c.writeUInt32LE(v >>> 0, at);
  return c;
}
function patchAll32(b: Uint8Array, at: number, count: number, v: number): Buffer {
  const c = Buffer.from(b);
  for (let i = 0; i < count; i++) c.writeInt32LE(v | 0, at + 4 * i);
  return c;
}

test('openShared: one image per file for its holders, closed by the last; class paths share it', () => {
  const a = JImage.openShared(jdk.modulesPath);
  const b = JImage.openShared(jdk.modulesPath);
  assert.equal(a, b, 'the same image for the same file');
  assert.notEqual(JImage.open(jdk.modulesPath), a, 'open() is never shared');
  a.close();
  assert.ok(b.findClass('java/lang/Object') !== undefined, 'still open for the other holder');
  b.close();
  assert.throws(() => b.findClass('java/lang/Object'), JImageFormatError, 'closed by the last holder');
  const c = JImage.openShared(jdk.modulesPath);
  assert.notEqual(c, a, 'a closed image is opened afresh');
  c.close();
  const p = ClassPath.from([], { jdk });
  const q = ClassPath.from([], { jdk });
  assert.equal(p.image, q.image, 'two class paths of one JDK read one index');
  p.close();
  p.close(); // (closing twice lets go of the image once)
  assert.ok(q.findBoot('java/lang/String') !== undefined);
  q.close();
  assert.throws(() => q.image?.findClass('java/lang/Object'), JImageFormatError);
});
