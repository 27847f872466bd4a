// Jars and zips: built during the test with `jar` and `zip` from classes javac compiles here,
// read back entry by entry; multi-release jars; ZIP64 records; corrupt archives.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarFile } from '../../server/src/classpath/jar';
import { ZipFile, crc32 } from '../../server/src/classpath/zip';
import { ZipFormatError } from '../../server/src/classpath/errors';
import { javac, listFiles, REPO, tempDir } from './classpath-fixtures';

const tmp = tempDir('jar');
const classes = join(tmp.dir, 'classes');
let files: string[];

before(() => {
  javac(join(REPO, 'test/java/classpath'), classes);
  writeFileSync(join(classes, 'cp/demo/message.txt'), readFileSync(join(REPO, 'test/java/classpath/cp/demo/message.txt')));
  files = listFiles(classes);
  execFileSync('jar', ['cf', join(tmp.dir, 'app.jar'), '-C', classes, '.']);
  execFileSync('zip', ['-q', '-r', '-0', join(tmp.dir, 'stored.zip'), '.'], { cwd: classes });
  execFileSync('zip', ['-q', '-r', '-fz', join(tmp.dir, 'zip64.zip'), '.'], { cwd: classes });
});
after(() => tmp.cleanup());

test('the compiled fixture has the classes the tests expect', () => {
  assert.deepEqual(files, [
    'Top.class',
    'cp/demo/Hello$1.class',
    'cp/demo/Hello$Inner.class',
    'cp/demo/Hello$Nested.class',
    'cp/demo/Hello.class',
    'cp/demo/message.txt',
    'cp/demo/util/Helper.class',
  ]);
});

for (const archive of ['app.jar', 'stored.zip', 'zip64.zip']) {
  test(`${archive}: every entry reads back byte-identical to the file it was made from`, () => {
    const zip = ZipFile.open(join(tmp.dir, archive));
    try {
      const names = zip.entries.filter((e) => !e.isDirectory && !e.name.startsWith('META-INF/')).map((e) => e.name);
      assert.deepEqual(names.sort(), files);
      for (const f of files) assert.ok(Buffer.from(zip.read(f)!).equals(readFileSync(join(classes, f))), f);
      assert.equal(zip.read('cp/demo/Nope.class'), undefined);
      if (zip.entry('cp/demo/') !== undefined) assert.equal(zip.read('cp/demo/')?.length, 0);
    } finally {
      zip.close();
    }
  });
}

test('app.jar is deflated and stored.zip is stored', () => {
  const jar = ZipFile.open(join(tmp.dir, 'app.jar'));
  const stored = ZipFile.open(join(tmp.dir, 'stored.zip'));
  assert.equal(jar.entry('cp/demo/Hello.class')?.method, 8);
  assert.equal(stored.entry('cp/demo/Hello.class')?.method, 0);
  jar.close();
  stored.close();
});

test('JarFile: resources, sources and listing', () => {
  const jar = JarFile.open(join(tmp.dir, 'app.jar'));
  try {
    const hello = jar.findResource('cp/demo/Hello.class');
    assert.equal(hello?.source, `${join(tmp.dir, 'app.jar')}!cp/demo/Hello.class`);
    assert.ok(Buffer.from(hello!.bytes).equals(readFileSync(join(classes, 'cp/demo/Hello.class'))));
    assert.equal(jar.findResource('cp/demo/../demo/Hello.class'), undefined);
    assert.equal(jar.findResource('/cp/demo/Hello.class'), undefined);
    assert.equal(jar.multiRelease, false);
    const listed = [...jar.listResources()].filter((n) => !n.startsWith('META-INF/'));
    assert.deepEqual(listed.sort(), files);
  } finally {
    jar.close();
  }
});

