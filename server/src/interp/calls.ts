// Calls, returns, upcalls and exception unwinding on a green thread's frame stack.
//
// Frame kinds: Java frames (method with code), native frames (a native method running or
// suspended in an upcall/blocking call; visible in stack traces as "Native Method"), and glue
// frames (m === null) pushed by VM code that calls into Java (class initialisation, class
// loading, natives calling back): a glue frame receives the callee's result (or exception).
//
// Delivery rules for a value produced by the frame that was just popped, to the new top:
//  - Java frame: it was executing an invoke at `pc`; push the value, pc += length of invoke.
//  - native frame: its upcall finished; the native completes with the value, is popped, and
//    its own result is delivered further down.
//  - glue frame: `glue.onReturn(value)`; then the glue is popped and its result delivered
//    down, except that a Java frame below resumes at `glue.resumePc` (re-executing the
//    instruction that needed the upcall, or continuing after it).

import { JArray, type JObject } from './object';
import type { JMethod } from './klass';
import { BLOCK, JavaThrow, PENDING, VmError } from './signals';
import type { Frame, Glue, JThread } from './thread';
import type { VM } from './vm';
import { compile, JIT_THRESHOLD } from './jit/compile';

export type ValueKind = 'V' | 'I' | 'J' | 'F' | 'D' | 'L';

function slotsOf(kind: ValueKind): number {
  return kind === 'V' ? 0 : kind === 'J' || kind === 'D' ? 2 : 1;
}

function store(t: JThread, slot: number, kind: ValueKind, value: unknown): void {
  switch (kind) {
    case 'V':
      return;
    case 'L':
    case 'J':
      t.r[slot] = value;
      return;
    default:
      t.n[slot] = value as number;
  }
}

function load(t: JThread, slot: number, kind: ValueKind): unknown {
  switch (kind) {
    case 'V':
      return undefined;
    case 'L':
    case 'J':
      return t.r[slot];
    default:
      return t.n[slot];
  }
}

/** Length of the invoke instruction at `pc`. */
function invokeLength(code: Uint8Array, pc: number): number {
  const op = code[pc];
  return op === 0xb9 || op === 0xba ? 5 : 3;
}

/**
 * Calls `target` with its arguments at slots [base, base + argSlots) of the current top frame
 * (whose pc/sp are saved). Java methods get a new frame; natives run now (and their result is
 * delivered) unless they upcall (PENDING) or block (BLOCK).
 */
export function enterMethod(vm: VM, t: JThread, target: JMethod, base: number): void {
  if (target.codeRaw === null) {
    if (target.isNative) return callNative(vm, t, target, base);
    if (target.isAbstract) throw new VmError('java/lang/AbstractMethodError', `Receiver class ${(t.r[base] as JObject | null)?.klass.javaName ?? '?'} does not define or inherit an implementation of the resolved method '${target.name}${target.desc}' of ${target.klass.isInterface ? 'interface' : 'abstract class'} ${target.klass.javaName}.`);
    throw new VmError('java/lang/InternalError', `method without code: ${target}`);
  }
  const lp = base;
  const need = lp + target.maxLocals + target.maxStack + 8;
  if (t.depth + 1 >= vm.maxDepth || need > vm.maxSlots) throw new VmError('java/lang/StackOverflowError', null);
  let lock: JObject | null = null;
  if (target.isSynchronized) {
    lock = target.isStatic ? vm.mirrorOf(target.klass) : (t.r[base] as JObject);
    if (!vm.monitorEnter(t, lock)) throw BLOCK;
  }
  if (need > t.n.length) t.ensureSlots(need);
  if (target.jit === null && ++target.counter > JIT_THRESHOLD) compile(vm, target);
  if (vm.exact !== null) vm.exact.enter(t, target);
  t.frames[t.depth].sp = base;
  const f = t.pushFrame();
  f.m = target;
  f.pc = 0;
  f.lp = lp;
  f.sp = lp + target.maxLocals;
  f.lock = lock;
}

function callNative(vm: VM, t: JThread, target: JMethod, base: number): void {
  const impl = target.native ?? vm.bindNative(target);
  if (t.depth + 1 >= vm.maxDepth) throw new VmError('java/lang/StackOverflowError', null);
  let lock: JObject | null = null;
  if (target.isSynchronized) {
    lock = target.isStatic ? vm.mirrorOf(target.klass) : (t.r[base] as JObject);
    if (!vm.monitorEnter(t, lock)) throw BLOCK;
  }
  t.frames[t.depth].sp = base;
  const f = t.pushFrame();
  f.m = target;
  f.pc = 0;
  f.lp = base;
  f.sp = base + target.argSlots;
  f.lock = lock;
  let result: unknown;
  try {
    result = impl(t, base);
  } catch (e) {
    if (e === PENDING || e === BLOCK) {
      // The native frame stays: an upcall above it, or the thread blocked in it.
      throw e;
    }
    if (e instanceof VmError) {
      // With the native's frame on top, as HotSpot's JNI ThrowNew (raise.ts).
      if (vm.raise(t, e)) throw PENDING;
      throw new JavaThrow(vm.materialize(t, e));
    }
    throw e;
  }
  if (result === TAILCALL) return;
  finishNative(vm, t, result);
}

