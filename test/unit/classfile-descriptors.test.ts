import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DescriptorError,
  argSlots,
  checkFieldDescriptor,
  isFieldDescriptor,
  isMethodDescriptor,
  methodDescriptor,
  parseMethodDescriptor,
  returnDescriptor,
  scanMethodDescriptor,
  typeSlots,
} from '../../server/src/classfile/descriptors';
import { CodeModelError } from '../../server/src/classfile/errors';
import { readClass } from '../../server/src/classfile/reader';
import { ConstantPool } from '../../server/src/classfile/pool';
import { Acc } from '../../server/src/classfile/model';
import { compileTestPrograms } from './classfile-fixtures';

test('method descriptors parse into parameter and return descriptors', () => {
  assert.deepEqual(parseMethodDescriptor('()V'), { params: [], ret: 'V' });
  assert.deepEqual(parseMethodDescriptor('(IJ[[Ljava/lang/String;DLa;[Z)[J'), {
    params: ['I', 'J', '[[Ljava/lang/String;', 'D', 'La;', '[Z'],
    ret: '[J',
  });
  assert.equal(returnDescriptor('(I)Ljava/lang/Object;'), 'Ljava/lang/Object;');
  assert.equal(methodDescriptor(['I', 'Ljava/lang/String;'], 'V'), '(ILjava/lang/String;)V');
  assert.equal(argSlots('()V'), 0);
  assert.equal(argSlots('(IJDF[J[DLx;)V'), 1 + 2 + 2 + 1 + 1 + 1 + 1);
  assert.deepEqual([typeSlots('J'), typeSlots('D'), typeSlots('V'), typeSlots('[J'), typeSlots('Lx;'), typeSlots('I')], [2, 2, 0, 1, 1, 1]);
});

test('malformed descriptors throw a DescriptorError naming the position', () => {
  const bad: [string, number, RegExp][] = [
    ['', 0, /'\(' starting a method descriptor/],
    ['I)V', 0, /'\('/],
    ['(I', 2, /'\)' or a parameter type/],
    ['(Q)V', 1, /a field type/],
    ['(L;)V', 2, /a field type/],
    ['(Ljava//String;)V', 7, /a field type/],
    ['(Ljava/lang/String)V', 20, /a field type/],
    ['(La.b;)V', 3, /a field type/],
    ['(La[b;)V', 3, /a field type/],
    ['()', 2, /a return type/],
    ['()VV', 3, /the end of the method descriptor/],
    ['()[V', 3, /a return type/],
    [`(${'['.repeat(256)}I)V`, 1, /at most 255 dimensions/],
  ];
  for (const [desc, position, pattern] of bad) {
    assert.throws(
      () => parseMethodDescriptor(desc),
      (e: unknown) => e instanceof DescriptorError && e instanceof CodeModelError && e.position === position && pattern.test(e.message),
      desc,
    );
    assert.equal(isMethodDescriptor(desc), false, desc);
    assert.throws(() => argSlots(desc), DescriptorError, desc);
  }
  assert.equal(isMethodDescriptor(`(${'['.repeat(255)}I)V`), true);
  for (const d of ['I', '[J', 'Ljava/lang/Object;', '[[La/b/C$D;']) {
    assert.ok(isFieldDescriptor(d), d);
    checkFieldDescriptor(d);
  }
  for (const d of ['', 'V', 'II', '[', 'L', 'Lx', 'Lx;;', '()V']) {
    assert.equal(isFieldDescriptor(d), false, d);
    assert.throws(() => checkFieldDescriptor(d), DescriptorError, d);
  }
});

test('every member descriptor in the compiled test programs parses, and argSlots matches the parameter list', () => {
  let methods = 0;
  for (const { name, bytes } of compileTestPrograms()) {
    const cf = readClass(bytes, name);
    const pool = new ConstantPool(cf);
    for (const f of cf.fields) checkFieldDescriptor(pool.utf8(f.descriptorIndex));
    for (const m of cf.methods) {
      const desc = pool.utf8(m.descriptorIndex);
      const { params, ret } = parseMethodDescriptor(desc);
      assert.equal(methodDescriptor(params, ret), desc);
      assert.equal(argSlots(desc), params.reduce((n, p) => n + typeSlots(p), 0));
      // Code's max_locals covers at least the arguments (plus `this`).
      const code = m.attributes.find((a) => a.name === 'Code');
      if (code?.name === 'Code') assert.ok(code.maxLocals >= argSlots(desc) + (m.accessFlags & Acc.STATIC ? 0 : 1), `${name} ${desc}`);
      methods++;
    }
  }
  assert.ok(methods > 100);
});

test('the regular-expression path parses exactly what the scanner parses, to the same result or error', () => {
  // Descriptors built from the pieces that matter to either path (and the characters each
  // rejects in class names), plus single-character mutations of valid ones.
  const pieces = ['I', 'J', 'V', 'Z', '[', '[[', 'L', 'Ljava/lang/String;', 'La;', ';', '/', '.', 'a', 'a/b', '(', ')', 'Q', '$', '<', '\n', '\u00e9'];
  let seed = 18;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const samples: string[] = [`(${'['.repeat(255)}I)V`, `(${'['.repeat(256)}I)V`, `()${'['.repeat(255)}J`, `(L${'a/'.repeat(1500)}b;)V`];
  for (let i = 0; i < 20000; i++) {
    let s = rnd(4) === 0 ? '' : '(';
    const n = rnd(7);
    for (let k = 0; k < n; k++) s += pieces[rnd(pieces.length)];
    if (rnd(5) !== 0) s += ')';
    s += pieces[rnd(pieces.length)];
    samples.push(s);
  }
  // Valid descriptors, and each with one character replaced, inserted or removed.
  const types = ['I', 'J', 'Z', 'B', 'C', 'D', 'F', 'S', '[I', '[[J', 'Ljava/lang/String;', 'La;', 'La/b/C$D;', '[Lx/y;', 'L\u00e9;'];
  const marks = ['.', ';', '[', '/', 'X', 'L', ')', '(', 'V', '\n'];
  for (let i = 0; i < 5000; i++) {
    let d = '(';
    for (let k = rnd(6); k > 0; k--) d += types[rnd(types.length)];
    d += ')' + (rnd(3) === 0 ? 'V' : types[rnd(types.length)]);
    samples.push(d);
    const p = rnd(d.length + 1);
    const c = marks[rnd(marks.length)];
    samples.push(rnd(3) === 0 ? d.slice(0, p) + c + d.slice(p) : rnd(2) === 0 ? d.slice(0, p) + c + d.slice(p + 1) : d.slice(0, p) + d.slice(p + 1));
  }
  const outcome = (f: (d: string) => unknown, d: string): string => {
    try {
      return JSON.stringify(f(d));
    } catch (e) {
      return e instanceof DescriptorError ? `error ${e.position} ${e.message}` : `other ${String(e)}`;
    }
  };
  let valid = 0;
  for (const d of samples) {
    const fast = outcome(parseMethodDescriptor, d);
    assert.equal(fast, outcome(scanMethodDescriptor, d), JSON.stringify(d));
    if (!fast.startsWith('error')) valid++;
  }
  // Both kinds were exercised.
  assert.ok(valid > 500 && valid < samples.length - 500, `${valid} of ${samples.length} valid`);
});
