// Exception handlers that cover their own first instruction (javac's catch-any of a
// synchronized block: `H: astore t; aload lock; monitorexit` with the range [H, H+3) -> H).
// The transformer's counting code goes at H, inside that range, and C1 refuses to compile a
// method in which an instruction that may throw lies in a handler's range within the handler's
// own first block ("exception handler covers itself", c1_GraphBuilder.cpp): such methods ran in
// the interpreter until C2 compiled them. method.ts marks where the handler's original code
// starts, and the entry's range starts there instead (docs/TRANSFORM.md).

import { type Insn, type Label, type MethodCode } from '../classfile/code/insn';
import { labelTargets } from './blocks';

type TryCatch = MethodCode['tryCatch'][number];

/** Instruction indices of handlers whose own entry's range covers their first instruction. */
export function selfCoveringHandlers(insns: readonly Insn[], tryCatch: readonly TryCatch[]): Set<number> {
  const out = new Set<number>();
  if (tryCatch.length === 0) return out;
  const at = labelTargets(insns);
  for (const t of tryCatch) {
    const h = at.get(t.handler);
    const s = at.get(t.start);
    const end = at.get(t.end);
    if (h !== undefined && s !== undefined && end !== undefined && s <= h && h < end) out.add(h);
  }
  return out;
}

/**
 * The exception table with each self-covering entry (selfCoveringHandlers) split around its
 * handler's counting code: [start, handler) where that is not empty, and [after the code, end).
 * The code's instructions are then covered only by the entries around them (the method's
 * catch-all that writes the counter back, if any); an exception the counting code itself throws
 * (a StackOverflowError in the sampling call) leaves through those instead of re-entering the
 * handler. The original instructions keep their handlers.
 */
export function moveSelfCoveringStarts(insns: readonly Insn[], tryCatch: readonly TryCatch[], afterPrologue: ReadonlyMap<number, Label>): TryCatch[] {
  const at = labelTargets(insns);
  const out: TryCatch[] = [];
  for (const t of tryCatch) {
    const h = at.get(t.handler);
    const s = at.get(t.start);
    const end = at.get(t.end);
    const body = h === undefined ? undefined : afterPrologue.get(h);
    if (body === undefined || s === undefined || end === undefined || !(s <= h! && h! < end)) {
      out.push(t);
      continue;
    }
    if (s < h!) out.push({ ...t, end: t.handler });
    out.push({ ...t, start: body });
  }
  return out;
}
