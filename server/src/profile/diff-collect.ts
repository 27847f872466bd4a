// The per-method, per-line and per-context costs of one side of a diff (diff.ts), in flat typed
// arrays indexed by numbers shared by both sides: methods by (class, name, descriptor), lines by
// (method, line), contexts by (parent context, method, call line). One pass over each thread's
// tree (flat.ts columns) for methods and lines, one for the merged contexts, and no object per
// node (timings: docs/BENCHMARKS.md, part D).
//
// The numbers are those of methodStats (lines.ts) and mergeThreads (tree.ts), added up in the
// same order, so the floating-point estimates are bit for bit the same:
//   - methods and lines per thread (samples × that thread's bytecodes per sample), then summed
//     over the threads in their order;
//   - contexts from all threads merged: self summed in mergeThreads' visiting order, totals
//     from the children in reverse order of creation.

import type { MethodInfo } from './schema';
import { subtreeTotals, walkOrder, type FlatProfile, type FlatThread } from './flat';
import { Column, IntColumn, RangeMap, TripleMap } from './columns';
import { mergedTree, type MergedTree } from './diff-merge';
import { Costs, DiffKeys, LINE_KEYS, type Side } from './diff-keys';

export { Costs, DiffKeys, type Side } from './diff-keys';
/** methodStats' key space for the lines active on a stack (LineNumberTable lines are u2). */
const LINE_SPACE = 1 << 16;

/** A line slot's record in LineSlots.rec: REC numbers per slot, at these offsets. */
const REC = 8;
/** The last thread (ThreadWork.stamp) that touched the slot (-1: none yet; 0: no such slot). */
const R_STAMP = 0;
/** That thread's samples on the line (self) and from there (total). */
const R_SELF = 1;
const R_TOTAL = 2;
/** How many frames on the stack have this slot active (for the slot that is its own activeSlot). */
const R_ACTIVE = 3;
/** The side's sums over its threads so far (bytecodes, samples), added in thread order. */
const R_SIDE_SELF_B = 4;
const R_SIDE_TOTAL_B = 5;
const R_SIDE_SELF = 6;
const R_SIDE_TOTAL = 7;

/**
 * Line slots of one side: (profile method index, line) → slot, numbered once for all of the
 * side's threads, each with a record of REC numbers side by side (one cache line: on this
 * memory-bound pass a line count costs a table lookup and one record): the current thread's
 * samples and active count, and the side's sums. Per slot also its shared line number and the
 * slot whose active count says whether its (method, line) is on the stack (lines of one method
 * at or above LINE_SPACE - 1 share one, as methodStats clamps them to one key).
 */
export class LineSlots {
  private readonly ids: TripleMap;
  rec: Float64Array;
  readonly method = new IntColumn();
  readonly line = new IntColumn();
  /** The line as the slot is keyed (clamped below LINE_KEYS). */
  readonly key = new Column();
  readonly activeSlot = new IntColumn();
  /** Shared line number (DiffKeys.line). */
  readonly shared = new IntColumn();
  count = 0;
  private readonly bigLine = new Map<number, number>();

  /** `keys` null: slots numbered on this side only (`shared` left unset, diff-side.ts maps them). */
  constructor(
    private readonly keys: DiffKeys | null,
    private readonly methodNo: Int32Array,
    expected: number,
  ) {
    this.ids = new TripleMap(expected);
    this.rec = new Float64Array(REC * Math.max(1024, Math.ceil(expected)));
  }

  /**
   * Looks the slots of `threads` up in a dense table per method's range of lines (RangeMap)
   * instead of the hash table, when those ranges are small enough (the same slots, numbered in
   * the same order).
   */
  useRanges(threads: readonly FlatThread[], methodCount: number): void {
    this.dense = lineRanges(threads, methodCount);
  }

  private dense: RangeMap | null = null;

