// Instructions the HotSpot engine's patch adds to JDK classes are marked (KomoriumUncounted,
// transform/uncounted.ts) and left out of the counts by the transformer: here two instructions
// of a method called 1,000 times, so the marked program counts exactly 2,000 bytecodes fewer,
// prints the same, and its transformed class no longer carries the marking.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, runJava, tempDir, REPO } from '../helpers/java';
import { loadProfile } from '../../server/src/profile/index';
import { transformClassPath } from '../../server/src/transform/driver';
import { buildRuntime } from '../../server/src/runtime/build';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { ConstantPool } from '../../server/src/classfile/pool';
import { codeContext } from '../../server/src/classfile/code/context';
import { decodeWithContext } from '../../server/src/classfile/code/decode';
import { encodeCode } from '../../server/src/classfile/code/encode';
import { isRealInsn } from '../../server/src/classfile/code/insn';
import type { AttributeOf } from '../../server/src/classfile/model';
import { UNCOUNTED_ATTRIBUTE, realOrdinals, uncountedAttribute, uncountedInsns } from '../../server/src/transform/uncounted';

/** Marked.class with f's instructions at real-instruction ordinals `ordinals` marked. */
function marked(bytes: Uint8Array, ordinals: number[], check = true): Uint8Array {
  const cf = readClass(bytes, 'Marked.class');
  const pool = new ConstantPool(cf);
  cf.methods = cf.methods.map((m) => {
    if (pool.utf8(m.nameIndex) !== 'f') return m;
    const ctx = codeContext(cf, m, pool, 'Marked');
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code')!;
    const mc = decodeWithContext(ctx, code);
    if (check) {
      const real = mc.insns.filter(isRealInsn);
      assert.deepEqual(realOrdinals(mc.insns, new Set(ordinals.map((o) => real[o]!))), ordinals);
    }
    mc.attributes = [...mc.attributes, { kind: 'verbatim', attribute: uncountedAttribute(pool, ordinals) }];
    if (check) assert.equal(uncountedInsns(mc)?.size, ordinals.length);
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  return writeClass(cf);
}

test('instructions marked KomoriumUncounted run but are not counted, and the marking is dropped', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'uncounted'));
  const runtime = buildRuntime(tempDir('rt'));
  const markedDir = tempDir('marked');
  mkdirSync(markedDir, { recursive: true });
  writeFileSync(join(markedDir, 'Marked.class'), marked(readFileSync(join(classes, 'Marked.class')), [1, 2]));
  const expected = runJava(['-cp', classes, 'Marked']);
  const total = (dir: string): number => {
    const out = tempDir('tx');
    const r = transformClassPath({ classpath: [dir], outDir: out });
    assert.equal(r.failed.length, 0, JSON.stringify(r.failed));
    const tx = readClass(readFileSync(join(out, 'Marked.class')), 'Marked.class');
    const left = tx.methods.flatMap((m) => m.attributes.flatMap((a) => (a.name === 'Code' ? a.attributes : []))).filter((a) => a.name === 'Unknown' && a.attributeName === UNCOUNTED_ATTRIBUTE);
    assert.equal(left.length, 0, 'the transformed class still has the marking');
    const profile = join(tempDir('prof'), 'p.json');
    const run = runJava(['-Xverify:all', `-Dkomorium.out=${profile}`, '-Dkomorium.granularity=1000000000', '-cp', `${out}:${runtime.classesDir}`, 'Marked']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, expected.stdout);
    return loadProfile(profile).meta.totalBytecodes;
  };
  assert.equal(total(classes) - total(markedDir), 2000);
});

test('a marking past the method\'s instructions is refused when the class is transformed', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'uncounted'));
  const dir = tempDir('bad');
  writeFileSync(join(dir, 'Marked.class'), marked(readFileSync(join(classes, 'Marked.class')), [1, 99], false));
  const r = transformClassPath({ classpath: [dir], outDir: tempDir('tx') });
  assert.equal(r.failed.length, 1);
  assert.match(JSON.stringify(r.failed), /KomoriumUncounted: an ordinal past/);
});
