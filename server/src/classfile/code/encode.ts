// MethodCode -> Code attribute: bytecode (see ./layout), max_stack/max_locals (./maxs), the
// exception table, and the sub-attributes rebuilt from labels: StackMapTable (frame nodes plus
// frames for widened conditional jumps, compressed like javac), LineNumberTable,
// LocalVariable(Type)Table and type annotations on code. An unchanged method re-encodes to the
// same bytes as javac wrote.

import { CodeModelError } from '../errors';
import type { Attribute, AttributeOf, ExceptionTableEntry, LocalVariable, TypeAnnotation, TypeAnnotationTarget } from '../model';
import { entryFrame, type CodeContext } from './context';
import { FrameSimulator, frameBefore } from './frames';
import type { CodeTypeAnnotation, Frame, Label, LocalVar, MethodCode, ModelAttributeName } from './insn';
import { layoutCode } from './layout';
import { computeMaxLocals, computeMaxStack } from './maxs';
import { compressFrames } from './stackmap';
import { paramSlots } from './vtypes';

export interface EncodeOptions {
  /**
   * Write exactly the recomputed max_stack/max_locals. By default the larger of the model's
   * values (as read) and the recomputed ones is written, which keeps javac's values for
   * unchanged code and is always valid.
   */
  exactMaxs?: boolean;
  /** Write a StackMapTable (default: class version >= 50). Without it, frame nodes are ignored. */
  frames?: boolean;
  /** Write every jump in its wide form (goto_w, jsr_w, inverted condition over goto_w); for tests. */
  forceWideJumps?: boolean;
  /** The Code attribute's name index (default: the pool's Utf8 "Code", added if missing). */
  nameIndex?: number;
}

