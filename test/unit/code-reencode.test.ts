// The model's round trip: decode -> change nothing -> encode gives javac's bytes back, and
// variants of the encoding (exact maxs, every jump widened) still verify and run on HotSpot.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeInstructions } from '../../server/src/classfile/code/raw';
import { reencodeClass } from '../../server/src/classfile/code/reencode';
import { Op } from '../../server/src/classfile/code/opcodes';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compiledSamples, javaBaseClassNames, linkAll, openJdkImage, originalOutput, runJava, tempDir, writeClassDir } from './code-fixtures';

const MAINS = ['code.Samples', 'code.Jumps', 'code.ManyLocals'];

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

test('re-encoding the code samples unchanged is byte-identical', () => {
  const { classes } = compiledSamples();
  assert.ok(classes.size >= 8);
  for (const [rel, bytes] of classes) assert.ok(sameBytes(writeClass(reencodeClass(readClass(bytes, rel), rel)), bytes), rel);
});

test('a java.base slice: unchanged re-encode is byte-identical; widened re-encode links on HotSpot', () => {
  const img = openJdkImage();
  const { dir, cleanup } = tempDir('code-re-jdk');
  try {
    const names = javaBaseClassNames(img, 12);
    assert.ok(names.length >= 500, `${names.length} classes`);
    const differ: string[] = [];
    for (const n of names) {
      const bytes = img.find(n)!;
      const cf = readClass(bytes, n);
      if (!sameBytes(writeClass(reencodeClass(cf, n)), bytes)) differ.push(n);
      // Exact maxs and every jump widened: new frames after each inverted conditional.
      const p = join(dir, n.slice('/java.base/'.length));
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, writeClass(reencodeClass(cf, n, { exactMaxs: true, forceWideJumps: true })));
    }
    assert.deepEqual(differ, []);
    const binary = names.map((n) => n.slice('/java.base/'.length, -'.class'.length).replaceAll('/', '.'));
    const r = linkAll(binary, { patchJavaBase: dir });
    assert.deepEqual(r.failures, []);
    assert.equal(r.linked, names.length);
  } finally {
    cleanup();
    img.close();
  }
});

test('re-encoded samples with exact maxs and every jump widened verify and run the same on HotSpot', () => {
  const { dir, cleanup } = tempDir('code-re-wide');
  try {
    const wide = dir;
    const { classes } = compiledSamples();
    const out = new Map<string, Uint8Array>();
    let gotoW = 0;
    let invertedOverGotoW = 0;
    for (const [rel, bytes] of classes) {
      const re = writeClass(reencodeClass(readClass(bytes, rel), rel, { exactMaxs: true, forceWideJumps: true }));
      for (const m of readClass(re, rel).methods) {
        for (const a of m.attributes) {
          if (a.name !== 'Code') continue;
          const insns = decodeInstructions(a.code);
          insns.forEach((i, k) => {
            if (i.op === Op.GOTO || i.op === Op.JSR) assert.fail(`${rel}: short ${i.op} left at ${i.offset}`);
            if (i.op === Op.GOTO_W) gotoW++;
            const o = i.operands;
            if (o.kind === 'branch' && i.op !== Op.GOTO_W) {
              // Every conditional is now `!cond +8` over a goto_w.
              assert.equal(o.target, i.offset + 8, `${rel}: conditional at ${i.offset}`);
              assert.equal(insns[k + 1]?.op, Op.GOTO_W);
              invertedOverGotoW++;
            }
          });
        }
      }
      out.set(rel, re);
    }
    assert.ok(gotoW > 60 && invertedOverGotoW > 30, `${gotoW} goto_w, ${invertedOverGotoW} inverted conditionals`);
    writeClassDir(wide, out);
    for (const main of MAINS) assert.equal(runJava(wide, main), originalOutput(main), main);
  } finally {
    cleanup();
  }
});
