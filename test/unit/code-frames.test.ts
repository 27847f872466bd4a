// The linear frame simulator: transfer functions on hand-built code, consistency with the
// frames javac wrote (java.base slice), and HotSpot accepting simulated frames for a branch
// inserted before every instruction of the samples.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryFrame, type CodeContext } from '../../server/src/classfile/code/context';
import { decodeWithContext } from '../../server/src/classfile/code/decode';
import { FrameSimulator, frameBefore, simulateAt } from '../../server/src/classfile/code/frames';
import { isRealInsn, Label, objectType, vtypeEquals, type Frame, type Insn, type MethodCode, type VType } from '../../server/src/classfile/code/insn';
import { isUnconditionalTransfer, Op } from '../../server/src/classfile/code/opcodes';
import { codeContext } from '../../server/src/classfile/code/context';
import { CodeModelError } from '../../server/src/classfile/errors';
import { Tag } from '../../server/src/classfile/model';
import { ConstantPool } from '../../server/src/classfile/pool';
import { readClass } from '../../server/src/classfile/reader';
import { branchBeforeEveryInstruction, compiledSamples, javaBaseClassNames, openJdkImage, originalOutput, runJava, tempDir, transformClass, writeClassDir } from './code-fixtures';

const pool = new ConstantPool([undefined]);
const sim = { pool, thisClass: 'T' };
const SB = 'java/lang/StringBuilder';

function run(start: Frame, insns: Insn[]): Frame {
  const s = new FrameSimulator(sim, start);
  insns.forEach((i) => s.apply(i));
  return s.frame();
}

test('simulator: new / dup / <init> turns Uninitialized(label) into the class', () => {
  const a = new Label('A');
  const init = pool.addMethodref(SB, '<init>', '()V');
  const before = [{ kind: 'label', label: a }, { kind: 'type', op: Op.NEW, index: pool.addClass(SB) }, { kind: 'op', op: Op.DUP }] as Insn[];
  const f1 = run({ locals: [], stack: [] }, before);
  assert.deepEqual(f1.stack, [
    { kind: 'Uninitialized', newLabel: a },
    { kind: 'Uninitialized', newLabel: a },
  ]);
  const f2 = run({ locals: [], stack: [] }, [...before, { kind: 'method', op: Op.INVOKESPECIAL, index: init }, { kind: 'var', op: Op.ASTORE, index: 1 }]);
  assert.deepEqual(f2, { locals: ['Top', objectType(SB)], stack: [] });
  // UninitializedThis in a constructor becomes this class everywhere.
  const objInit = pool.addMethodref('java/lang/Object', '<init>', '()V');
  const f3 = run({ locals: ['UninitializedThis', 'UninitializedThis'], stack: [] }, [
    { kind: 'var', op: Op.ALOAD, index: 0 },
    { kind: 'method', op: Op.INVOKESPECIAL, index: objInit },
  ]);
  assert.deepEqual(f3.locals, [objectType('T'), objectType('T')]);
  // A new without a label before it cannot be given a type.
  assert.throws(() => run({ locals: [], stack: [] }, [{ kind: 'type', op: Op.NEW, index: pool.addClass(SB) }]), CodeModelError);
});

