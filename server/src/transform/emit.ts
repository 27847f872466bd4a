// Small builders for the instruction sequences the transformer inserts.

import { Label, objectType, type Insn, type VType } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import type { ConstantPool } from '../classfile/pool';
import { STACK_DESC, TC } from './names';

export interface MemberName {
  readonly owner: string;
  readonly name: string;
  readonly desc: string;
}

export class Emitter {
  readonly out: Insn[] = [];
  constructor(readonly pool: ConstantPool) {}

  op(op: number): this {
    this.out.push({ kind: 'op', op });
    return this;
  }
  int(value: number): this {
    if (value >= -1 && value <= 5) this.out.push({ kind: 'op', op: Op.ICONST_0 + value });
    else if (value >= -128 && value <= 127) this.out.push({ kind: 'int', op: Op.BIPUSH, value });
    else if (value >= -32768 && value <= 32767) this.out.push({ kind: 'int', op: Op.SIPUSH, value });
    else this.out.push({ kind: 'ldc', index: this.pool.addInteger(value) });
    return this;
  }
  str(value: string | undefined): this {
    if (value === undefined) this.out.push({ kind: 'op', op: Op.ACONST_NULL });
    else this.out.push({ kind: 'ldc', index: this.pool.addString(value) });
    return this;
  }
  /** `ldc` of a class constant (class files of version 49 and later). */
  ldcClass(internalName: string): this {
    this.out.push({ kind: 'ldc', index: this.pool.addClass(internalName) });
    return this;
  }
  type(op: number, internalName: string): this {
    this.out.push({ kind: 'type', op, index: this.pool.addClass(internalName) });
    return this;
  }
  var(op: number, index: number): this {
    this.out.push({ kind: 'var', op, index });
    return this;
  }
  iinc(index: number, delta: number): this {
    this.out.push({ kind: 'iinc', index, delta });
    return this;
  }
  // MemberName objects are not changed after creation (runtime members are constants), so the
  // pool may cache their indices by identity.
  field(op: number, f: MemberName): this {
    this.out.push({ kind: 'field', op, index: this.pool.fieldrefOf(f) });
    return this;
  }
  invoke(op: number, m: MemberName, isInterface = false): this {
    this.out.push({ kind: 'method', op, index: isInterface ? this.pool.addMethodref(m.owner, m.name, m.desc, true) : this.pool.methodrefOf(m) });
    return this;
  }
  jump(op: number, target: Label): this {
    this.out.push({ kind: 'jump', op, target });
    return this;
  }
  label(l: Label): this {
    this.out.push({ kind: 'label', label: l });
    return this;
  }
  frame(locals: VType[], stack: VType[]): this {
    this.out.push({ kind: 'frame', locals, stack });
    return this;
  }
}

/** Load and store opcodes for a field descriptor's type. */
export function loadOp(desc: string): number {
  switch (desc[0]) {
    case 'J':
      return Op.LLOAD;
    case 'F':
      return Op.FLOAD;
    case 'D':
      return Op.DLOAD;
    case 'L':
    case '[':
      return Op.ALOAD;
    default:
      return Op.ILOAD;
  }
}

export function returnOp(desc: string): number {
  switch (desc[0]) {
    case 'V':
      return Op.RETURN;
    case 'J':
      return Op.LRETURN;
    case 'F':
      return Op.FRETURN;
    case 'D':
      return Op.DRETURN;
    case 'L':
    case '[':
      return Op.ARETURN;
    default:
      return Op.IRETURN;
  }
}

export const TC_TYPE: VType = objectType(TC);
export const STACK_TYPE: VType = objectType(STACK_DESC);

/** Pads `locals` (slot layout) with Top up to `slot`, then appends `extra`. */
export function localsWith(locals: readonly VType[], slot: number, extra: readonly VType[]): VType[] {
  const out = locals.slice(0, slot);
  while (out.length < slot) out.push('Top');
  out.push(...extra);
  return out;
}
