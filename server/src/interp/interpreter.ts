// The bytecode interpreter: runs the top frames of one green thread for up to `budget`
// bytecodes. Frames are data (thread.ts), so calls and returns do not recurse in JS; upcalls
// (class initialisation, class loading through Java loaders, natives calling back) push glue
// frames and signal PENDING; blocking operations signal BLOCK. See thread.ts for the two
// parallel value stacks (`n` numeric, `r` references and longs).

import { InitState, type JClass, type JField, type JMethod } from './klass';
import { JArray, type JLongArray, type JObject } from './object';
import * as L from './long';
import { BLOCK, EXIT, JavaThrow, PENDING, VmError } from './signals';
import type { Frame, JThread } from './thread';
import type { ExactProfiler } from './exact';
import type { VM } from './vm';
import { deliver, enterMethod, returnFromFrame, unwind } from './calls';
import { type MethodSite, type FieldSite, resolveClassAt, resolveFieldSite, resolveMethodSite, resolveLdc, linkInvokeDynamic } from './resolve';
import { checkcastFails, isInstance, newArray, newMultiArray, castMessage } from './ops';
import { compile, jitStats, JIT_THRESHOLD, type CompiledFn } from './jit/compile';

const fround = Math.fround;

/**
 * Exact mode: the instruction at `pc` of frame `f` (method `m`) was counted and then stopped
 * half-way (PENDING, BLOCK); when its frame still holds it at that pc it runs again later, and
 * that second start is not a second bytecode.
 */
function retried(ex: ExactProfiler, t: JThread, f: Frame, m: JMethod, pc: number): void {
  if (f.m !== m || f.pc !== pc) return;
  for (let d = t.depth; d >= 0; d--) {
    if (t.frames[d] === f) {
      ex.retry(t, d, pc);
      return;
    }
  }
}