test('simulator: locals in slot layout, long/double halves, stack shuffles, arrays', () => {
  // lstore 2 then istore 3 (the long's upper half): slot 2 becomes Top.
  assert.deepEqual(run({ locals: [], stack: ['Long', 'Top'] }, [{ kind: 'var', op: Op.LSTORE, index: 2 }]).locals, ['Top', 'Top', 'Long', 'Top']);
  assert.deepEqual(
    run({ locals: ['Integer', 'Integer', 'Long', 'Top'], stack: ['Float'] }, [{ kind: 'var', op: Op.FSTORE, index: 3 }]).locals,
    ['Integer', 'Integer', 'Top', 'Float'],
  );
  // dup2_x1 with a long: [I, J] -> [J, I, J]
  assert.deepEqual(run({ locals: [], stack: ['Integer', 'Long', 'Top'] }, [{ kind: 'op', op: Op.DUP2_X1 }]).stack, ['Long', 'Top', 'Integer', 'Long', 'Top']);
  // dup_x2 with ints; swap
  assert.deepEqual(run({ locals: [], stack: ['Integer', 'Float', 'Null'] }, [{ kind: 'op', op: Op.DUP_X2 }, { kind: 'op', op: Op.SWAP }]).stack, ['Null', 'Integer', 'Null', 'Float']);
  // aaload: component types; Null stays Null
  const a2 = objectType('[[Ljava/lang/String;');
  assert.deepEqual(run({ locals: [], stack: [a2, 'Integer'] }, [{ kind: 'op', op: Op.AALOAD }]).stack, [objectType('[Ljava/lang/String;')]);
  assert.deepEqual(run({ locals: [], stack: [objectType('[Ljava/lang/String;'), 'Integer'] }, [{ kind: 'op', op: Op.AALOAD }]).stack, [objectType('java/lang/String')]);
  assert.deepEqual(run({ locals: [], stack: ['Null', 'Integer'] }, [{ kind: 'op', op: Op.AALOAD }]).stack, ['Null']);
  // newarray / anewarray / multianewarray / arraylength
  assert.deepEqual(run({ locals: [], stack: ['Integer'] }, [{ kind: 'int', op: Op.NEWARRAY, value: 11 }]).stack, [objectType('[J')]);
  assert.deepEqual(run({ locals: [], stack: ['Integer'] }, [{ kind: 'type', op: Op.ANEWARRAY, index: pool.addClass('[I') }]).stack, [objectType('[[I')]);
  assert.deepEqual(run({ locals: [], stack: ['Integer'] }, [{ kind: 'type', op: Op.ANEWARRAY, index: pool.addClass(SB) }]).stack, [objectType(`[L${SB};`)]);
  assert.deepEqual(
    run({ locals: [], stack: ['Integer', 'Integer'] }, [{ kind: 'multianewarray', index: pool.addClass('[[[D'), dimensions: 2 }, { kind: 'op', op: Op.ARRAYLENGTH }]).stack,
    ['Integer'],
  );
  // laload / conversions / compares / shifts
  assert.deepEqual(
    run({ locals: [], stack: [objectType('[J'), 'Integer'] }, [{ kind: 'op', op: Op.LALOAD }, { kind: 'op', op: Op.ICONST_3 }, { kind: 'op', op: Op.LSHL }, { kind: 'op', op: Op.L2D }]).stack,
    ['Double', 'Top'],
  );
  assert.deepEqual(run({ locals: [], stack: ['Double', 'Top', 'Double', 'Top'] }, [{ kind: 'op', op: Op.DCMPG }]).stack, ['Integer']);
  assert.deepEqual(run({ locals: [], stack: [] }, [{ kind: 'op', op: Op.ACONST_NULL }, { kind: 'op', op: Op.LCONST_1 }, { kind: 'op', op: Op.FCONST_2 }]).stack, ['Null', 'Long', 'Top', 'Float']);
  // Trailing Tops are dropped from snapshots, a long's upper half is not.
  assert.deepEqual(run({ locals: ['Long', 'Top', 'Top', 'Top'], stack: [] }, []).locals, ['Long', 'Top']);
  assert.throws(() => run({ locals: [], stack: ['Integer'] }, [{ kind: 'op', op: Op.IADD }]), /stack underflow/);
});

test('simulator: ldc, fields, invokes and invokedynamic use the pool descriptors', () => {
  const p = new ConstantPool([undefined]);
  const s = { pool: p, thisClass: 'T' };
  const ldc = (index: number): VType[] => {
    const f = new FrameSimulator(s, { locals: [], stack: [] });
    f.apply({ kind: 'ldc', index });
    return f.stack;
  };
  assert.deepEqual(ldc(p.addInteger(5)), ['Integer']);
  assert.deepEqual(ldc(p.addLong(5n)), ['Long', 'Top']);
  assert.deepEqual(ldc(p.addString('x')), [objectType('java/lang/String')]);
  assert.deepEqual(ldc(p.addClass('x/Y')), [objectType('java/lang/Class')]);
  assert.deepEqual(ldc(p.add({ tag: Tag.MethodType, descriptorIndex: p.addUtf8('()V') })), [objectType('java/lang/invoke/MethodType')]);
  assert.deepEqual(ldc(p.add({ tag: Tag.Dynamic, bootstrapMethodAttrIndex: 0, nameAndTypeIndex: p.addNameAndType('c', 'D') })), ['Double', 'Top']);
  const f = new FrameSimulator(s, { locals: [objectType('T')], stack: [] });
  f.apply({ kind: 'var', op: Op.ALOAD, index: 0 });
  f.apply({ kind: 'field', op: Op.GETFIELD, index: p.addFieldref('T', 'j', 'J') });
  f.apply({ kind: 'op', op: Op.ICONST_1 });
  f.apply({ kind: 'method', op: Op.INVOKESTATIC, index: p.addMethodref('T', 'm', '(JI)[Ljava/lang/Object;') });
  assert.deepEqual(f.stack, [objectType('[Ljava/lang/Object;')]);
  f.apply({ kind: 'indy', index: p.add({ tag: Tag.InvokeDynamic, bootstrapMethodAttrIndex: 0, nameAndTypeIndex: p.addNameAndType('x', '(Ljava/lang/Object;)Z') }) });
  assert.deepEqual(f.stack, ['Integer']);
  f.apply({ kind: 'field', op: Op.PUTSTATIC, index: p.addFieldref('T', 'z', 'Z') });
  assert.deepEqual(f.stack, []);
  f.apply({ kind: 'op', op: Op.ACONST_NULL });
  f.apply({ kind: 'method', op: Op.INVOKEINTERFACE, index: p.addMethodref('I', 'n', '()D', true) });
  assert.deepEqual(f.stack, ['Double', 'Top']);
});

