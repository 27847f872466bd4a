// The transformer's idioms (docs/TRANSFORM.md) as the inliner sees them: how much of an
// instrumented method is instrumentation (so that a program's small methods stay inlinable when
// profiled), and the catch-all handler an instrumented method carries (the counter sync on an
// exception leaving it: `tc.instrCounter -= D; athrow`), which an inlined body can keep because
// an exception leaving compiled code is unwound by the interpreter on rebuilt frames.

import type { RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import type { JMethod } from '../klass';
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
function runtimeRef(m: JMethod, ins: RawInstruction): boolean {
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
