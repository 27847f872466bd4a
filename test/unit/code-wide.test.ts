// Jumps that overflow 16 bits (goto_w, inverted conditions over goto_w with a computed frame)
// and `wide` locals / iinc, checked byte by byte and on HotSpot with -Xverify:all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeContext } from '../../server/src/classfile/code/context';
import { encodeCode } from '../../server/src/classfile/code/encode';
import { Label, type Insn, type MethodCode } from '../../server/src/classfile/code/insn';
import { Op } from '../../server/src/classfile/code/opcodes';
import { decodeInstructions } from '../../server/src/classfile/code/raw';
import { paramSlots } from '../../server/src/classfile/code/vtypes';
import { ConstantPool } from '../../server/src/classfile/pool';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { compiledSamples, originalOutput, runJava, tempDir, transformClass, writeClassDir } from './code-fixtures';

function ctx(descriptor = '()V', majorVersion = 61): CodeContext {
  return { pool: new ConstantPool([undefined]), thisClass: 'T', methodName: 'm', descriptor, isStatic: true, majorVersion, file: 'T.class' };
}

function method(insns: Insn[]): MethodCode {
  return { maxStack: 0, maxLocals: 0, insns, tryCatch: [], localVars: [], localVarTypes: [], visibleTypeAnnotations: [], invisibleTypeAnnotations: [], attributes: [] };
}

const nops = (k: number): Insn[] => Array.from({ length: k }, () => ({ kind: 'op', op: Op.NOP }) as const);

test('wide locals and iinc: forms chosen by index and delta', () => {
  const code = encodeCode(
    ctx('()I'),
    method([
      { kind: 'op', op: Op.ICONST_0 },
      { kind: 'var', op: Op.ISTORE, index: 300 },
      { kind: 'iinc', index: 300, delta: 1000 },
      { kind: 'iinc', index: 300, delta: -128 },
      { kind: 'iinc', index: 5, delta: 128 },
      { kind: 'var', op: Op.ILOAD, index: 300 },
      { kind: 'var', op: Op.LLOAD, index: 3 },
      { kind: 'var', op: Op.DSTORE, index: 200 },
      { kind: 'op', op: Op.IRETURN },
    ]),
  );
  assert.deepEqual(
    [...code.code],
    [0x03, 0xc4, 0x36, 0x01, 0x2c, 0xc4, 0x84, 0x01, 0x2c, 0x03, 0xe8, 0xc4, 0x84, 0x01, 0x2c, 0xff, 0x80, 0xc4, 0x84, 0x00, 0x05, 0x00, 0x80, 0xc4, 0x15, 0x01, 0x2c, 0x21, 0x39, 200, 0xac],
  );
  assert.equal(code.maxLocals, 301);
  assert.equal(code.maxStack, 3);
});

test('jump widening at the exact s2 limits, with a frame after an inverted conditional', () => {
  const build = (k: number): MethodCode => {
    const l = new Label();
    return method([{ kind: 'op', op: Op.ICONST_0 }, { kind: 'jump', op: Op.IFEQ, target: l }, ...nops(k), { kind: 'label', label: l }, { kind: 'frame', locals: [], stack: [] }, { kind: 'op', op: Op.RETURN }]);
  };
  // ifeq at 1; target at 4 + k; offset 3 + k.
  const fits = encodeCode(ctx(), build(32764));
  assert.equal(fits.code[1], Op.IFEQ);
  assert.equal((fits.code[2]! << 8) | fits.code[3]!, 32767);
  const over = encodeCode(ctx(), build(32765));
  // 1: ifne +8; 4: goto_w +32770; 9: 32765 nops; 32774: return
  assert.deepEqual([...over.code.subarray(1, 9)], [Op.IFNE, 0, 8, Op.GOTO_W, 0, 0, 0x80, 0x02]);
  const frames = over.attributes.find((a) => a.name === 'StackMapTable');
  assert.ok(frames && frames.name === 'StackMapTable');
  // A frame at 9 (after the goto_w), then the original one at the return.
  assert.deepEqual(
    frames.frames.map((f) => [f.kind, f.offsetDelta, f.frameType]),
    [
      ['same', 9, 9],
      ['same', 32774 - 9 - 1, 251], // same_frame_extended
    ],
  );
  // Backward gotos: -32768 fits, -32769 does not.
  const back = (k: number): MethodCode => {
    const l = new Label();
    return method([{ kind: 'label', label: l }, { kind: 'frame', locals: [], stack: [] }, ...nops(k), { kind: 'jump', op: Op.GOTO, target: l }]);
  };
  assert.equal(encodeCode(ctx(), back(32768)).code[32768], Op.GOTO);
  const b2 = encodeCode(ctx(), back(32769)).code;
  assert.deepEqual([...b2.subarray(32769)], [Op.GOTO_W, 0xff, 0xff, 0x7f, 0xff]);
});

/** Inserts 33,000 NOPs right after the first forward jump of every method that has one. */
function padFirstForwardJump(mc: MethodCode): boolean {
  const labelAt = new Map<Label, number>();
  mc.insns.forEach((i, k) => i.kind === 'label' && labelAt.set(i.label, k));
  const k = mc.insns.findIndex((i, n) => i.kind === 'jump' && labelAt.get(i.target)! > n);
  if (k < 0) return false;
  mc.insns.splice(k + 1, 0, ...nops(33_000));
  return true;
}