  slot(m: number, line: number): number {
    const l = Math.min(line, LINE_KEYS - 1);
    const d = this.dense;
    const at = d === null ? -1 : d.at(m, l);
    let s: number;
    if (at >= 0) {
      s = d!.table[at]!;
      if (s >= 0) return s;
      s = this.count++;
      d!.table[at] = s;
    } else {
      s = this.ids.find(m, 0, l);
      if (s >= 0) return s;
      s = this.count++;
      this.ids.add(m, 0, l, s);
    }
    if (REC * this.count > this.rec.length) {
      const r = new Float64Array(Math.max(2 * this.rec.length, REC * this.count));
      r.set(this.rec);
      this.rec = r;
    }
    this.rec[REC * s + R_STAMP] = -1;
    this.method.ensure(this.count);
    this.line.ensure(this.count);
    this.key.ensure(this.count);
    this.activeSlot.ensure(this.count);
    this.shared.ensure(this.count);
    this.method.a[s] = m;
    this.line.a[s] = line;
    this.key.a[s] = Math.min(line, LINE_KEYS - 1);
    if (this.keys !== null) this.shared.a[s] = this.keys.line(this.methodNo[m]!, line);
    let a = s;
    if (line >= LINE_SPACE - 1) {
      const b = this.bigLine.get(m);
      if (b === undefined) this.bigLine.set(m, s);
      else a = b;
    }
    this.activeSlot.a[s] = a;
    return s;
  }
}

/**
 * A dense table for the line slots threadStats looks up in `threads` (per method: the lowest
 * and highest line key of its lines and of the call lines of its callees, 0 included for a
 * negative one), or null when the ranges would hold more than a few times as many slots as
 * there are nodes and line counts. A key outside the ranges would still be found (LineSlots
 * keeps it in its hash table): the ranges only decide which lookups are fast.
 */
function lineRanges(threads: readonly FlatThread[], methodCount: number): RangeMap | null {
  const lo = new Float64Array(methodCount).fill(Infinity);
  const hi = new Float64Array(methodCount).fill(-Infinity);
  let entries = 0;
  for (const t of threads) {
    const { parent, method, callLine, lineStart, lineNo } = t;
    entries += t.count + lineNo.length;
    for (let i = 1; i < t.count; i++) {
      const pm = method[parent[i]!]!;
      if (pm >= 0 && pm < methodCount) {
        // threadStats' keys: the call line (clamped below LINE_SPACE), and 0 for a negative one
        // (as for the lines below)
        const cl = callLine[i]!;
        const k = Math.min(cl, LINE_SPACE - 1);
        if (k < lo[pm]!) lo[pm] = k;
        if (k > hi[pm]!) hi[pm] = k;
        if (cl < 0 && hi[pm]! < 0) hi[pm] = 0;
      }
      const mi = method[i]!;
      if (mi < 0 || mi >= methodCount) continue;
      for (let k2 = lineStart[i]!, end = lineStart[i + 1]!; k2 < end; k2++) {
        const k = Math.min(lineNo[k2]!, LINE_KEYS - 1);
        if (k < lo[mi]!) lo[mi] = k;
        if (k > hi[mi]!) hi[mi] = k;
        if (k < 0 && hi[mi]! < 0) hi[mi] = 0;
      }
    }
  }
  return RangeMap.of(lo, hi, 4 * entries + 4096);
}

/**
 * Per-thread samples by method (profile method index) and by line slot, as methodStats counts
 * them: a method's (a line's) total counts a context's samples unless the same method (the
 * same line, executing or calling) is already active below it on the stack. Active counts are
 * kept per line slot, so a node costs a few table lookups and no allocation.
 */
