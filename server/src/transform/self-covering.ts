// Exception handlers that cover their own first instructions: javac's catch-any of a
// synchronized block, `H: astore t; aload lock; monitorexit; aload t; athrow` with the entry
// [H, H+3) -> H. The counting code of the handler's block would go at H, inside that range, and
// C1 refuses a method in which an instruction that may throw lies in a handler's range within
// the handler's own first block ("exception handler covers itself", c1_GraphBuilder.cpp): such
// methods ran in the interpreter until C2 compiled them (ConcurrentHashMap.merge and putVal,
// LinkedBlockingQueue.take and offer with the JDK instrumented). Moving the range's start past
// the counting code does not do either: that code then runs with the monitor held outside every
// handler that releases it, HotSpot's monitor-pairing analysis (GenerateOopMap) finds a possible
// exceptional exit with the monitor held, and C1 refuses the method as "invalid parsing".
// So method.ts emits the block's counting code after the covered instructions instead (before
// the `aload t; athrow`, still before the block's athrow), where the monitor has been released.

import { isRealInsn, type Insn, type MethodCode } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { labelTargets } from './blocks';

type TryCatch = MethodCode['tryCatch'][number];

/**
 * For each handler whose own entry covers its first instruction and whose covered instructions
 * are only local loads and stores and `monitorexit` (javac's pattern): handler index -> the
 * index of the first instruction after the covered range, where its block's counting code goes.
 * `movable(j)` says instruction j needs no instrumentation of its own (no sub-block starts
 * there, no path-register increment).
 */
export function deferredHandlerCounts(insns: readonly Insn[], tryCatch: readonly TryCatch[], movable: (j: number) => boolean): Map<number, number> {
  const out = new Map<number, number>();
  if (tryCatch.length === 0) return out;
  const at = labelTargets(insns);
  for (const t of tryCatch) {
    const h = at.get(t.handler);
    const s = at.get(t.start);
    const end = at.get(t.end);
    if (h === undefined || s === undefined || end === undefined || !(s <= h && h < end) || end >= insns.length || out.has(h)) continue;
    let ok = isRealInsn(insns[end]!);
    for (let j = h; ok && j < end; j++) {
      const insn = insns[j]!;
      if (!isRealInsn(insn)) continue;
      if (j > h && !movable(j)) ok = false;
      else if (insn.kind === 'var') ok = insn.op !== Op.RET;
      else ok = insn.kind === 'op' && insn.op === Op.MONITOREXIT;
    }
    if (ok && movable(end)) out.set(h, end);
  }
  return out;
}