export function encodeCode(ctx: CodeContext, mc: MethodCode, opts: EncodeOptions = {}): AttributeOf<'Code'> {
  const pool = ctx.pool;
  const insns = mc.insns;
  const layout = layoutCode(insns, pool, (i) => paramSlots(pool.refDescriptor(i)) + 1, opts.forceWideJumps);
  const codeLength = layout.code.length;
  const off = layout.offsetOf;

  // ---- frames
  const writeFrames = opts.frames ?? ctx.majorVersion >= 50;
  let frameAttr: AttributeOf<'StackMapTable'>['frames'] = [];
  let haveFrames = false;
  if (writeFrames) {
    // Frame nodes in node order have non-decreasing offsets: the list is sorted as built, and
    // two frames at one offset are neighbours. Only widened conditionals add frames elsewhere.
    let sorted: { offset: number; frame: Frame }[] = [];
    let lastOffset = -1;
    for (const i of layout.frameNodes) {
      const insn = insns[i]!;
      if (insn.kind !== 'frame') continue;
      const o = layout.nodeOffsets[i]!;
      if (o >= codeLength) throw new CodeModelError(`frame node ${i} is not followed by an instruction`);
      if (o === lastOffset) throw new CodeModelError(`two frame nodes apply at code offset ${o} (the second is node ${i})`);
      sorted.push({ offset: o, frame: insn });
      lastOffset = o;
    }
    if (layout.widenedConditionals.length > 0) {
      const byOffset = new Map<number, Frame>();
      for (const f of sorted) byOffset.set(f.offset, f.frame);
      const initial = entryFrame(ctx);
      const sim = { pool, thisClass: ctx.thisClass };
      for (const i of layout.widenedConditionals) {
        const o = layout.nodeOffsets[i]! + 8; // after `!cond +8; goto_w`
        if (byOffset.has(o) || o >= codeLength) continue;
        const s = new FrameSimulator(sim, frameBefore(insns, i, initial, sim));
        s.apply(insns[i]!);
        byOffset.set(o, s.frame());
      }
      sorted = [...byOffset.entries()].sort((a, b) => a[0] - b[0]).map(([offset, frame]) => ({ offset, frame }));
    }
    haveFrames = sorted.length > 0;
    frameAttr = compressFrames(sorted, entryFrame(ctx), { pool, offsetOf: off });
  }

  // ---- exception table (empty ranges are dropped; catch-target annotations are renumbered)
  const exceptionTable: ExceptionTableEntry[] = [];
  const handlerIndex: (number | undefined)[] = [];
  for (const tc of mc.tryCatch) {
    const startPc = off(tc.start);
    const endPc = off(tc.end);
    if (endPc < startPc) throw new CodeModelError(`try range ends (${endPc}) before it starts (${startPc})`);
    if (endPc === startPc) {
      handlerIndex.push(undefined);
      continue;
    }
    handlerIndex.push(exceptionTable.length);
    exceptionTable.push({ startPc, endPc, handlerPc: off(tc.handler), catchType: tc.catchType });
  }

  // ---- max_stack / max_locals
  const maxStack = computeMaxStack(mc, pool, layout);
  const maxLocals = computeMaxLocals(mc, ctx.descriptor, ctx.isStatic, layout.localsTop);
  const finalMaxStack = opts.exactMaxs ? maxStack : Math.max(maxStack, mc.maxStack);
  const finalMaxLocals = opts.exactMaxs ? maxLocals : Math.max(maxLocals, mc.maxLocals);
  if (finalMaxStack > 0xffff || finalMaxLocals > 0xffff) throw new CodeModelError(`max_stack ${finalMaxStack} / max_locals ${finalMaxLocals} exceed 65535`);

  // ---- sub-attributes
  const lines: { startPc: number; line: number }[] = [];
  for (const i of layout.lineNodes) {
    const insn = insns[i]!;
    if (insn.kind !== 'line') continue;
    const startPc = off(insn.start);
    if (startPc < codeLength) lines.push({ startPc, line: insn.line });
  }
  const vars = (list: LocalVar[]): LocalVariable[] => {
    const out: LocalVariable[] = [];
    for (const v of list) {
      const startPc = off(v.start);
      const length = off(v.end) - startPc;
      if (length < 0) throw new CodeModelError(`local variable ${v.index} range ends before it starts`);
      if (startPc < codeLength) out.push({ startPc, length, nameIndex: v.nameIndex, descriptorIndex: v.descriptorIndex, index: v.index });
    }
    return out;
  };
  const typeAnnos = (list: CodeTypeAnnotation[]): TypeAnnotation[] =>
    list.flatMap((t) => {
      const target = annotationTarget(t, off, handlerIndex);
      return target ? [{ targetType: t.targetType, target, path: t.path, annotation: t.annotation }] : [];
    });

  const build = (name: ModelAttributeName, nameIndex: number): Attribute | undefined => {
    switch (name) {
      case 'StackMapTable':
        return writeFrames ? { name, nameIndex, frames: frameAttr } : undefined;
      case 'LineNumberTable':
        return { name, nameIndex, lines };
      case 'LocalVariableTable':
        return { name, nameIndex, vars: vars(mc.localVars) };
      case 'LocalVariableTypeTable':
        return { name, nameIndex, vars: vars(mc.localVarTypes) };
      case 'RuntimeVisibleTypeAnnotations':
        return { name, nameIndex, annotations: typeAnnos(mc.visibleTypeAnnotations) };
      case 'RuntimeInvisibleTypeAnnotations':
        return { name, nameIndex, annotations: typeAnnos(mc.invisibleTypeAnnotations) };
    }
  };
  const attributes: Attribute[] = [];
  const written = new Set<ModelAttributeName>();
  for (const s of mc.attributes) {
    if (s.kind === 'verbatim') attributes.push(s.attribute);
    else if (!written.has(s.name)) {
      written.add(s.name);
      const a = build(s.name, s.nameIndex);
      if (a) attributes.push(a);
    }
  }
  const extra: [ModelAttributeName, boolean][] = [
    ['LineNumberTable', lines.length > 0],
    ['LocalVariableTable', mc.localVars.length > 0],
    ['LocalVariableTypeTable', mc.localVarTypes.length > 0],
    ['StackMapTable', haveFrames],
    ['RuntimeVisibleTypeAnnotations', mc.visibleTypeAnnotations.length > 0],
    ['RuntimeInvisibleTypeAnnotations', mc.invisibleTypeAnnotations.length > 0],
  ];
  for (const [name, needed] of extra) {
    if (!needed || written.has(name)) continue;
    const a = build(name, pool.addUtf8(name));
    if (a) attributes.push(a);
  }

  return {
    name: 'Code',
    nameIndex: opts.nameIndex ?? pool.addUtf8('Code'),
    maxStack: finalMaxStack,
    maxLocals: finalMaxLocals,
    code: layout.code,
    exceptionTable,
    attributes,
  };
}

function annotationTarget(t: CodeTypeAnnotation, off: (l: Label) => number, handlerIndex: (number | undefined)[]): TypeAnnotationTarget | undefined {
  const tg = t.target;
  switch (tg.kind) {
    case 'localvar':
      return { kind: 'localvar', table: tg.table.map((v) => ({ startPc: off(v.start), length: off(v.end) - off(v.start), index: v.index })) };
    case 'catch': {
      const i = handlerIndex[tg.exceptionTableIndex];
      return i === undefined ? undefined : { kind: 'catch', exceptionTableIndex: i };
    }
    case 'offset':
      return { kind: 'offset', offset: off(tg.at) };
    case 'type_argument':
      return { kind: 'type_argument', offset: off(tg.at), typeArgumentIndex: tg.typeArgumentIndex };
  }
}
