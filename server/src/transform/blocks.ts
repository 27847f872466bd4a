// Basic-block analysis for the transformer (paper 000, Section 4.2). It is pluggable: the
// transformer takes any `BlockAnalysis`; `defaultBlockAnalysis` is the paper's default rule,
// where only jumps, branches, switches, returns, athrow and ret end a block, and invocations
// do not.

import { isRealInsn, type Insn, type Label, type MethodCode, type RealInsn } from '../classfile/code/insn';
import { Op, isConditionalBranch } from '../classfile/code/opcodes';
import { CodeModelError } from '../classfile/errors';

export interface BasicBlock {
  /** Index in `insns` of the block's first real instruction. */
  first: number;
  /** Index in `insns` just after the block's last real instruction. */
  end: number;
  /** Number of original bytecodes (real instructions) in the block. */
  length: number;
  /** Normal successors (block indices). Exception edges are not listed; handlers are roots. */
  succs: number[];
  /** Ends in a return or athrow. */
  terminates: boolean;
  /** Contains an invoke* (invokedynamic included). */
  invokes: boolean;
  /** Starts an exception handler. */
  handler: boolean;
  /** The source line in effect at the block's first instruction, or -1. */
  line: number;
}

export interface BlockAnalysis {
  readonly name: string;
  /** Blocks in code order; block 0 starts at the method's first instruction. */
  findBlocks(mc: MethodCode): BasicBlock[];
}

function isInvoke(i: RealInsn): boolean {
  return i.kind === 'method' || i.kind === 'indy';
}

function endsBlock(i: RealInsn): boolean {
  switch (i.kind) {
    case 'jump':
    case 'tableswitch':
    case 'lookupswitch':
      return true;
    case 'var':
      return i.op === Op.RET;
    case 'op':
      return (i.op >= Op.IRETURN && i.op <= Op.RETURN) || i.op === Op.ATHROW;
    default:
      return false;
  }
}

/** Maps every label to the index of the first real instruction at or after it (insns.length at the end). */
export function labelTargets(insns: readonly Insn[]): Map<Label, number> {
  const m = new Map<Label, number>();
  const pending: Label[] = [];
  insns.forEach((insn, idx) => {
    if (insn.kind === 'label') pending.push(insn.label);
    else if (isRealInsn(insn)) {
      for (const l of pending) m.set(l, idx);
      pending.length = 0;
    }
  });
  for (const l of pending) m.set(l, insns.length);
  return m;
}

export const defaultBlockAnalysis: BlockAnalysis = {
  name: 'default',
  findBlocks(mc: MethodCode): BasicBlock[] {
    const { insns } = mc;
    const at = labelTargets(insns);
    const target = (l: Label): number => {
      const t = at.get(l);
      if (t === undefined || t >= insns.length) throw new CodeModelError(`label ${l} is not placed before an instruction`);
      return t;
    };
    const leaders = new Set<number>();
    const handlers = new Set<number>();
    const jsrReturns: number[] = [];
    let firstReal = -1;
    let afterEnd = false;
    insns.forEach((insn, idx) => {
      if (!isRealInsn(insn)) return;
      if (firstReal < 0 || afterEnd) leaders.add(idx);
      if (firstReal < 0) firstReal = idx;
      afterEnd = endsBlock(insn);
      if (insn.kind === 'jump') {
        leaders.add(target(insn.target));
        if (insn.op === Op.JSR) jsrReturns.push(idx); // its successor is resolved below
      } else if (insn.kind === 'tableswitch' || insn.kind === 'lookupswitch') {
        leaders.add(target(insn.dflt));
        for (const t of insn.targets) leaders.add(target(t));
      }
    });
    if (firstReal < 0) return [];
    for (const tc of mc.tryCatch) {
      const h = target(tc.handler);
      leaders.add(h);
      handlers.add(h);
    }
    // Walk in order, cutting at leaders.
    const starts = [...leaders].sort((a, b) => a - b);
    const blockAt = new Map<number, number>();
    starts.forEach((s, b) => blockAt.set(s, b));
    const nextReal = (idx: number): number => {
      for (let j = idx + 1; j < insns.length; j++) if (isRealInsn(insns[j]!)) return j;
      return insns.length;
    };
    const retTargets = jsrReturns.map((j) => blockAt.get(nextReal(j))).filter((b): b is number => b !== undefined);
    let line = -1;
    const blocks: BasicBlock[] = [];
    let lineIdx = 0;
    const lineAt = (idx: number): number => {
      for (; lineIdx < idx; lineIdx++) {
        const n = insns[lineIdx]!;
        if (n.kind === 'line') line = n.line;
      }
      return line;
    };
    for (let b = 0; b < starts.length; b++) {
      const first = starts[b]!;
      const limit = b + 1 < starts.length ? starts[b + 1]! : insns.length;
      let last = first;
      let length = 0;
      let invokes = false;
      for (let j = first; j < limit; j++) {
        const n = insns[j]!;
        if (!isRealInsn(n)) continue;
        length++;
        last = j;
        if (isInvoke(n)) invokes = true;
      }
      const lastInsn = insns[last] as RealInsn;
      const succs: number[] = [];
      const fall = (): void => {
        const nb = blockAt.get(nextReal(last));
        if (nb !== undefined) succs.push(nb);
      };
      let terminates = false;
      if (lastInsn.kind === 'jump') {
        succs.push(blockAt.get(target(lastInsn.target))!);
        if (isConditionalBranch(lastInsn.op) || lastInsn.op === Op.JSR) fall();
      } else if (lastInsn.kind === 'tableswitch' || lastInsn.kind === 'lookupswitch') {
        for (const l of new Set([lastInsn.dflt, ...lastInsn.targets])) succs.push(blockAt.get(target(l))!);
      } else if (lastInsn.kind === 'var' && lastInsn.op === Op.RET) {
        succs.push(...retTargets);
      } else if (lastInsn.kind === 'op' && ((lastInsn.op >= Op.IRETURN && lastInsn.op <= Op.RETURN) || lastInsn.op === Op.ATHROW)) {
        terminates = true;
      } else fall();
      blocks.push({
        first,
        end: last + 1,
        length,
        succs: [...new Set(succs)],
        terminates,
        invokes,
        handler: handlers.has(first),
        line: lineAt(first + 1),
      });
    }
    return blocks;
  },
};
