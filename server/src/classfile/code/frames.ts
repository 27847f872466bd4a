// A linear frame simulator (the JVMS type checker's transfer functions, without checking).
//
// HotSpot's verifier walks a method once: where the StackMapTable has a frame, that frame
// replaces the current state; between frames the state follows from the instructions. So the
// frame at any instruction can be computed by simulating forward from the nearest preceding
// frame (or the method's initial frame) - no class hierarchy is needed. The transformer uses
// this to write frames for new branch targets; the encoder uses it for goto_w expansions.

import { CodeModelError } from '../errors';
import { Tag } from '../model';
import type { ConstantPool } from '../pool';
import { isRealInsn, objectType, type Frame, type Insn, type Label, type RealInsn, type VType } from './insn';
import { ARRAY_TYPE_NAMES, Op, OPCODE_NAMES } from './opcodes';
import { descriptorVType, pushSlots, splitMethodDescriptor, trimLocals } from './vtypes';

export interface SimContext {
  pool: ConstantPool;
  /** Internal name of the class whose method this is (UninitializedThis becomes this type). */
  thisClass: string;
}

const NEWARRAY_DESC: Readonly<Record<number, string>> = { 4: '[Z', 5: '[C', 6: '[F', 7: '[D', 8: '[B', 9: '[S', 10: '[I', 11: '[J' };

/** Steps through an instruction list, tracking locals and stack in slot layout. */
export class FrameSimulator {
  locals: VType[];
  stack: VType[];
  /** The label(s) directly before the next real instruction (the `new` needs one). */
  private labelsBefore: Label[] = [];

  constructor(
    private readonly ctx: SimContext,
    start: Frame,
  ) {
    this.locals = [...start.locals];
    this.stack = [...start.stack];
  }

  /** The current state (a copy; trailing Top locals dropped). */
  frame(): Frame {
    return { locals: trimLocals(this.locals), stack: [...this.stack] };
  }

  /** Applies one node: a frame node replaces the state, a label is remembered, a line is ignored. */
  apply(insn: Insn): void {
    switch (insn.kind) {
      case 'label':
        this.labelsBefore.push(insn.label);
        return;
      case 'line':
        return;
      case 'frame':
        this.locals = [...insn.locals];
        this.stack = [...insn.stack];
        return;
      default:
        this.execute(insn);
        this.labelsBefore = [];
    }
  }

  private fail(insn: RealInsn, what: string): never {
    const name = 'op' in insn ? OPCODE_NAMES[insn.op] : insn.kind;
    throw new CodeModelError(`frame simulation: ${name}: ${what}`);
  }

  private pop(insn: RealInsn, n = 1): VType {
    if (this.stack.length < n) this.fail(insn, `stack underflow (needs ${n} slots, has ${this.stack.length})`);
    const t = this.stack[this.stack.length - n]!;
    this.stack.length -= n;
    return t;
  }

  private push(t: VType): void {
    pushSlots(this.stack, t);
  }

  private load(index: number): VType {
    return this.locals[index] ?? 'Top';
  }

  private store(index: number, t: VType): void {
    while (this.locals.length < index + (t === 'Long' || t === 'Double' ? 2 : 1)) this.locals.push('Top');
    const before = this.locals[index - 1];
    if (index > 0 && (before === 'Long' || before === 'Double')) this.locals[index - 1] = 'Top';
    this.locals[index] = t;
    if (t === 'Long' || t === 'Double') this.locals[index + 1] = 'Top';
  }

  /** Pops the slots of the values of `params` (last first). */
  private popArgs(insn: RealInsn, params: string[]): void {
    for (let i = params.length - 1; i >= 0; i--) {
      const p = params[i]!;
      this.pop(insn, p === 'J' || p === 'D' ? 2 : 1);
    }
  }

  private pushDesc(desc: string): void {
    if (desc !== 'V') this.push(descriptorVType(desc));
  }

