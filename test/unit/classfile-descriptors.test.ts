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
