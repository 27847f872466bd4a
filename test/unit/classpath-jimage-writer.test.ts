// The jimage writer (classpath/jimage-writer.ts): the JDK's lib/modules written again with one
// class replaced and resources added in a new package of java.base; read back by our reader,
// by the JDK's `jimage list`, and by a `java` running on the new image (a private copy of the
// JDK, engine/jdk-copy.ts), whose jrt file system shows the new package's directories.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/jdk';
import { JImage } from '../../server/src/classpath/jimage';
import { writeJImage, type JImageResource } from '../../server/src/classpath/jimage-writer';
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
// resources, jrt:) count a loop turn for every attribute byte of the location found; the embedded
// engine's read jlink's image. The writer keeps jlink's string table (its string references) and
// each attribute's byte count. Before: 86 % of the names had other attribute byte counts.
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
        assert.deepEqual(is.lengths, was.lengths, `${l.name}: attribute byte counts`);
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
