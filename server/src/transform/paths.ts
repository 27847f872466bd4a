// Per-line truth for samples (docs/TRANSFORM.md, "Sample lines"): a sample's line is the line
// of the bytecode at which the thread's count reached the threshold, as an interpreter checking
// after every bytecode would report it.
//
// When a check fires, the counter's overshoot o = -tc.instrCounter says how many bytecodes ago
// the threshold was crossed, counting back along the bytecodes counted since the counter was
// last known to be positive: the blocks counted since the previous check (or the method entry)
// and the checked block itself (its own count comes before its check). Between checks the
// control flow is acyclic (checks.ts puts one on every loop header), so these *paths* can be
// numbered Ball–Larus style, by their ends: for every block v, its paths are numbered
// 0 … numIn(v) - 1, and the edge from its k-th predecessor u adds the paths of the
// predecessors before it, so that path number r at v is r_u + val(u→v) for a path through u.
// A local R carries the number: R = 0 after each check (the check starts new paths), R += val
// on edges with val ≠ 0. A check passes its path as a key, and the runtime walks the path
// backwards through a per-method table (in the MID, decoded at the first sample) to the
// bytecode o positions back. Only edges into blocks from which a check with several paths of
// different lines can be reached get increments; most checks need none: a check whose paths
// all lie on one line passes that line as before.

import { isRealInsn, type Insn, type Label } from '../classfile/code/insn';
import { Op, isConditionalBranch } from '../classfile/code/opcodes';
import { labelTargets } from './blocks';
import type { CfgBlock, CheckReason } from './checks';

/** What a check passes as its `line` argument. */
export type CheckArg =
  /** A source line (all bytecodes on all paths to the check are on it), or 0. */
  | { kind: 'line'; line: number }
  /** `-1 - (key + R)` (or `-1 - key` when `useR` is false): a path of the method's table. */
  | { kind: 'key'; key: number; useR: boolean };

export interface PathPlan {
  /** The path register R is used (a local after the counter). */
  usesR: boolean;
  /** R's value at method entry (the entry path's number at block 0). */
  initial: number;
  /** Per sub-block: its check's argument (undefined: no table entry, the old line). */
  checkArg: (CheckArg | undefined)[];
  /** Per sub-block: R = 0 after its check. */
  resetAfterCheck: boolean[];
  /** Per sub-block: R = 0 at its start, before its count (handlers, cut paths). */
  resetAtStart: boolean[];
  /** Instruction index → R += delta just before it. */
  before: Map<number, number>;
  /** Instruction index → R += delta just after it (fall-through edges). */
  after: Map<number, number>;
  /** Switch instruction index → (target sub-block → delta): edges split by a trampoline. */
  splits: Map<number, Map<number, number>>;
  /** The method's path table for the MID (`MIDImpl.create` with 5 arguments), or undefined. */
  table: string | undefined;
}

interface SubInfo {
  first: number;
}

/** Paths into one block beyond this are cut (R reset at its start; earlier lines then clamp). */
const MAX_PATHS = 4096;
/** Larger tables are left out (the method's checks then pass their own lines, as before). */
const MAX_TABLE_BYTES = 60000;

interface Pred {
  /** The predecessor sub-block, or -1 for the method entry. */
  from: number;
  /** The edge starts a path (the predecessor is checked, or it is the entry). */
  start: boolean;
  priority: number;
  val: number;
  size: number;
}

/**
 * Plans path numbering for one method body. `subs` are the sub-blocks in code order (the
 * checked CFG's nodes), `roots` the path starts (0 and exception handlers).
 */
