// The bytecode interpreter: runs the top frames of one green thread for `budget` bytecodes, up
// to the next taken backward jump (scheduler.ts). Frames are data (thread.ts), so calls and returns do not recurse in JS; upcalls
// (class initialisation, class loading through Java loaders, natives calling back) push glue
// frames and signal PENDING; blocking operations signal BLOCK. See thread.ts for the two
// parallel value stacks (`n` numeric, `r` references and longs).

import { InitState, type JClass, type JField, type JMethod } from './klass';
import { JArray, type JLongArray, type JObject } from './object';
import * as L from './long';
import { BLOCK, EXIT, JavaThrow, PENDING } from './signals';
import type { Frame, JThread } from './thread';
import type { ExactProfiler } from './exact';
import type { VM } from './vm';
import { deliver, enterMethod, returnFromFrame } from './calls';
import { type MethodSite, type FieldSite, resolveClassAt, resolveFieldSite, resolveMethodSite, selectAtSite } from './resolve';
import { checkcastFails, isInstance, newArray, castMessage } from './ops';
import { ldc, rareOp, recover } from './interp-slow';
import { compile, jitStats, JIT_THRESHOLD, runCompiled, type CompiledFn } from './jit/compile';
import { afterContinued, enterCompiled } from './jit/stay';
import { QUANTUM } from './scheduler';

const fround = Math.fround;
/** `jen` of a method without compiled code (never read) and of compiled code without a table (entered at every pc, as before). */
const NO_ENTRIES = new Uint8Array(0);
const ALL_ENTRIES = new Uint8Array(65536).fill(1);

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

