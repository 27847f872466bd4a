// The opcode table and the raw decoder, with javap as the oracle for mnemonics and offsets.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  FORMAT_LENGTH,
  invertCondition,
  isConditionalBranch,
  isValidOpcode,
  isWideable,
  Op,
  OPCODE_COUNT,
  OPCODE_FORMATS,
  OPCODE_NAMES,
} from '../../server/src/classfile/code/opcodes';
import { checkBranchTargets, decodeInstructions, forEachInstruction } from '../../server/src/classfile/code/raw';
import { ClassFormatError } from '../../server/src/classfile/errors';
import { readClass } from '../../server/src/classfile/reader';
import { compiledSamples, tool } from './code-fixtures';

test('opcode table: 202 opcodes, Op constants agree with the mnemonics', () => {
  assert.equal(OPCODE_COUNT, 202);
  assert.equal(OPCODE_NAMES.length, 202);
  assert.equal(OPCODE_FORMATS.length, 202);
  assert.equal(new Set(OPCODE_NAMES).size, 202);
  const ops = Op as Record<string, number>;
  assert.equal(Object.keys(ops).length, 202);
  OPCODE_NAMES.forEach((n, i) => assert.equal(ops[n.toUpperCase()], i, n));
  // Spot checks against JVMS chapter 6.
  assert.equal(Op.ILOAD, 0x15);
  assert.equal(Op.IINC, 0x84);
  assert.equal(Op.GOTO, 0xa7);
  assert.equal(Op.TABLESWITCH, 0xaa);
  assert.equal(Op.INVOKEDYNAMIC, 0xba);
  assert.equal(Op.MULTIANEWARRAY, 0xc5);
  assert.equal(Op.JSR_W, 0xc9);
  assert.ok(isValidOpcode(0) && isValidOpcode(0xc9));
  assert.ok(!isValidOpcode(0xca) && !isValidOpcode(0xff) && !isValidOpcode(-1));
  assert.equal(OPCODE_FORMATS[Op.LDC], 'cp1');
  assert.equal(OPCODE_FORMATS[Op.WIDE], 'wide');
  assert.equal(OPCODE_FORMATS[Op.GOTO_W], 'branch4');
  assert.equal(FORMAT_LENGTH[OPCODE_FORMATS[Op.INVOKEINTERFACE]!], 5);
  assert.ok(isWideable(Op.ILOAD) && isWideable(Op.RET) && isWideable(Op.IINC) && !isWideable(Op.NOP));
  for (let op = 0; op < 202; op++) {
    if (!isConditionalBranch(op)) continue;
    const inv = invertCondition(op);
    assert.notEqual(inv, op);
    assert.equal(invertCondition(inv), op);
    assert.ok(isConditionalBranch(inv));
  }
  assert.equal(invertCondition(Op.IFLT), Op.IFGE);
  assert.equal(invertCondition(Op.IF_ICMPGT), Op.IF_ICMPLE);
  assert.equal(invertCondition(Op.IFNULL), Op.IFNONNULL);
});