test('multi-release jar: the highest META-INF/versions/N <= release wins', () => {
  // Laid out by hand (the jar tool would insist on real, API-compatible classes per version).
  const mr = join(tmp.dir, 'mr');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(mr, rel, '..'), { recursive: true });
    writeFileSync(join(mr, rel), text);
  };
  put('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\r\nCreated-By: test\r\nMulti-Release: true\r\n\r\n');
  put('mr/Version.class', 'base');
  put('mr/Only.class', 'only base');
  put('META-INF/versions/11/mr/Version.class', 'release 11');
  put('META-INF/versions/21/mr/Version.class', 'release 21');
  const jarPath = join(tmp.dir, 'mr.jar');
  execFileSync('zip', ['-q', '-r', jarPath, 'META-INF', 'mr'], { cwd: mr });
  const text = (b: Uint8Array | undefined): string => Buffer.from(b!).toString();

  const j17 = JarFile.open(jarPath, { release: 17 });
  assert.equal(j17.multiRelease, true);
  const r17 = j17.findResource('mr/Version.class');
  assert.equal(r17?.source, `${jarPath}!META-INF/versions/11/mr/Version.class`);
  assert.equal(text(r17?.bytes), 'release 11');
  assert.equal(j17.sourceOf('mr/Version.class'), r17?.source);
  assert.equal(text(j17.findResource('mr/Only.class')?.bytes), 'only base');
  assert.deepEqual([...j17.listResources()].filter((n) => n.endsWith('.class')).sort(), ['mr/Only.class', 'mr/Version.class']);
  j17.close();

  const j25 = JarFile.open(jarPath, { release: 25 });
  assert.equal(text(j25.findResource('mr/Version.class')?.bytes), 'release 21');
  j25.close();

  for (const opts of [{ release: 10 }, {}]) {
    const j = JarFile.open(jarPath, opts);
    const r = j.findResource('mr/Version.class');
    assert.equal(r?.source, `${jarPath}!mr/Version.class`);
    assert.equal(text(r?.bytes), 'base');
    j.close();
  }
  // Without 'Multi-Release: true' the versions directory is just data.
  writeFileSync(join(mr, 'META-INF/MANIFEST.MF'), 'Manifest-Version: 1.0\n\nMulti-Release: true\n');
  const plainPath = join(tmp.dir, 'plain.jar');
  execFileSync('zip', ['-q', '-r', plainPath, 'META-INF', 'mr'], { cwd: mr });
  const plain = JarFile.open(plainPath, { release: 17 });
  assert.equal(plain.multiRelease, false, 'the attribute is outside the main section');
  assert.equal(text(plain.findResource('mr/Version.class')?.bytes), 'base');
  plain.close();
});

test('ZIP64 end records are followed when the classic end record says 0xFFFF/0xFFFFFFFF', () => {
  const b = Buffer.from(readFileSync(join(tmp.dir, 'zip64.zip')));
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(b.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06])) > 0, 'zip -fz wrote a ZIP64 end record');
  b.writeUInt16LE(0xffff, eocd + 8);
  b.writeUInt16LE(0xffff, eocd + 10);
  b.writeUInt32LE(0xffffffff, eocd + 12);
  b.writeUInt32LE(0xffffffff, eocd + 16);
  const file = join(tmp.dir, 'zip64-forced.zip');
  writeFileSync(file, b);
  const zip = ZipFile.open(file);
  for (const f of files) assert.ok(Buffer.from(zip.read(f)!).equals(readFileSync(join(classes, f))), f);
  zip.close();
});

test('bytes prepended to an archive (a launcher script) are skipped, as the JDK does', () => {
  const script = Buffer.from('#!/bin/sh\nexec java -jar "$0" "$@"\n');
  for (const archive of ['app.jar', 'zip64.zip']) {
    const file = join(tmp.dir, `exec-${archive}`);
    writeFileSync(file, Buffer.concat([script, readFileSync(join(tmp.dir, archive))]));
    const zip = ZipFile.open(file);
    for (const f of files) assert.ok(Buffer.from(zip.read(f)!).equals(readFileSync(join(classes, f))), `${archive}: ${f}`);
    zip.close();
  }
});

test('crc32 matches known values', () => {
  assert.equal(crc32(Buffer.from('')), 0);
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  assert.equal(crc32(Buffer.from('The quick brown fox jumps over the lazy dog')), 0x414fa339);
});

