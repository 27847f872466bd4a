// The transformer's idioms (docs/TRANSFORM.md) as the inliner sees them: how much of an
// instrumented method is instrumentation (so that a program's small methods stay inlinable when
// profiled), and the catch-all handler an instrumented method carries (the counter sync on an
// exception leaving it: `tc.instrCounter -= D; athrow`), which an inlined body can keep because
// an exception leaving compiled code is unwound by the interpreter on rebuilt frames; and the
// instruction sequences of the counter sync, check and line store, which codegen.ts generates as
// one JS statement each.

import type { RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import type { JMethod } from '../klass';
import type { FieldSite } from '../resolve';
import type { Analysis } from './analyze';

const RUNTIME_PACKAGE = 'komorium/rt/';
export const EXTENDED_TAIL = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

/** The local slot `ins` reads or writes, or -1. */
function localOf(ins: RawInstruction): number {
  const o = ins.operands;
  if (o.kind === 'local' || o.kind === 'iinc') return o.index;
  const op = ins.op;
  if (op >= 0x1a && op <= 0x2d) return (op - 0x1a) % 4;
  if (op >= 0x3b && op <= 0x4e) return (op - 0x3b) % 4;
  return -1;
}

/** Whether `ins` refers to a member of the profiler runtime (komorium/rt/). */
export function runtimeRef(m: JMethod, ins: RawInstruction): boolean {
  const o = ins.operands;
  const idx = o.kind === 'cp' || o.kind === 'invokeinterface' ? o.index : -1;
  if (idx < 0) return false;
  const e = m.klass.cp[idx];
  if (!e || (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref)) return false;
  const c = m.klass.cp[e.classIndex];
  if (!c || c.tag !== Tag.Class) return false;
  const n = m.klass.cp[c.nameIndex];
  return n !== undefined && n.tag === Tag.Utf8 && n.value.startsWith(RUNTIME_PACKAGE);
}

/**
 * The first local of the instrumentation (the copies of `tc`, `stack`, `sp`, then the counter
 * and path locals, docs/TRANSFORM.md "Per method" 2.): an extended method starts by storing
 * its `TC` parameter there, unless the parameters already are there. -1 if `m` is not an
 * extended method.
 */
export function instrumentationBase(m: JMethod, a: Analysis): number {
  if (!m.desc.includes(EXTENDED_TAIL)) return -1;
  const tcSlot = m.argSlots - 3;
  const i0 = a.insns[0];
  const i1 = a.insns[1];
  const isLoadA = i0 !== undefined && (i0.op === 0x19 || (i0.op >= 0x2a && i0.op <= 0x2d));
  const isStoreA = i1 !== undefined && (i1.op === 0x3a || (i1.op >= 0x4b && i1.op <= 0x4e));
  // Without the copy the parameters themselves are the instrumentation's first locals.
  return isLoadA && isStoreA && localOf(i0) === tcSlot ? localOf(i1) : tcSlot;
}

/**
 * The inlining cost of an instrumented method of `len` bytes: its bytes less those of the
 * instructions that belong to the instrumentation (accesses of its locals, references to the
 * runtime, and the arithmetic, constants and branches between them, estimated as one byte
 * more per such byte), at least a fifth of `len`. `null` if `m` is not instrumented that way.
 */
export function instrumentedCost(m: JMethod, a: Analysis): number | null {
  const base = instrumentationBase(m, a);
  if (base < 0) return null;
  let inst = 0;
  for (const ins of a.insns) {
    const l = localOf(ins);
    if ((l >= base && ins.op !== 0xa9) || runtimeRef(m, ins)) inst += ins.length;
  }
  const len = m.code === null ? 0 : m.code.length;
  return Math.max(Math.ceil(len / 5), len - 2 * inst);
}

/**
 * Whether every exception handler of `m` is a catch-all whose code, reached only through the
 * handler, ends in `athrow` without a call (the transformer's counter sync, or a wrapper's
 * `tc.exit`): such handlers can stay in an inlined body, where they are never entered (the
 * interpreter runs them after an exception left the compiled code).
 */
export function onlyCatchAllHandlers(m: JMethod, a: Analysis): boolean {
  if (m.handlers.length === 0) return true;
  for (const h of m.handlers) {
    if (h.catchType !== 0) return false;
    const i = a.indexOf.get(h.handler);
    if (i === undefined) return false;
    for (let j = i; ; j++) {
      const ins = a.insns[j];
      if (ins === undefined) return false;
      const op = ins.op;
      if (op === 0xbf) break;
      // Calls, jumps, returns, monitors: not the idiom.
      if ((op >= 0x99 && op <= 0xb1) || (op >= 0xb6 && op <= 0xba) || op === 0xc2 || op === 0xc3 || op === 0xc6 || op === 0xc7) return false;
    }
  }
  return true;
}

/**
 * `a` with the code reached only through exception handlers marked unreachable (depth -1) and
 * their block starts removed: an inlined body is entered at 0 only.
 */
export function withoutHandlerCode(m: JMethod, a: Analysis): Analysis {
  if (m.handlers.length === 0) return a;
  const n = a.insns.length;
  const seen = new Uint8Array(n);
  const work = [0];
  seen[0] = 1;
  while (work.length > 0) {
    const i = work.pop()!;
    const ins = a.insns[i];
    const next: number[] = [];
    const o = ins.operands;
    if (o.kind === 'branch') next.push(o.target);
    else if (o.kind === 'tableswitch' || o.kind === 'lookupswitch') next.push(o.defaultTarget, ...o.targets);
    const op = ins.op;
    const terminal = op === 0xa7 || op === 0xc8 || op === 0xaa || op === 0xab || (op >= 0xac && op <= 0xb1) || op === 0xbf;
    let out = next.map((pc) => a.indexOf.get(pc) ?? -1);
    if (!terminal && i + 1 < n) out = out.concat([i + 1]);
    for (const j of out) {
      if (j >= 0 && seen[j] === 0) {
        seen[j] = 1;
        work.push(j);
      }
    }
  }
  const depth = Int32Array.from(a.depth, (d, i) => (seen[i] === 1 ? d : -1));
  const blockStart = new Set([...a.blockStart].filter((pc) => seen[a.indexOf.get(pc) ?? 0] === 1));
  return { ...a, depth, blockStart, entries: blockStart };
}

/** The int a constant instruction pushes (iconst, bipush, sipush), or null. */
function intConst(ins: RawInstruction | undefined): number | null {
  if (ins === undefined) return null;
  const op = ins.op;
  if (op >= 0x02 && op <= 0x08) return op - 3;
  const o = ins.operands as { kind: string; value?: number };
  if ((op === 0x10 || op === 0x11) && typeof o.value === 'number') return o.value;
  return null;
}

function isALoad(ins: RawInstruction | undefined): ins is RawInstruction {
  return ins !== undefined && (ins.op === 0x19 || (ins.op >= 0x2a && ins.op <= 0x2d));
}
function isILoad(ins: RawInstruction | undefined): ins is RawInstruction {
  return ins !== undefined && (ins.op === 0x15 || (ins.op >= 0x1a && ins.op <= 0x1d));
}
function isIStore(ins: RawInstruction | undefined): ins is RawInstruction {
  return ins !== undefined && (ins.op === 0x36 || (ins.op >= 0x3b && ins.op <= 0x3e));
}

/** The resolved field of `ins` (getfield/putfield) if it is `komorium/rt/TC.<name>`, else null. */
function tcField(m: JMethod, ins: RawInstruction | undefined, op: number, name: string): FieldSite | null {
  if (ins === undefined || ins.op !== op) return null;
  const fs = m.klass.cpc[(ins.operands as { index: number }).index] as FieldSite | undefined;
  if (fs === undefined || fs.key === undefined || fs.f.name !== name || fs.f.klass.name !== 'komorium/rt/TC' || (fs.kind !== 'I' && name === 'instrCounter')) return null;
  return fs;
}

/** A counter sync or check recognised by counterSync. */
export interface CounterSync {
  /** Instruction indices covered (from `i` to `end` inclusive). */
  end: number;
  tc: number;
  /** The counter local D, or -1. */
  dLocal: number;
  /** Whether D is set to 0. */
  dReset: boolean;
  n: number;
  key: string;
  /** The getfield's index (where a null tc throws). */
  getIdx: number;
  /** The ifgt's index, or -1. */
  ifIdx: number;
  /** Whether the new counter is stored (false: the check `tc.instrCounter - D > 0` only). */
  store: boolean;
}

/**
 * The transformer's counter sync at instruction `i` (docs/TRANSFORM.md "Counting and checks"):
 * `aload T; dup; getfield instrCounter; [iload D; isub;] <n>; isub; [dup_x1;] putfield
 * instrCounter; [iconst_0; istore D;] [ifgt L]` (with `dup_x1` exactly when the `ifgt` follows),
 * or the check of a block that does not sync, `aload T; getfield instrCounter; iload D; isub; ifgt L`.
 * Null if the code at `i` is not that, or an instruction after the first is in `inner` (an
 * entry, which must stay separate) or beyond `last`.
 */
export function counterSync(m: JMethod, a: Analysis, i: number, last: number, inner: (pc: number) => boolean): CounterSync | null {
  const ins = a.insns;
  let j = i;
  if (!isALoad(ins[j])) return null;
  const tc = localOf(ins[j]);
  if (ins[j + 1]?.op === 0xb4) {
    // The check of a block that does not sync: `aload T; getfield instrCounter; iload D; isub; ifgt L`.
    const get = tcField(m, ins[j + 1], 0xb4, 'instrCounter');
    if (get === null || !isILoad(ins[j + 2]) || ins[j + 3]?.op !== 0x64 || ins[j + 4]?.op !== 0x9d || j + 4 > last) return null;
    for (let k = i + 1; k <= j + 4; k++) if (inner(ins[k].offset) || a.depth[k] < 0) return null;
    return { end: j + 4, tc, dLocal: localOf(ins[j + 2]), dReset: false, n: 0, key: get.key, getIdx: j + 1, ifIdx: j + 4, store: false };
  }
  if (ins[++j]?.op !== 0x59) return null;
  const getIdx = ++j;
  const get = tcField(m, ins[j], 0xb4, 'instrCounter');
  if (get === null) return null;
  let dLocal = -1;
  if (isILoad(ins[j + 1]) && ins[j + 2]?.op === 0x64) {
    dLocal = localOf(ins[j + 1]);
    j += 2;
  }
  const n = intConst(ins[++j]);
  if (n === null || ins[++j]?.op !== 0x64) return null;
  const check = ins[j + 1]?.op === 0x5a;
  if (check) j++;
  if (tcField(m, ins[++j], 0xb5, 'instrCounter') === null) return null;
  let dReset = false;
  if (dLocal >= 0 && ins[j + 1]?.op === 0x03 && isIStore(ins[j + 2]) && localOf(ins[j + 2]) === dLocal) {
    dReset = true;
    j += 2;
  }
  let ifIdx = -1;
  if (check) {
    if (ins[++j]?.op !== 0x9d) return null;
    ifIdx = j;
  }
  if (j > last) return null;
  for (let k = i + 1; k <= j; k++) if (inner(ins[k].offset) || a.depth[k] < 0) return null;
  if (dLocal === tc) return null;
  return { end: j, tc, dLocal, dReset, n, key: get.key, getIdx, ifIdx, store: true };
}

/** A line store recognised by lineStore. */
export interface LineStore {
  end: number;
  tc: number;
  sp: number;
  line: number;
  key: string;
}

/**
 * `tc.lines[sp] = line` at instruction `i`: `aload T; getfield lines; iload P; <line>; iastore`.
 * Null if not, or an instruction after the first is in `inner` or beyond `last`.
 */
export function lineStore(m: JMethod, a: Analysis, i: number, last: number, inner: (pc: number) => boolean): LineStore | null {
  const ins = a.insns;
  if (!isALoad(ins[i])) return null;
  const get = tcField(m, ins[i + 1], 0xb4, 'lines');
  if (get === null || !isILoad(ins[i + 2])) return null;
  const line = intConst(ins[i + 3]);
  if (line === null || ins[i + 4]?.op !== 0x4f || i + 4 > last) return null;
  for (let k = i + 1; k <= i + 4; k++) if (inner(ins[k].offset) || a.depth[k] < 0) return null;
  return { end: i + 4, tc: localOf(ins[i]), sp: localOf(ins[i + 2]), line, key: get.key };
}