test('frameBefore simulates from the nearest frame node', () => {
  const l = new Label();
  const insns: Insn[] = [
    { kind: 'op', op: Op.ICONST_1 },
    { kind: 'var', op: Op.ISTORE, index: 0 },
    { kind: 'label', label: l },
    { kind: 'frame', locals: ['Float'], stack: [] },
    { kind: 'op', op: Op.LCONST_0 },
    { kind: 'op', op: Op.RETURN },
  ];
  const init = { locals: [], stack: [] };
  assert.deepEqual(frameBefore(insns, 2, init, sim), { locals: ['Integer'], stack: [] });
  assert.deepEqual(frameBefore(insns, 5, init, sim), { locals: ['Float'], stack: ['Long', 'Top'] });
  assert.deepEqual(simulateAt(insns, init, sim, everyNode(insns.length))[4], { locals: ['Float'], stack: [] });
});

/** A simulateAt mask asking for the frame before every node. */
const everyNode = (n: number): Uint8Array => new Uint8Array(n).fill(1);

/** Without a class hierarchy: is `from` acceptable where the frame says `to`? */
function assignable(from: VType, to: VType): boolean {
  if (vtypeEquals(from, to) || to === 'Top') return true;
  const ref = (t: VType): boolean => t === 'Null' || (typeof t !== 'string' && t.kind === 'Object');
  return ref(to) && ref(from);
}

function frameAssignable(s: Frame, f: Frame): string | undefined {
  if (s.stack.length !== f.stack.length) return `stack ${s.stack.length} vs ${f.stack.length}`;
  for (let i = 0; i < s.stack.length; i++) if (!assignable(s.stack[i]!, f.stack[i]!)) return `stack[${i}]`;
  for (let i = 0; i < f.locals.length; i++) if (!assignable(s.locals[i] ?? 'Top', f.locals[i]!)) return `locals[${i}]`;
  return undefined;
}

/** Checks simulated states against every frame reached by a fall-through or a jump. */
function checkAgainstFrames(mc: MethodCode, ctx: CodeContext): number {
  const states = simulateAt(mc.insns, entryFrame(ctx), { pool: ctx.pool, thisClass: ctx.thisClass }, everyNode(mc.insns.length));
  const frameAt = new Map<Label, Frame>();
  mc.insns.forEach((insn, k) => {
    if (insn.kind !== 'label') return;
    let j = k + 1;
    while (j < mc.insns.length && !isRealInsn(mc.insns[j]!) && mc.insns[j]!.kind !== 'frame') j++;
    const f = mc.insns[j];
    if (f && f.kind === 'frame') frameAt.set(insn.label, f);
  });
  let checked = 0;
  let prevReal: Insn | undefined;
  mc.insns.forEach((insn, k) => {
    const where = `${ctx.thisClass}.${ctx.methodName}${ctx.descriptor} node ${k}`;
    if (insn.kind === 'frame' && prevReal && !('op' in prevReal && isUnconditionalTransfer(prevReal.op)) && prevReal.kind !== 'tableswitch' && prevReal.kind !== 'lookupswitch') {
      const why = frameAssignable(states[k]!, insn);
      assert.equal(why, undefined, `${where}: fall-through state not assignable (${why})`);
      checked++;
    }
    if (insn.kind === 'jump' && insn.op !== Op.JSR) {
      const after = states[k + 1]!;
      const f = frameAt.get(insn.target);
      assert.ok(f, `${where}: jump target without a frame`);
      const why = frameAssignable(after, f);
      assert.equal(why, undefined, `${where}: state at jump not assignable to target (${why})`);
      checked++;
    }
    if (isRealInsn(insn)) prevReal = insn;
  });
  return checked;
}

test('simulated states are assignable to the frames javac wrote (samples and a java.base slice)', () => {
  let checked = 0;
  const check = (bytes: Uint8Array, file: string): void => {
    const cf = readClass(bytes, file);
    if (cf.majorVersion < 50) return;
    const p = new ConstantPool(cf);
    for (const m of cf.methods) {
      const code = m.attributes.find((a) => a.name === 'Code');
      if (!code || code.name !== 'Code') continue;
      const ctx = codeContext(cf, m, p, file);
      checked += checkAgainstFrames(decodeWithContext(ctx, code), ctx);
    }
  };
  for (const [rel, bytes] of compiledSamples().classes) check(bytes, rel);
  const img = openJdkImage();
  try {
    for (const n of javaBaseClassNames(img, 25)) check(img.find(n)!, n);
  } finally {
    img.close();
  }
  assert.ok(checked > 5000, `${checked} checks`);
});

test('a branch with a simulated frame before every instruction verifies and runs on HotSpot', () => {
  const { dir, cleanup } = tempDir('code-frames');
  try {
    const out = new Map<string, Uint8Array>();
    let inserted = 0;
    for (const [rel, bytes] of compiledSamples().classes) {
      out.set(rel, transformClass(bytes, (mc, ctx) => void (inserted += branchBeforeEveryInstruction(mc, ctx)), {}, rel));
    }
    assert.ok(inserted > 1500, `${inserted} branches inserted`);
    writeClassDir(dir, out);
    for (const main of ['code.Samples', 'code.Jumps', 'code.ManyLocals']) assert.equal(runJava(dir, main), originalOutput(main), main);
  } finally {
    cleanup();
  }
});
