// Bad code in decode (unknown opcodes, truncation, branches into instructions, bad
// StackMapTable / table offsets) gives ClassFormatError with the code offset; misuse of the
// model in encode gives CodeModelError; mutated real code never escapes as another error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeContext } from '../../server/src/classfile/code/context';
import { decodeWithContext } from '../../server/src/classfile/code/decode';
import { encodeCode } from '../../server/src/classfile/code/encode';
import { Label, type Insn, type MethodCode } from '../../server/src/classfile/code/insn';
import { Op } from '../../server/src/classfile/code/opcodes';
import { codeContext } from '../../server/src/classfile/code/context';
import { ClassFormatError, CodeModelError } from '../../server/src/classfile/errors';
import { VTag, type Attribute, type AttributeOf, type RawFrame } from '../../server/src/classfile/model';
import { ConstantPool } from '../../server/src/classfile/pool';
import { readClass } from '../../server/src/classfile/reader';
import { compiledSamples, rng } from './code-fixtures';

function ctx(): CodeContext {
  const pool = new ConstantPool([undefined]);
  pool.addClass('java/lang/String');
  return { pool, thisClass: 'T', methodName: 'm', descriptor: '(I)V', isStatic: true, majorVersion: 61, file: 'T.class' };
}

function codeAttr(code: number[], extra: Partial<AttributeOf<'Code'>> = {}, attributes: Attribute[] = []): AttributeOf<'Code'> {
  return { name: 'Code', nameIndex: 1, maxStack: 4, maxLocals: 4, code: new Uint8Array(code), exceptionTable: [], attributes, ...extra };
}

function smt(frames: RawFrame[]): Attribute {
  return { name: 'StackMapTable', nameIndex: 2, frames };
}

function expectCfe(attr: AttributeOf<'Code'>, offset: number, expected: RegExp): void {
  assert.throws(
    () => decodeWithContext(ctx(), attr),
    (e: unknown) => {
      assert.ok(e instanceof ClassFormatError, `not a ClassFormatError: ${String(e)}`);
      assert.equal(e.file, 'T.class');
      assert.equal(e.offset, offset, e.message);
      assert.match(e.expected, expected);
      return true;
    },
  );
}

// 0: iload_0; 1: ifeq +6 (-> 7); 4: sipush 300; 7: return
const GOOD = [0x1a, 0x99, 0x00, 0x06, 0x11, 0x01, 0x2c, 0xb1];

test('decode: the well-formed base case decodes', () => {
  const mc = decodeWithContext(ctx(), codeAttr(GOOD, {}, [smt([{ kind: 'same', frameType: 7, offsetDelta: 7 }])]));
  assert.deepEqual(
    mc.insns.map((i) => i.kind),
    ['var', 'jump', 'int', 'label', 'frame', 'op'],
  );
});

test('decode: bad instructions and branches', () => {
  expectCfe(codeAttr([]), 0, /code_length > 0/);
  expectCfe(codeAttr([0x1a, 0xcb]), 1, /a valid opcode/);
  expectCfe(codeAttr([0x1a, 0x11, 0x01]), 2, /sipush operand/);
  expectCfe(codeAttr([0x1a, 0x99, 0x00, 0x04, 0x11, 0x01, 0x2c, 0xb1]), 1, /ifeq target at the start of an instruction/);
  expectCfe(codeAttr([0xa7, 0x00, 0x40, 0xb1]), 0, /goto target/);
});

test('decode: bad StackMapTable offsets and types', () => {
  // A frame inside the sipush.
  expectCfe(codeAttr(GOOD, {}, [smt([{ kind: 'same', frameType: 5, offsetDelta: 5 }])]), 5, /start of an instruction/);
  // Second frame past the end: 7 + 1 + 3 = 11.
  expectCfe(codeAttr(GOOD, {}, [smt([{ kind: 'same', frameType: 7, offsetDelta: 7 }, { kind: 'same', frameType: 3, offsetDelta: 3 }])]), 11, /offset < code length/);
  // Uninitialized(4) where there is no `new`.
  expectCfe(
    codeAttr(GOOD, {}, [smt([{ kind: 'same_locals_1_stack_item', frameType: 71, offsetDelta: 7, stack: { tag: VTag.Uninitialized, offset: 4 } }])]),
    7,
    /Uninitialized type pointing at a new/,
  );
  // An Object type naming a Utf8 entry.
  expectCfe(
    codeAttr(GOOD, {}, [smt([{ kind: 'same_locals_1_stack_item', frameType: 71, offsetDelta: 7, stack: { tag: VTag.Object, cpIndex: 1 } }])]),
    7,
    /Object type naming a CONSTANT_Class/,
  );
  // Chop more locals than there are (the initial frame has one: the int parameter).
  expectCfe(codeAttr(GOOD, {}, [smt([{ kind: 'chop', frameType: 249, offsetDelta: 7 }])]), 7, /chop of 2 locals/);
  expectCfe(codeAttr(GOOD, {}, [smt([]), smt([])]), 0, /at most one StackMapTable/);
});

