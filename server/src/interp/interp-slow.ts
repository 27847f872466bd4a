// The interpreter's rare instructions and slow paths, out of the hot `interpret` switch
// (interpreter.ts): V8 optimises `interpret` as one function, so every case it holds makes each
// of its (re)compilations larger, and a case first reached after the compilation deoptimises it
// ("Insufficient type feedback"). The instructions here are rare in the interpreter (hot
// methods run compiled, jit/) or costly anyway: stack shuffles beyond dup/dup_x1, switches,
// subroutines, wide, multianewarray, invokedynamic, float remainders, long division and
// conversions. They share one call site in `interpret` (its `default`), so that call's feedback
// is complete once any of them ran. Also ldc (its resolution is a call anyway) and the
// exception path (`recover`).

import { InitState, type JClass, type JMethod } from './klass';
import * as L from './long';
import { BLOCK, JavaThrow, PENDING, VmError } from './signals';
import type { Frame, JThread } from './thread';
import type { VM } from './vm';
import { enterMethod, unwind } from './calls';
import { resolveClassAt, resolveLdc, linkInvokeDynamic } from './resolve';
import { newMultiArray } from './ops';

const fround = Math.fround;

/** A big-endian signed 32-bit operand at `p`. */
function s4(code: Uint8Array, p: number): number {
  return (code[p] << 24) | (code[p + 1] << 16) | (code[p + 2] << 8) | code[p + 3];
}

/**
 * Executes the rare instruction at `f.pc` of the top frame `f`, whose operand stack top is
 * `f.sp` (both saved by the caller, so an exception or upcall sees the instruction's state).
 * Writes the next pc and sp to `f`, only once the instruction cannot fail any more. Returns
 * true when it pushed a frame (invokedynamic): the caller then reloads the top frame, and `f`
 * keeps the invoke's pc.
 */
export function rareOp(vm: VM, t: JThread, f: Frame): boolean {
  const m = f.m as JMethod;
  const code = m.code as Uint8Array;
  const pc = f.pc;
  let sp = f.sp;
  const n = t.n;
  const r = t.r;
  const lp = f.lp;
  let next = pc + 1;
  switch (code[pc]) {
    case 0x5b: {
      // dup_x2: ..., v3, v2, v1 → ..., v1, v3, v2, v1
      const n1 = n[sp - 1], r1 = r[sp - 1];
      n[sp] = n1;
      r[sp] = r1;
      n[sp - 1] = n[sp - 2];
      r[sp - 1] = r[sp - 2];
      n[sp - 2] = n[sp - 3];
      r[sp - 2] = r[sp - 3];
      n[sp - 3] = n1;
      r[sp - 3] = r1;
      sp++;
      break;
    }
    case 0x5d: {
      // dup2_x1: ..., v3, v2, v1 → ..., v2, v1, v3, v2, v1
      const n1 = n[sp - 1], r1 = r[sp - 1], n2 = n[sp - 2], r2 = r[sp - 2];
      n[sp + 1] = n1;
      r[sp + 1] = r1;
      n[sp] = n2;
      r[sp] = r2;
      n[sp - 1] = n[sp - 3];
      r[sp - 1] = r[sp - 3];
      n[sp - 2] = n1;
      r[sp - 2] = r1;
      n[sp - 3] = n2;
      r[sp - 3] = r2;
      sp += 2;
      break;
    }
    case 0x5e: {
      // dup2_x2: ..., v4, v3, v2, v1 → ..., v2, v1, v4, v3, v2, v1
      const n1 = n[sp - 1], r1 = r[sp - 1], n2 = n[sp - 2], r2 = r[sp - 2];
      n[sp + 1] = n1;
      r[sp + 1] = r1;
      n[sp] = n2;
      r[sp] = r2;
      n[sp - 1] = n[sp - 3];
      r[sp - 1] = r[sp - 3];
      n[sp - 2] = n[sp - 4];
      r[sp - 2] = r[sp - 4];
      n[sp - 3] = n1;
      r[sp - 3] = r1;
      n[sp - 4] = n2;
      r[sp - 4] = r2;
      sp += 2;
      break;
    }
    case 0x5f: {
      // swap
      const n1 = n[sp - 1], r1 = r[sp - 1];
      n[sp - 1] = n[sp - 2];
      r[sp - 1] = r[sp - 2];
      n[sp - 2] = n1;
      r[sp - 2] = r1;
      break;
    }
    case 0x72: // frem
      sp--;
      n[sp - 1] = fround(n[sp - 1] % n[sp]);
      break;
    case 0x73: // drem
      sp -= 2;
      n[sp - 2] = n[sp - 2] % n[sp];
      break;
    case 0x6d: // ldiv
    case 0x71: {
      // lrem
      const b = r[sp - 2] as L.Long;
      if (b === 0) throw vm.exception('java/lang/ArithmeticException', '/ by zero');
      sp -= 2;
      r[sp - 2] = code[pc] === 0x6d ? L.ldiv(r[sp - 2] as L.Long, b) : L.lrem(r[sp - 2] as L.Long, b);
      break;
    }
    case 0x89: // l2f
      sp--;
      n[sp - 1] = L.l2f(r[sp - 1] as L.Long);
      break;
    case 0x8c: // f2l
      r[sp - 1] = L.d2l(n[sp - 1]);
      sp++;
      break;
    case 0x8f: // d2l
      r[sp - 2] = L.d2l(n[sp - 2]);
      break;
    case 0xa8: // jsr
      r[sp++] = pc + 3;
      next = pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16);
      break;
    case 0xc9: // jsr_w
      r[sp++] = pc + 5;
      next = pc + s4(code, pc + 1);
      break;
    case 0xc8: // goto_w
      next = pc + s4(code, pc + 1);
      break;
    case 0xa9: // ret
      next = r[lp + code[pc + 1]] as number;
      break;
    case 0xaa: {
      // tableswitch
      const p = (pc + 4) & ~3;
      const lo = s4(code, p + 4);
      const hi = s4(code, p + 8);
      const v = n[--sp];
      next = pc + (v < lo || v > hi ? s4(code, p) : s4(code, p + 12 + 4 * (v - lo)));
      break;
    }
    case 0xab: {
      // lookupswitch: binary search of the sorted keys
      const p = ((pc + 4) & ~3) + 8;
      const v = n[--sp];
      let lo = 0;
      let hi = s4(code, p - 4) - 1;
      let off = s4(code, p - 8);
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const key = s4(code, p + mid * 8);
        if (key === v) {
          off = s4(code, p + mid * 8 + 4);
          break;
        }
        if (key < v) lo = mid + 1;
        else hi = mid - 1;
      }
      next = pc + off;
      break;
    }
    case 0xba: {
      // invokedynamic: linked to a static method of a VM-spun class (resolve.ts)
      const target = linkInvokeDynamic(vm, t, m, pc);
      const tk = target.klass;
      if (tk.state !== InitState.Initialized) vm.initialize(t, tk);
      enterMethod(vm, t, target, sp - target.argSlots);
      return true;
    }
    case 0xc4: {
      // wide
      const op = code[pc + 1];
      const idx = lp + ((code[pc + 2] << 8) | code[pc + 3]);
      next = pc + 4;
      switch (op) {
        case 0x15:
        case 0x17:
          n[sp++] = n[idx];
          break;
        case 0x16:
          r[sp] = r[idx];
          sp += 2;
          break;
        case 0x18:
          n[sp] = n[idx];
          sp += 2;
          break;
        case 0x19:
          r[sp++] = r[idx];
          break;
        case 0x36:
        case 0x38:
          n[idx] = n[--sp];
          break;
        case 0x37:
          sp -= 2;
          r[idx] = r[sp];
          break;
        case 0x39:
          sp -= 2;
          n[idx] = n[sp];
          break;
        case 0x3a:
          r[idx] = r[--sp];
          break;
        case 0xa9:
          next = r[idx] as number;
          break;
        case 0x84:
          n[idx] = (n[idx] + ((((code[pc + 4] << 8) | code[pc + 5]) << 16) >> 16)) | 0;
          next = pc + 6;
          break;
        default:
          throw vm.internalError(`bad wide opcode ${op} in ${m}`);
      }
      break;
    }
    case 0xc5: {
      // multianewarray
      const idx = (code[pc + 1] << 8) | code[pc + 2];
      const dims = code[pc + 3];
      const c = (m.klass.cpc[idx] as JClass | undefined) ?? resolveClassAt(vm, t, m.klass, idx);
      const lens: number[] = [];
      for (let i = 0; i < dims; i++) lens.push(n[sp - dims + i]);
      const a = newMultiArray(vm, c, lens);
      sp -= dims;
      r[sp++] = a;
      next = pc + 4;
      break;
    }
    default:
      throw vm.internalError(`unsupported bytecode ${code[pc]} at ${m}:${pc}`);
  }
  f.pc = next;
  f.sp = sp;
  return false;
}

