// Code attribute -> MethodCode: instructions with labels at every branch target, exception
// range bound and handler, line start, local-variable range bound, frame and `new`; the
// StackMapTable expanded into full frames. Offsets that do not fall on an instruction
// boundary throw ClassFormatError naming the code offset.

import { ClassFormatError } from '../errors';
import type { AttributeOf, ClassFile, MemberInfo, TypeAnnotation } from '../model';
import type { ConstantPool } from '../pool';
import { codeContext, entryFrame, type CodeContext } from './context';
import {
  Label,
  type CodeSubAttribute,
  type CodeTypeAnnotation,
  type Frame,
  type Insn,
  type LocalVar,
  type MethodCode,
  type RealInsn,
  type TryCatch,
} from './insn';
import { Op } from './opcodes';
import { checkBranchTargets, decodeInstructions, type RawInstruction } from './raw';
import { expandFrames } from './stackmap';

export interface DecodeOptions {
  /** Named in errors (default '<bytes>'). */
  file?: string;
}

/** Decodes a method's Code attribute into the editable model. */
export function decodeCode(
  cf: ClassFile,
  method: MemberInfo,
  code: AttributeOf<'Code'>,
  pool: ConstantPool,
  opts: DecodeOptions = {},
): MethodCode {
  return decodeWithContext(codeContext(cf, method, pool, opts.file), code);
}

export function decodeWithContext(ctx: CodeContext, code: AttributeOf<'Code'>): MethodCode {
  const file = ctx.file;
  const bytes = code.code;
  const len = bytes.length;
  if (len === 0) throw new ClassFormatError(file, 0, 'code_length > 0', '0');
  const raws = decodeInstructions(bytes, { file });
  checkBranchTargets(raws, len, { file });
  const indexAt = new Int32Array(len + 1).fill(-1);
  raws.forEach((r, i) => (indexAt[r.offset] = i));
  const isStart = (off: number): boolean => off >= 0 && off < len && indexAt[off]! >= 0;

  const labels = new Map<number, Label>();
  const labelAt = (off: number): Label => {
    let l = labels.get(off);
    if (!l) labels.set(off, (l = new Label()));
    return l;
  };
  /** A label at an instruction start (or, with allowEnd, at the end of the code). */
  const boundary = (off: number, allowEnd: boolean, what: () => string): Label => {
    if (!(isStart(off) || (allowEnd && off === len)))
      throw new ClassFormatError(file, off, `${what()} at an instruction boundary${allowEnd ? ' or the end of the code' : ''}`, off > len || off < 0 ? `offset ${off} outside code of length ${len}` : `offset ${off} inside an instruction`);
    return labelAt(off);
  };

  // Branch targets and `new` instructions.
  for (const r of raws) {
    const o = r.operands;
    if (o.kind === 'branch') labelAt(o.target);
    else if (o.kind === 'tableswitch' || o.kind === 'lookupswitch') {
      labelAt(o.defaultTarget);
      o.targets.forEach((t) => labelAt(t));
    } else if (r.op === Op.NEW) labelAt(r.offset);
  }

  const tryCatch: TryCatch[] = code.exceptionTable.map((e, i) => {
    const what = `exception table entry ${i}`;
    if (e.startPc >= e.endPc) throw new ClassFormatError(file, e.startPc, `${what}: start_pc < end_pc`, `start ${e.startPc}, end ${e.endPc}`);
    return {
      start: boundary(e.startPc, false, () => `${what} start_pc`),
      end: boundary(e.endPc, true, () => `${what} end_pc`),
      handler: boundary(e.handlerPc, false, () => `${what} handler_pc`),
      catchType: e.catchType,
    };
  });

  const lines = new Map<number, number[]>();
  const localVars: LocalVar[] = [];
  const localVarTypes: LocalVar[] = [];
  const visible: CodeTypeAnnotation[] = [];
  const invisible: CodeTypeAnnotation[] = [];
  const attributes: CodeSubAttribute[] = [];
  let stackMap: AttributeOf<'StackMapTable'> | undefined;

  const localVar = (v: { startPc: number; length: number }, what: () => string): { start: Label; end: Label } => ({
    start: boundary(v.startPc, false, () => `${what()} start_pc`),
    end: boundary(v.startPc + v.length, true, () => `${what()} start_pc + length`),
  });

  for (const a of code.attributes) {
    switch (a.name) {
      case 'LineNumberTable':
        for (let i = 0; i < a.lines.length; i++) {
          const ln = a.lines[i]!;
          boundary(ln.startPc, false, () => `LineNumberTable entry ${i} start_pc`);
          const list = lines.get(ln.startPc);
          if (list) list.push(ln.line);
          else lines.set(ln.startPc, [ln.line]);
        }
        break;
      case 'LocalVariableTable':
      case 'LocalVariableTypeTable': {
        const out = a.name === 'LocalVariableTable' ? localVars : localVarTypes;
        const table = a.name;
        for (let i = 0; i < a.vars.length; i++) {
          const v = a.vars[i]!;
          const { start, end } = localVar(v, () => `${table} entry ${i}`);
          out.push({ start, end, nameIndex: v.nameIndex, descriptorIndex: v.descriptorIndex, index: v.index });
        }
        break;
      }
      case 'StackMapTable':
        if (stackMap) throw new ClassFormatError(file, 0, 'at most one StackMapTable attribute in a Code attribute', 'two');
        stackMap = a;
        break;
      case 'RuntimeVisibleTypeAnnotations':
      case 'RuntimeInvisibleTypeAnnotations':
        (a.name === 'RuntimeVisibleTypeAnnotations' ? visible : invisible).push(
          ...a.annotations.map((t, i) => codeTypeAnnotation(t, file, `${a.name} entry ${i}`, boundary, localVar)),
        );
        break;
      default:
        attributes.push({ kind: 'verbatim', attribute: a });
        continue;
    }
    if (!attributes.some((s) => s.kind === 'model' && s.name === a.name)) attributes.push({ kind: 'model', name: a.name, nameIndex: a.nameIndex });
  }

  // Frames (their labels too, before the instruction list is built).
  const frames = new Map<number, Frame>();
  if (stackMap) {
    const expanded = expandFrames(stackMap.frames, entryFrame(ctx), {
      pool: ctx.pool,
      file,
      codeLength: len,
      isInsnStart: isStart,
      newLabelAt: (off) => (isStart(off) && raws[indexAt[off]!]!.op === Op.NEW ? labelAt(off) : undefined),
    });
    for (const { offset, frame } of expanded) {
      labelAt(offset);
      frames.set(offset, frame);
    }
  }

  const insns: Insn[] = [];
  for (const r of raws) {
    const l = labels.get(r.offset);
    if (l) insns.push({ kind: 'label', label: l });
    for (const line of lines.get(r.offset) ?? []) insns.push({ kind: 'line', line, start: l! });
    const f = frames.get(r.offset);
    if (f) insns.push({ kind: 'frame', locals: f.locals, stack: f.stack });
    insns.push(toInsn(r, labels));
  }
  const endLabel = labels.get(len);
  if (endLabel) insns.push({ kind: 'label', label: endLabel });

  return {
    maxStack: code.maxStack,
    maxLocals: code.maxLocals,
    insns,
    tryCatch,
    localVars,
    localVarTypes,
    visibleTypeAnnotations: visible,
    invisibleTypeAnnotations: invisible,
    attributes,
  };
}