/**
 * What a native returns after replacing its own frame by a call of another method with the
 * same arguments (the method-handle intrinsics, invoke/sigpoly.ts): nothing to deliver; the
 * callee's frame (or its delivered result, for a native callee) is already in place.
 */
export const TAILCALL: unique symbol = Symbol('TAILCALL');

/** The native frame on top returns `result` to its caller. */
export function finishNative(vm: VM, t: JThread, result: unknown): void {
  const f = t.frames[t.depth];
  const m = f.m as JMethod;
  if (f.lock !== null) vm.monitorExit(t, f.lock);
  t.depth--;
  deliver(vm, t, result, m.retKind, f.lp);
}

/** Resumes a native that blocked (top frame is native, `t.pendingNative` set). */
export function resumeNative(vm: VM, t: JThread): void {
  const p = t.pendingNative;
  if (p === null) {
    const m = t.frames[t.depth].m as JMethod;
    throw new VmError('java/lang/InternalError', `native frame ${m.klass.name}.${m.name}${m.desc} without a pending continuation`);
  }
  let result: unknown;
  try {
    result = p.resume();
  } catch (e) {
    if (e === BLOCK || e === PENDING) throw e;
    t.pendingNative = null;
    if (e instanceof VmError) {
      if (vm.raise(t, e)) throw PENDING;
      throw new JavaThrow(vm.materialize(t, e));
    }
    throw e;
  }
  t.pendingNative = null;
  finishNative(vm, t, result);
}

/**
 * Delivers `value` (of `kind`) to the top frame after a frame returned. `base` is the slot
 * where the returning frame's arguments started (where a Java caller's result goes).
 */
export function deliver(vm: VM, t: JThread, value: unknown, kind: ValueKind, base: number): void {
  for (;;) {
    // The thread's bottom frame returned: the scheduler starts its next top-level call.
    if (t.depth < 0) return;
    const c = t.frames[t.depth];
    const cm = c.m;
    if (cm === null) {
      const g = c.glue as Glue;
      let res: unknown;
      try {
        res = g.onReturn(value);
      } catch (e) {
        // PENDING: more frames above the glue. BLOCK: the glue is resumed later (scheduler).
        // A Java exception unwinds through the glue (its onThrow sees it).
        if (e === PENDING) return;
        throw e;
      }
      if (res === PENDING) return;
      t.depth--;
      value = res;
      kind = g.kind;
      base = c.lp;
      if (t.depth >= 0) {
        const b = t.frames[t.depth];
        if (b.m !== null && b.m.codeRaw !== null) {
          if (g.base >= 0) {
            store(t, g.base, kind, value);
            b.sp = g.base + slotsOf(kind);
          }
          b.pc = g.resumePc;
          return;
        }
      }
      continue;
    }
    if (cm.codeRaw === null) {
      // A native whose upcall finished: it completes with this value.
      if (c.lock !== null) vm.monitorExit(t, c.lock);
      t.depth--;
      kind = cm.retKind;
      base = c.lp;
      continue;
    }
    store(t, base, kind, value);
    c.sp = base + slotsOf(kind);
    c.pc += invokeLength(cm.code as Uint8Array, c.pc);
    return;
  }
}

/** Returns from the top (Java) frame, whose return instruction is `op`. */
export function returnFromFrame(vm: VM, t: JThread, op: number): void {
  const f = t.frames[t.depth];
  let value: unknown;
  let kind: ValueKind;
  switch (op) {
    case 0xac:
      kind = 'I';
      value = t.n[f.sp - 1];
      break;
    case 0xae:
      kind = 'F';
      value = t.n[f.sp - 1];
      break;
    case 0xad:
      kind = 'J';
      value = t.r[f.sp - 2];
      break;
    case 0xaf:
      kind = 'D';
      value = t.n[f.sp - 2];
      break;
    case 0xb0:
      kind = 'L';
      value = t.r[f.sp - 1];
      break;
    default:
      kind = 'V';
      value = undefined;
  }
  const m = f.m as JMethod;
  // Narrow sub-int returns as HotSpot does (boolean & 1, byte/char/short truncation).
  if (kind === 'I') {
    switch (m.ret) {
      case 'Z':
        value = (value as number) & 1;
        break;
      case 'B':
        value = ((value as number) << 24) >> 24;
        break;
      case 'C':
        value = (value as number) & 0xffff;
        break;
      case 'S':
        value = ((value as number) << 16) >> 16;
        break;
    }
  }
  if (f.lock !== null) vm.monitorExit(t, f.lock);
  if (vm.exact !== null) vm.exact.exit(t);
  t.depth--;
  deliver(vm, t, value, kind, f.lp);
}