export function threadStats(t: FlatThread, infos: readonly MethodInfo[], side: Side, slots: LineSlots, work: ThreadWork): void {
  const nMethods = infos.length;
  const mSelf = new Float64Array(nMethods);
  const mTotal = new Float64Array(nMethods);
  const seen = new Uint8Array(nMethods);
  const order: number[] = [];
  const stamp = ++work.stamp;
  // the slots' records (taken again when a new slot grew them)
  let rec = slots.rec;
  // this thread's line slots in the order first touched
  let touchedA = work.touched.a;
  let touchedCount = 0;
  const activeMethod = new Int32Array(nMethods);
  const { parent: parents, method: methods, callLine: callLines, self: selfs, depth: depths, lineStart, lineNo, lineCount } = t;
  const totals = subtreeTotals(t);
  const walk = walkOrder(t);
  // the stack of the node being visited: what each frame activated (active slot, method index)
  const pathEdge = new Int32Array(t.count + 1);
  const pathMethod = new Int32Array(t.count + 1);
  let top = 0;
  for (let k = 1; k < t.count; k++) {
    const i = walk === null ? k : walk[k]!;
    // leave the frames that are not this node's callers
    while (top >= depths[i]!) {
      top--;
      const e = pathEdge[top]!;
      const m = pathMethod[top]!;
      if (e >= 0) rec[REC * e + R_ACTIVE]!--;
      if (m >= 0) activeMethod[m]!--;
    }
    const parentMethod = methods[parents[i]!]!;
    const total = totals[i]!;
    let edge = -1;
    if (parentMethod >= 0) {
      const callLine = callLines[i]!;
      const s = slots.slot(parentMethod, Math.min(callLine, LINE_SPACE - 1));
      // negative call lines count as 0 in the active key (methodStats' clamp)
      const s0 = callLine < 0 ? slots.slot(parentMethod, 0) : s;
      rec = slots.rec;
      const at = REC * s;
      // a slot is its own active slot unless its line is shared (beyond LINE_SPACE - 2)
      edge = callLine >= 0 && callLine < LINE_SPACE - 1 ? s : slots.activeSlot.a[s0]!;
      if (rec[REC * edge + R_ACTIVE] === 0) {
        if (rec[at + R_STAMP] !== stamp) {
          rec[at + R_STAMP] = stamp;
          if (touchedCount === touchedA.length) touchedA = work.touched.grow(touchedCount + 1);
          touchedA[touchedCount++] = s;
          rec[at + R_SELF] = 0;
          rec[at + R_TOTAL] = 0;
        }
        rec[at + R_TOTAL]! += total;
      }
      rec[REC * edge + R_ACTIVE]!++;
    }
    const mi = methods[i]!;
    if (mi >= 0) {
      if (seen[mi] === 0) {
        seen[mi] = 1;
        order.push(mi);
      }
      mSelf[mi]! += selfs[i]!;
      if (activeMethod[mi] === 0) mTotal[mi]! += total;
      for (let k2 = lineStart[i]!, end = lineStart[i + 1]!; k2 < end; k2++) {
        const line = lineNo[k2]!;
        const count = lineCount[k2]!;
        const s = slots.slot(mi, line);
        rec = slots.rec;
        const at = REC * s;
        if (rec[at + R_STAMP] !== stamp) {
          rec[at + R_STAMP] = stamp;
          if (touchedCount === touchedA.length) touchedA = work.touched.grow(touchedCount + 1);
          touchedA[touchedCount++] = s;
          rec[at + R_SELF] = 0;
          rec[at + R_TOTAL] = 0;
        }
        rec[at + R_SELF]! += count;
        let a = s;
        if (line >= LINE_SPACE - 1) a = slots.activeSlot.a[s]!;
        else if (line < 0) {
          const s0 = slots.slot(mi, 0);
          rec = slots.rec;
          a = slots.activeSlot.a[s0]!;
        }
        if (rec[REC * a + R_ACTIVE] === 0) rec[at + R_TOTAL]! += count;
      }
      activeMethod[mi]!++;
    }
    pathEdge[top] = edge;
    pathMethod[top++] = mi;
  }
  // leave the active counts at 0 for the next thread
  for (let k = 0; k < top; k++) if (pathEdge[k]! >= 0) rec[REC * pathEdge[k]! + R_ACTIVE]!--;
  const touched = touchedA;
  const ratio = t.samples > 0 ? t.bytecodes / t.samples : 0;
  const ms = side.methods;
  for (const mi of order) {
    const id = side.methodNo[mi]!;
    ms.ensure(id + 1);
    if (ms.present[id] === 0) {
      ms.present[id] = 1;
      side.methodInfo[id] = infos[mi];
    }
    ms.selfB.a[id]! += mSelf[mi]! * ratio;
    ms.totalB.a[id]! += mTotal[mi]! * ratio;
    ms.self.a[id]! += mSelf[mi]!;
    ms.total.a[id]! += mTotal[mi]!;
  }
  if (!work.direct) {
    // the side's sums in the slots' records (sideLines moves them to the shared numbers)
    for (let k = 0; k < touchedCount; k++) {
      const at = REC * touched[k]!;
      const self = rec[at + R_SELF]!;
      const total = rec[at + R_TOTAL]!;
      rec[at + R_SIDE_SELF_B]! += self * ratio;
      rec[at + R_SIDE_TOTAL_B]! += total * ratio;
      rec[at + R_SIDE_SELF]! += self;
      rec[at + R_SIDE_TOTAL]! += total;
    }
    return;
  }
  const ls = side.lines;
  for (let k = 0; k < touchedCount; k++) {
    const s = touched[k]!;
    const at = REC * s;
    const id = slots.shared.a[s]!;
    ls.ensure(id + 1);
    if (ls.present[id] === 0) {
      ls.present[id] = 1;
      side.lineMethod.ensure(id + 1);
      side.lineNo.ensure(id + 1);
      side.lineMethod.a[id] = slots.method.a[s]!;
      side.lineNo.a[id] = slots.line.a[s]!;
    }
    const self = rec[at + R_SELF]!;
    const total = rec[at + R_TOTAL]!;
    ls.selfB.a[id]! += self * ratio;
    ls.totalB.a[id]! += total * ratio;
    ls.self.a[id]! += self;
    ls.total.a[id]! += total;
  }
}

