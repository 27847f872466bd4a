// Per-line truth for samples (docs/TRANSFORM.md, "Sample lines"): a sample's line is the line
// of the bytecode at which the thread's count reached the threshold, as an interpreter checking
// after every bytecode would report it.
//
// When a check fires, the counter's overshoot o = -tc.instrCounter says how many bytecodes ago
// the threshold was crossed, counting back along the bytecodes counted since the counter was
// last known to be positive: the blocks counted since the previous check (or the method entry)
// and the checked block itself (its own count comes before its check). Between checks the
// control flow is acyclic (checks.ts puts one on every loop header), so these *paths* can be
// numbered Ball–Larus style, by their ends, and only their lines matter: paths with the same
// lines read backwards (a path's first line extended without bound, as the runtime clamps
// there) form one class. For every block v, its classes are numbered 0 … numIn(v) - 1, and the
// edge from its k-th predecessor u adds the classes of the predecessors before it, so that
// class r at v is r_u + val(u→v) for a path through u. A local R carries the number: R = 0
// after each check (the check starts new paths), R += val on edges with val ≠ 0. A check
// passes its class as a key, and the runtime looks the line up in a per-method table (in the
// MID, decoded at the first sample): the class's line runs, backwards from the check. Only
// edges into blocks from which a check with several classes can be reached get increments; a
// check whose paths all lie on one line passes that line as before.

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

/** A run of bytecodes on one line: [line, count]; count -1 = unbounded (a path's first run). */
type Run = [number, number];

function runsOf(ls: readonly number[]): Run[] {
  const runs: Run[] = [];
  for (const l of ls) {
    const r = runs[runs.length - 1];
    if (r && r[0] === l) r[1]++;
    else runs.push([l, 1]);
  }
  return runs;
}

/** A path class extended by a block's runs (a path's first run becomes unbounded). */
function appendRuns(c: readonly Run[], own: readonly Run[]): Run[] {
  const out: Run[] = c.map((r) => [r[0], r[1]]);
  for (const [l, k] of own) {
    const last = out[out.length - 1];
    if (!last) out.push([l, -1]);
    else if (last[0] === l) last[1] = last[1] < 0 ? -1 : last[1] + k;
    else out.push([l, k]);
  }
  return out;
}

function classKey(c: readonly Run[]): string {
  return c.map((r) => `${r[0]}:${r[1]}`).join(',');
}

interface Pred {
  /** The predecessor sub-block, or -1 for the method entry. */
  from: number;
  /** The edge starts a path (the predecessor is checked, or it is the entry). */
  start: boolean;
  priority: number;
  val: number;
  size: number;
  /** Its classes equal an earlier predecessor's: same interval, left out of the table. */
  merged?: boolean;
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

