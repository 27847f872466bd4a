// The copy's StackTraceElement.of(x, depth): a throwable's stack trace without the frames of
// reverse trampolines, left out before the elements are made and formatted.
//
// The transformation adds a frame HotSpot records in every backtrace that passes a reverse
// trampoline (the extended version of a native, abstract or interface method, which calls the
// original: TRAMPOLINE_LINE); the embedded engine's backtraces leave those frames out
// (interp/invoke/frames.ts isTrampoline), so Throwable's `depth` is N there and N + T on HotSpot.
// `of` makes `depth` elements, has the VM fill them and formats each (computeFormat: the class's
// loader and module, ~4 samples a frame), all counted: dropping the T frames from the result
// afterwards (the filter this replaces, in Throwable) left their making and formatting counted
// on HotSpot only. Now:
// - a prologue (not counted) makes the N + T elements, has the VM fill them, keeps the N that are
//   not trampolines (KomoriumReflect.keepFrames, paused) and sets `depth` to N;
// - `of`'s own code then makes N elements, counted as on the embedded engine, and its call of the
//   native initStackTraceElements calls KomoriumReflect.fillFrames instead, which puts the N kept
//   elements in their places; `of` formats them, counted.
// The one call is counted as the native's call was. JDK 17: of(Throwable, int), native
// initStackTraceElements(StackTraceElement[], Throwable); JDK 19 and later: of(Object backtrace,
// int), native initStackTraceElements(StackTraceElement[], Object, int).

import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { ConstantPool } from '../classfile/pool';
import { codeContext } from '../classfile/code/context';
import { decodeWithContext } from '../classfile/code/decode';
import { encodeCode } from '../classfile/code/encode';
import type { Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import type { AttributeOf } from '../classfile/model';
import { markUncounted, prologueLine } from './patch-code';

export const STACK_TRACE_ELEMENT = 'java/lang/StackTraceElement';
const REFLECT = 'java/lang/KomoriumReflect';
const ELEMENTS = '[Ljava/lang/StackTraceElement;';
const NATIVE = 'initStackTraceElements';
/** The natives' descriptors (17; 19 and later) and the fillFrames that stands in for each. */
const FILLS: Record<string, string> = {
  '([Ljava/lang/StackTraceElement;Ljava/lang/Throwable;)V': '([Ljava/lang/StackTraceElement;Ljava/lang/Object;)V',
  '([Ljava/lang/StackTraceElement;Ljava/lang/Object;I)V': '([Ljava/lang/StackTraceElement;Ljava/lang/Object;I)V',
};

/** Is `desc` the descriptor of `of(x, depth)` (x a Throwable or a backtrace)? */
const isOf = (name: string, desc: string): boolean => name === 'of' && /^\(L[^;]+;I\)\[Ljava\/lang\/StackTraceElement;$/.test(desc);

/** StackTraceElement's class file with `of(x, depth)` patched as above. */
export function patchStackTraceElement(bytes: Uint8Array): Uint8Array {
  const cf = readClass(bytes, `${STACK_TRACE_ELEMENT}.class`);
  const pool = new ConstantPool(cf);
  const natives = cf.methods.filter((m) => pool.utf8(m.nameIndex) === NATIVE).map((m) => pool.utf8(m.descriptorIndex));
  const nativeDesc = natives.find((d) => d in FILLS);
  if (natives.length !== 1 || nativeDesc === undefined) throw new Error(`${STACK_TRACE_ELEMENT}: ${NATIVE} ${natives.join(', ') || 'missing'}, not one of ${Object.keys(FILLS).join(', ')}`);
  let patched = 0;
  cf.methods = cf.methods.map((m) => {
    if (!isOf(pool.utf8(m.nameIndex), pool.utf8(m.descriptorIndex))) return m;
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, STACK_TRACE_ELEMENT);
    const mc = decodeWithContext(ctx, code);
    if (mc.insns[0]?.kind === 'frame') throw new Error(`${STACK_TRACE_ELEMENT}.of: a branch target at its start`);
    let calls = 0;
    mc.insns = mc.insns.map((insn) => {
      if (insn.kind !== 'method' || insn.op !== Op.INVOKESTATIC) return insn;
      const ref = pool.memberRef(insn.index);
      if (ref.owner !== STACK_TRACE_ELEMENT || ref.name !== NATIVE) return insn;
      calls++;
      return { ...insn, index: pool.addMethodref(REFLECT, 'fillFrames', FILLS[ref.descriptor]!) };
    });
    if (calls !== 1) throw new Error(`${STACK_TRACE_ELEMENT}.of: ${calls} calls of ${NATIVE}, expected 1`);
    // depth = KomoriumReflect.keepFrames(filled(KomoriumReflect.blankFrames(depth)), x)
    const prologue: Insn[] = [
      { kind: 'var', op: Op.ILOAD, index: 1 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(REFLECT, 'blankFrames', `(I)${ELEMENTS}`) },
      { kind: 'op', op: Op.DUP },
      { kind: 'var', op: Op.ALOAD, index: 0 },
      ...(nativeDesc.endsWith('I)V') ? [{ kind: 'var', op: Op.ILOAD, index: 1 } as const] : []),
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(STACK_TRACE_ELEMENT, NATIVE, nativeDesc) },
      { kind: 'var', op: Op.ALOAD, index: 0 },
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(REFLECT, 'keepFrames', `(${ELEMENTS}Ljava/lang/Object;)I`) },
      { kind: 'var', op: Op.ISTORE, index: 1 },
    ];
    mc.insns = [...prologueLine(mc.insns), ...prologue, ...mc.insns];
    markUncounted(mc, pool, new Set(prologue));
    patched++;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  if (patched !== 1) throw new Error(`${STACK_TRACE_ELEMENT}: ${patched} methods of(x, depth), expected 1`);
  return writeClass(cf);
}