function expectZipError(name: string, bytes: Uint8Array, pattern: RegExp, read = 'cp/demo/Hello.class'): void {
  const file = join(tmp.dir, name);
  writeFileSync(file, bytes);
  assert.throws(
    () => {
      const z = ZipFile.open(file);
      try {
        z.read(read);
      } finally {
        z.close();
      }
    },
    (e: unknown) => {
      assert.ok(e instanceof ZipFormatError, `${name}: got ${String(e)}`);
      assert.ok(e.message.includes(file), `${name}: message names the file: ${e.message}`);
      assert.match(e.message, pattern, name);
      return true;
    },
  );
}

test('corrupt archives give a ZipFormatError naming the file (and the entry)', () => {
  const stored = readFileSync(join(tmp.dir, 'stored.zip'));
  const jar = readFileSync(join(tmp.dir, 'app.jar'));
  const at = (b: Buffer, needle: string): number => b.indexOf(Buffer.from(needle));
  // The local header of Hello.class in stored.zip, and its data right after the name.
  const nameAt = at(stored, 'cp/demo/Hello.class');
  const local = nameAt - 30;
  const dataAt = nameAt + stored.readUInt16LE(local + 26) + stored.readUInt16LE(local + 28);
  const central = stored.indexOf(Buffer.from('cp/demo/Hello.class'), nameAt + 10) - 46;
  const set = (b: Buffer, f: (c: Buffer) => void): Buffer => {
    const c = Buffer.from(b);
    f(c);
    return c;
  };

  expectZipError('empty.zip', Buffer.alloc(0), /not a zip file/);
  expectZipError('text.zip', Buffer.from('just some text, certainly not a zip archive'), /no end-of-central-directory/);
  expectZipError('cut.zip', jar.subarray(0, jar.length - 10), /no end-of-central-directory/);
  expectZipError('cut-cd.zip', jar.subarray(Math.floor(jar.length / 2)), /central directory|overlaps|malformed/);
  expectZipError('crc.zip', set(stored, (c) => (c[dataAt + 20] ^= 0xff)), /entry cp\/demo\/Hello\.class: CRC mismatch/);
  expectZipError('method.zip', set(stored, (c) => c.writeUInt16LE(12, central + 10)), /unsupported compression method 12/);
  expectZipError('encrypted.zip', set(stored, (c) => c.writeUInt16LE(1, central + 8)), /encrypted/);
  expectZipError('local.zip', set(stored, (c) => c.writeUInt32LE(0, local)), /no local file header/);
  expectZipError('size.zip', set(stored, (c) => c.writeUInt32LE(0x7ffffff0, central + 20)), /run past the end of the file|compressed size/);
  const jname = at(jar, 'cp/demo/Hello.class');
  const jdata = jname + jar.readUInt16LE(jname - 30 + 26) + jar.readUInt16LE(jname - 30 + 28);
  expectZipError('inflate.zip', set(jar, (c) => c.fill(0xff, jdata, jdata + 8)), /inflate failed|CRC mismatch|inflated to/);
});

test('random corruption never escapes as anything but ZipFormatError', () => {
  const jar = readFileSync(join(tmp.dir, 'app.jar'));
  let seed = 99;
  const rnd = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const file = join(tmp.dir, 'fuzz.jar');
  let detected = 0;
  for (let i = 0; i < 300; i++) {
    const b = Buffer.from(jar);
    for (let k = 0, n = 1 + rnd(6); k < n; k++) b[rnd(b.length)] = rnd(256);
    writeFileSync(file, i % 10 === 0 ? b.subarray(0, rnd(b.length)) : b);
    try {
      const z = ZipFile.open(file);
      try {
        for (const e of z.entries) z.readEntry(e);
      } finally {
        z.close();
      }
    } catch (e) {
      detected++;
      assert.ok(e instanceof ZipFormatError, `case ${i}: ${String((e as Error).stack ?? e)}`);
    }
  }
  assert.ok(detected > 0);
});