/**
 * The side's line costs by shared number from the slots' sums, when each shared number has one
 * slot (ThreadWork.direct false): the same sums threadStats would have added per thread.
 */
function sideLines(side: Side, slots: LineSlots): void {
  const ls = side.lines;
  const rec = slots.rec;
  const shared = slots.shared.a;
  let max = -1;
  for (let s = 0; s < slots.count; s++) if (rec[REC * s + R_STAMP]! > 0 && shared[s]! > max) max = shared[s]!;
  ls.ensure(max + 1);
  side.lineMethod.ensure(max + 1);
  side.lineNo.ensure(max + 1);
  for (let s = 0; s < slots.count; s++) {
    const at = REC * s;
    if (rec[at + R_STAMP]! <= 0) continue;
    const id = shared[s]!;
    ls.present[id] = 1;
    side.lineMethod.a[id] = slots.method.a[s]!;
    side.lineNo.a[id] = slots.line.a[s]!;
    ls.selfB.a[id] = rec[at + R_SIDE_SELF_B]!;
    ls.totalB.a[id] = rec[at + R_SIDE_TOTAL_B]!;
    ls.self.a[id] = rec[at + R_SIDE_SELF]!;
    ls.total.a[id] = rec[at + R_SIDE_TOTAL]!;
  }
}

/** threadStats' scratch, reused by a side's threads. */
export class ThreadWork {
  stamp = 0;
  readonly touched: IntColumn;
  constructor(
    /** Line costs added per thread to the shared numbers (two slots share one: a method listed twice in the profile). */
    readonly direct: boolean,
    threads: readonly FlatThread[] = [],
  ) {
    // room for every slot a thread can touch (one per node and line count), so that the walk
    // never grows it: a path first taken after V8 compiled the walk's loop deoptimizes it
    let most = 0;
    for (const t of threads) most = Math.max(most, t.count + t.lineNo.length);
    this.touched = new IntColumn(Math.max(1024, most));
  }
}

/** A side's line slots with their sums over the threads, in slot order. */
export interface SlotSums {
  count: number;
  /** Per slot: profile method index, line (as first seen, int32), line key (DiffKeys.line's line). */
  method: Int32Array;
  line: Int32Array;
  key: Float64Array;
  /** 1: a thread counted on it (else the slot was only looked up). */
  present: Uint8Array;
  selfB: Float64Array;
  totalB: Float64Array;
  self: Float64Array;
  total: Float64Array;
}