test('decode: exception, line and local-variable offsets off instruction boundaries', () => {
  expectCfe(codeAttr(GOOD, { exceptionTable: [{ startPc: 0, endPc: 5, handlerPc: 7, catchType: 0 }] }), 5, /end_pc at an instruction boundary/);
  expectCfe(codeAttr(GOOD, { exceptionTable: [{ startPc: 0, endPc: 4, handlerPc: 9, catchType: 0 }] }), 9, /handler_pc/);
  expectCfe(codeAttr(GOOD, { exceptionTable: [{ startPc: 4, endPc: 4, handlerPc: 7, catchType: 0 }] }), 4, /start_pc < end_pc/);
  expectCfe(codeAttr(GOOD, {}, [{ name: 'LineNumberTable', nameIndex: 3, lines: [{ startPc: 2, line: 1 }] }]), 2, /LineNumberTable entry 0/);
  expectCfe(
    codeAttr(GOOD, {}, [{ name: 'LocalVariableTable', nameIndex: 3, vars: [{ startPc: 0, length: 9, nameIndex: 1, descriptorIndex: 1, index: 0 }] }]),
    9,
    /start_pc \+ length/,
  );
});

function method(insns: Insn[]): MethodCode {
  return { maxStack: 0, maxLocals: 0, insns, tryCatch: [], localVars: [], localVarTypes: [], visibleTypeAnnotations: [], invisibleTypeAnnotations: [], attributes: [] };
}

test('encode: model misuse throws CodeModelError', () => {
  const bad = (insns: Insn[], re: RegExp, mc = method(insns)): void => assert.throws(() => encodeCode(ctx(), mc), (e: unknown) => e instanceof CodeModelError && re.test(e.message));
  const l = new Label();
  bad([{ kind: 'jump', op: Op.GOTO, target: l }], /not placed/);
  bad([{ kind: 'label', label: l }, { kind: 'label', label: l }, { kind: 'op', op: Op.RETURN }], /placed twice/);
  bad([{ kind: 'int', op: Op.BIPUSH, value: 200 }, { kind: 'op', op: Op.RETURN }], /bipush value 200/);
  bad([{ kind: 'int', op: Op.NEWARRAY, value: 3 }, { kind: 'op', op: Op.RETURN }], /newarray type 3/);
  bad([{ kind: 'var', op: Op.ILOAD, index: 70000 }], /local index 70000/);
  bad([{ kind: 'op', op: Op.POP }, { kind: 'op', op: Op.RETURN }], /stack underflow/);
  bad([{ kind: 'op', op: Op.RETURN }, { kind: 'frame', locals: [], stack: [] }], /not followed by an instruction/);
  bad([{ kind: 'frame', locals: [], stack: [] }, { kind: 'frame', locals: [], stack: [] }, { kind: 'op', op: Op.RETURN }], /two frame nodes/);
  bad([{ kind: 'frame', locals: ['Long', 'Integer'], stack: [] }, { kind: 'op', op: Op.RETURN }], /not followed by Top/);
  bad([], /empty code/);
  bad([{ kind: 'tableswitch', low: 1, high: 3, dflt: l, targets: [l] }, { kind: 'label', label: l }, { kind: 'op', op: Op.RETURN }], /needs 3 targets/);
  bad(Array.from({ length: 70000 }, () => ({ kind: 'op', op: Op.NOP }) as Insn), /code too large/);
});

test('decode of mutated real code throws only ClassFormatError or CodeModelError', () => {
  const random = rng(0x5eed);
  const methods: { cf: ReturnType<typeof readClass>; m: number; code: AttributeOf<'Code'> }[] = [];
  for (const [rel, bytes] of compiledSamples().classes) {
    const cf = readClass(bytes, rel);
    cf.methods.forEach((m, i) => {
      const c = m.attributes.find((a) => a.name === 'Code');
      if (c && c.name === 'Code') methods.push({ cf, m: i, code: c });
    });
  }
  let failures = 0;
  let decoded = 0;
  for (let round = 0; round < 3000; round++) {
    const { cf, m, code } = methods[Math.floor(random() * methods.length)]!;
    const bytes = code.code.slice();
    const flips = 1 + Math.floor(random() * 3);
    for (let k = 0; k < flips; k++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    const cut = random() < 0.2 ? bytes.subarray(0, Math.floor(random() * bytes.length)) : bytes;
    const c = codeContext(cf, cf.methods[m]!, new ConstantPool(cf), 'fuzz');
    try {
      const mc = decodeWithContext(c, { ...code, code: cut });
      decoded++;
      encodeCode(c, mc);
    } catch (e) {
      if (!(e instanceof ClassFormatError || e instanceof CodeModelError)) assert.fail(`round ${round}: ${String(e)}\n${(e as Error).stack}`);
      failures++;
    }
  }
  assert.ok(failures > 100 && decoded > 100, `${failures} rejected, ${decoded} decoded`);
});
