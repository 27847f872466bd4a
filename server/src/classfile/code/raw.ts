// The raw instruction decoder: walks a Code attribute's byte array one instruction at a time,
// handling switch padding and `wide`, and bounds-checking every read. Bad code (an unknown
// opcode, an instruction running past the end, a malformed switch, `wide` before an opcode
// that cannot be widened) throws ClassFormatError naming the code offset.

import { ClassFormatError } from '../errors';
import { OPCODE_FORMATS, OPCODE_NAMES, isValidOpcode, isWideable, Op } from './opcodes';

/**
 * Decoded operands of one instruction. Branch targets are absolute code offsets.
 * For a `wide` instruction the `op` of the RawInstruction is the *modified* opcode
 * (iload, iinc, ...) and `wide` is true; its `length` includes the wide prefix.
 */
export type RawOperands =
  | { kind: 'none' }
  /** xload/xstore/ret: local-variable index. */
  | { kind: 'local'; index: number; wide: boolean }
  /** bipush (s1) and sipush (s2): the sign-extended immediate. */
  | { kind: 'int'; value: number }
  /** ldc (u1 index) and the u2-index instructions (ldc_w, ldc2_w, field, method, type insns). */
  | { kind: 'cp'; index: number }
  /** if*, goto, jsr, goto_w, jsr_w. */
  | { kind: 'branch'; target: number }
  | { kind: 'iinc'; index: number; delta: number; wide: boolean }
  | { kind: 'tableswitch'; defaultTarget: number; low: number; high: number; targets: number[] }
  /** keys as stored (the verifier, not the decoder, checks they are sorted). */
  | { kind: 'lookupswitch'; defaultTarget: number; keys: number[]; targets: number[] }
  | { kind: 'invokeinterface'; index: number; count: number }
  | { kind: 'invokedynamic'; index: number }
  | { kind: 'newarray'; atype: number }
  | { kind: 'multianewarray'; index: number; dimensions: number };

export interface RawInstruction {
  /** Code offset of the instruction's first byte (the `wide` prefix, if any). */
  offset: number;
  /** The opcode; for wide instructions the modified opcode (never Op.WIDE). */
  op: number;
  /** Length in bytes, including any wide prefix and switch padding. */
  length: number;
  operands: RawOperands;
}

export interface RawDecodeOptions {
  /** File named in errors (default '<bytes>'). */
  file?: string;
  /**
   * Added to code offsets in error positions, e.g. the class-file offset of the code array.
   * Default 0: errors report the code offset itself.
   */
  baseOffset?: number;
}