/**
 * Upcall from VM code: pushes a glue frame and a call of `m` with `args` (one JS value per
 * parameter, `this` first for instance methods; longs as Long values). The caller then throws
 * PENDING (unless the callee was a native that completed at once, which the glue has seen).
 */
export function pushCall(vm: VM, t: JThread, m: JMethod, args: readonly unknown[], glue: Glue): void {
  const g = pushGlue(t, m.argSlots + 16);
  g.glue = glue;
  g.sp = placeArgs(t, g.lp, m, args);
  enterMethod(vm, t, m, g.lp);
}

/**
 * Pushes an empty glue frame (its `glue` still to be set) above the top frame: above a native's
 * arguments, or above a Java frame's operand stack; `room` more slots are made available there.
 */
export function pushGlue(t: JThread, room: number): Frame {
  const top = t.depth >= 0 ? t.frames[t.depth] : undefined;
  let base = 0;
  if (top !== undefined) base = top.m !== null && top.m.codeRaw === null ? top.lp + top.m.argSlots : top.sp;
  t.ensureSlots(base + room);
  const g = t.pushFrame();
  g.m = null;
  g.pc = 0;
  g.lp = base;
  g.sp = base;
  return g;
}

/**
 * Puts the arguments of a call of `m` (one JS value per parameter, `this` first for instance
 * methods; longs as Long values) at slot `base` of `t`'s value stacks, as the callee's locals;
 * returns the slot after them. The caller has made room (`ensureSlots`).
 */
export function placeArgs(t: JThread, base: number, m: JMethod, args: readonly unknown[]): number {
  let slot = base;
  let i = 0;
  if (!m.isStatic) t.r[slot++] = args[i++];
  for (const p of m.params) {
    const kind = p.length === 1 ? (p === 'J' ? 'J' : p === 'D' ? 'D' : p === 'F' ? 'F' : 'I') : 'L';
    store(t, slot, kind, args[i++]);
    slot += kind === 'J' || kind === 'D' ? 2 : 1;
  }
  return slot;
}

/** Finds the handler for `exc` at `pc` in `m`, or -1. */
function findHandler(vm: VM, m: JMethod, pc: number, exc: JObject): number {
  for (const h of m.handlers) {
    if (pc < h.start || pc >= h.end) continue;
    if (h.catchType === 0) return h.handler;
    if (vm.isCatchType(m.klass, h.catchType, exc)) return h.handler;
  }
  return -1;
}

const TRACE_THROWS = !!process.env.KOMORIUM_TRACE_THROWS;

/** Throws `exc` at the top frame's pc: finds a handler, popping frames (and monitors). */
export function unwind(vm: VM, t: JThread, exc: JObject): void {
  if (TRACE_THROWS) vm.reportFailure(`[throw] ${t.name}: ${vm.describeThrowable(exc).split('\n').slice(0, 6).join('\n')}`);
  for (;;) {
    if (t.depth < 0) {
      t.uncaught = exc;
      return;
    }
    const f = t.frames[t.depth];
    const m = f.m;
    if (m === null) {
      const g = f.glue as Glue;
      if (g.onThrow) {
        const next = g.onThrow(exc);
        if (next === null) return;
        exc = next;
      }
      t.depth--;
      continue;
    }
    if (m.codeRaw !== null) {
      const h = findHandler(vm, m, f.pc, exc);
      if (h >= 0) {
        f.pc = h;
        const s = f.lp + m.maxLocals;
        t.r[s] = exc;
        f.sp = s + 1;
        return;
      }
    }
    if (f.lock !== null) vm.monitorExit(t, f.lock);
    if (vm.exact !== null && m.codeRaw !== null) vm.exact.exit(t);
    if (m.codeRaw === null) t.pendingNative = null;
    t.depth--;
  }
}

/** Reads the arguments of the native frame on top as JS values (for generic natives). */
export function nativeArgs(t: JThread, m: JMethod, base: number): unknown[] {
  const out: unknown[] = [];
  let slot = base;
  if (!m.isStatic) out.push(t.r[slot++]);
  for (const p of m.params) {
    const kind: ValueKind = p.length === 1 ? (p === 'J' ? 'J' : p === 'D' ? 'D' : p === 'F' ? 'F' : 'I') : 'L';
    out.push(load(t, slot, kind));
    slot += slotsOf(kind);
  }
  return out;
}

export function isJArray(o: unknown): o is JArray {
  return o instanceof JArray;
}