function codeTypeAnnotation(
  t: TypeAnnotation,
  file: string,
  what: string,
  boundary: (off: number, allowEnd: boolean, what: () => string) => Label,
  localVar: (v: { startPc: number; length: number }, what: () => string) => { start: Label; end: Label },
): CodeTypeAnnotation {
  const tg = t.target;
  let target: CodeTypeAnnotation['target'];
  switch (tg.kind) {
    case 'localvar':
      target = { kind: 'localvar', table: tg.table.map((v, i) => ({ ...localVar(v, () => `${what} localvar ${i}`), index: v.index })) };
      break;
    case 'catch':
      target = { kind: 'catch', exceptionTableIndex: tg.exceptionTableIndex };
      break;
    case 'offset':
      target = { kind: 'offset', at: boundary(tg.offset, false, () => `${what} offset`) };
      break;
    case 'type_argument':
      target = { kind: 'type_argument', at: boundary(tg.offset, false, () => `${what} offset`), typeArgumentIndex: tg.typeArgumentIndex };
      break;
    default:
      throw new ClassFormatError(file, 0, `${what}: a type-annotation target allowed on code`, tg.kind);
  }
  return { targetType: t.targetType, target, path: t.path, annotation: t.annotation };
}

function toInsn(r: RawInstruction, labels: ReadonlyMap<number, Label>): RealInsn {
  const op = r.op;
  const o = r.operands;
  const L = (off: number): Label => labels.get(off)!;
  switch (o.kind) {
    case 'none':
      if (op >= Op.ILOAD_0 && op <= Op.ALOAD_3) return { kind: 'var', op: Op.ILOAD + ((op - Op.ILOAD_0) >> 2), index: (op - Op.ILOAD_0) & 3 };
      if (op >= Op.ISTORE_0 && op <= Op.ASTORE_3) return { kind: 'var', op: Op.ISTORE + ((op - Op.ISTORE_0) >> 2), index: (op - Op.ISTORE_0) & 3 };
      return { kind: 'op', op };
    case 'local':
      return { kind: 'var', op, index: o.index };
    case 'int':
      return { kind: 'int', op, value: o.value };
    case 'newarray':
      return { kind: 'int', op, value: o.atype };
    case 'cp':
      if (op === Op.LDC || op === Op.LDC_W || op === Op.LDC2_W) return { kind: 'ldc', index: o.index };
      if (op >= Op.GETSTATIC && op <= Op.PUTFIELD) return { kind: 'field', op, index: o.index };
      if (op >= Op.INVOKEVIRTUAL && op <= Op.INVOKESTATIC) return { kind: 'method', op, index: o.index };
      return { kind: 'type', op, index: o.index };
    case 'invokeinterface':
      return { kind: 'method', op, index: o.index };
    case 'invokedynamic':
      return { kind: 'indy', index: o.index };
    case 'branch':
      return { kind: 'jump', op: op === Op.GOTO_W ? Op.GOTO : op === Op.JSR_W ? Op.JSR : op, target: L(o.target) };
    case 'iinc':
      return { kind: 'iinc', index: o.index, delta: o.delta };
    case 'tableswitch':
      return { kind: 'tableswitch', low: o.low, high: o.high, dflt: L(o.defaultTarget), targets: o.targets.map(L) };
    case 'lookupswitch':
      return { kind: 'lookupswitch', dflt: L(o.defaultTarget), keys: o.keys, targets: o.targets.map(L) };
    case 'multianewarray':
      return { kind: 'multianewarray', index: o.index, dimensions: o.dimensions };
  }
}