  private initialize(receiver: VType, owner: string): void {
    let to: VType;
    if (receiver === 'UninitializedThis') to = objectType(this.ctx.thisClass);
    else if (typeof receiver !== 'string' && receiver.kind === 'Uninitialized') to = objectType(owner);
    else return;
    const same = (t: VType): boolean => t === receiver || (typeof t !== 'string' && typeof receiver !== 'string' && t.kind === 'Uninitialized' && receiver.kind === 'Uninitialized' && t.newLabel === receiver.newLabel);
    this.locals = this.locals.map((t) => (same(t) ? to : t));
    this.stack = this.stack.map((t) => (same(t) ? to : t));
  }

  private execute(insn: RealInsn): void {
    const pool = this.ctx.pool;
    switch (insn.kind) {
      case 'op':
        return this.simple(insn, insn.op);
      case 'int':
        if (insn.op === Op.NEWARRAY) {
          this.pop(insn);
          const d = NEWARRAY_DESC[insn.value];
          if (!d) this.fail(insn, `bad array type ${insn.value} (expected one of ${Object.values(ARRAY_TYPE_NAMES).join(', ')})`);
          this.push(objectType(d));
        } else this.push('Integer');
        return;
      case 'var': {
        const op = insn.op;
        if (op === Op.RET) return;
        if (op >= Op.ILOAD && op <= Op.ALOAD) {
          this.push(op === Op.ALOAD ? this.load(insn.index) : (['Integer', 'Long', 'Float', 'Double'] as const)[op - Op.ILOAD]!);
          return;
        }
        if (op === Op.LSTORE || op === Op.DSTORE) {
          this.pop(insn, 2);
          this.store(insn.index, op === Op.LSTORE ? 'Long' : 'Double');
          return;
        }
        const t = this.pop(insn);
        this.store(insn.index, op === Op.ASTORE ? t : op === Op.ISTORE ? 'Integer' : 'Float');
        return;
      }
      case 'iinc':
        return;
      case 'jump':
        if (insn.op === Op.GOTO) return;
        if (insn.op === Op.JSR) {
          this.push('Top'); // a return address; StackMapTable has no type for it
          return;
        }
        this.pop(insn, insn.op >= Op.IF_ICMPEQ && insn.op <= Op.IF_ACMPNE ? 2 : 1);
        return;
      case 'ldc': {
        const e = pool.entry(insn.index);
        switch (e.tag) {
          case Tag.Integer:
            return this.push('Integer');
          case Tag.Float:
            return this.push('Float');
          case Tag.Long:
            return this.push('Long');
          case Tag.Double:
            return this.push('Double');
          case Tag.String:
            return this.push(objectType('java/lang/String'));
          case Tag.Class:
            return this.push(objectType('java/lang/Class'));
          case Tag.MethodType:
            return this.push(objectType('java/lang/invoke/MethodType'));
          case Tag.MethodHandle:
            return this.push(objectType('java/lang/invoke/MethodHandle'));
          case Tag.Dynamic:
            return this.pushDesc(pool.dynamic(insn.index).descriptor);
          default:
            this.fail(insn, `constant-pool entry ${insn.index} (tag ${e.tag}) is not loadable`);
        }
      }
      case 'field': {
        const desc = pool.memberRef(insn.index).descriptor;
        const n = desc === 'J' || desc === 'D' ? 2 : 1;
        if (insn.op === Op.PUTSTATIC || insn.op === Op.PUTFIELD) this.pop(insn, n);
        if (insn.op === Op.GETFIELD || insn.op === Op.PUTFIELD) this.pop(insn);
        if (insn.op === Op.GETSTATIC || insn.op === Op.GETFIELD) this.pushDesc(desc);
        return;
      }
      case 'method': {
        const ref = pool.memberRef(insn.index);
        const { params, ret } = splitMethodDescriptor(ref.descriptor);
        this.popArgs(insn, params);
        if (insn.op !== Op.INVOKESTATIC) {
          const receiver = this.pop(insn);
          if (insn.op === Op.INVOKESPECIAL && ref.name === '<init>') this.initialize(receiver, ref.owner);
        }
        this.pushDesc(ret);
        return;
      }
      case 'indy': {
        const { params, ret } = splitMethodDescriptor(pool.dynamic(insn.index).descriptor);
        this.popArgs(insn, params);
        this.pushDesc(ret);
        return;
      }
      case 'type': {
        const cls = pool.className(insn.index);
        switch (insn.op) {
          case Op.NEW: {
            const l = this.labelsBefore[this.labelsBefore.length - 1];
            if (!l) this.fail(insn, 'a new instruction needs a label directly before it (its Uninitialized type refers to it)');
            this.push({ kind: 'Uninitialized', newLabel: l });
            return;
          }
          case Op.ANEWARRAY:
            this.pop(insn);
            this.push(objectType(cls.startsWith('[') ? `[${cls}` : `[L${cls};`));
            return;
          case Op.CHECKCAST:
            this.pop(insn);
            this.push(objectType(cls));
            return;
          default: // instanceof
            this.pop(insn);
            this.push('Integer');
            return;
        }
      }
      case 'tableswitch':
      case 'lookupswitch':
        this.pop(insn);
        return;
      case 'multianewarray':
        for (let i = 0; i < insn.dimensions; i++) this.pop(insn);
        this.push(objectType(pool.className(insn.index)));
        return;
    }
  }

