// Show Bytecode's margin and JDK sources (issue 19, item 4): each sampled source line's samples
// stand at the first instruction of that line in the listing (the lowest pc the
// LineNumberTable gives it, also for a loop header that has several); where each method starts;
// src.zip entries of a JDK found by class name, and nothing outside the zip read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { disassembleListing } from '../../server/src/disasm/index';
import { listingMargin } from '../../server/src/lsp/bytecode-margin';
import { JdkSources } from '../../server/src/lsp/jdk-source';
import { compileJava, execFileSync, javaHome, REPO, tempDir } from '../helpers/java';

test('the margin: samples of each line at its first instruction; method starts', () => {
  const out = compileJava(join(REPO, 'test', 'java', 'editor'));
  const cf = readClass(readFileSync(join(out, 'margin', 'Margin.class')), 'Margin.class');
  const listing = disassembleListing(cf);
  const text = (i: number) => listing.lines[i]!.text.trim();
  const m = listingMargin(cf, listing, [
    { name: 'sq', descriptor: '(I)I', lines: [[5, 7]] },
    { name: 'main', descriptor: '([Ljava/lang/String;)V', lines: [[10, 2], [11, 3], [99, 4]] },
  ]);
  const byLine = new Map(m.margin.map(([i, n, line]) => [line, { i, n }]));
  assert.deepEqual([...byLine.keys()].sort((a, b) => a - b), [5, 10, 11], 'line 99 has no instruction');
  // sq's line 5 starts at pc 0 (iload_0); main's line 10 (the for) first at its initialisation.
  assert.match(text(byLine.get(5)!.i), /^0: iload_0$/);
  assert.equal(byLine.get(5)!.n, 7);
  const mainStart = m.methods.find((x) => x.name === 'main')!.line;
  assert.match(text(mainStart), /public static void main\(java\.lang\.String\[\]\)/);
  assert.ok(byLine.get(10)!.i > mainStart);
  assert.match(text(byLine.get(10)!.i), /^2: iconst_0$/, 'the first pc of the for line, not its condition');
  assert.match(text(byLine.get(11)!.i), /^\d+: iload_1$/);
  assert.equal(m.margin.filter(([, , line]) => line === 10).length, 1, 'a line with several pcs is shown once');
  assert.match(text(m.methods.find((x) => x.name === 'sq')!.line), /static int sq\(int\)/);
  // Without samples: no margin, the method starts all the same.
  assert.deepEqual(listingMargin(cf, listing, []).margin, []);
});

test('JDK sources: src.zip entries by class name (module prefix, nested classes), nothing else', () => {
  const home = tempDir('fake-jdk');
  const src = join(home, 'srcdir');
  mkdirSync(join(src, 'java.base', 'java', 'lang'), { recursive: true });
  writeFileSync(join(src, 'java.base', 'java', 'lang', 'Fake.java'), 'package java.lang;\nclass Fake {\n  static class In {}\n}\n');
  mkdirSync(join(home, 'lib'));
  execFileSync(join(javaHome(), 'bin', 'jar'), ['cfM', join(home, 'lib', 'src.zip'), '-C', src, '.']);
  const j = new JdkSources();
  assert.equal(j.locate(home, 'java.lang.Fake', 'Fake.java'), 'java.base/java/lang/Fake.java');
  assert.equal(j.locate(home, 'java.lang.Fake$In', null), 'java.base/java/lang/Fake.java', 'a nested class: its outer class file');
  assert.equal(j.locate(home, 'java.lang.Other', 'Other.java'), undefined);
  assert.equal(j.locate(home, 'java.lang.Fake', '../../x/Fake.java'), 'java.base/java/lang/Fake.java', 'a SourceFile with a path is not followed');
  assert.match(j.read(home, 'java.base/java/lang/Fake.java') ?? '', /class Fake/);
  assert.equal(j.read(home, 'java/lang/Fake.java'), undefined, 'only exact entry names are read');
  assert.equal(j.read(home, '../../../etc/passwd'), undefined);
  assert.equal(j.locate(tempDir('no-src-jdk'), 'java.lang.Fake', 'Fake.java'), undefined, 'a JDK without src.zip');
  j.close();
});