export function planPaths(
  insns: readonly Insn[],
  cfg: readonly CfgBlock[],
  subs: readonly SubInfo[],
  roots: readonly number[],
  reason: readonly (CheckReason | undefined)[],
): PathPlan | undefined {
  const n = cfg.length;
  if (n === 0) return undefined;
  for (const i of insns) if ((i.kind === 'jump' && (i.op === Op.JSR || i.op === Op.JSR_W)) || (i.kind === 'var' && i.op === Op.RET)) return undefined;
  const checked = (b: number): boolean => reason[b] !== undefined;

  // Lines of every sub-block's bytecodes, and its last real instruction.
  const lineAt: number[] = new Array<number>(insns.length).fill(0);
  let cur = 0;
  insns.forEach((insn, i) => {
    if (insn.kind === 'line') cur = insn.line;
    lineAt[i] = cur;
  });
  const subLines: number[][] = [];
  const last: number[] = [];
  for (let b = 0; b < n; b++) {
    const to = b + 1 < n ? subs[b + 1]!.first : insns.length;
    const ls: number[] = [];
    let l = -1;
    for (let j = subs[b]!.first; j < to; j++) {
      if (!isRealInsn(insns[j]!)) continue;
      ls.push(lineAt[j]!);
      l = j;
    }
    subLines.push(ls);
    last.push(l);
  }
  const subAt = new Map<number, number>();
  subs.forEach((s, b) => subAt.set(s.first, b));
  const at = labelTargets(insns);
  const subOfLabel = (l: Label): number => subAt.get(at.get(l) ?? -1) ?? -1;

  // Edge kinds, for choosing which predecessor gets val 0 (no code): switch edges (a
  // trampoline otherwise), taken branches (an iinc before the branch and a compensation on the
  // fall-through otherwise), back edges (the hot loop latch).
  const edgePriority = (u: number, v: number): number => {
    const li = insns[last[u]!]!;
    if (li.kind === 'tableswitch' || li.kind === 'lookupswitch') return 3;
    if (li.kind === 'jump' && isConditionalBranch(li.op) && subOfLabel(li.target) === v && cfg[u]!.succs.length > 1) return 2;
    return u >= v ? 1 : 0;
  };

  const cut: boolean[] = new Array<boolean>(n).fill(false);
  for (const r of roots) if (r !== 0) cut[r] = true;
  const preds: Pred[][] = cfg.map(() => []);
  preds[0]!.push({ from: -1, start: true, priority: 0, val: 0, size: 1 });
  const indeg = new Int32Array(n);
  cfg.forEach((c, u) => {
    for (const v of c.succs) {
      preds[v]!.push({ from: u, start: checked(u), priority: edgePriority(u, v), val: 0, size: 0 });
      if (!checked(u)) indeg[v]!++;
    }
  });
  // Topological order of the DAG whose edges leave unchecked blocks.
  const order: number[] = [];
  const queue: number[] = [];
  for (let b = 0; b < n; b++) if (indeg[b] === 0) queue.push(b);
  while (queue.length > 0) {
    const b = queue.pop()!;
    order.push(b);
    if (checked(b)) continue;
    for (const s of cfg[b]!.succs) if (--indeg[s]! === 0) queue.push(s);
  }
  if (order.length !== n) return undefined; // an unchecked cycle: cannot happen after placeChecks
  const numIn = new Float64Array(n);
  for (const v of order) {
    const ps = preds[v]!;
    ps.sort((a, b) => b.priority - a.priority);
    let sum = 0;
    for (const p of ps) {
      p.size = p.start ? 1 : numIn[p.from]!;
      p.val = sum;
      sum += p.size;
    }
    if (cut[v] || sum > MAX_PATHS) {
      cut[v] = true;
      preds[v] = [{ from: -1, start: true, priority: 0, val: 0, size: 1 }];
      sum = 1;
    }
    numIn[v] = sum;
  }

  // Lines: a block whose paths all lie on one line needs no table.
  const MIXED = -1;
  const NONE = -2;
  const uniform = new Int32Array(n).fill(NONE);
  const merge = (a: number, b: number): number => (a === NONE ? b : b === NONE || a === b ? a : MIXED);
  for (const v of order) {
    let u = NONE;
    for (const l of subLines[v]!) u = merge(u, l);
    for (const p of preds[v]!) if (!p.start && p.size > 0) u = merge(u, uniform[p.from]!);
    uniform[v] = u;
  }
  const tracked = (b: number): boolean => checked(b) && uniform[b] === MIXED && numIn[b]! > 0;

  // Where R must be valid: at the start of blocks from which a tracked check with several paths
  // is reached without passing another check.
  const needsR = new Array<boolean>(n).fill(false);
  const needIn = (v: number): boolean => needsR[v]! && !cut[v];
  for (let k = order.length - 1; k >= 0; k--) {
    const v = order[k]!;
    if (checked(v)) needsR[v] = tracked(v) && numIn[v]! > 1;
    else needsR[v] = cfg[v]!.succs.some((s) => needIn(s));
  }
  const usesR = needsR.some((x) => x);

  const before = new Map<number, number>();
  const after = new Map<number, number>();
  const splits = new Map<number, Map<number, number>>();
  const add = (m: Map<number, number>, i: number, d: number): void => {
    if (d !== 0) m.set(i, (m.get(i) ?? 0) + d);
  };
  const valOf = (u: number, v: number): number => (needIn(v) ? preds[v]!.find((p) => p.from === u)!.val : 0);
  const resetAfterCheck = new Array<boolean>(n).fill(false);
  const resetAtStart = new Array<boolean>(n).fill(false);
  for (let u = 0; u < n; u++) {
    if (cut[u] && needsR[u] && !checked(u)) resetAtStart[u] = true;
    if (checked(u)) resetAfterCheck[u] = cfg[u]!.succs.some((s) => needIn(s));
    if (!cfg[u]!.succs.some((s) => needIn(s))) continue;
    const li = last[u]!;
    const insn = insns[li]!;
    const succs = cfg[u]!.succs;
    if (insn.kind === 'tableswitch' || insn.kind === 'lookupswitch') {
      const m = new Map<number, number>();
      for (const v of succs) if (valOf(u, v) !== 0) m.set(v, valOf(u, v));
      if (m.size > 0) splits.set(li, m);
    } else if (insn.kind === 'jump' && isConditionalBranch(insn.op) && succs.length > 1) {
      const taken = subOfLabel(insn.target);
      const fall = succs.find((s) => s !== taken)!;
      const vt = valOf(u, taken);
      add(before, li, vt);
      add(after, li, valOf(u, fall) - vt);
    } else if (insn.kind === 'jump') {
      add(before, li, valOf(u, succs[0]!));
    } else if (succs.length === 1) {
      add(after, li, valOf(u, succs[0]!));
    }
  }

  // The table: checks (key base, paths, node), then nodes (length, line runs, predecessors).
  const checkArg: (CheckArg | undefined)[] = new Array<CheckArg | undefined>(n).fill(undefined);
  const trackedChecks: number[] = [];
  for (let b = 0; b < n; b++) {
    if (!checked(b)) continue;
    if (tracked(b)) trackedChecks.push(b);
    else if (uniform[b]! >= 0) checkArg[b] = { kind: 'line', line: uniform[b]! };
  }
  if (trackedChecks.length === 0) return { usesR: false, initial: 0, checkArg, resetAfterCheck, resetAtStart, before, after, splits, table: undefined };
  // Nodes reachable backwards from the tracked checks.
  const inTable = new Array<boolean>(n).fill(false);
  const work = [...trackedChecks];
  for (const b of work) inTable[b] = true;
  while (work.length > 0) {
    const v = work.pop()!;
    for (const p of preds[v]!) {
      if (p.start || p.size === 0 || inTable[p.from]) continue;
      inTable[p.from] = true;
      work.push(p.from);
    }
  }
  const nodeOffset = new Int32Array(n).fill(-1);
  let offset = 1 + 3 * trackedChecks.length;
  const runsOf = (ls: readonly number[]): [number, number][] => {
    const runs: [number, number][] = [];
    for (const l of ls) {
      const r = runs[runs.length - 1];
      if (r && r[0] === l) r[1]++;
      else runs.push([l, 1]);
    }
    return runs;
  };
  const tablePreds = (v: number): Pred[] => preds[v]!.filter((p) => p.size > 0);
  for (let b = 0; b < n; b++) {
    if (!inTable[b]) continue;
    nodeOffset[b] = offset;
    offset += 3 + 2 * runsOf(subLines[b]!).length + 3 * tablePreds(b).length;
  }
  const ints: number[] = [trackedChecks.length];
  let base = 0;
  for (const b of trackedChecks) {
    checkArg[b] = { kind: 'key', key: base, useR: numIn[b]! > 1 };
    ints.push(base, numIn[b]!, nodeOffset[b]!);
    base += numIn[b]!;
  }
  for (let b = 0; b < n; b++) {
    if (!inTable[b]) continue;
    const runs = runsOf(subLines[b]!);
    ints.push(subLines[b]!.length, runs.length);
    for (const [l, c] of runs) ints.push(l, c);
    const ps = tablePreds(b);
    ints.push(ps.length);
    for (const p of ps) ints.push(p.start ? 0 : nodeOffset[p.from]! + 1, p.val, p.size);
  }
  const initial = needIn(0) ? preds[0]!.find((p) => p.from === -1)!.val : 0;
  const table = encodeInts(ints);
  let bytes = 0;
  for (let i = 0; i < table.length; i++) {
    const c = table.charCodeAt(i);
    bytes += c >= 1 && c <= 0x7f ? 1 : c <= 0x7ff ? 2 : 3;
  }
  if (bytes > MAX_TABLE_BYTES) return undefined; // a CONSTANT_Utf8 holds 65,535 bytes
  return { usesR, initial, checkArg, resetAfterCheck, resetAtStart, before, after, splits, table };
}