  private simple(insn: RealInsn, op: number): void {
    const s = this.stack;
    const need = (n: number): void => {
      if (s.length < n) this.fail(insn, `stack underflow (needs ${n} slots, has ${s.length})`);
    };
    if (op === Op.NOP) return;
    if (op === Op.ACONST_NULL) return this.push('Null');
    if (op >= Op.ICONST_M1 && op <= Op.ICONST_5) return this.push('Integer');
    if (op === Op.LCONST_0 || op === Op.LCONST_1) return this.push('Long');
    if (op >= Op.FCONST_0 && op <= Op.FCONST_2) return this.push('Float');
    if (op === Op.DCONST_0 || op === Op.DCONST_1) return this.push('Double');
    if (op >= Op.IALOAD && op <= Op.SALOAD) {
      this.pop(insn); // index
      const arr = this.pop(insn);
      if (op === Op.AALOAD) return this.push(componentType(arr));
      return this.push(op === Op.LALOAD ? 'Long' : op === Op.FALOAD ? 'Float' : op === Op.DALOAD ? 'Double' : 'Integer');
    }
    if (op >= Op.IASTORE && op <= Op.SASTORE) {
      this.pop(insn, op === Op.LASTORE || op === Op.DASTORE ? 2 : 1);
      this.pop(insn, 2);
      return;
    }
    const n = s.length;
    switch (op) {
      case Op.POP:
        return void this.pop(insn, 1);
      case Op.POP2:
        return void this.pop(insn, 2);
      case Op.DUP:
        need(1);
        s.push(s[n - 1]!);
        return;
      case Op.DUP_X1:
        need(2);
        s.splice(n - 2, 0, s[n - 1]!);
        return;
      case Op.DUP_X2:
        need(3);
        s.splice(n - 3, 0, s[n - 1]!);
        return;
      case Op.DUP2:
        need(2);
        s.push(s[n - 2]!, s[n - 1]!);
        return;
      case Op.DUP2_X1:
        need(3);
        s.splice(n - 3, 0, s[n - 2]!, s[n - 1]!);
        return;
      case Op.DUP2_X2:
        need(4);
        s.splice(n - 4, 0, s[n - 2]!, s[n - 1]!);
        return;
      case Op.SWAP: {
        need(2);
        const a = s[n - 1]!;
        s[n - 1] = s[n - 2]!;
        s[n - 2] = a;
        return;
      }
    }
    if (op >= Op.IADD && op <= Op.DNEG) {
      const t = (['Integer', 'Long', 'Float', 'Double'] as const)[(op - Op.IADD) % 4]!;
      const w = t === 'Long' || t === 'Double' ? 2 : 1;
      this.pop(insn, w);
      if (op < Op.INEG) this.pop(insn, w);
      return this.push(t);
    }
    if (op >= Op.ISHL && op <= Op.LUSHR) {
      const long = (op - Op.ISHL) % 2 === 1;
      this.pop(insn, 1);
      this.pop(insn, long ? 2 : 1);
      return this.push(long ? 'Long' : 'Integer');
    }
    if (op >= Op.IAND && op <= Op.LXOR) {
      const long = (op - Op.IAND) % 2 === 1;
      this.pop(insn, long ? 2 : 1);
      this.pop(insn, long ? 2 : 1);
      return this.push(long ? 'Long' : 'Integer');
    }
    if (op >= Op.I2L && op <= Op.I2S) {
      const conv: Record<number, [number, VType]> = {
        [Op.I2L]: [1, 'Long'], [Op.I2F]: [1, 'Float'], [Op.I2D]: [1, 'Double'],
        [Op.L2I]: [2, 'Integer'], [Op.L2F]: [2, 'Float'], [Op.L2D]: [2, 'Double'],
        [Op.F2I]: [1, 'Integer'], [Op.F2L]: [1, 'Long'], [Op.F2D]: [1, 'Double'],
        [Op.D2I]: [2, 'Integer'], [Op.D2L]: [2, 'Long'], [Op.D2F]: [2, 'Float'],
        [Op.I2B]: [1, 'Integer'], [Op.I2C]: [1, 'Integer'], [Op.I2S]: [1, 'Integer'],
      }; // prettier-ignore
      const [w, t] = conv[op]!;
      this.pop(insn, w);
      return this.push(t);
    }
    if (op >= Op.LCMP && op <= Op.DCMPG) {
      const w = op === Op.FCMPL || op === Op.FCMPG ? 1 : 2;
      this.pop(insn, w);
      this.pop(insn, w);
      return this.push('Integer');
    }
    if (op >= Op.IRETURN && op <= Op.RETURN) {
      if (op !== Op.RETURN) this.pop(insn, op === Op.LRETURN || op === Op.DRETURN ? 2 : 1);
      return;
    }
    switch (op) {
      case Op.ARRAYLENGTH:
        this.pop(insn);
        return this.push('Integer');
      case Op.ATHROW:
      case Op.MONITORENTER:
      case Op.MONITOREXIT:
        return void this.pop(insn);
    }
    this.fail(insn, 'not an operand-less instruction');
  }
}