  // Which predecessor gets val 0 (no code): the edge whose increment would run most often.
  // Frequency is estimated by loop depth (each level x16). A goto or fall-through edge's
  // increment runs when the edge is taken (the shallower end's depth), a taken branch's runs
  // on every exit of its block (an iinc before the branch, compensated on the fall-through),
  // and a switch edge's trampoline adds a jump as well.
  const depth = loopDepths(cfg);
  const edgePriority = (u: number, v: number): number => {
    const li = insns[last[u]!]!;
    const f = (d: number): number => Math.pow(16, Math.min(d, 8));
    if (li.kind === 'tableswitch' || li.kind === 'lookupswitch') return 2 * f(Math.min(depth[u]!, depth[v]!)) + 1;
    if (li.kind === 'jump' && isConditionalBranch(li.op) && subOfLabel(li.target) === v && cfg[u]!.succs.length > 1) return f(depth[u]!) + 0.5;
    return f(Math.min(depth[u]!, depth[v]!)) + (u >= v ? 0.25 : 0);
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
  // Number the paths, merging those that no overshoot can tell apart: a path is known by its
  // lines read backwards from the check, and beyond its first bytecode the walk clamps to that
  // bytecode's line, so a path's *class* is its run-length-encoded lines with the first run
  // unbounded. A predecessor whose list of classes (extended by v) equals an earlier one's gets
  // that one's interval (and so, often, val 0 and no code): e.g. the two arms of an `if` on one
  // line, or a loop body whose entry path has the same lines.
  const numIn = new Float64Array(n);
  const classes: Run[][][] = cfg.map(() => []);
  for (const v of order) {
    const ps = preds[v]!;
    ps.sort((a, b) => b.priority - a.priority);
    const own = runsOf(subLines[v]!);
    const seen = new Map<string, number>();
    const list: Run[][] = [];
    for (const p of ps) {
      const from = p.start ? [[]] : classes[p.from]!;
      if (from.length === 0) continue; // no path reaches p (dead code): size 0
      const ext = from.map((c) => appendRuns(c, own));
      const key = ext.map(classKey).join('|');
      const same = seen.get(key);
      if (same !== undefined) {
        p.val = same;
        p.size = ext.length;
        p.merged = true;
        continue;
      }
      p.val = list.length;
      p.size = ext.length;
      seen.set(key, p.val);
      list.push(...ext);
    }
    if (cut[v] || list.length > MAX_PATHS) {
      cut[v] = true;
      preds[v] = [{ from: -1, start: true, priority: 0, val: 0, size: 1 }];
      classes[v] = [appendRuns([], own)];
    } else classes[v] = list;
    numIn[v] = classes[v]!.length;
  }
  // A check with one class passes its line if that class has one line; several classes (or one
  // with several lines) make it a numbered check.
  const singleLine = (b: number): number => (classes[b]!.length === 1 && classes[b]![0]!.length === 1 ? classes[b]![0]![0]![0] : -1);
  const tracked = (b: number): boolean => checked(b) && numIn[b]! > 0 && singleLine(b) < 0;

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

  // The table: per key (a numbered check's path class), the class's lines read backwards as
  // runs, so the sample path's lookup is a few steps: [keys, offset per key, then per distinct
  // class: runs, (line, count) per run from the check backwards (the last run unbounded)].
  const checkArg: (CheckArg | undefined)[] = new Array<CheckArg | undefined>(n).fill(undefined);
  const keyClasses: Run[][] = [];
  for (let b = 0; b < n; b++) {
    if (!checked(b)) continue;
    if (tracked(b)) {
      checkArg[b] = { kind: 'key', key: keyClasses.length, useR: numIn[b]! > 1 };
      keyClasses.push(...classes[b]!);
    } else if (numIn[b]! > 0) checkArg[b] = { kind: 'line', line: singleLine(b) };
  }
  if (keyClasses.length === 0) return { usesR: false, initial: 0, checkArg, resetAfterCheck, resetAtStart, before, after, splits, table: undefined };
  const ints: number[] = [keyClasses.length];
  const body: number[] = [];
  const offsets = new Map<string, number>();
  const bodyStart = 1 + keyClasses.length;
  for (const c of keyClasses) {
    const k = classKey(c);
    let off = offsets.get(k);
    if (off === undefined) {
      off = bodyStart + body.length;
      offsets.set(k, off);
      body.push(c.length);
      for (let i = c.length - 1; i >= 0; i--) body.push(c[i]![0], Math.max(c[i]![1], 0));
    }
    ints.push(off);
  }
  ints.push(...body);
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
 * Loop nesting depth of every block: the number of natural loops (of the retreating edges of a
 * depth-first search from block 0, then from any block not reached) that contain it.
 */
export function loopDepths(cfg: readonly CfgBlock[]): Int32Array {
  const n = cfg.length;
  const depth = new Int32Array(n);
  const state = new Uint8Array(n);
  const back: [number, number][] = [];
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const succs = cfg[top[0]]!.succs;
      if (top[1] < succs.length) {
        const s = succs[top[1]++]!;
        if (state[s] === 1) back.push([top[0], s]);
        else if (state[s] === 0) {
          state[s] = 1;
          stack.push([s, 0]);
        }
      } else {
        state[top[0]] = 2;
        stack.pop();
      }
    }
  }
  if (back.length === 0) return depth;
  const preds: number[][] = cfg.map(() => []);
  cfg.forEach((c, u) => {
    for (const v of c.succs) preds[v]!.push(u);
  });
  // One loop per header (its back edges merged), so a header with two latches counts once.
  const latches = new Map<number, number[]>();
  for (const [t, h] of back) latches.set(h, [...(latches.get(h) ?? []), t]);
  const seen = new Int32Array(n).fill(-1);
  for (const [h, ts] of latches) {
    seen[h] = h;
    depth[h]!++;
    const work = ts.filter((t) => seen[t] !== h);
    for (const t of work) {
      seen[t] = h;
      depth[t]!++;
    }
    while (work.length > 0) {
      const x = work.pop()!;
      for (const p of preds[x]!) {
        if (seen[p] === h) continue;
        seen[p] = h;
        depth[p]!++;
        work.push(p);
      }
    }
  }
  return depth;
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
 * The runtime's lookup (MIDImpl.lineAt), for tests: the line `overshoot` bytecodes back on the
 * path class `key` (0 = the check's block's last bytecode), or -1 when the key is not in the table.
 */
export function lineAtPath(ints: readonly number[], key: number, overshoot: number): number {
  if (key < 0 || key >= ints[0]!) return -1;
  let p = ints[1 + key]!;
  const runs = ints[p]!;
  let o = overshoot;
  p++;
  for (let i = 0; i < runs - 1; i++, p += 2) {
    if (o < ints[p + 1]!) return ints[p]!;
    o -= ints[p + 1]!;
  }
  return ints[p]!;
}