/** The slots' side sums (ThreadWork.direct false), as sideLines reads them. */
export function slotSums(slots: LineSlots): SlotSums {
  const n = slots.count;
  const rec = slots.rec;
  const out: SlotSums = { count: n, method: slots.method.a.slice(0, n), line: slots.line.a.slice(0, n), key: slots.key.a.slice(0, n), present: new Uint8Array(n), selfB: new Float64Array(n), totalB: new Float64Array(n), self: new Float64Array(n), total: new Float64Array(n) };
  for (let s = 0; s < n; s++) {
    const at = REC * s;
    if (rec[at + R_STAMP]! <= 0) continue;
    out.present[s] = 1;
    out.selfB[s] = rec[at + R_SIDE_SELF_B]!;
    out.totalB[s] = rec[at + R_SIDE_TOTAL_B]!;
    out.self[s] = rec[at + R_SIDE_SELF]!;
    out.total[s] = rec[at + R_SIDE_TOTAL]!;
  }
  return out;
}

/** The threads merged into one tree as mergeThreads does, in flat arrays; costs per shared context number. */
function contexts(threads: readonly FlatThread[], side: Side, keys: DiffKeys, methodNo: Int32Array): void {
  contextsFrom(mergedTree(threads), side, keys, methodNo);
}

/** A merged tree's costs per shared context number (numbered in the tree's order). */
export function contextsFrom(tree: MergedTree, side: Side, keys: DiffKeys, methodNo: Int32Array): void {
  const { count: n, parent, method, callLine, self, selfB, total, totalB } = tree;
  side.rootSelfB = selfB[0]!;
  side.rootTotalB = totalB[0]!;
  const shared = new Int32Array(n);
  const cs = side.contexts!;
  // numbers are at most those there are plus this tree's
  keys.reserve(0, n);
  cs.ensure(keys.contextCount + n);
  side.contextTop.ensure(keys.contextCount + n);
  const present = cs.present;
  const top = side.contextTop.a;
  const cSelfB = cs.selfB.a;
  const cTotalB = cs.totalB.a;
  const cSelf = cs.self.a;
  const cTotal = cs.total.a;
  for (let i = 1; i < n; i++) {
    const m = method[i]!;
    if (m < 0) continue; // a node without a method below the root: not a context
    const id = keys.context(shared[parent[i]!]!, methodNo[m]!, callLine[i]!);
    shared[i] = id;
    present[id] = 1;
    top[id] = m;
    cSelfB[id] = selfB[i]!;
    cTotalB[id] = totalB[i]!;
    cSelf[id] = self[i]!;
    cTotal[id] = total[i]!;
  }
}

/** One side of a diff: the threads named `threadName` (default: all); `withStats` false: contexts only (no methods, no lines). */
export function collectSide(p: FlatProfile, threadName: string | undefined, keys: DiffKeys, withContexts: boolean, withStats = true): Side {
  const threads = threadName === undefined ? p.threads : p.threads.filter((t) => t.name === threadName);
  const side: Side = { total: 0, methodNo: new Int32Array(0), methods: new Costs(), methodInfo: [], lines: new Costs(), profileMethods: p.methods, lineMethod: new IntColumn(), lineNo: new IntColumn(), contexts: withContexts ? new Costs() : null, rootSelfB: 0, rootTotalB: 0, contextTop: new IntColumn() };
  const methodNo = keys.methodNumbers(p);
  side.methodNo = methodNo;
  // about as many line slots as half the nodes and line counts (each adds one at most), about as many contexts as half the nodes
  let nodes = 0;
  let lines = 0;
  for (const t of threads) {
    nodes += t.count;
    lines += t.lineNo.length;
  }
  keys.reserve(withStats ? (nodes + lines) / 2 : 0, withContexts ? nodes / 2 : 0);
  // each shared line number has one slot unless two of the profile's methods are the same method
  const once = new Uint8Array(keys.methodInfo.length);
  let direct = false;
  for (const id of methodNo) {
    if (once[id] === 1) direct = true;
    once[id] = 1;
  }
  const slots = new LineSlots(keys, methodNo, withStats ? (nodes + lines) / 2 : 0);
  if (withStats) slots.useRanges(threads, p.methods.length);
  const work = new ThreadWork(direct, withStats ? threads : []);
  for (const t of threads) {
    side.total += t.bytecodes;
    if (withStats) threadStats(t, p.methods, side, slots, work);
  }
  if (withStats && !direct) sideLines(side, slots);
  if (withContexts) contexts(threads, side, keys, methodNo);
  return side;
}
