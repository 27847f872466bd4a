// Walking a code array as HotSpot's RawBytecodeStream does: each instruction's length (with
// switch padding and `wide`), or -1 where the bytes are no valid instruction ("Bad
// instruction"), and HotSpot's bytecode names for the Location line of a VerifyError.

import { OPCODE_FORMATS, OPCODE_NAMES, isWideable, Op } from '../classfile/code/opcodes';
import { INSN, NEW } from './stackmap';

const s4 = (c: Uint8Array, o: number): number => (c[o]! << 24) | (c[o + 1]! << 16) | (c[o + 2]! << 8) | c[o + 3]!;

/** Length of the instruction at `bci`, or -1 if it is invalid or runs past the end. */
export function insnLength(code: Uint8Array, bci: number): number {
  const op = code[bci]!;
  const end = code.length;
  if (op > 201) return -1;
  const fmt = OPCODE_FORMATS[op]!;
  let len: number;
  switch (fmt) {
    case 'none':
      len = 1;
      break;
    case 'local':
    case 'byte':
    case 'cp1':
    case 'newarray':
      len = 2;
      break;
    case 'short':
    case 'cp2':
    case 'branch2':
    case 'iinc':
      len = 3;
      break;
    case 'multianewarray':
      len = 4;
      break;
    case 'invokeinterface':
    case 'invokedynamic':
    case 'branch4':
      len = 5;
      break;
    case 'wide': {
      if (bci + 1 >= end) return -1;
      const m = code[bci + 1]!;
      if (!isWideable(m)) return -1;
      len = m === Op.IINC ? 6 : 4;
      break;
    }
    case 'tableswitch':
    case 'lookupswitch': {
      const p = (bci + 4) & ~3;
      if (p + 12 > end && fmt === 'tableswitch') return -1;
      if (p + 8 > end) return -1;
      if (fmt === 'tableswitch') {
        const n = s4(code, p + 8) - s4(code, p + 4) + 1;
        if (n < 0) return -1;
        len = p + 12 + 4 * n - bci;
      } else {
        const n = s4(code, p + 4);
        if (n < 0) return -1;
        len = p + 8 + 8 * n - bci;
      }
      break;
    }
    default:
      return -1;
  }
  return bci + len <= end ? len : -1;
}

/**
 * HotSpot's code_data: INSN at each instruction start, NEW at each `new`; or the offset of
 * the first invalid instruction (a number, for "Bad instruction").
 */
export function codeData(code: Uint8Array): Uint8Array | number {
  const data = new Uint8Array(code.length);
  for (let bci = 0; bci < code.length; ) {
    const len = insnLength(code, bci);
    if (len < 0) return bci;
    data[bci] = code[bci] === Op.NEW ? NEW : INSN;
    bci += len;
  }
  return data;
}

/** The name HotSpot prints for the bytecode at `bci` (Location line). */
export function bytecodeName(code: Uint8Array, bci: number): string {
  if (!(bci === 0 || bci < code.length)) return '<invalid>';
  const op = code[bci]!;
  if (op <= 201) return OPCODE_NAMES[op]!;
  return op === 202 ? 'breakpoint' : '<illegal>';
}