/** javap -c -p over all the classes at once: per class, the (offset, mnemonic) lines of its code. */
function javapListings(classDir: string, classNames: string[]): string[][] {
  const out = execFileSync(tool('javap'), ['-c', '-p', '-cp', classDir, ...classNames], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const perClass: string[][] = [];
  for (const l of out.split('\n')) {
    if (l.startsWith('Compiled from')) perClass.push([]);
    const m = /^\s+(\d+): ([a-z][a-z0-9_]*)/.exec(l);
    if (m) perClass[perClass.length - 1]!.push(`${m[1]}: ${m[2]}`);
  }
  return perClass;
}

test('raw decoder: offsets and mnemonics match javap for the code samples', () => {
  const { dir, classes } = compiledSamples();
  const rels = [...classes.keys()];
  const theirs = javapListings(
    dir,
    rels.map((r) => r.replace(/\.class$/, '').replaceAll('/', '.')),
  );
  assert.equal(theirs.length, rels.length);
  let checked = 0;
  rels.forEach((rel, k) => {
    const cf = readClass(classes.get(rel)!, rel);
    const ours: string[] = [];
    for (const m of cf.methods) {
      for (const a of m.attributes) {
        if (a.name !== 'Code') continue;
        const insns = decodeInstructions(a.code, { file: rel });
        checkBranchTargets(insns, a.code.length);
        for (const i of insns) {
          const wide = (i.operands.kind === 'local' || i.operands.kind === 'iinc') && i.operands.wide;
          ours.push(`${i.offset}: ${OPCODE_NAMES[i.op]}${wide ? '_w' : ''}`);
        }
      }
    }
    assert.deepEqual(ours, theirs[k], rel);
    checked += ours.length;
  });
  assert.ok(checked > 1500, `only ${checked} instructions checked`);
});

test('raw decoder: operands of switches, wide and branches', () => {
  // 0: aload_0; 1: wide iinc 256 1000; 7: tableswitch (no padding) default +18, 0..0 -> +18;
  // 24: return; 25: wide iload 258; 29: goto -29; 32: lookupswitch (3 bytes padding) 1 pair
  const code = new Uint8Array([
    0x2a, 0xc4, 0x84, 0x01, 0x00, 0x03, 0xe8, 0xaa, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 0xb1, 0xc4, 0x15, 1, 2, 0xa7,
    0xff, 0xe3, 0xab, 0, 0, 0, 0xff, 0xff, 0xff, 0xf8, 0, 0, 0, 1, 0x80, 0, 0, 0, 0xff, 0xff, 0xff, 0xf8,
  ]);
  const insns = decodeInstructions(code);
  assert.deepEqual(
    insns.map((i) => [i.offset, OPCODE_NAMES[i.op], i.length]),
    [
      [0, 'aload_0', 1],
      [1, 'iinc', 6],
      [7, 'tableswitch', 17],
      [24, 'return', 1],
      [25, 'iload', 4],
      [29, 'goto', 3],
      [32, 'lookupswitch', 20],
    ],
  );
  assert.deepEqual(insns[1]!.operands, { kind: 'iinc', index: 256, delta: 1000, wide: true });
  assert.deepEqual(insns[2]!.operands, { kind: 'tableswitch', defaultTarget: 25, low: 0, high: 0, targets: [25] });
  assert.deepEqual(insns[4]!.operands, { kind: 'local', index: 258, wide: true });
  assert.deepEqual(insns[5]!.operands, { kind: 'branch', target: 0 });
  assert.deepEqual(insns[6]!.operands, { kind: 'lookupswitch', defaultTarget: 24, keys: [-0x80000000], targets: [24] });
  checkBranchTargets(insns, code.length);
  let n = 0;
  forEachInstruction(code, () => n++);
  assert.equal(n, 7);
});

function cfe(code: number[], offset: number, expected: RegExp): void {
  assert.throws(
    () => checkBranchTargets(decodeInstructions(new Uint8Array(code), { file: 'T.class' }), code.length, { file: 'T.class' }),
    (e: unknown) => {
      assert.ok(e instanceof ClassFormatError, String(e));
      assert.equal(e.file, 'T.class');
      assert.equal(e.offset, offset, e.message);
      assert.match(e.expected, expected);
      return true;
    },
  );
}

test('raw decoder: bad code throws ClassFormatError with the code offset', () => {
  cfe([0x00, 0xcb], 1, /a valid opcode/); // unknown opcode
  cfe([0x00, 0x00, 0xff], 2, /a valid opcode/);
  cfe([0x00, 0x11, 0x01], 2, /sipush operand/); // truncated sipush
  cfe([0xb6, 0x00], 1, /operand/); // truncated invokevirtual
  cfe([0xc8, 0, 0, 0], 1, /goto_w branch offset/);
  cfe([0xc4, 0x00], 1, /after wide/); // wide nop
  cfe([0xc4], 1, /an opcode after wide/);
  cfe([0xc4, 0x84, 0, 1, 0], 2, /wide iinc operands/);
  cfe([0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1], 8, /low <= high/); // tableswitch low > high
  cfe([0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff], 16, /jump offsets/); // huge table, truncated
  cfe([0x00, 0xab, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], 8, /npairs >= 0/);
  cfe([0x00, 0xab, 0, 0, 0, 0, 0], 2, /lookupswitch padding/);
  cfe([0xa7, 0x00, 0x04, 0x11, 0x00, 0x01, 0xb1], 0, /target at the start of an instruction/); // goto into sipush
  cfe([0xa7, 0x00, 0x10, 0xb1], 0, /target at the start/); // goto past the end
  cfe([0x00, 0x99, 0xff, 0xfe, 0xb1], 1, /target at the start/); // ifeq before the start
});
