// Code the HotSpot engine's java.base patch puts into JDK methods (reflect-patch.ts,
// stack-frames-patch.ts): a line for a prologue, and the marking of the patch's own instructions
// as not counted (transform/uncounted.ts).

import type { ConstantPool } from '../classfile/pool';
import { Label, type Insn, type MethodCode } from '../classfile/code/insn';
import { realOrdinals, uncountedAttribute, uncountedInsns } from '../transform/uncounted';

/**
 * A line entry for a prologue: the method's first line (its entry at offset 0, or the first of
 * its table). Without it the prologue's code had no line, and HotSpot put the sample of the block
 * that runs it (one per class defined, in ClassLoader.defineClass) on line 0, where the embedded
 * engine, which swaps in the VM and has no prologue, has the method's first line. The original's
 * own entries stay as they are.
 */
export function prologueLine(insns: readonly Insn[]): Insn[] {
  const first = insns.find((i) => i.kind === 'line');
  if (first?.kind !== 'line') return [];
  const start = new Label('komorium-prologue');
  return [
    { kind: 'label', label: start },
    { kind: 'line', line: first.line, start },
  ];
}

/** Marks `code` (the patch's instructions in `mc`) as not counted when the class is transformed (uncounted.ts). */
export function markUncounted(mc: MethodCode, pool: ConstantPool, code: ReadonlySet<Insn>): void {
  if (uncountedInsns(mc)) throw new Error('a method patched twice');
  mc.attributes = [...mc.attributes, { kind: 'verbatim', attribute: uncountedAttribute(pool, realOrdinals(mc.insns, code)) }];
}
