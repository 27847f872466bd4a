// The type state of the type-checking verifier: one frame (locals and operand stack), and the
// failures with HotSpot's error context (which frame, which slot, which types), from which
// message.ts writes the "Exception Details" of a VerifyError.

import { isAssignable, isCategory2nd, TOP, UNINIT_THIS, type VerifyEnv, type VType } from './types';

export const FLAG_THIS_UNINIT = 1;

/** A frame as shown in a message (a copy taken when the error happened). */
export interface FrameSnapshot {
  offset: number;
  flags: number;
  locals: VType[];
  stack: VType[];
}

export type Origin = 'cf_locals' | 'cf_stack' | 'sm_locals' | 'sm_stack' | 'cp' | 'sig' | 'implicit' | 'bad_index' | 'frame';

export interface TypeOrigin {
  origin: Origin;
  index: number;
  type: VType;
  frame?: FrameSnapshot;
}

export type Fault =
  | 'bad_code'
  | 'wrong_type'
  | 'flags_mismatch'
  | 'bad_cp_index'
  | 'bad_local_index'
  | 'locals_size_mismatch'
  | 'stack_size_mismatch'
  | 'stack_overflow'
  | 'stack_underflow'
  | 'missing_stackmap'
  | 'bad_stackmap';

export interface ErrorContext {
  bci: number;
  fault: Fault;
  type?: TypeOrigin;
  expected?: TypeOrigin;
}

/** A failed verification: a VerifyError (with its context) or a ClassFormatError. */
export class VerifyFailure extends Error {
  constructor(
    readonly errorClass: 'java/lang/VerifyError' | 'java/lang/ClassFormatError',
    readonly reason: string,
    readonly ctx?: ErrorContext,
  ) {
    super(reason);
  }
}

export const verifyError = (ctx: ErrorContext, reason: string): VerifyFailure => new VerifyFailure('java/lang/VerifyError', reason, ctx);
export const badCode = (bci: number, reason: string): VerifyFailure => verifyError({ bci, fault: 'bad_code' }, reason);
export const implicit = (type: VType): TypeOrigin => ({ origin: 'implicit', index: 0, type });
export const cpOrigin = (index: number, type: VType): TypeOrigin => ({ origin: 'cp', index, type });

export class Frame {
  offset = 0;
  localsSize = 0;
  stackSize = 0;
  /** Stack size before the current instruction (-1: not set), restored in error reports. */
  stackMark = -1;
  flags = 0;
  readonly locals: VType[];
  readonly stack: VType[];

  constructor(
    readonly env: VerifyEnv,
    readonly maxLocals: number,
    readonly maxStack: number,
  ) {
    this.locals = new Array<VType>(maxLocals).fill(TOP);
    this.stack = new Array<VType>(maxStack).fill(TOP);
  }

  /** A copy as HotSpot's error context keeps it: the stack as before the instruction. */
  snapshot(): FrameSnapshot {
    const size = this.stackMark !== -1 ? this.stackMark : this.stackSize;
    return { offset: this.offset, flags: this.flags, locals: this.locals.slice(0, this.localsSize), stack: this.stack.slice(0, size) };
  }

  origin(origin: Origin, index: number, fromStack: boolean): TypeOrigin {
    const type = (fromStack ? this.stack[index] : this.locals[index]) ?? TOP;
    return { origin, index, type, frame: this.snapshot() };
  }
  stackTop(): TypeOrigin {
    return this.origin('cf_stack', this.stackSize, true);
  }
  whole(): TypeOrigin {
    return { origin: 'frame', index: 0, type: TOP, frame: this.snapshot() };
  }

  setMark(): void {
    this.stackMark = this.stackSize;
  }

  push(t: VType): void {
    if (this.stackSize >= this.maxStack) throw verifyError({ bci: this.offset, fault: 'stack_overflow', type: this.whole() }, 'Operand stack overflow');
    this.stack[this.stackSize++] = t;
  }
  push2(t: VType, t2: VType): void {
    if (this.stackSize >= this.maxStack - 1) throw verifyError({ bci: this.offset, fault: 'stack_overflow', type: this.whole() }, 'Operand stack overflow');
    this.stack[this.stackSize++] = t;
    this.stack[this.stackSize++] = t2;
  }
  /** Pops without a check. */
  popAny(): VType {
    if (this.stackSize <= 0) throw verifyError({ bci: this.offset, fault: 'stack_underflow', type: this.whole() }, 'Operand stack underflow');
    return this.stack[--this.stackSize]!;
  }
  /** Pops a value assignable to `t`. */
  pop(t: VType): VType {
    if (this.stackSize !== 0) {
      const top = this.stack[this.stackSize - 1]!;
      if (isAssignable(this.env, t, top)) {
        this.stackSize--;
        return top;
      }
    }
    return this.popEx(t);
  }
  private popEx(t: VType): VType {
    if (this.stackSize <= 0) throw verifyError({ bci: this.offset, fault: 'stack_underflow', type: this.whole() }, 'Operand stack underflow');
    const top = this.stack[--this.stackSize]!;
    if (!isAssignable(this.env, t, top)) throw verifyError({ bci: this.offset, fault: 'wrong_type', type: this.stackTop(), expected: implicit(t) }, 'Bad type on operand stack');
    return top;
  }
  /** Pops a long or double (`t2` its second half on top). */
  pop2(t2: VType, t: VType): void {
    if (this.stackSize >= 2) {
      const ok1 = isAssignable(this.env, t2, this.stack[this.stackSize - 1]!);
      const ok2 = isAssignable(this.env, t, this.stack[this.stackSize - 2]!);
      if (ok1 && ok2) {
        this.stackSize -= 2;
        return;
      }
    }
    // HotSpot checks both halves and reports the last failure.
    let first: unknown;
    try {
      this.popEx(t2);
    } catch (e) {
      first = e;
    }
    this.popEx(t);
    if (first !== undefined) throw first;
  }