/** Decodes the single instruction at `offset`. */
export function decodeInstructionAt(code: Uint8Array, offset: number, opts: RawDecodeOptions = {}): RawInstruction {
  const file = opts.file ?? '<bytes>';
  const base = opts.baseOffset ?? 0;
  const fail = (at: number, expected: string, found?: string): never => {
    throw new ClassFormatError(file, base + at, expected, found);
  };
  const need = (at: number, n: number, what: string): void => {
    if (at + n > code.length)
      fail(at, `${what} (${n} byte${n === 1 ? '' : 's'}) within the code array of length ${code.length}`, 'end of code');
  };
  const u1 = (at: number): number => code[at]!;
  const u2 = (at: number): number => (code[at]! << 8) | code[at + 1]!;
  const s2 = (at: number): number => (u2(at) << 16) >> 16;
  const s4 = (at: number): number => (code[at]! << 24) | (code[at + 1]! << 16) | (code[at + 2]! << 8) | code[at + 3]!;

  if (offset < 0 || offset >= code.length) fail(offset, `an instruction offset < ${code.length}`, String(offset));
  const op = u1(offset);
  if (!isValidOpcode(op)) fail(offset, 'a valid opcode', `0x${op.toString(16).padStart(2, '0')}`);
  const name = OPCODE_NAMES[op]!;
  const fmt = OPCODE_FORMATS[op]!;
  const o = offset + 1;
  const mk = (length: number, operands: RawOperands, realOp = op): RawInstruction => ({ offset, op: realOp, length, operands });

  switch (fmt) {
    case 'none':
      return mk(1, { kind: 'none' });
    case 'local':
      need(o, 1, `${name} operand`);
      return mk(2, { kind: 'local', index: u1(o), wide: false });
    case 'byte':
      need(o, 1, `${name} operand`);
      return mk(2, { kind: 'int', value: (u1(o) << 24) >> 24 });
    case 'short':
      need(o, 2, `${name} operand`);
      return mk(3, { kind: 'int', value: s2(o) });
    case 'cp1':
      need(o, 1, `${name} operand`);
      return mk(2, { kind: 'cp', index: u1(o) });
    case 'cp2':
      need(o, 2, `${name} operand`);
      return mk(3, { kind: 'cp', index: u2(o) });
    case 'branch2':
      need(o, 2, `${name} branch offset`);
      return mk(3, { kind: 'branch', target: offset + s2(o) });
    case 'branch4':
      need(o, 4, `${name} branch offset`);
      return mk(5, { kind: 'branch', target: offset + s4(o) });
    case 'iinc':
      need(o, 2, 'iinc operands');
      return mk(3, { kind: 'iinc', index: u1(o), delta: (u1(o + 1) << 24) >> 24, wide: false });
    case 'invokeinterface':
      need(o, 4, 'invokeinterface operands');
      return mk(5, { kind: 'invokeinterface', index: u2(o), count: u1(o + 2) });
    case 'invokedynamic':
      need(o, 4, 'invokedynamic operands');
      return mk(5, { kind: 'invokedynamic', index: u2(o) });
    case 'newarray':
      need(o, 1, 'newarray operand');
      return mk(2, { kind: 'newarray', atype: u1(o) });
    case 'multianewarray':
      need(o, 3, 'multianewarray operands');
      return mk(4, { kind: 'multianewarray', index: u2(o), dimensions: u1(o + 2) });
    case 'wide': {
      need(o, 1, 'an opcode after wide');
      const mop = u1(o);
      if (!isWideable(mop))
        fail(o, 'iload, fload, aload, lload, dload, istore, fstore, astore, lstore, dstore, ret or iinc after wide', isValidOpcode(mop) ? OPCODE_NAMES[mop] : `0x${mop.toString(16)}`);
      if (mop === Op.IINC) {
        need(o + 1, 4, 'wide iinc operands');
        return mk(6, { kind: 'iinc', index: u2(o + 1), delta: s2(o + 3), wide: true }, mop);
      }
      need(o + 1, 2, `wide ${OPCODE_NAMES[mop]} operand`);
      return mk(4, { kind: 'local', index: u2(o + 1), wide: true }, mop);
    }
    case 'tableswitch': {
      const p = (offset + 4) & ~3;
      need(o, p - o + 12, 'tableswitch padding, default, low and high');
      const defaultTarget = offset + s4(p);
      const low = s4(p + 4);
      const high = s4(p + 8);
      if (low > high) fail(p + 4, `tableswitch low <= high`, `low ${low}, high ${high}`);
      const n = high - low + 1;
      if (p + 12 + 4 * n > code.length) fail(p + 12, `${n} tableswitch jump offsets within the code array`, 'end of code');
      const targets: number[] = new Array<number>(n);
      for (let i = 0; i < n; i++) targets[i] = offset + s4(p + 12 + 4 * i);
      return mk(p + 12 + 4 * n - offset, { kind: 'tableswitch', defaultTarget, low, high, targets });
    }
    case 'lookupswitch': {
      const p = (offset + 4) & ~3;
      need(o, p - o + 8, 'lookupswitch padding, default and npairs');
      const defaultTarget = offset + s4(p);
      const npairs = s4(p + 4);
      if (npairs < 0) fail(p + 4, 'lookupswitch npairs >= 0', String(npairs));
      if (p + 8 + 8 * npairs > code.length) fail(p + 8, `${npairs} lookupswitch match-offset pairs within the code array`, 'end of code');
      const keys: number[] = new Array<number>(npairs);
      const targets: number[] = new Array<number>(npairs);
      for (let i = 0; i < npairs; i++) {
        keys[i] = s4(p + 8 + 8 * i);
        targets[i] = offset + s4(p + 12 + 8 * i);
      }
      return mk(p + 8 + 8 * npairs - offset, { kind: 'lookupswitch', defaultTarget, keys, targets });
    }
  }
}

/**
 * Calls `cb` for every instruction of `code` in order. Throws ClassFormatError on an unknown
 * opcode or a truncated instruction. Does not check branch targets (see `checkBranchTargets`).
 */
export function forEachInstruction(code: Uint8Array, cb: (insn: RawInstruction) => void, opts: RawDecodeOptions = {}): void {
  let offset = 0;
  while (offset < code.length) {
    const insn = decodeInstructionAt(code, offset, opts);
    cb(insn);
    offset += insn.length;
  }
}

/** All instructions of `code`, in order. */
export function decodeInstructions(code: Uint8Array, opts: RawDecodeOptions = {}): RawInstruction[] {
  const out: RawInstruction[] = [];
  forEachInstruction(code, (i) => out.push(i), opts);
  return out;
}

/** Every branch/switch target of an instruction, as absolute code offsets. */
export function branchTargets(insn: RawInstruction): number[] {
  const o = insn.operands;
  if (o.kind === 'branch') return [o.target];
  if (o.kind === 'tableswitch' || o.kind === 'lookupswitch') return [o.defaultTarget, ...o.targets];
  return [];
}

/**
 * Checks that every branch and switch target of `insns` is the start of an instruction;
 * throws ClassFormatError at the branching instruction otherwise.
 */
export function checkBranchTargets(insns: readonly RawInstruction[], codeLength: number, opts: RawDecodeOptions = {}): void {
  const starts = new Uint8Array(codeLength + 1);
  for (const i of insns) starts[i.offset] = 1;
  for (const i of insns) {
    for (const t of branchTargets(i)) {
      if (t < 0 || t >= codeLength || !starts[t])
        throw new ClassFormatError(
          opts.file ?? '<bytes>',
          (opts.baseOffset ?? 0) + i.offset,
          `a ${OPCODE_NAMES[i.op]} target at the start of an instruction`,
          `target ${t}${t >= 0 && t < codeLength ? ' (inside an instruction)' : ' (outside the code)'}`,
        );
    }
  }
}
