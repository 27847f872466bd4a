// Analysis for the JIT: instructions, operand-stack depth at each instruction (a worklist over
// the control flow, exception handlers entered with depth 1), block starts and entry points.

import { decodeInstructions, branchTargets, type RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import type { JClass, JMethod } from '../klass';

export interface Analysis {
  insns: RawInstruction[];
  /** Instruction index by pc. */
  indexOf: Map<number, number>;
  /** Operand-stack depth (slots) before each instruction, -1 if unreachable. */
  depth: Int32Array;
  /** Instructions starting a basic block. */
  blockStart: Set<number>;
  /** pcs the compiled function may be entered at (block starts). */
  entries: Set<number>;
  /** Local slots read/written by kind: n (int/float/double) and r (reference/long/retaddr). */
  localsN: Set<number>;
  localsR: Set<number>;
  writtenN: Set<number>;
  writtenR: Set<number>;
  /**
   * Numeric locals only ever accessed as ints (iload, istore, iinc): the compiled code loads
   * them with `| 0`, so that V8 keeps them (and the loop phis they feed) as int32, not as the
   * float64 a load from the thread's Float64Array gives.
   */
  intLocals: Set<number>;
}

export class NotCompilable extends Error {}

const CONST_PUSH: Record<number, number> = {};
for (let op = 0x01; op <= 0x0f; op++) CONST_PUSH[op] = op === 0x09 || op === 0x0a || op === 0x0e || op === 0x0f ? 2 : 1;

function descSlots(d: string): number {
  return d === 'J' || d === 'D' ? 2 : d === 'V' ? 0 : 1;
}

function argSlotsOf(desc: string): { args: number; ret: number } {
  let i = 1;
  let args = 0;
  while (desc[i] !== ')') {
    const c = desc[i];
    if (c === 'J' || c === 'D') {
      args += 2;
      i++;
    } else if (c === 'L') {
      args++;
      i = desc.indexOf(';', i) + 1;
    } else if (c === '[') {
      while (desc[i] === '[') i++;
      if (desc[i] === 'L') i = desc.indexOf(';', i) + 1;
      else i++;
      args++;
    } else {
      args++;
      i++;
    }
  }
  return { args, ret: descSlots(desc.slice(i + 1)) };
}

function memberDesc(k: JClass, idx: number): string {
  const e = k.cp[idx];
  if (!e || (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref && e.tag !== Tag.InvokeDynamic)) throw new NotCompilable(`bad ref #${idx}`);
  const nt = k.cp[e.nameAndTypeIndex];
  if (!nt || nt.tag !== Tag.NameAndType) throw new NotCompilable('bad NameAndType');
  const d = k.cp[nt.descriptorIndex];
  if (!d || d.tag !== Tag.Utf8) throw new NotCompilable('bad descriptor');
  return d.value;
}

/** Stack effect (pop, push) of an instruction in slots. */
export function effect(k: JClass, i: RawInstruction): [number, number] {
  const op = i.op;
  const o = i.operands;
  if (op >= 0x01 && op <= 0x0f) return [0, CONST_PUSH[op]];
  switch (op) {
    case 0x00:
      return [0, 0];
    case 0x10:
    case 0x11:
      return [0, 1];
    case 0x12:
    case 0x13:
    case 0x14: {
      const e = k.cp[(o as { index: number }).index];
      return [0, e && (e.tag === Tag.Long || e.tag === Tag.Double) ? 2 : 1];
    }
  }
  if (op >= 0x15 && op <= 0x2d) return [0, op === 0x16 || op === 0x18 || (op >= 0x1e && op <= 0x21) || (op >= 0x26 && op <= 0x29) ? 2 : 1];
  if (op >= 0x2e && op <= 0x35) return [2, op === 0x2f || op === 0x31 ? 2 : 1];
  if (op >= 0x36 && op <= 0x4e) return [op === 0x37 || op === 0x39 || (op >= 0x3f && op <= 0x42) || (op >= 0x47 && op <= 0x4a) ? 2 : 1, 0];
  if (op >= 0x4f && op <= 0x56) return [op === 0x50 || op === 0x52 ? 4 : 3, 0];
  switch (op) {
    case 0x57:
      return [1, 0];
    case 0x58:
      return [2, 0];
    case 0x59:
      return [1, 2];
    case 0x5a:
      return [2, 3];
    case 0x5b:
      return [3, 4];
    case 0x5c:
      return [2, 4];
    case 0x5d:
      return [3, 5];
    case 0x5e:
      return [4, 6];
    case 0x5f:
      return [2, 2];
  }
  if (op >= 0x60 && op <= 0x73) {
    const w = (op - 0x60) % 2 === 1 ? 2 : 1;
    return [2 * w, w];
  }
  switch (op) {
    case 0x74:
    case 0x76:
      return [1, 1];
    case 0x75:
    case 0x77:
      return [2, 2];
    case 0x78:
    case 0x7a:
    case 0x7c:
    case 0x7e:
    case 0x80:
    case 0x82:
      return [2, 1];
    case 0x79:
    case 0x7b:
    case 0x7d:
      return [3, 2];
    case 0x7f:
    case 0x81:
    case 0x83:
      return [4, 2];
    case 0x84:
      return [0, 0];
    case 0x86:
    case 0x8b:
    case 0x91:
    case 0x92:
    case 0x93:
      return [1, 1];
    case 0x85:
    case 0x87:
    case 0x8c:
    case 0x8d:
      return [1, 2];
    case 0x88:
    case 0x89:
    case 0x8e:
    case 0x90:
      return [2, 1];
    case 0x8a:
    case 0x8f:
      return [2, 2];
    case 0x94:
    case 0x97:
    case 0x98:
      return [4, 1];
    case 0x95:
    case 0x96:
      return [2, 1];
  }
  if (op >= 0x99 && op <= 0x9e) return [1, 0];
  if (op >= 0x9f && op <= 0xa6) return [2, 0];
  switch (op) {
    case 0xa7:
    case 0xc8:
      return [0, 0];
    case 0xaa:
    case 0xab:
      return [1, 0];
    case 0xac:
    case 0xae:
    case 0xb0:
      return [1, 0];
    case 0xad:
    case 0xaf:
      return [2, 0];
    case 0xb1:
      return [0, 0];
    case 0xb2:
      return [0, descSlots(memberDesc(k, (o as { index: number }).index))];
    case 0xb3:
      return [descSlots(memberDesc(k, (o as { index: number }).index)), 0];
    case 0xb4:
      return [1, descSlots(memberDesc(k, (o as { index: number }).index))];
    case 0xb5:
      return [1 + descSlots(memberDesc(k, (o as { index: number }).index)), 0];
    case 0xb6:
    case 0xb7:
    case 0xb9: {
      const s = argSlotsOf(memberDesc(k, (o as { index: number }).index));
      return [s.args + 1, s.ret];
    }
    case 0xb8:
    case 0xba: {
      const s = argSlotsOf(memberDesc(k, (o as { index: number }).index));
      return [s.args, s.ret];
    }
    case 0xbb:
      return [0, 1];
    case 0xbc:
    case 0xbd:
    case 0xbe:
      return [1, 1];
    case 0xbf:
      return [1, 0];
    case 0xc0:
    case 0xc1:
      return [1, 1];
    case 0xc2:
    case 0xc3:
      return [1, 0];
    case 0xc5:
      return [(o as { dimensions: number }).dimensions, 1];
    case 0xc6:
    case 0xc7:
      return [1, 0];
  }
  throw new NotCompilable(`opcode ${op}`);
}

function isTerminal(op: number): boolean {
  return op === 0xa7 || op === 0xc8 || op === 0xaa || op === 0xab || (op >= 0xac && op <= 0xb1) || op === 0xbf;
}

export function analyze(m: JMethod): Analysis {
  const code = m.code!;
  const insns = decodeInstructions(code);
  const indexOf = new Map<number, number>();
  insns.forEach((ins, i) => indexOf.set(ins.offset, i));
  const depth = new Int32Array(insns.length).fill(-1);
  const blockStart = new Set<number>([0]);
  for (const ins of insns) {
    if (ins.op === 0xa8 || ins.op === 0xa9 || ins.op === 0xc9) throw new NotCompilable('jsr/ret');
    for (const tg of branchTargets(ins)) blockStart.add(tg);
    if ((ins.operands.kind === 'branch' || isTerminal(ins.op)) && ins.offset + ins.length < code.length) blockStart.add(ins.offset + ins.length);
  }
  for (const h of m.handlers) blockStart.add(h.handler);
  // Depth dataflow.
  const work: number[] = [];
  const set = (pc: number, d: number): void => {
    const i = indexOf.get(pc);
    if (i === undefined) throw new NotCompilable(`bad target ${pc}`);
    if (depth[i] === -1) {
      depth[i] = d;
      work.push(i);
    } else if (depth[i] !== d) throw new NotCompilable(`inconsistent stack depth at ${pc}`);
  };
  set(0, 0);
  for (const h of m.handlers) set(h.handler, 1);
  while (work.length > 0) {
    const i = work.pop()!;
    const ins = insns[i];
    const [pop, push] = effect(m.klass, ins);
    const d = depth[i] - pop + push;
    if (d < 0) throw new NotCompilable(`stack underflow at ${ins.offset}`);
    for (const tg of branchTargets(ins)) set(tg, d);
    if (!isTerminal(ins.op) && i + 1 < insns.length) set(insns[i + 1].offset, d);
  }
  const localsN = new Set<number>();
  const localsR = new Set<number>();
  const writtenN = new Set<number>();
  const writtenR = new Set<number>();
  const notInt = new Set<number>();
  for (const ins of insns) {
    const op = ins.op;
    let idx = -1;
    if (ins.operands.kind === 'local') idx = ins.operands.index;
    else if (ins.operands.kind === 'iinc') {
      localsN.add(ins.operands.index);
      writtenN.add(ins.operands.index);
      continue;
    } else if (op >= 0x1a && op <= 0x2d) idx = (op - 0x1a) % 4;
    else if (op >= 0x3b && op <= 0x4e) idx = (op - 0x3b) % 4;
    if (idx < 0) continue;
    const norm = op <= 0x19 ? op : op <= 0x2d ? 0x15 + Math.floor((op - 0x1a) / 4) : op <= 0x3a ? op : 0x36 + Math.floor((op - 0x3b) / 4);
    const isR = norm === 0x16 || norm === 0x19 || norm === 0x37 || norm === 0x3a;
    (isR ? localsR : localsN).add(idx);
    if (norm >= 0x36) (isR ? writtenR : writtenN).add(idx);
    if (!isR && norm !== 0x15 && norm !== 0x36) notInt.add(idx);
  }
  const intLocals = new Set([...localsN].filter((i) => !notInt.has(i)));
  return { insns, indexOf, depth, blockStart, entries: blockStart, localsN, localsR, writtenN, writtenR, intLocals };
}

/** Whether a reachable jump of the method goes backwards (a loop: its back edge ends slices). */
export function hasBackEdge(a: Analysis): boolean {
  for (let i = 0; i < a.insns.length; i++) {
    if (a.depth[i] < 0) continue;
    const ins = a.insns[i];
    for (const t of branchTargets(ins)) if (t <= ins.offset) return true;
  }
  return false;
}