  getLocal(index: number, t: VType): VType {
    if (index >= this.maxLocals) throw verifyError({ bci: this.offset, fault: 'bad_local_index', type: { origin: 'bad_index', index, type: TOP } }, 'Local variable table overflow');
    if (!isAssignable(this.env, t, this.locals[index]!))
      throw verifyError({ bci: this.offset, fault: 'wrong_type', type: this.origin('cf_locals', index, false), expected: implicit(t) }, 'Bad local variable type');
    if (index >= this.localsSize) this.localsSize = index + 1;
    return this.locals[index]!;
  }
  getLocal2(index: number, t: VType, t2: VType): void {
    if (index >= this.localsSize - 1) throw verifyError({ bci: this.offset, fault: 'bad_local_index', type: { origin: 'bad_index', index, type: TOP } }, 'get long/double overflows locals');
    if (!isAssignable(this.env, t, this.locals[index]!))
      throw verifyError({ bci: this.offset, fault: 'wrong_type', type: this.origin('cf_locals', index, false), expected: implicit(t) }, 'Bad local variable type');
    if (!isAssignable(this.env, t2, this.locals[index + 1]!))
      throw verifyError({ bci: this.offset, fault: 'wrong_type', type: this.origin('cf_locals', index + 1, false), expected: implicit(t2) }, 'Bad local variable type');
  }
  setLocal(index: number, t: VType): void {
    if (index >= this.maxLocals) throw verifyError({ bci: this.offset, fault: 'bad_local_index', type: { origin: 'bad_index', index, type: TOP } }, 'Local variable table overflow');
    const old = this.locals[index]!;
    if (old === 'J' || old === 'D') this.locals[index + 1] = TOP;
    if (isCategory2nd(old) && index >= 1) this.locals[index - 1] = TOP;
    this.locals[index] = t;
    if (index >= this.localsSize) this.localsSize = index + 1;
  }
  setLocal2(index: number, t: VType, t2: VType): void {
    if (index >= this.maxLocals - 1) throw verifyError({ bci: this.offset, fault: 'bad_local_index', type: { origin: 'bad_index', index, type: TOP } }, 'Local variable table overflow');
    const next = this.locals[index + 1]!;
    if ((next === 'J' || next === 'D') && index + 2 < this.maxLocals) this.locals[index + 2] = TOP;
    if (isCategory2nd(this.locals[index]!) && index >= 1) this.locals[index - 1] = TOP;
    this.locals[index] = t;
    this.locals[index + 1] = t2;
    if (index >= this.localsSize - 1) this.localsSize = index + 2;
  }

  /** Replaces every `from` (an uninitialized type) by `to` after its <init> call. */
  initializeObject(from: VType, to: VType): void {
    for (let i = 0; i < this.maxLocals; i++) if (this.locals[i] === from) this.locals[i] = to;
    for (let i = 0; i < this.stackSize; i++) if (this.stack[i] === from) this.stack[i] = to;
    if (from === UNINIT_THIS) this.flags = 0;
  }
}

/** A frame of the StackMapTable (immutable once read). */
export interface MapFrame {
  offset: number;
  flags: number;
  /** Slot layout: a long/double is followed by its second half. */
  locals: VType[];
  stack: VType[];
}

export const mapSnapshot = (f: MapFrame): FrameSnapshot => ({ offset: f.offset, flags: f.flags, locals: f.locals, stack: f.stack });

/**
 * Whether `cur` may flow into the map frame `target` (StackMapFrame::is_assignable_to); throws
 * the mismatch's context as a VerifyFailure with `reason`.
 */
export function checkAssignableTo(cur: Frame, target: MapFrame, reason: string): void {
  const fail = (ctx: ErrorContext): never => {
    throw verifyError(ctx, reason);
  };
  const sm = (origin: Origin, index: number, fromStack: boolean): TypeOrigin => ({ origin, index, type: (fromStack ? target.stack[index] : target.locals[index]) ?? TOP, frame: mapSnapshot(target) });
  const frames = (fault: Fault): ErrorContext => ({ bci: cur.offset, fault, type: cur.whole(), expected: { origin: 'frame', index: 0, type: TOP, frame: mapSnapshot(target) } });
  if (cur.stackSize !== target.stack.length) fail(frames('stack_size_mismatch'));
  for (let i = 0; i < target.locals.length; i++) {
    if (!isAssignable(cur.env, target.locals[i]!, cur.locals[i] ?? TOP)) fail({ bci: target.offset, fault: 'wrong_type', type: cur.origin('cf_locals', i, false), expected: sm('sm_locals', i, false) });
  }
  for (let i = 0; i < cur.stackSize; i++) {
    if (!isAssignable(cur.env, target.stack[i]!, cur.stack[i]!)) fail({ bci: target.offset, fault: 'wrong_type', type: cur.origin('cf_stack', i, true), expected: sm('sm_stack', i, true) });
  }
  if ((cur.flags | target.flags) !== target.flags) fail({ bci: target.offset, fault: 'flags_mismatch', type: cur.whole(), expected: { origin: 'frame', index: 0, type: TOP, frame: mapSnapshot(target) } });
}
