// max_stack and max_locals.
//
// max_stack: a data-flow pass over the control-flow graph (fall-through, jumps, switches,
// jsr/ret, exception handlers entered with one stack slot). Every frame node is a seed too,
// because the verifier also checks code that is unreachable, starting from its frame.
// max_locals: the largest slot touched by the descriptor, a load/store/iinc/ret (long and
// double take two), a frame, or a local-variable table entry. Both take what layoutCode found
// in its pass over the same instructions (encodeCode runs them right after it).

import { CodeModelError } from '../errors';
import type { ConstantPool } from '../pool';
import type { Insn, Label, MethodCode } from './insn';
import { Op, OPCODE_NAMES } from './opcodes';
import { stackEffect } from './stack';
import { paramSlots } from './vtypes';
import { Scratch, scratchInt32 } from './scratch';

/**
 * `known`: what layoutCode found for the same instructions (label positions, frame nodes, which
 * nodes are pseudo), so this pass makes no search of its own.
 */
export function computeMaxStack(
  mc: MethodCode,
  pool: ConstantPool,
  known: { labelNode: ReadonlyMap<Label, number>; frameNodes: readonly number[]; pseudo(i: number): boolean },
): number {
  const insns = mc.insns;
  const n = insns.length;
  // next[i]: index of the first real instruction at or after node i (n if none).
  const next = scratchInt32(Scratch.MaxsNext, n + 1, 0);
  next[n] = n;
  for (let i = n - 1; i >= 0; i--) next[i] = known.pseudo(i) ? next[i + 1]! : i;
  const labels = known.labelNode;
  const at = (l: Label): number => {
    const i = labels.get(l);
    if (i === undefined) throw new CodeModelError(`label ${l} is not placed in the instruction list`);
    return next[i]!;
  };

  const depth = scratchInt32(Scratch.MaxsDepth, n, -1);
  const work: number[] = [];
  let max = 0;
  const reach = (i: number, d: number): void => {
    if (i >= n) return; // falls off the end: the verifier rejects that, but it is not ours to report here
    if (depth[i]! >= 0) return;
    depth[i] = d;
    if (d > max) max = d;
    work.push(i);
  };

  reach(next[0]!, 0);
  for (const tc of mc.tryCatch) reach(at(tc.handler), 1);
  for (const i of known.frameNodes) {
    const insn = insns[i]!;
    if (insn.kind === 'frame') reach(next[i]!, insn.stack.length);
  }

  while (work.length > 0) {
    const i = work.pop()!;
    const insn = insns[i]! as Exclude<Insn, { kind: 'label' | 'line' | 'frame' }>;
    const d = depth[i]!;
    const { pop, push } = stackEffect(insn, pool);
    if (pop > d) {
      const name = 'op' in insn ? OPCODE_NAMES[insn.op] : insn.kind;
      throw new CodeModelError(`stack underflow at node ${i} (${name}): pops ${pop} slots, stack has ${d}`);
    }
    const after = d - pop + push;
    if (after > max) max = after;
    const fall = next[i + 1]!;
    switch (insn.kind) {
      case 'jump':
        if (insn.op === Op.JSR) {
          reach(at(insn.target), after);
          reach(fall, d);
        } else {
          reach(at(insn.target), after);
          if (insn.op !== Op.GOTO) reach(fall, after);
        }
        break;
      case 'tableswitch':
      case 'lookupswitch':
        reach(at(insn.dflt), after);
        for (const t of insn.targets) reach(at(t), after);
        break;
      case 'var':
        if (insn.op !== Op.RET) reach(fall, after);
        break;
      case 'op':
        if (!((insn.op >= Op.IRETURN && insn.op <= Op.RETURN) || insn.op === Op.ATHROW)) reach(fall, after);
        break;
      default:
        reach(fall, after);
    }
  }
  return max;
}

/**
 * `localsTop`: one past the highest local slot the instructions and frames touch, as layoutCode
 * found it (Layout.localsTop).
 */
export function computeMaxLocals(mc: MethodCode, descriptor: string, isStatic: boolean, localsTop: number): number {
  let max = Math.max(paramSlots(descriptor) + (isStatic ? 0 : 1), localsTop);
  for (const v of mc.localVars) if (v.index + 1 > max) max = v.index + 1;
  for (const v of mc.localVarTypes) if (v.index + 1 > max) max = v.index + 1;
  return max;
}