/** Runs thread `t` for `budget` bytecodes and on to the next taken backward jump (or until it blocks, ends...). Returns the bytecodes executed. */
export function interpret(vm: VM, t: JThread, budget: number): number {
  let count = 0;
  if (t.depth < 0) return 0;
  let opPc = t.frames[t.depth].pc;
  const ex = vm.exact;
  // Each pass loads the top frame (after calls, returns, upcalls and exceptions) and runs it.
  reload: for (;;) {
    const f = t.frames[t.depth];
    const m = f.m as JMethod;
    // The field itself; the getter (which reads a restored method's code from its snapshot) only
    // at its first run.
    const raw = m.codeRaw;
    const code = (typeof raw === 'number' ? m.code : raw) as Uint8Array;
    const k = m.klass;
    const cpc = k.cpc;
    let jit = (m.jit || null) as CompiledFn | null;
    // Where the compiled code can be entered (CompiledFn.en): at other pcs (the instructions of
    // a block the interpreter runs after the code left, a sampling call's) it would return 0 at once.
    let jen = jit === null ? NO_ENTRIES : (jit.en ?? ALL_ENTRIES);
    let pc = f.pc;
    const lp = f.lp;
    let sp = f.sp;
    const n = t.n;
    const r = t.r;
    try {
      // A time slice ends only at a taken backward jump once `budget` bytecodes ran (below, and
      // in compiled code, which checks its back edges only): the same bytecode with the JIT on
      // or off, so threads switch at the same points and the JIT stays invisible.
      for (;;) {
        if (pc < opPc && jit === null && m.jit === null && ++m.counter > JIT_THRESHOLD) {
          jit = compile(vm, m);
          if (jit !== null) jen = jit.en ?? ALL_ENTRIES;
        }
        if (jit !== null && jen[pc] !== 0) {
          // Compiled code runs from this pc, an entry point (jen; without a table it returns 0 elsewhere).
          f.pc = pc;
          f.sp = sp;
          const d0 = t.depth;
          t.jsw = 0;
          let ran: number;
          enterCompiled(t, budget - count, count);
          try {
            ran = runCompiled(jit, t, f, budget - count);
          } catch (e) {
            opPc = f.pc;
            sp = f.sp;
            count += t.xc;
            jitStats.bytecodes += t.xc - jitStats.credited;
            t.xc = 0;
            if (t.jacc !== 0) {
              count = afterContinued(t, count);
              budget = QUANTUM;
            }
            throw e;
          }
          count += ran;
          jitStats.bytecodes += ran - jitStats.credited;
          // Slices continued in place (jit/stay.ts) accounted their bytecodes: `count` is what
          // ran since the last one began, a new slice of QUANTUM.
          if (t.jacc !== 0) {
            count = afterContinued(t, count);
            budget = QUANTUM;
          }
          if (t.depth !== d0) {
            // The method returned by itself (deliver its value) or left callees' frames on top.
            // An int as a small integer: read from the double field rvN, it is a heap number in
            // code V8 has not optimised, and compiled callers whose feedback saw small integers
            // deoptimised at their entry loads (`n[lp + i] | 0`: "not a Smi").
            if (t.depth < d0) deliver(vm, t, m.retKind === 'L' || m.retKind === 'J' ? t.rvR : m.retKind === 'V' ? undefined : m.retKind === 'I' ? t.rvN | 0 : t.rvN, m.retKind, f.lp);
            if (t.depth >= 0) opPc = t.frames[t.depth].pc;
            if (t.depth < 0 || t.sliceEnd) {
              t.sliceEnd = false;
              t.bytecodes += count;
              return count;
            }
            continue reload;
          }
          if (ran > 0) {
            pc = f.pc;
            sp = f.sp;
            if (t.sliceEnd) {
              t.sliceEnd = false;
              break;
            }
          }
        }
        opPc = pc;
        count++;
        if (ex !== null) ex.count(t, m, pc);
        switch (code[pc]) {
          case 0x00: pc++; break; // nop
          case 0x01: r[sp++] = null; pc++; break; // aconst_null
          case 0x02: case 0x03: case 0x04: case 0x05: case 0x06: case 0x07: case 0x08: n[sp++] = code[pc] - 3; pc++; break; // iconst_m1..5
          case 0x09: case 0x0a: r[sp] = code[pc] - 9; sp += 2; pc++; break; // lconst_0, lconst_1
          case 0x0b: case 0x0c: case 0x0d: n[sp++] = code[pc] - 0x0b; pc++; break; // fconst_0..2
          case 0x0e: case 0x0f: n[sp] = code[pc] - 0x0e; sp += 2; pc++; break; // dconst_0, dconst_1
          case 0x10: n[sp++] = (code[pc + 1] << 24) >> 24; pc += 2; break; // bipush
          case 0x11: n[sp++] = (((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16; pc += 3; break; // sipush
          case 0x12: case 0x13: case 0x14: f.pc = pc; f.sp = sp; ldc(vm, t, f); pc = f.pc; sp = f.sp; break; // ldc, ldc_w, ldc2_w
          // ---------------------------------------------------------------- loads
          case 0x15: case 0x17: n[sp++] = n[lp + code[pc + 1]]; pc += 2; break; // iload, fload
          case 0x16: r[sp] = r[lp + code[pc + 1]]; sp += 2; pc += 2; break; // lload
          case 0x18: n[sp] = n[lp + code[pc + 1]]; sp += 2; pc += 2; break; // dload
          case 0x19: r[sp++] = r[lp + code[pc + 1]]; pc += 2; break; // aload
          case 0x1a: case 0x1b: case 0x1c: case 0x1d: n[sp++] = n[lp + code[pc] - 0x1a]; pc++; break; // iload_0..3
          case 0x1e: case 0x1f: case 0x20: case 0x21: r[sp] = r[lp + code[pc] - 0x1e]; sp += 2; pc++; break; // lload_0..3
          case 0x22: case 0x23: case 0x24: case 0x25: n[sp++] = n[lp + code[pc] - 0x22]; pc++; break; // fload_0..3
          case 0x26: case 0x27: case 0x28: case 0x29: n[sp] = n[lp + code[pc] - 0x26]; sp += 2; pc++; break; // dload_0..3
          case 0x2a: case 0x2b: case 0x2c: case 0x2d: r[sp++] = r[lp + code[pc] - 0x2a]; pc++; break; // aload_0..3
          case 0x2e: case 0x30: case 0x33: case 0x34: // iaload, faload, baload, caload
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
          case 0x36: case 0x38: n[lp + code[pc + 1]] = n[--sp]; pc += 2; break; // istore, fstore
          case 0x37: sp -= 2; r[lp + code[pc + 1]] = r[sp]; pc += 2; break; // lstore
          case 0x39: sp -= 2; n[lp + code[pc + 1]] = n[sp]; pc += 2; break; // dstore
          case 0x3a: r[lp + code[pc + 1]] = r[--sp]; pc += 2; break; // astore
          case 0x3b: case 0x3c: case 0x3d: case 0x3e: n[lp + code[pc] - 0x3b] = n[--sp]; pc++; break; // istore_0..3
          case 0x3f: case 0x40: case 0x41: case 0x42: sp -= 2; r[lp + code[pc] - 0x3f] = r[sp]; pc++; break; // lstore_0..3
          case 0x43: case 0x44: case 0x45: case 0x46: n[lp + code[pc] - 0x43] = n[--sp]; pc++; break; // fstore_0..3
          case 0x47: case 0x48: case 0x49: case 0x4a: sp -= 2; n[lp + code[pc] - 0x47] = n[sp]; pc++; break; // dstore_0..3
          case 0x4b: case 0x4c: case 0x4d: case 0x4e: r[lp + code[pc] - 0x4b] = r[--sp]; pc++; break; // astore_0..3
          case 0x4f: case 0x51: case 0x54: case 0x55: // iastore, fastore, bastore, castore
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
          case 0x57: sp--; pc++; break; // pop
          case 0x58: sp -= 2; pc++; break; // pop2
          case 0x59: n[sp] = n[sp - 1]; r[sp] = r[sp - 1]; sp++; pc++; break; // dup
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
          case 0x5c: n[sp] = n[sp - 2]; r[sp] = r[sp - 2]; n[sp + 1] = n[sp - 1]; r[sp + 1] = r[sp - 1]; sp += 2; pc++; break; // dup2
          // ---------------------------------------------------------------- int arithmetic
          case 0x60: sp--; n[sp - 1] = (n[sp - 1] + n[sp]) | 0; pc++; break; // iadd
          case 0x64: sp--; n[sp - 1] = (n[sp - 1] - n[sp]) | 0; pc++; break; // isub
          case 0x68: sp--; n[sp - 1] = Math.imul(n[sp - 1], n[sp]); pc++; break; // imul
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
          case 0x74: n[sp - 1] = -n[sp - 1] | 0; pc++; break; // ineg
          case 0x78: sp--; n[sp - 1] = n[sp - 1] << n[sp]; pc++; break; // ishl
          case 0x7a: sp--; n[sp - 1] = n[sp - 1] >> n[sp]; pc++; break; // ishr
          case 0x7c: sp--; n[sp - 1] = (n[sp - 1] >>> n[sp]) | 0; pc++; break; // iushr
          case 0x7e: sp--; n[sp - 1] = n[sp - 1] & n[sp]; pc++; break; // iand
          case 0x80: sp--; n[sp - 1] = n[sp - 1] | n[sp]; pc++; break; // ior
          case 0x82: sp--; n[sp - 1] = n[sp - 1] ^ n[sp]; pc++; break; // ixor
          case 0x84: {
            // iinc
            const idx = lp + code[pc + 1];
            n[idx] = (n[idx] + ((code[pc + 2] << 24) >> 24)) | 0;
            pc += 3;
            break;
          }
          // ---------------------------------------------------------------- long arithmetic
          case 0x61: sp -= 2; r[sp - 2] = L.ladd(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // ladd
          case 0x65: sp -= 2; r[sp - 2] = L.lsub(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // lsub
          case 0x69: sp -= 2; r[sp - 2] = L.lmul(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // lmul
          case 0x75: r[sp - 2] = L.lneg(r[sp - 2] as L.Long); pc++; break; // lneg
          case 0x79: sp--; r[sp - 2] = L.lshl(r[sp - 2] as L.Long, n[sp]); pc++; break; // lshl (long, int)
          case 0x7b: sp--; r[sp - 2] = L.lshr(r[sp - 2] as L.Long, n[sp]); pc++; break; // lshr
          case 0x7d: sp--; r[sp - 2] = L.lushr(r[sp - 2] as L.Long, n[sp]); pc++; break; // lushr
          case 0x7f: sp -= 2; r[sp - 2] = L.land(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // land
          case 0x81: sp -= 2; r[sp - 2] = L.lor(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // lor
          case 0x83: sp -= 2; r[sp - 2] = L.lxor(r[sp - 2] as L.Long, r[sp] as L.Long); pc++; break; // lxor
          // ---------------------------------------------------------------- float / double
          case 0x62: sp--; n[sp - 1] = fround(n[sp - 1] + n[sp]); pc++; break; // fadd
          case 0x66: sp--; n[sp - 1] = fround(n[sp - 1] - n[sp]); pc++; break; // fsub
          case 0x6a: sp--; n[sp - 1] = fround(n[sp - 1] * n[sp]); pc++; break; // fmul
          case 0x6e: sp--; n[sp - 1] = fround(n[sp - 1] / n[sp]); pc++; break; // fdiv
          case 0x76: n[sp - 1] = -n[sp - 1]; pc++; break; // fneg
          case 0x63: sp -= 2; n[sp - 2] = n[sp - 2] + n[sp]; pc++; break; // dadd
          case 0x67: sp -= 2; n[sp - 2] = n[sp - 2] - n[sp]; pc++; break; // dsub
          case 0x6b: sp -= 2; n[sp - 2] = n[sp - 2] * n[sp]; pc++; break; // dmul
          case 0x6f: sp -= 2; n[sp - 2] = n[sp - 2] / n[sp]; pc++; break; // ddiv
          case 0x77: n[sp - 2] = -n[sp - 2]; pc++; break; // dneg
          // ---------------------------------------------------------------- conversions
          case 0x85: r[sp - 1] = n[sp - 1]; sp++; pc++; break; // i2l
          case 0x86: n[sp - 1] = fround(n[sp - 1]); pc++; break; // i2f
          case 0x87: sp++; pc++; break; // i2d
          case 0x88: sp--; n[sp - 1] = L.l2i(r[sp - 1] as L.Long); pc++; break; // l2i
          case 0x8a: n[sp - 2] = L.l2d(r[sp - 2] as L.Long); pc++; break; // l2d
          case 0x8b: n[sp - 1] = L.d2i(n[sp - 1]); pc++; break; // f2i
          case 0x8d: sp++; pc++; break; // f2d
          case 0x8e: sp--; n[sp - 1] = L.d2i(n[sp - 1]); pc++; break; // d2i
          case 0x90: sp--; n[sp - 1] = fround(n[sp - 1]); pc++; break; // d2f
          case 0x91: n[sp - 1] = (n[sp - 1] << 24) >> 24; pc++; break; // i2b
          case 0x92: n[sp - 1] = n[sp - 1] & 0xffff; pc++; break; // i2c
          case 0x93: n[sp - 1] = (n[sp - 1] << 16) >> 16; pc++; break; // i2s
          // ---------------------------------------------------------------- comparisons
          case 0x94: {
            // lcmp
            const b = r[sp - 2] as L.Long;
            const a = r[sp - 4] as L.Long;
            sp -= 3;
            n[sp - 1] = L.lcmp(a, b);
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
          case 0x99: pc = n[--sp] === 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifeq
          case 0x9a: pc = n[--sp] !== 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifne
          case 0x9b: pc = n[--sp] < 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // iflt
          case 0x9c: pc = n[--sp] >= 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifge
          case 0x9d: pc = n[--sp] > 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifgt
          case 0x9e: pc = n[--sp] <= 0 ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifle
          case 0x9f: sp -= 2; pc = n[sp] === n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmpeq
          case 0xa0: sp -= 2; pc = n[sp] !== n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmpne
          case 0xa1: sp -= 2; pc = n[sp] < n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmplt
          case 0xa2: sp -= 2; pc = n[sp] >= n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmpge
          case 0xa3: sp -= 2; pc = n[sp] > n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmpgt
          case 0xa4: sp -= 2; pc = n[sp] <= n[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_icmple
          case 0xa5: sp -= 2; pc = r[sp] === r[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_acmpeq
          case 0xa6: sp -= 2; pc = r[sp] !== r[sp + 1] ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // if_acmpne
          case 0xc6: pc = r[--sp] === null ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifnull
          case 0xc7: pc = r[--sp] !== null ? pc + ((((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16) : pc + 3; break; // ifnonnull
          case 0xa7: pc += (((code[pc + 1] << 8) | code[pc + 2]) << 16) >> 16; break; // goto
          // ---------------------------------------------------------------- returns
          case 0xac: case 0xad: case 0xae: case 0xaf: case 0xb0: // ireturn, lreturn, freturn, dreturn, areturn
          case 0xb1: {
            // return
            f.pc = opPc;
            f.sp = sp;
            returnFromFrame(vm, t, code[pc]);
            if (t.depth < 0) {
              t.bytecodes += count;
              return count;
            }
            continue reload;
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
            const s = (cpc[idx] as FieldSite | undefined) ?? ((f.pc = opPc), (f.sp = sp), resolveFieldSite(vm, t, k, idx, true, true));
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
              target = rk === s.ck ? (s.ct as JMethod) : selectAtSite(vm, s, rk);
            }
            f.pc = opPc;
            f.sp = sp;
            enterMethod(vm, t, target, base);
            continue reload;
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
            continue reload;
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
            continue reload;
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
          default:
            // Rare instructions (interp-slow.ts), and unknown ones (an InternalError there).
            f.pc = pc;
            f.sp = sp;
            if (rareOp(vm, t, f)) continue reload;
            pc = f.pc;
            sp = f.sp;
        }
        // A taken backward jump (only jumps get here with a lower or equal pc: calls, returns,
        // exceptions and upcalls go on at `reload`).
        if (pc <= opPc && count >= budget) break;
      }
      f.pc = pc;
      f.sp = sp;
      t.bytecodes += count;
      return count;
    } catch (e) {
      // Exact mode: an instruction stopped half-way (an upcall pushed frames, or it blocked)
      // runs again once its frame is back on top: count it once.
      if ((e === PENDING || e === BLOCK) && ex !== null) retried(ex, t, f, m, opPc);
      if (e === EXIT) {
        t.bytecodes += count;
        throw e;
      }
      if (!recover(vm, t, e, f, opPc, sp)) {
        t.bytecodes += count;
        return count;
      }
    }
  }
}

export type { JField };