/** The element type of an array verification type (aaload's result). */
export function componentType(arr: VType): VType {
  if (arr === 'Null') return 'Null';
  if (typeof arr === 'string' || arr.kind !== 'Object' || !arr.className.startsWith('[')) return 'Top';
  const c = arr.className.slice(1);
  if (c.startsWith('[')) return objectType(c);
  if (c.startsWith('L') && c.endsWith(';')) return objectType(c.slice(1, -1));
  return descriptorVType(c);
}

/**
 * The frame just before `insns[index]`: simulates from the nearest frame node before `index`
 * (or from `initial`, the method's entry frame, when there is none).
 */
export function frameBefore(insns: readonly Insn[], index: number, initial: Frame, ctx: SimContext): Frame {
  let start = index - 1;
  while (start >= 0 && insns[start]!.kind !== 'frame') start--;
  const sim = new FrameSimulator(ctx, start >= 0 ? (insns[start] as Frame) : initial);
  // Labels directly before the frame node still name the instruction after it.
  let from = 0;
  if (start >= 0) {
    from = start;
    while (from > 0 && !isRealInsn(insns[from - 1]!)) from--;
  }
  for (let i = from; i < index; i++) sim.apply(insns[i]!);
  return sim.frame();
}

/**
 * The frames before the instructions `wanted` marks, in one linear pass from `initial`:
 * result[i] is the state before insns[i] where wanted[i] is set (no frame is copied for the
 * others). `wanted` may be longer than `insns`.
 */
export function simulateAt(insns: readonly Insn[], initial: Frame, ctx: SimContext, wanted: Uint8Array): (Frame | undefined)[] {
  const sim = new FrameSimulator(ctx, initial);
  const out: (Frame | undefined)[] = new Array<Frame | undefined>(insns.length);
  let last = -1;
  for (let i = 0; i < insns.length; i++) if (wanted[i]) last = i;
  for (let i = 0; i <= last; i++) {
    if (wanted[i]) out[i] = sim.frame();
    sim.apply(insns[i]!);
  }
  return out;
}
