// The JIT's code generator: one JS function per hot method, run by the interpreter loop in
// place of interpreting (interpreter.ts). Locals and operand-stack slots live in JS variables
// (`ni`/`ri` for local i in the numeric / reference array, `sN`/`sR` + depth for stack slots).
// The function starts at `f.pc` (any block start), runs until an instruction it leaves to the
// interpreter ("bail": invokes, returns, monitors, athrow, anything needing resolution or class
// initialisation) or the time slice's end at a back edge, writes its locals and stack back to
// the thread's arrays and returns the bytecodes it executed. Exceptions set f.pc to the
// throwing instruction and spill the locals, so the interpreter finds handlers as usual.

import type { RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import { InitState, type JClass, type JMethod } from '../klass';
import type { FieldSite, LdcValue, MethodSite } from '../resolve';
import type { Analysis } from './analyze';

export interface Generated {
  source: string;
  /** Constants referenced as K[i] by the source. */
  consts: unknown[];
}

const BAIL_OPS = new Set([0xa8, 0xa9, 0xba, 0xbf, 0xc2, 0xc3, 0xc5]);
/** Instructions after which the next instruction is an entry (the interpreter may resume there). */
const SPLIT_OPS = new Set([...BAIL_OPS, 0xb6, 0xb7, 0xb8, 0xb9]);
/** Frames of direct (JS-recursive) calls between compiled methods before leaving to the interpreter. */
const MAX_JS_DEPTH = 160;

export function generate(m: JMethod, a: Analysis, indyTargets?: ReadonlyMap<number, JMethod>): Generated {
  const k = m.klass;
  /** An instruction the compiled code leaves to the interpreter (a linked invokedynamic is an invokestatic of its target). */
  const bails = (ins: { op: number; offset: number }): boolean => BAIL_OPS.has(ins.op) && !(ins.op === 0xba && indyTargets?.has(ins.offset));
  const consts: unknown[] = [];
  const K = (v: unknown): string => {
    let i = consts.indexOf(v);
    if (i < 0) {
      i = consts.length;
      consts.push(v);
    }
    return `K[${i}]`;
  };
  const base = m.maxLocals;
  const out: string[] = [];
  const emit = (s: string): void => void out.push(s);
  const localsN = [...a.localsN].sort((x, y) => x - y);
  const localsR = [...a.localsR].sort((x, y) => x - y);
  const wN = [...a.writtenN];
  const wR = [...a.writtenR];
  const spillLocals = wN.map((i) => `n[lp + ${i}] = n${i};`).join(' ') + ' ' + wR.map((i) => `r[lp + ${i}] = r${i};`).join(' ');
  const spillStack = (d: number): string => {
    let s = '';
    for (let i = 0; i < d; i++) s += `n[sb + ${i}] = N${i}; r[sb + ${i}] = R${i}; `;
    return s;
  };
  /** Leave to the interpreter at `pc` with stack depth `d`. */
  const exit = (pc: number, d: number, uncount = 0): string => `{ f.pc = ${pc}; f.sp = sb + ${d}; ${spillLocals} ${spillStack(d)} return c${uncount > 0 ? ` - ${uncount}` : ''}; }`;

  // Entries: block starts and the instruction after every bail.
  const entries = new Set(a.blockStart);
  a.insns.forEach((ins, i) => {
    if (SPLIT_OPS.has(ins.op) && i + 1 < a.insns.length) entries.add(a.insns[i + 1].offset);
  });
  let maxDepth = 0;
  for (const d of a.depth) if (d > maxDepth) maxDepth = d;
  const stackVars: string[] = [];
  for (let i = 0; i <= maxDepth + 2; i++) stackVars.push(`N${i} = 0`, `R${i} = null`);

  emit(`"use strict";`);
  emit(`return function jit_${m.name.replace(/[^A-Za-z0-9_]/g, '_')}(t, f, budget) {`);
  emit(`const n = t.n, r = t.r, lp = f.lp, sb = lp + ${base}, my = t.depth;`);
  emit(`let pc = f.pc, c = 0, P = pc;`);
  if (localsN.length) emit(`let ${localsN.map((i) => `n${i} = n[lp + ${i}]`).join(', ')};`);
  if (localsR.length) emit(`let ${localsR.map((i) => `r${i} = r[lp + ${i}]`).join(', ')};`);
  emit(`let ${stackVars.join(', ')};`);
  emit(`let o, x, y, d;`);
  // Operand stack at the entry point.
  emit(`switch (pc) {`);
  for (const e of entries) {
    const i = a.indexOf.get(e);
    if (i === undefined) continue;
    const d = a.depth[i];
    if (d <= 0) continue;
    let s = `case ${e}: `;
    for (let j = 0; j < d; j++) s += `N${j} = n[sb + ${j}]; R${j} = r[sb + ${j}]; `;
    emit(`${s}break;`);
  }
  emit(`}`);
  emit(`try {`);
  emit(`for (;;) {`);
  emit(`switch (pc) {`);

  /** End (instruction index) of the instructions counted on entry to the current block. */
  let blockEnd = 0;
  for (let idx = 0; idx < a.insns.length; idx++) {
    const ins = a.insns[idx];
    const pc = ins.offset;
    const d = a.depth[idx];
    if (d < 0) continue; // unreachable
    if (entries.has(pc)) {
      // Count the block's instructions (up to the next entry) on entry.
      let len = 0;
      for (let j = idx; j < a.insns.length; j++) {
        if (j > idx && entries.has(a.insns[j].offset)) break;
        if (bails(a.insns[j])) break;
        len++;
      }
      emit(`case ${pc}: c += ${len};`);
      blockEnd = idx + len;
    }
    const next = pc + ins.length;
    const N = (i: number): string => `N${i}`;
    const R = (i: number): string => `R${i}`;
    const top = d - 1;
    const op = ins.op;
    const o = ins.operands;
    const branch = (cond: string, target: number, dAfter: number): void => {
      const back = target <= pc ? `if (c >= budget) ${exit(target, dAfter)} ` : '';
      emit(`if (${cond}) { ${back}pc = ${target}; continue; }`);
    };
    const jump = (target: number, dAfter: number): void => {
      const back = target <= pc ? `if (c >= budget) ${exit(target, dAfter)} ` : '';
      emit(`${back}pc = ${target}; continue;`);
    };
    /**
     * Leaves to the interpreter at this instruction, which it then executes and counts: the
     * block's instructions from here on were counted on entry but not executed, so they are
     * taken off again.
     */
    const leave = (): string => exit(pc, d, Math.max(0, blockEnd - idx));
    const bail = (): void => emit(leave());
    /** Leaves at an instruction whose constant was unresolved at compile time (E.deopt may recompile the method). */
    const unresolved = (): void => emit(`{ E.deopt(${K(m)}); ${leave()} }`);
    const throwsHere = (): void => emit(`P = ${pc};`);
    /** To the next instruction, an entry: its `case` follows right here when it is reachable (JS switch fall-through). */
    const goNext = (): string => (a.depth[idx + 1] >= 0 ? `pc = ${next};` : `pc = ${next}; continue;`);
    const fallThroughIfEntry = (): void => {
      if (idx + 1 < a.insns.length && entries.has(next)) emit(goNext());
    };
    const localIndex = (): number => (o.kind === 'local' ? o.index : op >= 0x3b ? (op - 0x3b) % 4 : (op - 0x1a) % 4);
    if (bails(ins)) {
      bail();
      continue;
    }
    switch (op) {
      case 0x00:
        break;
      case 0xac:
      case 0xad:
      case 0xae:
      case 0xaf:
      case 0xb0:
      case 0xb1: {
        // Return by itself (the caller, compiled or the interpreter, takes t.rv), unless the
        // method holds a monitor: then the interpreter does it.
        if (m.isSynchronized) {
          bail();
          continue;
        }
        let v = '';
        if (op === 0xac) v = `t.rvN = ${narrowRet(m.ret, N(top))}; `;
        else if (op === 0xae) v = `t.rvN = ${N(top)}; `;
        else if (op === 0xaf) v = `t.rvN = ${N(d - 2)}; `;
        else if (op === 0xad) v = `t.rvR = ${R(d - 2)}; `;
        else if (op === 0xb0) v = `t.rvR = ${R(top)}; `;
        emit(`${v}t.depth = my - 1; return c;`);
        continue;
      }
      case 0xb6:
      case 0xb7:
      case 0xb8:
      case 0xb9:
      case 0xba: {
        const cpi = (o as { index: number }).index;
        // invokedynamic: its call site is linked to a static method of a VM-spun class (resolve.ts).
        const indy = op === 0xba ? indyTargets?.get(pc) : undefined;
        const site = (op === 0xba ? (indy ? { m: indy, direct: true } : undefined) : op === 0xb7 ? k.spc[cpi] : k.cpc[cpi]) as MethodSite | undefined;
        if (site === undefined || site.m === undefined) {
          unresolved();
          continue;
        }
        const tm = site.m;
        const isStatic = op === 0xb8 || op === 0xba;
        const argSlots = tm.argSlots;
        const B = d - argSlots;
        const after = B + (tm.retKind === 'V' ? 0 : tm.retKind === 'J' || tm.retKind === 'D' ? 2 : 1);
        emit(`P = ${pc};`);
        let sel: string;
        if (isStatic) {
          emit(`if (${K(tm.klass)}.state !== ${InitState.Initialized}) ${leave()}`);
          sel = K(tm);
        } else {
          emit(`o = ${R(B)}; if (o === null) throw E.npe();`);
          if (site.direct) sel = K(tm);
          else {
            const S = K(site);
            emit(`x = o.klass === ${S}.ck ? ${S}.ct : E.sel(vm, ${S}, o.klass);`);
            sel = 'x';
          }
        }
        // Arguments go to the arrays (the callee's locals); the slots below them only matter if
        // control leaves this function (spilled then).
        let argStore = '';
        {
          let slot = B;
          const kinds = (isStatic ? [] : ['L']).concat(tm.params);
          for (const p of kinds) {
            const c0 = p[0];
            if (c0 === 'L' || c0 === '[' || c0 === 'J') argStore += `r[sb + ${slot}] = ${R(slot)}; `;
            else argStore += `n[sb + ${slot}] = ${N(slot)}; `;
            slot += c0 === 'J' || c0 === 'D' ? 2 : 1;
          }
        }
        const below = spillStack(B);
        const syncCheck = isStatic || site.direct ? ((tm.access & 0x20) !== 0 ? 'true || ' : '') : '(y.access & 0x20) !== 0 || ';
        emit(`y = ${sel};`);
        // A trivial callee (empty, or a getter of its own object) runs here, without a frame.
        const triv = trivialBody(tm, B);
        if (triv !== null) emit(`if (y === ${K(tm)}) { ${triv.code}c += ${triv.count}; } else`);
        emit(`if (typeof y.jit === 'function' && !(${syncCheck}my - t.jitBase > ${MAX_JS_DEPTH} || my + 1 >= ${'vm.maxDepth'})) {`);
        // A compiled callee: a direct JS call.
        emit(`${argStore}f.pc = ${pc}; f.sp = sb + ${B};`);
        emit(`x = E.push(t, y, sb + ${B}); c += y.jit(t, x, budget - c);`);
        emit(`if (t.depth !== my) { ${below}${spillLocals} return c; }`);
        if (tm.retKind === 'L' || tm.retKind === 'J') emit(`${R(B)} = t.rvR;`);
        else if (tm.retKind !== 'V') emit(`${N(B)} = t.rvN;`);
        emit(`} else if (y.code === null && (y.access & 0x100) !== 0 && my + 1 < vm.maxDepth) {`);
        // A native: called here (it may block or call back: then control leaves with this frame
        // at the invoke, as the interpreter would have it).
        emit(`${argStore}${below}f.pc = ${pc}; f.sp = sb + ${B};`);
        emit(`E.enter(vm, t, y, sb + ${B});`);
        // A native that replaced its frame by a Java call (calls.ts TAILCALL: method-handle
        // intrinsics) left a frame above this one: the result comes later, through the interpreter.
        emit(`if (t.depth !== my) { ${spillLocals} return c; }`);
        if (tm.retKind === 'L' || tm.retKind === 'J') emit(`${R(B)} = r[sb + ${B}];`);
        else if (tm.retKind !== 'V') emit(`${N(B)} = n[sb + ${B}];`);
        emit(`} else ${leave()}`);
        void after;
        if (idx + 1 < a.insns.length) emit(goNext());
        continue;
      }
      case 0x01:
        emit(`${R(d)} = null;`);
        break;
      case 0x02:
      case 0x03:
      case 0x04:
      case 0x05:
      case 0x06:
      case 0x07:
      case 0x08:
        emit(`${N(d)} = ${op - 3};`);
        break;
      case 0x09:
      case 0x0a:
        emit(`${R(d)} = ${op - 9};`);
        break;
      case 0x0b:
      case 0x0c:
      case 0x0d:
        emit(`${N(d)} = ${op - 0x0b};`);
        break;
      case 0x0e:
      case 0x0f:
        emit(`${N(d)} = ${op - 0x0e};`);
        break;
      case 0x10:
      case 0x11:
        emit(`${N(d)} = ${(o as { value: number }).value};`);
        break;
      case 0x12:
      case 0x13:
      case 0x14: {
        const cpi = (o as { index: number }).index;
        const e = k.cp[cpi];
        const cached = k.cpc[cpi] as LdcValue | undefined;
        if (e && (e.tag === Tag.Integer || e.tag === Tag.Float || e.tag === Tag.Long || e.tag === Tag.Double || e.tag === Tag.String) && cached !== undefined && (cached as LdcValue).kind !== undefined) {
          const v = cached.value;
          if (cached.kind === 'I' || cached.kind === 'F' || cached.kind === 'D') emit(`${N(d)} = ${Object.is(v, -0) ? '-0' : Number.isFinite(v as number) ? String(v) : K(v)};`);
          else if (cached.kind === 'J') emit(`${R(d)} = ${K(v)};`);
          else emit(`${R(d)} = ${K(v)};`);
        } else {
          if (cached === undefined && e && (e.tag === Tag.Integer || e.tag === Tag.Float || e.tag === Tag.Long || e.tag === Tag.Double || e.tag === Tag.String)) unresolved();
          else bail();
          continue;
        }
        break;
      }
      // loads
      case 0x15:
      case 0x17:
      case 0x1a:
      case 0x1b:
      case 0x1c:
      case 0x1d:
      case 0x22:
      case 0x23:
      case 0x24:
      case 0x25:
      case 0x18:
      case 0x26:
      case 0x27:
      case 0x28:
      case 0x29:
        emit(`${N(d)} = n${localIndex()};`);
        break;
      case 0x16:
      case 0x19:
      case 0x1e:
      case 0x1f:
      case 0x20:
      case 0x21:
      case 0x2a:
      case 0x2b:
      case 0x2c:
      case 0x2d:
        emit(`${R(d)} = r${localIndex()};`);
        break;
      // stores
      case 0x36:
      case 0x38:
      case 0x3b:
      case 0x3c:
      case 0x3d:
      case 0x3e:
      case 0x43:
      case 0x44:
      case 0x45:
      case 0x46:
        emit(`n${localIndex()} = ${N(top)};`);
        break;
      case 0x39:
      case 0x47:
      case 0x48:
      case 0x49:
      case 0x4a:
        emit(`n${localIndex()} = ${N(d - 2)};`);
        break;
      case 0x37:
      case 0x3f:
      case 0x40:
      case 0x41:
      case 0x42:
        emit(`r${localIndex()} = ${R(d - 2)};`);
        break;
      case 0x3a:
      case 0x4b:
      case 0x4c:
      case 0x4d:
      case 0x4e:
        emit(`r${localIndex()} = ${R(top)};`);
        break;
      // array loads
      case 0x2e:
      case 0x30:
      case 0x31:
      case 0x33:
      case 0x34:
      case 0x35:
      case 0x2f:
      case 0x32: {
        throwsHere();
        emit(`o = ${R(d - 2)}; if (o === null) throw E.npe(); d = o.data; x = ${N(d - 1)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length);`);
        if (op === 0x2f || op === 0x32) emit(`${R(d - 2)} = d[x];`);
        else emit(`${N(d - 2)} = d[x];`);
        break;
      }
      case 0x4f:
      case 0x51:
      case 0x54:
      case 0x55:
      case 0x56:
        throwsHere();
        emit(`o = ${R(d - 3)}; if (o === null) throw E.npe(); d = o.data; x = ${N(d - 2)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); d[x] = ${N(d - 1)};`);
        break;
      case 0x52:
        throwsHere();
        emit(`o = ${R(d - 4)}; if (o === null) throw E.npe(); d = o.data; x = ${N(d - 3)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); d[x] = ${N(d - 2)};`);
        break;
      case 0x50:
        throwsHere();
        emit(`o = ${R(d - 4)}; if (o === null) throw E.npe(); d = o.data; x = ${N(d - 3)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); d[x] = ${R(d - 2)};`);
        break;
      case 0x53:
        throwsHere();
        emit(`o = ${R(d - 3)}; if (o === null) throw E.npe(); d = o.data; x = ${N(d - 2)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); y = ${R(d - 1)}; if (y !== null && !E.storeOk(o, y)) throw E.ase(y); d[x] = y;`);
        break;
      // stack
      case 0x57:
      case 0x58:
        break;
      case 0x59:
        emit(`${N(d)} = ${N(top)}; ${R(d)} = ${R(top)};`);
        break;
      case 0x5a:
        emit(`${N(d)} = ${N(d - 1)}; ${R(d)} = ${R(d - 1)}; ${N(d - 1)} = ${N(d - 2)}; ${R(d - 1)} = ${R(d - 2)}; ${N(d - 2)} = ${N(d)}; ${R(d - 2)} = ${R(d)};`);
        break;
      case 0x5b:
        emit(`${N(d)} = ${N(d - 1)}; ${R(d)} = ${R(d - 1)}; ${N(d - 1)} = ${N(d - 2)}; ${R(d - 1)} = ${R(d - 2)}; ${N(d - 2)} = ${N(d - 3)}; ${R(d - 2)} = ${R(d - 3)}; ${N(d - 3)} = ${N(d)}; ${R(d - 3)} = ${R(d)};`);
        break;
      case 0x5c:
        emit(`${N(d)} = ${N(d - 2)}; ${R(d)} = ${R(d - 2)}; ${N(d + 1)} = ${N(d - 1)}; ${R(d + 1)} = ${R(d - 1)};`);
        break;
      case 0x5d:
        // ..., v3, v2, v1 → ..., v2, v1, v3, v2, v1
        emit(
          `${N(d + 1)} = ${N(d - 1)}; ${R(d + 1)} = ${R(d - 1)}; ${N(d)} = ${N(d - 2)}; ${R(d)} = ${R(d - 2)}; ` +
            `${N(d - 1)} = ${N(d - 3)}; ${R(d - 1)} = ${R(d - 3)}; ${N(d - 3)} = ${N(d)}; ${R(d - 3)} = ${R(d)}; ${N(d - 2)} = ${N(d + 1)}; ${R(d - 2)} = ${R(d + 1)};`,
        );
        break;
      case 0x5e:
        // ..., v4, v3, v2, v1 → ..., v2, v1, v4, v3, v2, v1
        emit(
          `${N(d + 1)} = ${N(d - 1)}; ${R(d + 1)} = ${R(d - 1)}; ${N(d)} = ${N(d - 2)}; ${R(d)} = ${R(d - 2)}; ` +
            `${N(d - 1)} = ${N(d - 3)}; ${R(d - 1)} = ${R(d - 3)}; ${N(d - 2)} = ${N(d - 4)}; ${R(d - 2)} = ${R(d - 4)}; ` +
            `${N(d - 4)} = ${N(d)}; ${R(d - 4)} = ${R(d)}; ${N(d - 3)} = ${N(d + 1)}; ${R(d - 3)} = ${R(d + 1)};`,
        );
        break;
      case 0x5f:
        emit(`x = ${N(top)}; y = ${R(top)}; ${N(top)} = ${N(d - 2)}; ${R(top)} = ${R(d - 2)}; ${N(d - 2)} = x; ${R(d - 2)} = y;`);
        break;
      // int arithmetic
      case 0x60:
        emit(`${N(d - 2)} = (${N(d - 2)} + ${N(top)}) | 0;`);
        break;
      case 0x64:
        emit(`${N(d - 2)} = (${N(d - 2)} - ${N(top)}) | 0;`);
        break;
      case 0x68:
        emit(`${N(d - 2)} = Math.imul(${N(d - 2)}, ${N(top)});`);
        break;
      case 0x6c:
        throwsHere();
        emit(`if (${N(top)} === 0) throw E.div0(); ${N(d - 2)} = (${N(d - 2)} / ${N(top)}) | 0;`);
        break;
      case 0x70:
        throwsHere();
        emit(`if (${N(top)} === 0) throw E.div0(); ${N(d - 2)} = (${N(d - 2)} % ${N(top)}) | 0;`);
        break;
      case 0x74:
        emit(`${N(top)} = -${N(top)} | 0;`);
        break;
      case 0x78:
        emit(`${N(d - 2)} = ${N(d - 2)} << ${N(top)};`);
        break;
      case 0x7a:
        emit(`${N(d - 2)} = ${N(d - 2)} >> ${N(top)};`);
        break;
      case 0x7c:
        emit(`${N(d - 2)} = (${N(d - 2)} >>> ${N(top)}) | 0;`);
        break;
      case 0x7e:
        emit(`${N(d - 2)} = ${N(d - 2)} & ${N(top)};`);
        break;
      case 0x80:
        emit(`${N(d - 2)} = ${N(d - 2)} | ${N(top)};`);
        break;
      case 0x82:
        emit(`${N(d - 2)} = ${N(d - 2)} ^ ${N(top)};`);
        break;
      case 0x84: {
        const io = o as { index: number; delta: number };
        emit(`n${io.index} = (n${io.index} + ${io.delta}) | 0;`);
        break;
      }
      // long arithmetic (R slots hold Long values)
      case 0x61:
        emit(`${R(d - 4)} = L.ladd(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x65:
        emit(`${R(d - 4)} = L.lsub(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x69:
        emit(`${R(d - 4)} = L.lmul(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x6d:
        throwsHere();
        emit(`if (${R(d - 2)} === 0) throw E.div0(); ${R(d - 4)} = L.ldiv(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x71:
        throwsHere();
        emit(`if (${R(d - 2)} === 0) throw E.div0(); ${R(d - 4)} = L.lrem(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x75:
        emit(`${R(d - 2)} = L.lneg(${R(d - 2)});`);
        break;
      case 0x79:
        emit(`${R(d - 3)} = L.lshl(${R(d - 3)}, ${N(top)});`);
        break;
      case 0x7b:
        emit(`${R(d - 3)} = L.lshr(${R(d - 3)}, ${N(top)});`);
        break;
      case 0x7d:
        emit(`${R(d - 3)} = L.lushr(${R(d - 3)}, ${N(top)});`);
        break;
      case 0x7f:
        emit(`${R(d - 4)} = L.land(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x81:
        emit(`${R(d - 4)} = L.lor(${R(d - 4)}, ${R(d - 2)});`);
        break;
      case 0x83:
        emit(`${R(d - 4)} = L.lxor(${R(d - 4)}, ${R(d - 2)});`);
        break;
      // float / double
      case 0x62:
        emit(`${N(d - 2)} = fr(${N(d - 2)} + ${N(top)});`);
        break;
      case 0x66:
        emit(`${N(d - 2)} = fr(${N(d - 2)} - ${N(top)});`);
        break;
      case 0x6a:
        emit(`${N(d - 2)} = fr(${N(d - 2)} * ${N(top)});`);
        break;
      case 0x6e:
        emit(`${N(d - 2)} = fr(${N(d - 2)} / ${N(top)});`);
        break;
      case 0x72:
        emit(`${N(d - 2)} = fr(${N(d - 2)} % ${N(top)});`);
        break;
      case 0x76:
        emit(`${N(top)} = -${N(top)};`);
        break;
      case 0x63:
        emit(`${N(d - 4)} = ${N(d - 4)} + ${N(d - 2)};`);
        break;
      case 0x67:
        emit(`${N(d - 4)} = ${N(d - 4)} - ${N(d - 2)};`);
        break;
      case 0x6b:
        emit(`${N(d - 4)} = ${N(d - 4)} * ${N(d - 2)};`);
        break;
      case 0x6f:
        emit(`${N(d - 4)} = ${N(d - 4)} / ${N(d - 2)};`);
        break;
      case 0x73:
        emit(`${N(d - 4)} = ${N(d - 4)} % ${N(d - 2)};`);
        break;
      case 0x77:
        emit(`${N(d - 2)} = -${N(d - 2)};`);
        break;
      // conversions
      case 0x85:
        emit(`${R(top)} = ${N(top)};`);
        break;
      case 0x86:
        emit(`${N(top)} = fr(${N(top)});`);
        break;
      case 0x87:
      case 0x8d:
        break;
      case 0x88:
        emit(`${N(d - 2)} = L.l2i(${R(d - 2)});`);
        break;
      case 0x89:
        emit(`${N(d - 2)} = L.l2f(${R(d - 2)});`);
        break;
      case 0x8a:
        emit(`${N(d - 2)} = L.l2d(${R(d - 2)});`);
        break;
      case 0x8b:
        emit(`${N(top)} = L.d2i(${N(top)});`);
        break;
      case 0x8c:
        emit(`${R(top)} = L.d2l(${N(top)});`);
        break;
      case 0x8e:
        emit(`${N(d - 2)} = L.d2i(${N(d - 2)});`);
        break;
      case 0x8f:
        emit(`${R(d - 2)} = L.d2l(${N(d - 2)});`);
        break;
      case 0x90:
        emit(`${N(d - 2)} = fr(${N(d - 2)});`);
        break;
      case 0x91:
        emit(`${N(top)} = (${N(top)} << 24) >> 24;`);
        break;
      case 0x92:
        emit(`${N(top)} = ${N(top)} & 0xffff;`);
        break;
      case 0x93:
        emit(`${N(top)} = (${N(top)} << 16) >> 16;`);
        break;
      // comparisons
      case 0x94:
        emit(`x = ${R(d - 4)}; y = ${R(d - 2)}; ${N(d - 4)} = x > y ? 1 : x < y ? -1 : 0;`);
        break;
      case 0x95:
      case 0x96:
        emit(`x = ${N(d - 2)}; y = ${N(top)}; ${N(d - 2)} = x > y ? 1 : x < y ? -1 : x === y ? 0 : ${op === 0x95 ? -1 : 1};`);
        break;
      case 0x97:
      case 0x98:
        emit(`x = ${N(d - 4)}; y = ${N(d - 2)}; ${N(d - 4)} = x > y ? 1 : x < y ? -1 : x === y ? 0 : ${op === 0x97 ? -1 : 1};`);
        break;
      case 0x99:
      case 0x9a:
      case 0x9b:
      case 0x9c:
      case 0x9d:
      case 0x9e: {
        const rel = ['===', '!==', '<', '>=', '>', '<='][op - 0x99];
        branch(`${N(top)} ${rel} 0`, (o as { target: number }).target, d - 1);
        break;
      }
      case 0x9f:
      case 0xa0:
      case 0xa1:
      case 0xa2:
      case 0xa3:
      case 0xa4: {
        const rel = ['===', '!==', '<', '>=', '>', '<='][op - 0x9f];
        branch(`${N(d - 2)} ${rel} ${N(top)}`, (o as { target: number }).target, d - 2);
        break;
      }
      case 0xa5:
        branch(`${R(d - 2)} === ${R(top)}`, (o as { target: number }).target, d - 2);
        break;
      case 0xa6:
        branch(`${R(d - 2)} !== ${R(top)}`, (o as { target: number }).target, d - 2);
        break;
      case 0xc6:
        branch(`${R(top)} === null`, (o as { target: number }).target, d - 1);
        break;
      case 0xc7:
        branch(`${R(top)} !== null`, (o as { target: number }).target, d - 1);
        break;
      case 0xa7:
      case 0xc8:
        jump((o as { target: number }).target, d);
        continue;
      case 0xaa:
      case 0xab: {
        const sw = o as { defaultTarget: number; targets: number[]; low?: number; keys?: number[] };
        emit(`switch (${N(top)}) {`);
        sw.targets.forEach((tg, i) => {
          const key = sw.keys ? sw.keys[i] : (sw.low as number) + i;
          emit(`case ${key}: ${tg <= pc ? `if (c >= budget) ${exit(tg, d - 1)} ` : ''}pc = ${tg}; continue;`);
        });
        emit(`}`);
        jump(sw.defaultTarget, d - 1);
        continue;
      }
      // fields
      case 0xb2:
      case 0xb3:
      case 0xb4:
      case 0xb5: {
        const cpi = (o as { index: number }).index;
        const s = k.cpc[cpi] as FieldSite | undefined;
        if (s === undefined || s.key === undefined) {
          unresolved();
          continue;
        }
        const kind = s.kind;
        if (op === 0xb2 || op === 0xb3) {
          const fk = s.f.klass;
          const sv = `${K(fk.staticValues)}[${s.f.slot}]`;
          emit(`if (${K(fk)}.state !== ${InitState.Initialized}) ${leave()}`);
          if (op === 0xb2) {
            if (kind === 'L' || kind === 'J') emit(`${R(d)} = ${sv};`);
            else emit(`${N(d)} = ${sv};`);
          } else {
            if (kind === 'L') emit(`${sv} = ${R(top)};`);
            else if (kind === 'J') emit(`${sv} = ${R(d - 2)};`);
            else if (kind === 'D') emit(`${sv} = ${N(d - 2)};`);
            else emit(`${sv} = ${narrow(s.f.desc, N(top))};`);
          }
          break;
        }
        const key = JSON.stringify(s.key);
        throwsHere();
        if (op === 0xb4) {
          emit(`o = ${R(top)}; if (o === null) throw E.npe();`);
          if (kind === 'L' || kind === 'J') emit(`${R(top)} = o[${key}];`);
          else emit(`${N(top)} = o[${key}];`);
        } else {
          const w = kind === 'J' || kind === 'D' ? 2 : 1;
          emit(`o = ${R(d - 1 - w)}; if (o === null) throw E.npe();`);
          if (kind === 'L') emit(`o[${key}] = ${R(top)};`);
          else if (kind === 'J') emit(`o[${key}] = ${R(d - 2)};`);
          else if (kind === 'D') emit(`o[${key}] = ${N(d - 2)};`);
          else emit(`o[${key}] = ${narrow(s.f.desc, N(top))};`);
        }
        break;
      }
      // objects
      case 0xbb: {
        const c = k.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined || c.isInterface || c.isAbstract) {
          if (c === undefined) unresolved();
          else bail();
          continue;
        }
        emit(`if (${K(c)}.state !== ${InitState.Initialized}) ${leave()}`);
        throwsHere();
        emit(`${R(d)} = vm.allocObject(${K(c)});`);
        break;
      }
      case 0xbc:
        throwsHere();
        emit(`${R(top)} = E.newArray(vm, vm.primitiveArrayClass(${(o as { atype: number }).atype}), ${N(top)});`);
        break;
      case 0xbd: {
        const c = k.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined) {
          unresolved();
          continue;
        }
        throwsHere();
        emit(`${R(top)} = E.newArray(vm, vm.arrayClassOf(${K(c)}), ${N(top)});`);
        break;
      }
      case 0xbe:
        throwsHere();
        emit(`o = ${R(top)}; if (o === null) throw E.npe(); ${N(top)} = o.data.length;`);
        break;
      case 0xc0:
      case 0xc1: {
        const c = k.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined) {
          unresolved();
          continue;
        }
        const kc = K(c);
        if (op === 0xc0) {
          throwsHere();
          emit(`o = ${R(top)}; if (o !== null && o.klass !== ${kc} && E.checkcastFails(o, ${kc})) throw E.cce(o, ${kc});`);
        } else emit(`o = ${R(top)}; ${N(top)} = o !== null && (o.klass === ${kc} || E.isInstance(o, ${kc})) ? 1 : 0;`);
        break;
      }
      default:
        bail();
        continue;
    }
    fallThroughIfEntry();
  }
  // Not an entry point (the interpreter is mid-block): nothing was changed, go on interpreting.
  emit(`default: return c;`);
  emit(`}`); // switch
  emit(`}`); // for
  emit(`} catch (e) { f.pc = P; ${spillLocals} throw e; }`);
  emit(`};`);
  return { source: out.join('\n'), consts };
}

function narrowRet(ret: string, v: string): string {
  return ret === 'Z' || ret === 'B' || ret === 'C' || ret === 'S' ? narrow(ret, v) : v;
}

function narrow(desc: string, v: string): string {
  switch (desc) {
    case 'Z':
      return `(${v} & 1)`;
    case 'B':
      return `((${v} << 24) >> 24)`;
    case 'C':
      return `(${v} & 0xffff)`;
    case 'S':
      return `((${v} << 16) >> 16)`;
    default:
      return v;
  }
}

export type { RawInstruction };

/**
 * The body of a trivial method, to run in place of the call: an empty method (`return`, e.g.
 * Object.<init>) or a getter (`aload_0; getfield; <x>return`) whose field is resolved. Not for
 * synchronized or native methods. The receiver is already null-checked at the call.
 * `count` is the callee's bytecodes (they are counted as if it ran).
 */
function trivialBody(tm: JMethod, base: number): { code: string; count: number } | null {
  const code = tm.code;
  if (code === null || (tm.access & 0x120) !== 0) return null;
  if (code.length === 1 && code[0] === 0xb1) return { code: '', count: 1 };
  if (code.length === 5 && code[0] === 0x2a && code[1] === 0xb4 && code[4] >= 0xac && code[4] <= 0xb0 && (tm.access & 0x0008) === 0) {
    const fs = tm.klass.cpc[(code[2] << 8) | code[3]] as FieldSite | undefined;
    if (fs === undefined || fs.key === undefined) return null;
    const dst = fs.kind === 'L' || fs.kind === 'J' ? `R${base}` : `N${base}`;
    return { code: `${dst} = o[${JSON.stringify(fs.key)}]; `, count: 3 };
  }
  return null;
}
