// The jimage writer (classpath/jimage-writer.ts): the JDK's lib/modules written again with one
// class replaced and resources added in a new package of java.base; read back by our reader,
// by the JDK's `jimage list`, and by a `java` running on the new image (a private copy of the
// JDK, engine/jdk-copy.ts), whose jrt file system shows the new package's directories.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage } from '../../server/src/classpath/jimage';
import { jimageView, writeJImage, type JImageResource } from '../../server/src/classpath/jimage-writer';
import { makeJdkTree } from '../../server/src/engine/jdk-copy';
import { compileJava, REPO, tempDir } from '../helpers/java';

const bytes = (s: string): JImageResource & { data: Buffer } => {
  const data = Buffer.from(s, 'utf8');
  return { name: '', size: data.length, read: () => data, data };
};

test('an image written with a replaced and added resources reads back (reader, jimage list, jrt on java)', () => {
  const jdk = findJavaHome();
  const dir = tempDir('jimage-writer');
  const home = join(dir, 'jdk');
  mkdirSync(home);
  makeJdkTree(jdk.home, home);
  const from = JImage.open(jdk.modulesPath);
  const out = join(home, 'lib', 'modules');
  // A class the run below never loads.
  const replaced = from.entries('jdk.jshell').find((e) => e.endsWith('.class'))!;
  const original = Buffer.from(from.find(replaced)!);
  const longer = Buffer.concat([original, Buffer.from([0])]);
  const added = [
    { ...bytes('probe'), name: '/java.base/komorium/rt/probe.txt' },
    { ...bytes('x'), name: '/java.base/komorium/rt/deeper/x.txt' },
  ];
  try {
    writeJImage(out, from, new Map([[replaced, { name: replaced, size: longer.length, read: () => longer }]]), added);
    const img = JImage.open(out);
    try {
      const names = from.entries();
      assert.deepEqual(img.entries(), [...names, ...added.map((a) => a.name)].sort());
      for (const n of names.filter((_n, i) => i % 97 === 0)) {
        if (n !== replaced) assert.deepEqual(Buffer.from(img.find(n)!), Buffer.from(from.find(n)!), n);
      }
      assert.deepEqual(Buffer.from(img.find(replaced)!), longer);
      assert.equal(Buffer.from(img.find(added[0]!.name)!).toString(), 'probe');
      assert.equal(img.moduleOfPackage('komorium.rt'), 'java.base');
      assert.equal(img.moduleOfPackage('komorium.rt.deeper'), 'java.base');
      assert.equal(img.moduleOfPackage('java.lang'), 'java.base');
      assert.deepEqual(img.modules(), from.modules());
    } finally {
      img.close();
    }
    const list = execFileSync(join(jdk.home, 'bin', 'jimage'), ['list', out], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.match(list, /^ {4}komorium\/rt\/probe\.txt$/m);
    assert.match(list, /^ {4}java\/lang\/String\.class$/m);
    const classes = compileJava(join(REPO, 'test', 'java', 'jimage-writer'));
    const r = spawnSync(join(home, 'bin', 'java'), ['-Xshare:off', '-cp', classes, 'JrtList', '/packages/komorium.rt', '/modules/java.base/komorium/rt', '/modules/java.base/komorium'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      r.stdout,
      ['/packages/komorium.rt/java.base', '/modules/java.base/komorium/rt/deeper', '/modules/java.base/komorium/rt/probe.txt', '/modules/java.base/komorium/rt', 'probe', ''].join('\n'),
    );
  } finally {
    from.close();
  }
});

// Java code's lookups in the copy's image (BasicImageReader: the platform and application loaders,
// resources, jrt:) count a loop turn for every attribute byte of the location found. The writer
// keeps jlink's string table (its string references) and each attribute's byte count, but for the
// content offset and size of the classes the copy may replace (4 bytes: jimageView's are the same).
// Before: 86 % of the names had other attribute byte counts.
test("the JDK's names keep jlink's string table, string references and attribute byte counts", () => {
  const jdk = findJavaHome();
  const dir = tempDir('jimage-writer-index');
  const from = JImage.open(jdk.modulesPath);
  const out = join(dir, 'modules');
  const replaced = from.entries('java.base').find((e) => e.endsWith('.class'))!;
  const original = Buffer.from(from.find(replaced)!);
  const longer = Buffer.concat([original, Buffer.alloc(300)]);
  const added = [{ ...bytes('probe'), name: '/java.base/komorium/rt/probe.txt' }];
  try {
    writeJImage(out, from, new Map([[replaced, { name: replaced, size: longer.length, read: () => longer }]]), added);
    const img = JImage.open(out);
    try {
      const oldStrings = from.stringTable();
      assert.deepEqual(Buffer.from(img.stringTable().subarray(0, oldStrings.length)), Buffer.from(oldStrings));
      let names = 0;
      for (const l of from.locations()) {
        const was = from.indexEntry(l.name)!;
        const is = img.indexEntry(l.name)!;
        assert.ok(is, l.name);
        const want = l.name === replaced ? was.lengths.map((n, k) => (k === 5 || k === 7 ? 4 : n)) : was.lengths;
        assert.deepEqual(is.lengths, want, `${l.name}: attribute byte counts`);
        assert.deepEqual(is.values.slice(1, 5), was.values.slice(1, 5), `${l.name}: string references`);
        names++;
      }
      assert.equal(names, from.header.tableLength);
    } finally {
      img.close();
    }
  } finally {
    from.close();
  }
});

// The embedded engine's view of the JDK's image (engine/java-image.ts) is indexed as the copy
// HotSpot runs: the same header, hash tables, attribute byte counts and strings, so that Java
// code's lookups count the same on both engines (before, the embedded engine read jlink's image:
// another perfect hash, about half of the names in buckets of another kind). Its content is the
// JDK's, its tree the copy's.
test("the view of the JDK's image is indexed as the copy with the same names (jimageView)", () => {
  const jdk = findJavaHome();
  const dir = tempDir('jimage-view');
  const from = JImage.open(jdk.modulesPath);
  const out = join(dir, 'copy');
  const wide = (n: string): boolean => n.startsWith('/java.desktop/') && n.endsWith('.class');
  const classesOf = from.entries('java.desktop').filter(wide);
  const replace = new Map<string, JImageResource>();
  for (const n of classesOf.filter((_n, i) => i % 5 === 0)) {
    const b = Buffer.concat([Buffer.from(from.find(n)!), Buffer.alloc(4000)]);
    replace.set(n, { name: n, size: b.length, read: () => b });
  }
  const names = ['/java.desktop/komorium/x/B.class', '/java.desktop/java/awt/Color$komorium$MIDs.class', '/java.desktop/komorium/A.class'];
  try {
    // Added in another order than the view's: the index does not depend on it.
    writeJImage(out, from, replace, names.map((name) => ({ ...bytes(`content of ${name}`), name })), wide);
    const v = jimageView(from, [...names].reverse(), wide);
    const content = Buffer.alloc(v.contentLength);
    const fd = openSync(jdk.modulesPath, 'r');
    try {
      readSync(fd, content, 0, v.contentLength, from.header.indexSize);
    } finally {
      closeSync(fd);
    }
    const viewFile = join(dir, 'view');
    writeFileSync(viewFile, Buffer.concat([v.index, content, v.tail]));
    const copy = JImage.open(out);
    const view = JImage.open(viewFile);
    try {
      assert.deepEqual(view.header, copy.header);
      // Header, redirect and location-offset tables byte for byte.
      const tables = 28 + 8 * copy.header.tableLength;
      assert.ok(readFileSync(out).subarray(0, tables).equals(v.index.subarray(0, tables)), 'header and hash tables');
      assert.ok(Buffer.from(view.stringTable()).equals(Buffer.from(copy.stringTable())), 'strings');
      let n = 0;
      for (const l of copy.locations()) {
        const a = copy.indexEntry(l.name)!;
        const b = view.indexEntry(l.name)!;
        assert.deepEqual(b.lengths, a.lengths, `${l.name}: attribute byte counts`);
        assert.deepEqual(b.values.slice(1, 5), a.values.slice(1, 5), `${l.name}: string references`);
        assert.equal(b.redirect, a.redirect, l.name);
        if (n++ % 53 === 0 && !names.includes(l.name)) {
          const want = replace.has(l.name) ? from.find(l.name)! : copy.read(l);
          assert.ok(Buffer.from(view.read(view.findLocation(l.name)!)).equals(Buffer.from(want)), `${l.name}: content`);
        }
      }
      assert.equal(n, from.header.tableLength + names.length + 4);
      assert.equal(view.moduleOfPackage('komorium.x'), 'java.desktop');
      assert.deepEqual(view.modules(), from.modules());
      assert.deepEqual(view.entries('java.desktop'), copy.entries('java.desktop'));
    } finally {
      copy.close();
      view.close();
    }
  } finally {
    from.close();
  }
});
