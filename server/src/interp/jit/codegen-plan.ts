// What the code generator (codegen.ts) decides before it emits: the conditional branches it
// emits as `if` regions, the jump targets, the compares it fuses with their branch, the blocks
// that prepare and make a sampling call. Pure functions of the method's analysis.

import type { JMethod } from '../klass';
import { branchTargets } from '../../classfile/code/raw';
import type { Analysis } from './analyze';
import { runtimeRef } from './idioms';
import { samplingCallAt } from './inline';
import type { Scope } from './scope';

/** Instructions the compiled code always leaves to the interpreter. */
export const BAIL_OPS = new Set([0xa8, 0xa9, 0xba, 0xbf, 0xc2, 0xc3, 0xc5]);

/**
 * If regions nest (planRegions): a region's skipped code may hold the targets of inner regions,
 * closed before it (the program's `if (m == 0) return ...;` over the counter check the
 * transformer put in its body). `KOMORIUM_JIT_NESTED_REGIONS=0`: only outermost regions over
 * code no jump enters, as before.
 */
export const NESTED_REGIONS = process.env.KOMORIUM_JIT_NESTED_REGIONS !== '0';

/** The index of the conditional branch to `target` that the instruction at `idx` starts (itself, or the `if` of a fused compare or counter check). */
export function branchAt(a: Analysis, idx: number, target: number): number {
  let bi = idx;
  while (bi < a.insns.length && !(a.insns[bi].operands.kind === 'branch' && branchTargets(a.insns[bi]).includes(target))) bi++;
  return bi;
}

/**
 * The conditional branches (instruction indices) of the compiled method's switch emitted as
 * `if (!cond) { ... }` over the code they skip (IF_REGIONS): forward, to a block that is not a
 * loop copy's header, over a non-empty range whose only calls go into the profiler runtime (the
 * sampling call, `tc.grow`: rare by design) and that holds no loop header, and that nothing
 * enters from outside: no handler or loop copy's fall-out (`fallOuts`) lies in it, and every pc
 * in it that a jump targets is the target of regions alone, each nested inside it (its branch
 * and target in the range, so it closes first). Without NESTED_REGIONS: no jump target in the
 * range. Regions that fail are dropped until the rest all qualify (dropping one can only
 * disqualify others).
 */
export function planRegions(m: JMethod, a: Analysis, fallOuts: ReadonlySet<number> | undefined, headers: ReadonlySet<number> | undefined): Set<number> {
  /** Candidate region: branch index -> target index. */
  const ends = new Map<number, number>();
  /** Jump target pc -> the reachable instructions that jump there. */
  const refs = new Map<number, number[]>();
  for (let i = 0; i < a.insns.length; i++) {
    if (a.depth[i] < 0) continue;
    const ins = a.insns[i];
    for (const t of branchTargets(ins)) {
      const r = refs.get(t);
      if (r === undefined) refs.set(t, [i]);
      else r.push(i);
    }
    // Conditional branches only (not goto, jsr, goto_w, jsr_w).
    const o = ins.operands;
    if (o.kind !== 'branch' || ins.op === 0xa7 || ins.op === 0xa8 || ins.op === 0xc8 || ins.op === 0xc9) continue;
    const iT = a.indexOf.get(o.target);
    if (iT === undefined || iT <= i + 1 || headers?.has(o.target)) continue;
    let ok = true;
    for (let j = i + 1; j < iT && ok; j++) {
      const x = a.insns[j];
      const op = x.op;
      if (headers?.has(x.offset) || (op >= 0xb6 && op <= 0xba ? !runtimeRef(m, x) : BAIL_OPS.has(op))) ok = false;
    }
    if (ok) ends.set(i, iT);
  }
  const entered = new Set<number>(fallOuts ?? []);
  for (const h of m.handlers) entered.add(h.handler);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [i, iT] of ends) {
      let ok = true;
      for (let j = i + 1; j < iT && ok; j++) {
        const p = a.insns[j].offset;
        if (entered.has(p)) ok = false;
        const inner = ends.get(j);
        if (inner !== undefined && inner > iT) ok = false;
        const rs = refs.get(p);
        if (rs !== undefined) {
          if (!NESTED_REGIONS) ok = false;
          else for (const r of rs) if (r <= i || r >= iT || ends.get(r) !== j) ok = false;
        }
      }
      if (!ok) {
        ends.delete(i);
        changed = true;
      }
    }
  }
  return new Set(ends.keys());
}

/** The targets of the jumps of `a`'s reachable instructions, in ascending order. */
export function forwardTargets(a: Analysis): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < a.insns.length; i++) if (a.depth[i] >= 0) for (const t of branchTargets(a.insns[i])) out.add(t);
  return new Set([...out].sort((x, y) => x - y));
}

/**
 * The JS condition of `lcmp`/`fcmp<op>`/`dcmp<op>` at `idx` and the `if<cond>` right after it
 * (not a jump target, so the compare's result has no other use), or null. NaN makes `fcmpl`
 * and `dcmpl` give -1 and the `g` forms 1; longs are numbers or bigints, which `==` and `<`
 * compare exactly across the two types.
 */
export function fusedCompare(s: Scope, idx: number, entries: ReadonlySet<number>): string | null {
  const a = s.a;
  const next = a.insns[idx + 1];
  if (next === undefined || next.op < 0x99 || next.op > 0x9e || entries.has(next.offset)) return null;
  const op = a.insns[idx].op;
  const d = a.depth[idx];
  const rel = next.op - 0x99; // eq ne lt ge gt le
  if (op === 0x94) return `${s.R(d - 4)} ${['==', '!=', '<', '>=', '>', '<='][rel]} ${s.R(d - 2)}`;
  const [x, y] = op === 0x95 || op === 0x96 ? [s.N(d - 2), s.N(d - 1)] : [s.N(d - 4), s.N(d - 2)];
  const nanIsLess = op === 0x95 || op === 0x97;
  switch (rel) {
    case 0:
      return `${x} === ${y}`;
    case 1:
      return `${x} !== ${y}`;
    case 2:
      return nanIsLess ? `!(${x} >= ${y})` : `${x} < ${y}`;
    case 3:
      return nanIsLess ? `${x} >= ${y}` : `!(${x} < ${y})`;
    case 4:
      return nanIsLess ? `${x} > ${y}` : `!(${x} <= ${y})`;
    default:
      return nanIsLess ? `!(${x} > ${y})` : `${x} <= ${y}`;
  }
}

/**
 * Instructions a sampling call's block may hold before the call: any but another call (the
 * interpreter runs them when the block is left at its start; a jump or return ends the block).
 * The transformer computes the call's arguments there (the counter, the method's id) and may
 * store the counter first.
 */
function prepares(op: number): boolean {
  return op < 0xb6 || op > 0xba;
}

/**
 * The index of the last instruction of the block starting at `idx` if that block prepares and
 * makes a sampling call (jit/inline.ts samplingCallAt), else -1.
 */
export function samplingBlockEnd(s: Scope, idx: number, entries: ReadonlySet<number>): number {
  const a = s.a;
  let j = idx;
  while (j < a.insns.length && prepares(a.insns[j].op) && (j === idx || !entries.has(a.insns[j].offset))) j++;
  if (j >= a.insns.length || (j > idx && entries.has(a.insns[j].offset)) || !samplingCallAt(s, a.insns[j])) return -1;
  // The rest of the block (in an inlined body, what follows the call) is never reached.
  let end = j;
  while (end + 1 < a.insns.length && !entries.has(a.insns[end + 1].offset) && a.depth[end + 1] >= 0) end++;
  return end;
}