/** Runs thread `t` for at most `budget` bytecodes. Returns the bytecodes executed. */
export function interpret(vm: VM, t: JThread, budget: number): number {
  let count = 0;
  if (t.depth < 0) return 0;
  let f = t.frames[t.depth];
  let m = f.m as JMethod;
  let code = m.code as Uint8Array;
  let k = m.klass;
  let cpc = k.cpc;
  let jit = (m.jit || null) as CompiledFn | null;
  let pc = f.pc;
  let lp = f.lp;
  let sp = f.sp;
  let n = t.n;
  let r = t.r;
  let opPc = pc;
  const ex = vm.exact;
  for (;;) {
    try {
      while (count < budget) {
        if (pc < opPc && jit === null && m.jit === null && ++m.counter > JIT_THRESHOLD) jit = compile(vm, m);
        if (jit !== null) {
          // Compiled code runs from this pc if it is an entry point (else returns 0).
          f.pc = pc;
          f.sp = sp;
          const d0 = t.depth;
          t.jitBase = d0;
          let ran: number;
          try {
            ran = jit(t, f, budget - count);
          } catch (e) {
            opPc = f.pc;
            sp = f.sp;
            count += t.xc;
            jitStats.bytecodes += t.xc;
            t.xc = 0;
            throw e;
          }
          count += ran;
          jitStats.bytecodes += ran;
          if (t.depth !== d0) {
            // The method returned by itself (deliver its value) or left callees' frames on top.
            if (t.depth < d0) deliver(vm, t, m.retKind === 'L' || m.retKind === 'J' ? t.rvR : m.retKind === 'V' ? undefined : t.rvN, m.retKind, f.lp);
            if (t.depth < 0) {
              t.bytecodes += count;
              return count;
            }
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            opPc = pc;
            if (count >= budget) break;
            continue;
          }
          if (ran > 0) {
            pc = f.pc;
            sp = f.sp;
            if (count >= budget) break;
          }
        }
        opPc = pc;
        count++;
        if (ex !== null) ex.count(t, m, pc);
        switch (code[pc]) {
          case 0x00: // nop
            pc++;
            break;
          case 0x01: // aconst_null
            r[sp++] = null;
            pc++;
            break;
          case 0x02: // iconst_m1
          case 0x03:
          case 0x04:
          case 0x05:
          case 0x06:
          case 0x07:
          case 0x08: // iconst_5
            n[sp++] = code[pc] - 3;
            pc++;
            break;
          case 0x09: // lconst_0
          case 0x0a:
            r[sp] = code[pc] - 9;
            sp += 2;
            pc++;
            break;
          case 0x0b: // fconst_0..2
          case 0x0c:
          case 0x0d:
            n[sp++] = code[pc] - 0x0b;
            pc++;
            break;
          case 0x0e: // dconst_0, dconst_1
          case 0x0f:
            n[sp] = code[pc] - 0x0e;
            sp += 2;
            pc++;
            break;
          case 0x10: // bipush
            n[sp++] = (code[pc + 1] << 24) >> 24;
            pc += 2;
            break;
          case 0x11: // sipush
            n[sp++] = (((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16;
            pc += 3;
            break;
          case 0x12: // ldc
          case 0x13: // ldc_w
          case 0x14: {
            // ldc2_w
            const op = code[pc];
            const idx = op === 0x12 ? code[pc + 1] : (code[pc + 1] << 8) | code[pc + 2];
            f.pc = opPc;
            f.sp = sp;
            const c = resolveLdc(vm, t, k, idx);
            switch (c.kind) {
              case 'I':
              case 'F':
                n[sp++] = c.value as number;
                break;
              case 'D':
                n[sp] = c.value as number;
                sp += 2;
                break;
              case 'J':
                r[sp] = c.value;
                sp += 2;
                break;
              default:
                r[sp++] = c.value;
            }
            pc += op === 0x12 ? 2 : 3;
            break;
          }
          // ---------------------------------------------------------------- loads
          case 0x15: // iload
          case 0x17: // fload
            n[sp++] = n[lp + code[pc + 1]];
            pc += 2;
            break;
          case 0x16: // lload
            r[sp] = r[lp + code[pc + 1]];
            sp += 2;
            pc += 2;
            break;
          case 0x18: // dload
            n[sp] = n[lp + code[pc + 1]];
            sp += 2;
            pc += 2;
            break;
          case 0x19: // aload
            r[sp++] = r[lp + code[pc + 1]];
            pc += 2;
            break;
          case 0x1a: // iload_0..3
          case 0x1b:
          case 0x1c:
          case 0x1d:
            n[sp++] = n[lp + code[pc] - 0x1a];
            pc++;
            break;
          case 0x1e: // lload_0..3
          case 0x1f:
          case 0x20:
          case 0x21:
            r[sp] = r[lp + code[pc] - 0x1e];
            sp += 2;
            pc++;
            break;
          case 0x22: // fload_0..3
          case 0x23:
          case 0x24:
          case 0x25:
            n[sp++] = n[lp + code[pc] - 0x22];
            pc++;
            break;
          case 0x26: // dload_0..3
          case 0x27:
          case 0x28:
          case 0x29:
            n[sp] = n[lp + code[pc] - 0x26];
            sp += 2;
            pc++;
            break;
          case 0x2a: // aload_0..3
          case 0x2b:
          case 0x2c:
          case 0x2d:
            r[sp++] = r[lp + code[pc] - 0x2a];
            pc++;
            break;
          case 0x2e: // iaload
          case 0x30: // faload
          case 0x33: // baload
          case 0x34: // caload
          case 0x35: {
            // saload
            const i = n[sp - 1];
            const a = r[sp - 2] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as Int32Array;
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            n[sp - 2] = d[i];
            sp--;
            pc++;
            break;
          }
          case 0x2f: {
            // laload
            const i = n[sp - 1];
            const a = r[sp - 2] as JLongArray | null;
            if (a === null) throw vm.npe();
            const len = a.data.length;
            if (i >>> 0 >= len) throw vm.aioobe(i, len);
            r[sp - 2] = L.aload(a, i);
            pc++;
            break;
          }
          case 0x31: {
            // daload
            const i = n[sp - 1];
            const a = r[sp - 2] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as Float64Array;
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            n[sp - 2] = d[i];
            pc++;
            break;
          }
          case 0x32: {
            // aaload
            const i = n[sp - 1];
            const a = r[sp - 2] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as unknown[];
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            r[sp - 2] = d[i];
            sp--;
            pc++;
            break;
          }
          // ---------------------------------------------------------------- stores
          case 0x36: // istore
          case 0x38: // fstore
            n[lp + code[pc + 1]] = n[--sp];
            pc += 2;
            break;
          case 0x37: // lstore
            sp -= 2;
            r[lp + code[pc + 1]] = r[sp];
            pc += 2;
            break;
          case 0x39: // dstore
            sp -= 2;
            n[lp + code[pc + 1]] = n[sp];
            pc += 2;
            break;
          case 0x3a: // astore
            r[lp + code[pc + 1]] = r[--sp];
            pc += 2;
            break;
          case 0x3b: // istore_0..3
          case 0x3c:
          case 0x3d:
          case 0x3e:
            n[lp + code[pc] - 0x3b] = n[--sp];
            pc++;
            break;
          case 0x3f: // lstore_0..3
          case 0x40:
          case 0x41:
          case 0x42:
            sp -= 2;
            r[lp + code[pc] - 0x3f] = r[sp];
            pc++;
            break;
          case 0x43: // fstore_0..3
          case 0x44:
          case 0x45:
          case 0x46:
            n[lp + code[pc] - 0x43] = n[--sp];
            pc++;
            break;
          case 0x47: // dstore_0..3
          case 0x48:
          case 0x49:
          case 0x4a:
            sp -= 2;
            n[lp + code[pc] - 0x47] = n[sp];
            pc++;
            break;
          case 0x4b: // astore_0..3
          case 0x4c:
          case 0x4d:
          case 0x4e:
            r[lp + code[pc] - 0x4b] = r[--sp];
            pc++;
            break;
          case 0x4f: // iastore
          case 0x51: // fastore
          case 0x54: // bastore
          case 0x55: // castore
          case 0x56: {
            // sastore
            const v = n[sp - 1];
            const i = n[sp - 2];
            const a = r[sp - 3] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as Int32Array;
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            d[i] = v;
            sp -= 3;
            pc++;
            break;
          }
          case 0x50: {
            // lastore
            const v = r[sp - 2] as L.Long;
            const i = n[sp - 3];
            const a = r[sp - 4] as JLongArray | null;
            if (a === null) throw vm.npe();
            const len = a.data.length;
            if (i >>> 0 >= len) throw vm.aioobe(i, len);
            L.astore(a, i, v);
            sp -= 4;
            pc++;
            break;
          }
          case 0x52: {
            // dastore
            const v = n[sp - 2];
            const i = n[sp - 3];
            const a = r[sp - 4] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as Float64Array;
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            d[i] = v;
            sp -= 4;
            pc++;
            break;
          }
          case 0x53: {
            // aastore
            const v = r[sp - 1] as JObject | null;
            const i = n[sp - 2];
            const a = r[sp - 3] as JArray | null;
            if (a === null) throw vm.npe();
            const d = a.data as unknown[];
            if (i >>> 0 >= d.length) throw vm.aioobe(i, d.length);
            if (v !== null) {
              const ck = a.klass.component as JClass;
              if (v.klass !== ck && !v.klass.supers.has(ck) && !isInstance(v, ck)) throw vm.exception('java/lang/ArrayStoreException', v.klass.javaName);
            }
            d[i] = v;
            sp -= 3;
            pc++;
            break;
          }
          // ---------------------------------------------------------------- stack
          case 0x57: // pop
            sp--;
            pc++;
            break;
          case 0x58: // pop2
            sp -= 2;
            pc++;
            break;
          case 0x59: // dup
            n[sp] = n[sp - 1];
            r[sp] = r[sp - 1];
            sp++;
            pc++;
            break;
          case 0x5a: {
            // dup_x1: ..., v2, v1 → ..., v1, v2, v1
            const n1 = n[sp - 1], r1 = r[sp - 1];
            n[sp - 1] = n[sp - 2];
            r[sp - 1] = r[sp - 2];
            n[sp - 2] = n1;
            r[sp - 2] = r1;
            n[sp] = n1;
            r[sp] = r1;
            sp++;
            pc++;
            break;
          }
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
            pc++;
            break;
          }
          case 0x5c: // dup2
            n[sp] = n[sp - 2];
            r[sp] = r[sp - 2];
            n[sp + 1] = n[sp - 1];
            r[sp + 1] = r[sp - 1];
            sp += 2;
            pc++;
            break;
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
            pc++;
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
            pc++;
            break;
          }
          case 0x5f: {
            // swap
            const n1 = n[sp - 1], r1 = r[sp - 1];
            n[sp - 1] = n[sp - 2];
            r[sp - 1] = r[sp - 2];
            n[sp - 2] = n1;
            r[sp - 2] = r1;
            pc++;
            break;
          }
          // ---------------------------------------------------------------- int arithmetic
          case 0x60: // iadd
            sp--;
            n[sp - 1] = (n[sp - 1] + n[sp]) | 0;
            pc++;
            break;
          case 0x64: // isub
            sp--;
            n[sp - 1] = (n[sp - 1] - n[sp]) | 0;
            pc++;
            break;
          case 0x68: // imul
            sp--;
            n[sp - 1] = Math.imul(n[sp - 1], n[sp]);
            pc++;
            break;
          case 0x6c: {
            // idiv
            const b = n[sp - 1];
            if (b === 0) throw vm.exception('java/lang/ArithmeticException', '/ by zero');
            sp--;
            n[sp - 1] = (n[sp - 1] / b) | 0;
            pc++;
            break;
          }
          case 0x70: {
            // irem
            const b = n[sp - 1];
            if (b === 0) throw vm.exception('java/lang/ArithmeticException', '/ by zero');
            sp--;
            n[sp - 1] = n[sp - 1] % b | 0;
            pc++;
            break;
          }
          case 0x74: // ineg
            n[sp - 1] = -n[sp - 1] | 0;
            pc++;
            break;
          case 0x78: // ishl
            sp--;
            n[sp - 1] = n[sp - 1] << n[sp];
            pc++;
            break;
          case 0x7a: // ishr
            sp--;
            n[sp - 1] = n[sp - 1] >> n[sp];
            pc++;
            break;
          case 0x7c: // iushr
            sp--;
            n[sp - 1] = (n[sp - 1] >>> n[sp]) | 0;
            pc++;
            break;
          case 0x7e: // iand
            sp--;
            n[sp - 1] = n[sp - 1] & n[sp];
            pc++;
            break;
          case 0x80: // ior
            sp--;
            n[sp - 1] = n[sp - 1] | n[sp];
            pc++;
            break;
          case 0x82: // ixor
            sp--;
            n[sp - 1] = n[sp - 1] ^ n[sp];
            pc++;
            break;
          case 0x84: {
            // iinc
            const idx = lp + code[pc + 1];
            n[idx] = (n[idx] + ((code[pc + 2] << 24) >> 24)) | 0;
            pc += 3;
            break;
          }
          // ---------------------------------------------------------------- long arithmetic
          case 0x61: // ladd
            sp -= 2;
            r[sp - 2] = L.ladd(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          case 0x65: // lsub
            sp -= 2;
            r[sp - 2] = L.lsub(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          case 0x69: // lmul
            sp -= 2;
            r[sp - 2] = L.lmul(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          case 0x6d: {
            // ldiv
            const b = r[sp - 2] as L.Long;
            if (b === 0) throw vm.exception('java/lang/ArithmeticException', '/ by zero');
            sp -= 2;
            r[sp - 2] = L.ldiv(r[sp - 2] as L.Long, b);
            pc++;
            break;
          }
          case 0x71: {
            // lrem
            const b = r[sp - 2] as L.Long;
            if (b === 0) throw vm.exception('java/lang/ArithmeticException', '/ by zero');
            sp -= 2;
            r[sp - 2] = L.lrem(r[sp - 2] as L.Long, b);
            pc++;
            break;
          }
          case 0x75: // lneg
            r[sp - 2] = L.lneg(r[sp - 2] as L.Long);
            pc++;
            break;
          case 0x79: // lshl (long, int)
            sp--;
            r[sp - 2] = L.lshl(r[sp - 2] as L.Long, n[sp]);
            pc++;
            break;
          case 0x7b: // lshr
            sp--;
            r[sp - 2] = L.lshr(r[sp - 2] as L.Long, n[sp]);
            pc++;
            break;
          case 0x7d: // lushr
            sp--;
            r[sp - 2] = L.lushr(r[sp - 2] as L.Long, n[sp]);
            pc++;
            break;
          case 0x7f: // land
            sp -= 2;
            r[sp - 2] = L.land(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          case 0x81: // lor
            sp -= 2;
            r[sp - 2] = L.lor(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          case 0x83: // lxor
            sp -= 2;
            r[sp - 2] = L.lxor(r[sp - 2] as L.Long, r[sp] as L.Long);
            pc++;
            break;
          // ---------------------------------------------------------------- float / double
          case 0x62: // fadd
            sp--;
            n[sp - 1] = fround(n[sp - 1] + n[sp]);
            pc++;
            break;
          case 0x66: // fsub
            sp--;
            n[sp - 1] = fround(n[sp - 1] - n[sp]);
            pc++;
            break;
          case 0x6a: // fmul
            sp--;
            n[sp - 1] = fround(n[sp - 1] * n[sp]);
            pc++;
            break;
          case 0x6e: // fdiv
            sp--;
            n[sp - 1] = fround(n[sp - 1] / n[sp]);
            pc++;
            break;
          case 0x72: // frem
            sp--;
            n[sp - 1] = fround(n[sp - 1] % n[sp]);
            pc++;
            break;
          case 0x76: // fneg
            n[sp - 1] = -n[sp - 1];
            pc++;
            break;
          case 0x63: // dadd
            sp -= 2;
            n[sp - 2] = n[sp - 2] + n[sp];
            pc++;
            break;
          case 0x67: // dsub
            sp -= 2;
            n[sp - 2] = n[sp - 2] - n[sp];
            pc++;
            break;
          case 0x6b: // dmul
            sp -= 2;
            n[sp - 2] = n[sp - 2] * n[sp];
            pc++;
            break;
          case 0x6f: // ddiv
            sp -= 2;
            n[sp - 2] = n[sp - 2] / n[sp];
            pc++;
            break;
          case 0x73: // drem
            sp -= 2;
            n[sp - 2] = n[sp - 2] % n[sp];
            pc++;
            break;
          case 0x77: // dneg
            n[sp - 2] = -n[sp - 2];
            pc++;
            break;
          // ---------------------------------------------------------------- conversions
          case 0x85: // i2l
            r[sp - 1] = n[sp - 1];
            sp++;
            pc++;
            break;
          case 0x86: // i2f
            n[sp - 1] = fround(n[sp - 1]);
            pc++;
            break;
          case 0x87: // i2d
            sp++;
            pc++;
            break;
          case 0x88: // l2i
            sp--;
            n[sp - 1] = L.l2i(r[sp - 1] as L.Long);
            pc++;
            break;
          case 0x89: // l2f
            sp--;
            n[sp - 1] = L.l2f(r[sp - 1] as L.Long);
            pc++;
            break;
          case 0x8a: // l2d
            n[sp - 2] = L.l2d(r[sp - 2] as L.Long);
            pc++;
            break;
          case 0x8b: // f2i
            n[sp - 1] = L.d2i(n[sp - 1]);
            pc++;
            break;
          case 0x8c: // f2l
            r[sp - 1] = L.d2l(n[sp - 1]);
            sp++;
            pc++;
            break;
          case 0x8d: // f2d
            sp++;
            pc++;
            break;
          case 0x8e: // d2i
            sp--;
            n[sp - 1] = L.d2i(n[sp - 1]);
            pc++;
            break;
          case 0x8f: // d2l
            r[sp - 2] = L.d2l(n[sp - 2]);
            pc++;
            break;
          case 0x90: // d2f
            sp--;
            n[sp - 1] = fround(n[sp - 1]);
            pc++;
            break;
          case 0x91: // i2b
            n[sp - 1] = (n[sp - 1] << 24) >> 24;
            pc++;
            break;
          case 0x92: // i2c
            n[sp - 1] = n[sp - 1] & 0xffff;
            pc++;
            break;
          case 0x93: // i2s
            n[sp - 1] = (n[sp - 1] << 16) >> 16;
            pc++;
            break;
          // ---------------------------------------------------------------- comparisons
          case 0x94: {
            // lcmp
            const b = r[sp - 2] as L.Long;
            const a = r[sp - 4] as L.Long;
            sp -= 3;
            n[sp - 1] = a > b ? 1 : a < b ? -1 : 0;
            pc++;
            break;
          }
          case 0x95: // fcmpl
          case 0x96: {
            // fcmpg
            const b = n[sp - 1];
            const a = n[sp - 2];
            sp--;
            n[sp - 1] = a > b ? 1 : a < b ? -1 : a === b ? 0 : code[pc] === 0x95 ? -1 : 1;
            pc++;
            break;
          }
          case 0x97: // dcmpl
          case 0x98: {
            // dcmpg
            const b = n[sp - 2];
            const a = n[sp - 4];
            sp -= 3;
            n[sp - 1] = a > b ? 1 : a < b ? -1 : a === b ? 0 : code[pc] === 0x97 ? -1 : 1;
            pc++;
            break;
          }
          case 0x99: // ifeq
            pc = n[--sp] === 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9a: // ifne
            pc = n[--sp] !== 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9b: // iflt
            pc = n[--sp] < 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9c: // ifge
            pc = n[--sp] >= 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9d: // ifgt
            pc = n[--sp] > 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9e: // ifle
            pc = n[--sp] <= 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0x9f: // if_icmpeq
            sp -= 2;
            pc = n[sp] === n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa0: // if_icmpne
            sp -= 2;
            pc = n[sp] !== n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa1: // if_icmplt
            sp -= 2;
            pc = n[sp] < n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa2: // if_icmpge
            sp -= 2;
            pc = n[sp] >= n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa3: // if_icmpgt
            sp -= 2;
            pc = n[sp] > n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa4: // if_icmple
            sp -= 2;
            pc = n[sp] <= n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa5: // if_acmpeq
            sp -= 2;
            pc = r[sp] === r[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa6: // if_acmpne
            sp -= 2;
            pc = r[sp] !== r[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xc6: // ifnull
            pc = r[--sp] === null ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xc7: // ifnonnull
            pc = r[--sp] !== null ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3;
            break;
          case 0xa7: // goto
            pc += (((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16;
            break;
          case 0xc8: // goto_w
            pc += (code[pc + 1] << 24) | (code[pc + 2] << 16) | (code[pc + 3] << 8) | code[pc + 4];
            break;
          case 0xa8: // jsr
            r[sp++] = pc + 3;
            pc += (((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16;
            break;
          case 0xc9: // jsr_w
            r[sp++] = pc + 5;
            pc += (code[pc + 1] << 24) | (code[pc + 2] << 16) | (code[pc + 3] << 8) | code[pc + 4];
            break;
          case 0xa9: // ret
            pc = r[lp + code[pc + 1]] as number;
            break;
          case 0xaa: {
            // tableswitch
            let p = (pc + 4) & ~3;
            const def = (code[p] << 24) | (code[p + 1] << 16) | (code[p + 2] << 8) | code[p + 3];
            const lo = (code[p + 4] << 24) | (code[p + 5] << 16) | (code[p + 6] << 8) | code[p + 7];
            const hi = (code[p + 8] << 24) | (code[p + 9] << 16) | (code[p + 10] << 8) | code[p + 11];
            const v = n[--sp];
            if (v < lo || v > hi) pc += def;
            else {
              p += 12 + 4 * (v - lo);
              pc += (code[p] << 24) | (code[p + 1] << 16) | (code[p + 2] << 8) | code[p + 3];
            }
            break;
          }
          case 0xab: {
            // lookupswitch
            let p = (pc + 4) & ~3;
            const def = (code[p] << 24) | (code[p + 1] << 16) | (code[p + 2] << 8) | code[p + 3];
            const npairs = (code[p + 4] << 24) | (code[p + 5] << 16) | (code[p + 6] << 8) | code[p + 7];
            const v = n[--sp];
            p += 8;
            let lo = 0;
            let hi = npairs - 1;
            let off = def;
            while (lo <= hi) {
              const mid = (lo + hi) >> 1;
              const q = p + mid * 8;
              const key = (code[q] << 24) | (code[q + 1] << 16) | (code[q + 2] << 8) | code[q + 3];
              if (key === v) {
                off = (code[q + 4] << 24) | (code[q + 5] << 16) | (code[q + 6] << 8) | code[q + 7];
                break;
              }
              if (key < v) lo = mid + 1;
              else hi = mid - 1;
            }
            pc += off;
            break;
          }
          // ---------------------------------------------------------------- returns
          case 0xac: // ireturn
          case 0xad: // lreturn
          case 0xae: // freturn
          case 0xaf: // dreturn
          case 0xb0: // areturn
          case 0xb1: {
            // return
            f.pc = opPc;
            f.sp = sp;
            returnFromFrame(vm, t, code[pc]);
            if (t.depth < 0) {
              t.bytecodes += count;
              return count;
            }
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            n = t.n;
            r = t.r;
            break;
          }
          // ---------------------------------------------------------------- fields
          case 0xb2: {
            // getstatic
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as FieldSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveFieldSite(vm, t, k, idx, true));
            const fk = s.f.klass;
            if (fk.state !== InitState.Initialized) ((f.pc = opPc), (f.sp = sp), vm.initialize(t, fk));
            const v = fk.staticValues[s.f.slot];
            switch (s.kind) {
              case 'L':
                r[sp++] = v;
                break;
              case 'J':
                r[sp] = v;
                sp += 2;
                break;
              case 'D':
                n[sp] = v as number;
                sp += 2;
                break;
              default:
                n[sp++] = v as number;
            }
            pc += 3;
            break;
          }
          case 0xb3: {
            // putstatic
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as FieldSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveFieldSite(vm, t, k, idx, true));
            const fk = s.f.klass;
            if (fk.state !== InitState.Initialized) ((f.pc = opPc), (f.sp = sp), vm.initialize(t, fk));
            const sv = fk.staticValues;
            switch (s.kind) {
              case 'L':
                sv[s.f.slot] = r[--sp];
                break;
              case 'J':
                sp -= 2;
                sv[s.f.slot] = r[sp];
                break;
              case 'D':
                sp -= 2;
                sv[s.f.slot] = n[sp];
                break;
              default:
                sv[s.f.slot] = s.narrow(n[--sp]);
            }
            pc += 3;
            break;
          }
          case 0xb4: {
            // getfield
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as FieldSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveFieldSite(vm, t, k, idx, false));
            const o = r[sp - 1] as Record<string, unknown> | null;
            if (o === null) throw vm.npe();
            const v = o[s.key];
            switch (s.kind) {
              case 'L':
                r[sp - 1] = v;
                break;
              case 'J':
                r[sp - 1] = v;
                sp++;
                break;
              case 'D':
                n[sp - 1] = v as number;
                sp++;
                break;
              default:
                n[sp - 1] = v as number;
            }
            pc += 3;
            break;
          }
          case 0xb5: {
            // putfield
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as FieldSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveFieldSite(vm, t, k, idx, false));
            switch (s.kind) {
              case 'L': {
                const o = r[sp - 2] as Record<string, unknown> | null;
                if (o === null) throw vm.npe();
                o[s.key] = r[sp - 1];
                sp -= 2;
                break;
              }
              case 'J': {
                const o = r[sp - 3] as Record<string, unknown> | null;
                if (o === null) throw vm.npe();
                o[s.key] = r[sp - 2];
                sp -= 3;
                break;
              }
              case 'D': {
                const o = r[sp - 3] as Record<string, unknown> | null;
                if (o === null) throw vm.npe();
                o[s.key] = n[sp - 2];
                sp -= 3;
                break;
              }
              default: {
                const o = r[sp - 2] as Record<string, unknown> | null;
                if (o === null) throw vm.npe();
                o[s.key] = s.narrow(n[sp - 1]);
                sp -= 2;
              }
            }
            pc += 3;
            break;
          }
          // ---------------------------------------------------------------- invocations
          case 0xb6: // invokevirtual
          case 0xb9: {
            // invokeinterface
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as MethodSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveMethodSite(vm, t, k, idx, code[pc]));
            const base = sp - s.m.argSlots;
            const recv = r[base] as JObject | null;
            if (recv === null) throw vm.npe();
            let target: JMethod;
            if (s.direct) target = s.m;
            else {
              const rk = recv.klass;
              if (rk === s.ck) target = s.ct as JMethod;
              else {
                target = vm.selectVirtual(rk, s);
                s.ck = rk;
                s.ct = target;
              }
            }
            f.pc = opPc;
            f.sp = sp;
            enterMethod(vm, t, target, base);
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            n = t.n;
            r = t.r;
            break;
          }
          case 0xb7: {
            // invokespecial
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (k.spc[idx] as MethodSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveMethodSite(vm, t, k, idx, 0xb7));
            const base = sp - s.m.argSlots;
            if (r[base] === null) throw vm.npe();
            f.pc = opPc;
            f.sp = sp;
            enterMethod(vm, t, s.m, base);
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            n = t.n;
            r = t.r;
            break;
          }
          case 0xb8: {
            // invokestatic
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const s = (cpc[idx] as MethodSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveMethodSite(vm, t, k, idx, 0xb8));
            const mk = s.m.klass;
            if (mk.state !== InitState.Initialized) ((f.pc = opPc), (f.sp = sp), vm.initialize(t, mk));
            f.pc = opPc;
            f.sp = sp;
            enterMethod(vm, t, s.m, sp - s.m.argSlots);
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            n = t.n;
            r = t.r;
            break;
          }
          case 0xba: {
            // invokedynamic: linked to a static method of a VM-spun class (resolve.ts)
            f.pc = opPc;
            f.sp = sp;
            const target = linkInvokeDynamic(vm, t, m, opPc);
            const tk = target.klass;
            if (tk.state !== InitState.Initialized) ((f.pc = opPc), (f.sp = sp), vm.initialize(t, tk));
            enterMethod(vm, t, target, sp - target.argSlots);
            f = t.frames[t.depth];
            m = f.m as JMethod;
            code = m.code as Uint8Array;
            k = m.klass;
            cpc = k.cpc;
            jit = (m.jit || null) as CompiledFn | null;
            pc = f.pc;
            lp = f.lp;
            sp = f.sp;
            n = t.n;
            r = t.r;
            break;
          }
          // ---------------------------------------------------------------- objects
          case 0xbb: {
            // new
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const c = (cpc[idx] as JClass | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveClassAt(vm, t, k, idx));
            if (c.state !== InitState.Initialized) {
              if (c.isInterface || c.isAbstract) throw vm.exception('java/lang/InstantiationError', c.javaName);
              ((f.pc = opPc), (f.sp = sp), vm.initialize(t, c));
            }
            r[sp++] = vm.allocObject(c);
            pc += 3;
            break;
          }
          case 0xbc: {
            // newarray
            const len = n[sp - 1];
            r[sp - 1] = newArray(vm, vm.primitiveArrayClass(code[pc + 1]), len);
            pc += 2;
            break;
          }
          case 0xbd: {
            // anewarray
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const c = (cpc[idx] as JClass | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveClassAt(vm, t, k, idx));
            const len = n[sp - 1];
            r[sp - 1] = newArray(vm, vm.arrayClassOf(c), len);
            pc += 3;
            break;
          }
          case 0xbe: {
            // arraylength
            const a = r[sp - 1] as JArray | null;
            if (a === null) throw vm.npe();
            n[sp - 1] = a.data.length;
            pc++;
            break;
          }
          case 0xbf: {
            // athrow
            const e = r[sp - 1] as JObject | null;
            if (e === null) throw vm.npe();
            throw new JavaThrow(e);
          }
          case 0xc0: {
            // checkcast
            const o = r[sp - 1] as JObject | null;
            if (o !== null) {
              const idx = (code[pc + 1] << 8) | code[pc + 2];
              const c = (cpc[idx] as JClass | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveClassAt(vm, t, k, idx));
              if (o.klass !== c && checkcastFails(o, c)) throw vm.exception('java/lang/ClassCastException', castMessage(o.klass, c));
            }
            pc += 3;
            break;
          }
          case 0xc1: {
            // instanceof
            const o = r[sp - 1] as JObject | null;
            if (o === null) n[sp - 1] = 0;
            else {
              const idx = (code[pc + 1] << 8) | code[pc + 2];
              const c = (cpc[idx] as JClass | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveClassAt(vm, t, k, idx));
              n[sp - 1] = o.klass === c || isInstance(o, c) ? 1 : 0;
            }
            pc += 3;
            break;
          }
          case 0xc2: {
            // monitorenter
            const o = r[sp - 1] as JObject | null;
            if (o === null) throw vm.npe();
            if (!vm.monitorEnter(t, o)) {
              f.pc = opPc;
              f.sp = sp;
              t.bytecodes += count - 1;
              return count - 1;
            }
            sp--;
            pc++;
            break;
          }
          case 0xc3: {
            // monitorexit
            const o = r[sp - 1] as JObject | null;
            if (o === null) throw vm.npe();
            vm.monitorExit(t, o);
            sp--;
            pc++;
            break;
          }
          case 0xc4: {
            // wide
            const op = code[pc + 1];
            const idx = lp + ((code[pc + 2] << 8) | code[pc + 3]);
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
                pc = r[idx] as number;
                continue;
              case 0x84:
                n[idx] = (n[idx] + ((((code[pc + 4] << 8) | code[pc + 5]) << 16) >> 16)) | 0;
                pc += 6;
                continue;
              default:
                throw vm.internalError(`bad wide opcode ${op} in ${m}`);
            }
            pc += 4;
            break;
          }
          case 0xc5: {
            // multianewarray
            const idx = (code[pc + 1] << 8) | code[pc + 2];
            const dims = code[pc + 3];
            const c = (cpc[idx] as JClass | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveClassAt(vm, t, k, idx));
            const lens: number[] = [];
            for (let i = 0; i < dims; i++) lens.push(n[sp - dims + i]);
            sp -= dims;
            r[sp++] = newMultiArray(vm, c, lens);
            pc += 4;
            break;
          }
          default:
            throw vm.internalError(`unsupported bytecode ${code[pc]} at ${m}:${pc}`);
        }
      }
      f.pc = pc;
      f.sp = sp;
      t.bytecodes += count;
      return count;
    } catch (e) {
      if (e === PENDING) {
        // An upcall pushed frames (or a native finished and wrote its result): reload the top.
        // The instruction at opPc runs again once its frame is back on top: count it once.
        if (ex !== null) retried(ex, t, f, m, opPc);
      } else if (e instanceof JavaThrow) {
        if (t.depth >= 0 && t.frames[t.depth] === f) {
          f.pc = opPc;
          f.sp = sp;
        }
        unwind(vm, t, e.exc);
      } else if (e instanceof VmError) {
        if (t.depth >= 0 && t.frames[t.depth] === f) {
          f.pc = opPc;
          f.sp = sp;
        }
        unwind(vm, t, vm.materialize(t, e));
      } else if (e === BLOCK) {
        if (ex !== null) retried(ex, t, f, m, opPc);
        t.bytecodes += count;
        return count;
      } else if (e === EXIT) {
        t.bytecodes += count;
        throw e;
      } else {
        // A JS error inside the VM: a Java InternalError naming it, thrown at the instruction.
        if (t.depth >= 0 && t.frames[t.depth] === f) {
          f.pc = opPc;
          f.sp = sp;
        }
        unwind(vm, t, vm.internalErrorObject(e, m, opPc));
      }
      if (t.depth < 0) {
        t.bytecodes += count;
        return count;
      }
      f = t.frames[t.depth];
      m = f.m as JMethod;
      code = m.code as Uint8Array;
      k = m.klass;
      cpc = k.cpc;
      jit = (m.jit || null) as CompiledFn | null;
      pc = f.pc;
      lp = f.lp;
      sp = f.sp;
      n = t.n;
      r = t.r;
      if (t.state !== 1 /* Runnable */) {
        t.bytecodes += count;
        return count;
      }
    }
  }
}

export type { JField };
