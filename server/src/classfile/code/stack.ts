// Operand-stack effect of each instruction in slots (long/double count 2), for max_stack.

import { CodeModelError } from '../errors';
import { Tag } from '../model';
import type { ConstantPool } from '../pool';
import type { RealInsn } from './insn';
import { Op } from './opcodes';
import { descriptorSlots, paramSlots, returnSlots } from './vtypes';

/** [pop, push] in slots of the operand-less instructions, by opcode. */
const SIMPLE: ReadonlyMap<number, readonly [number, number]> = (() => {
  const m = new Map<number, readonly [number, number]>();
  const set = (ops: number[], pop: number, push: number): void => ops.forEach((o) => m.set(o, [pop, push]));
  const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
  set([Op.NOP], 0, 0);
  set([Op.ACONST_NULL, ...range(Op.ICONST_M1, Op.ICONST_5), Op.FCONST_0, Op.FCONST_1, Op.FCONST_2], 0, 1);
  set([Op.LCONST_0, Op.LCONST_1, Op.DCONST_0, Op.DCONST_1], 0, 2);
  set([Op.IALOAD, Op.FALOAD, Op.AALOAD, Op.BALOAD, Op.CALOAD, Op.SALOAD], 2, 1);
  set([Op.LALOAD, Op.DALOAD], 2, 2);
  set([Op.IASTORE, Op.FASTORE, Op.AASTORE, Op.BASTORE, Op.CASTORE, Op.SASTORE], 3, 0);
  set([Op.LASTORE, Op.DASTORE], 4, 0);
  set([Op.POP], 1, 0);
  set([Op.POP2], 2, 0);
  set([Op.DUP], 1, 2);
  set([Op.DUP_X1], 2, 3);
  set([Op.DUP_X2], 3, 4);
  set([Op.DUP2], 2, 4);
  set([Op.DUP2_X1], 3, 5);
  set([Op.DUP2_X2], 4, 6);
  set([Op.SWAP], 2, 2);
  for (let op = Op.IADD; op <= Op.DREM; op++) {
    const w = (op - Op.IADD) % 2 === 1 ? 2 : 1; // int, long, float, double repeat
    set([op], 2 * w, w);
  }
  set([Op.INEG, Op.FNEG], 1, 1);
  set([Op.LNEG, Op.DNEG], 2, 2);
  set([Op.ISHL, Op.ISHR, Op.IUSHR], 2, 1);
  set([Op.LSHL, Op.LSHR, Op.LUSHR], 3, 2);
  set([Op.IAND, Op.IOR, Op.IXOR], 2, 1);
  set([Op.LAND, Op.LOR, Op.LXOR], 4, 2);
  set([Op.I2F, Op.F2I, Op.I2B, Op.I2C, Op.I2S], 1, 1);
  set([Op.I2L, Op.I2D, Op.F2L, Op.F2D], 1, 2);
  set([Op.L2I, Op.L2F, Op.D2I, Op.D2F], 2, 1);
  set([Op.L2D, Op.D2L], 2, 2);
  set([Op.LCMP, Op.DCMPL, Op.DCMPG], 4, 1);
  set([Op.FCMPL, Op.FCMPG], 2, 1);
  set([Op.IRETURN, Op.FRETURN, Op.ARETURN, Op.ATHROW, Op.MONITORENTER, Op.MONITOREXIT], 1, 0);
  set([Op.LRETURN, Op.DRETURN], 2, 0);
  set([Op.RETURN], 0, 0);
  set([Op.ARRAYLENGTH], 1, 1);
  return m;
})();

/** Stack slots popped and pushed by `insn`. */
export function stackEffect(insn: RealInsn, pool: ConstantPool): { pop: number; push: number } {
  switch (insn.kind) {
    case 'op': {
      const e = SIMPLE.get(insn.op);
      if (!e) throw new CodeModelError(`opcode ${insn.op} is not an operand-less instruction`);
      return { pop: e[0], push: e[1] };
    }
    case 'int':
      return { pop: insn.op === Op.NEWARRAY ? 1 : 0, push: 1 };
    case 'var': {
      const op = insn.op;
      if (op === Op.RET) return { pop: 0, push: 0 };
      const wide = op === Op.LLOAD || op === Op.DLOAD || op === Op.LSTORE || op === Op.DSTORE ? 2 : 1;
      return op <= Op.ALOAD ? { pop: 0, push: wide } : { pop: wide, push: 0 };
    }
    case 'iinc':
      return { pop: 0, push: 0 };
    case 'jump':
      if (insn.op === Op.GOTO) return { pop: 0, push: 0 };
      if (insn.op === Op.JSR) return { pop: 0, push: 1 };
      if (insn.op >= Op.IF_ICMPEQ && insn.op <= Op.IF_ACMPNE) return { pop: 2, push: 0 };
      return { pop: 1, push: 0 };
    case 'ldc': {
      const tag = pool.entry(insn.index).tag;
      return { pop: 0, push: tag === Tag.Long || tag === Tag.Double ? 2 : tag === Tag.Dynamic ? descriptorSlots(pool.dynamic(insn.index).descriptor) : 1 };
    }
    case 'field': {
      const n = descriptorSlots(pool.refDescriptor(insn.index));
      switch (insn.op) {
        case Op.GETSTATIC:
          return { pop: 0, push: n };
        case Op.PUTSTATIC:
          return { pop: n, push: 0 };
        case Op.GETFIELD:
          return { pop: 1, push: n };
        default:
          return { pop: n + 1, push: 0 };
      }
    }
    case 'method': {
      const desc = pool.refDescriptor(insn.index);
      return { pop: paramSlots(desc) + (insn.op === Op.INVOKESTATIC ? 0 : 1), push: returnSlots(desc) };
    }
    case 'indy': {
      const desc = pool.refDescriptor(insn.index);
      return { pop: paramSlots(desc), push: returnSlots(desc) };
    }
    case 'type':
      return { pop: insn.op === Op.NEW ? 0 : 1, push: 1 };
    case 'tableswitch':
    case 'lookupswitch':
      return { pop: 1, push: 0 };
    case 'multianewarray':
      return { pop: insn.dimensions, push: 1 };
  }
}