/** ldc, ldc_w, ldc2_w at `f.pc` (saved with `f.sp` by the caller): pushes the constant and writes the next pc and sp to `f`. */
export function ldc(vm: VM, t: JThread, f: Frame): void {
  const m = f.m as JMethod;
  const code = m.code as Uint8Array;
  const pc = f.pc;
  const op = code[pc];
  const c = resolveLdc(vm, t, m.klass, op === 0x12 ? code[pc + 1] : (code[pc + 1] << 8) | code[pc + 2]);
  let sp = f.sp;
  switch (c.kind) {
    case 'I':
    case 'F':
      t.n[sp++] = c.value as number;
      break;
    case 'D':
      t.n[sp] = c.value as number;
      sp += 2;
      break;
    case 'J':
      t.r[sp] = c.value;
      sp += 2;
      break;
    default:
      t.r[sp++] = c.value;
  }
  f.pc = pc + (op === 0x12 ? 2 : 3);
  f.sp = sp;
}

/**
 * What `interpret` does with `e`, thrown while the top frame was `f` at instruction `opPc` with
 * operand stack top `sp`: after an upcall (PENDING) nothing; a Java exception, a VM error or a JS
 * error (as a Java InternalError thrown at the instruction) unwinds to its handler. Returns
 * false when `interpret` must return: the thread blocked, has no frames left or is no longer
 * runnable. EXIT is the caller's to rethrow.
 */
export function recover(vm: VM, t: JThread, e: unknown, f: Frame, opPc: number, sp: number): boolean {
  if (e === BLOCK) return false;
  if (e !== PENDING) {
    // The instruction's own state, unless the exception comes from frames pushed above it.
    if (t.depth >= 0 && t.frames[t.depth] === f) {
      f.pc = opPc;
      f.sp = sp;
    }
    const m = f.m as JMethod;
    if (e instanceof VmError && vm.raise(t, e)) return t.depth >= 0 && t.state === 1; /* Runnable */
    unwind(vm, t, e instanceof JavaThrow ? e.exc : e instanceof VmError ? vm.materialize(t, e) : vm.internalErrorObject(e, m, opPc));
  }
  return t.depth >= 0 && t.state === 1; /* Runnable */
}