/**
 * Non-negative ints as chars: 14 bits per char, bit 14 set on all but a number's last char
 * (every char stays below U+8000, so no surrogates; MIDImpl.decodePaths reads it).
 */
export function encodeInts(ints: readonly number[]): string {
  let s = '';
  for (let v of ints) {
    if (v < 0 || !Number.isInteger(v)) throw new RangeError(`path table value ${v}`);
    while (v >= 0x4000) {
      s += String.fromCharCode(0x4000 | (v & 0x3fff));
      v = Math.floor(v / 0x4000);
    }
    s += String.fromCharCode(v);
  }
  return s;
}

export function decodeInts(s: string): number[] {
  const out: number[] = [];
  let v = 0;
  let shift = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    v += (c & 0x3fff) * shift;
    if (c & 0x4000) shift *= 0x4000;
    else {
      out.push(v);
      v = 0;
      shift = 1;
    }
  }
  return out;
}

/**
 * The runtime's walk (MIDImpl.lineAt), for tests: the line `overshoot` bytecodes back on the
 * path that `key` names, or -1 when the key is not in the table.
 */
export function lineAtPath(ints: readonly number[], key: number, overshoot: number): number {
  const checks = ints[0]!;
  let node = -1;
  let r = 0;
  for (let i = 0; i < checks; i++) {
    const b = ints[1 + 3 * i]!;
    if (key >= b && key < b + ints[2 + 3 * i]!) {
      node = ints[3 + 3 * i]!;
      r = key - b;
    }
  }
  if (node < 0) return -1;
  let o = overshoot;
  for (let guard = 0; guard < 1 << 16; guard++) {
    const len = ints[node]!;
    const runs = ints[node + 1]!;
    if (o < len) {
      let idx = len - 1 - o;
      for (let k = 0; k < runs; k++) {
        const c = ints[node + 3 + 2 * k]!;
        if (idx < c) return ints[node + 2 + 2 * k]!;
        idx -= c;
      }
      return -1;
    }
    o -= len;
    const p0 = node + 2 + 2 * runs;
    const np = ints[p0]!;
    let next = -1;
    for (let k = 0; k < np; k++) {
      const from = ints[p0 + 1 + 3 * k]!;
      const val = ints[p0 + 2 + 3 * k]!;
      const size = ints[p0 + 3 + 3 * k]!;
      if (r >= val && r < val + size) {
        next = from;
        r -= val;
        break;
      }
    }
    if (next <= 0) return runs > 0 ? ints[node + 2]! : -1; // the path's start: clamp to its first bytecode
    node = next - 1;
  }
  return -1;
}