test('33,000 NOPs after the first forward branch: widened jumps verify and run on HotSpot', () => {
  const { dir, cleanup } = tempDir('code-jumps');
  try {
    const out = dir;
    const { classes } = compiledSamples();
    const rel = 'code/Jumps.class';
    const padded: string[] = [];
    const bytes = transformClass(classes.get(rel)!, (mc, c) => {
      if (c.methodName === 'main' || !padFirstForwardJump(mc)) return false;
      padded.push(c.methodName);
    });
    assert.deepEqual(padded.sort(), ['loop', 'nullBranch', 'switched', 'tryCatch', 'uninitialized', 'wideStack']);
    // Every padded method now has a goto_w; the conditionals spanning the NOPs are inverted.
    const cf = readClass(bytes, rel);
    for (const m of cf.methods) {
      const name = (cf.constantPool[m.nameIndex] as { value: string }).value;
      if (!padded.includes(name)) continue;
      const code = m.attributes.find((a) => a.name === 'Code');
      assert.ok(code && code.name === 'Code');
      assert.ok(code.code.length > 33_000);
      const ops = decodeInstructions(code.code).map((i) => i.op);
      assert.ok(ops.includes(Op.GOTO_W), `${name} has no goto_w`);
    }
    writeClassDir(out, new Map([...classes, [rel, bytes]]));
    assert.equal(runJava(out, 'code.Jumps'), originalOutput('code.Jumps'));
  } finally {
    cleanup();
  }
});

test('locals shifted past 255 through the model: wide forms verify and run on HotSpot', () => {
  const { dir, cleanup } = tempDir('code-wide');
  try {
    const out = dir;
    const { classes } = compiledSamples();
    const SHIFT = 300;
    const shifted = new Map<string, Uint8Array>();
    let wides = 0;
    for (const [rel, bytes] of classes) {
      const re = transformClass(bytes, (mc, c) => {
        const base = paramSlots(c.descriptor) + (c.isStatic ? 0 : 1);
        for (const i of mc.insns) {
          if ((i.kind === 'var' || i.kind === 'iinc') && i.index >= base) i.index += SHIFT;
          if (i.kind === 'frame' && i.locals.length > base) i.locals.splice(base, 0, ...Array<'Top'>(SHIFT).fill('Top'));
        }
        for (const v of [...mc.localVars, ...mc.localVarTypes]) if (v.index >= base) v.index += SHIFT;
        for (const t of [...mc.visibleTypeAnnotations, ...mc.invisibleTypeAnnotations])
          if (t.target.kind === 'localvar') for (const e of t.target.table) if (e.index >= base) e.index += SHIFT;
      }, { exactMaxs: true });
      for (const m of readClass(re, rel).methods)
        for (const a of m.attributes) if (a.name === 'Code') wides += decodeInstructions(a.code).filter((i) => 'wide' in i.operands && i.operands.wide).length;
      shifted.set(rel, re);
    }
    assert.ok(wides > 100, `${wides} wide instructions`);
    writeClassDir(out, shifted);
    for (const main of ['code.Samples', 'code.Jumps', 'code.ManyLocals']) assert.equal(runJava(out, main), originalOutput(main), main);
  } finally {
    cleanup();
  }
});

test('jsr/ret in a version-49 class: no frames, max_stack through the subroutine, runs on HotSpot', () => {
  const { dir, cleanup } = tempDir('code-jsr');
  try {
    const { classes } = compiledSamples();
    const rel = 'code/Legacy.class';
    for (const forceWideJumps of [false, true]) {
      const cf = readClass(classes.get(rel)!, rel);
      cf.majorVersion = 49;
      cf.minorVersion = 0;
      const bytes = writeClass(cf);
      const out = transformClass(
        bytes,
        (mc, c) => {
          if (c.methodName !== 'f') return;
          // if (x < 0) { jsr SUB; return -1 } jsr SUB; return x + 1;  SUB: astore_1; ret 1
          const pos = new Label();
          const sub = new Label();
          mc.insns = [
            { kind: 'var', op: Op.ILOAD, index: 0 },
            { kind: 'jump', op: Op.IFGE, target: pos },
            { kind: 'jump', op: Op.JSR, target: sub },
            { kind: 'op', op: Op.ICONST_M1 },
            { kind: 'op', op: Op.IRETURN },
            { kind: 'label', label: pos },
            { kind: 'jump', op: Op.JSR, target: sub },
            { kind: 'var', op: Op.ILOAD, index: 0 },
            { kind: 'op', op: Op.ICONST_1 },
            { kind: 'op', op: Op.IADD },
            { kind: 'op', op: Op.IRETURN },
            { kind: 'label', label: sub },
            { kind: 'var', op: Op.ASTORE, index: 1 },
            { kind: 'var', op: Op.RET, index: 1 },
          ];
          mc.localVars = [];
          mc.localVarTypes = [];
        },
        { exactMaxs: true, forceWideJumps },
        rel,
      );
      const f = readClass(out, rel).methods.find((m) => m.attributes.some((a) => a.name === 'Code' && decodeInstructions(a.code).some((i) => i.op === Op.RET)));
      const code = f?.attributes.find((a) => a.name === 'Code');
      assert.ok(code && code.name === 'Code');
      assert.equal(code.maxStack, 2);
      assert.equal(code.maxLocals, 2);
      assert.ok(!code.attributes.some((a) => a.name === 'StackMapTable'));
      assert.equal(decodeInstructions(code.code).some((i) => i.op === Op.JSR_W), forceWideJumps);
      const d = `${dir}/${forceWideJumps ? 'wide' : 'short'}`;
      writeClassDir(d, new Map([[rel, out]]));
      assert.equal(runJava(d, 'code.Legacy'), '5\n-1\n');
    }
  } finally {
    cleanup();
  }
});
