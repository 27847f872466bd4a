// One side of a diff collected in its own numbering (LocalSide): per method of the profile's
// table, per line slot (method, line) in order of first use, per node of the threads' merged
// tree in order of creation. It depends on this profile only, so it can be computed ahead
// (the language server, for a baseline) and stored (diff-side-cache.ts); the diff then only
// maps its numbers to those shared by both sides (sideFromLocal), in the order the one-pass
// collection (diff-collect.ts) would have numbered them, with the same sums: the output is
// byte for byte the same.
//
// Profiles that list a method twice are collected by diff-collect.ts directly (their line
// costs are added per thread to the shared numbers, two slots to one).

import { methodKey } from './format';
import type { MethodInfo, ProfileMeta } from './schema';
import type { FlatProfile, FlatThread } from './flat';
import { IntColumn } from './columns';
import { collectSide as collectShared, contextsFrom, Costs, LineSlots, slotSums, threadStats, ThreadWork, type DiffKeys, type Side, type SlotSums } from './diff-collect';
import { mergedTree, type MergedTree } from './diff-merge';

/** Per profile method index: whether a node has it, and its costs summed over the threads. */
export interface LocalMethods {
  present: Uint8Array;
  selfB: Float64Array;
  totalB: Float64Array;
  self: Float64Array;
  total: Float64Array;
}

export interface LocalSide {
  /** The threads' bytecodes. */
  total: number;
  methods: LocalMethods;
  lines: SlotSums;
  /** null: not collected. */
  contexts: MergedTree | null;
}

/** A thread's fields other than its nodes. */
export interface ThreadSummary {
  name: string;
  seq: number;
  merged: number;
  bytecodes: number;
  samples: number;
}

/** A profile's head with its side of a diff already collected (all threads, contexts included). */
export interface CollectedProfile {
  version: number;
  meta: ProfileMeta;
  methods: MethodInfo[];
  threads: ThreadSummary[];
  side: LocalSide;
}

/** What the diff reads of a profile: its flat form, or its collected side. */
export type DiffInput = FlatProfile | CollectedProfile;

export function isCollected(p: DiffInput): p is CollectedProfile {
  return 'side' in p;
}

/** Whether the profile's methods table lists a method twice (then it has no LocalSide). */
function listsMethodTwice(methods: readonly MethodInfo[]): boolean {
  const seen = new Set<string>();
  for (const m of methods) {
    const k = methodKey(m);
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

/** The side of `threads` (of profile `p`) in its own numbering, or null when `p` lists a method twice. */
export function collectLocal(p: FlatProfile, threads: readonly FlatThread[] = p.threads, withContexts = true): LocalSide | null {
  if (listsMethodTwice(p.methods)) return null;
  const count = p.methods.length;
  const identity = new Int32Array(count);
  for (let i = 0; i < count; i++) identity[i] = i;
  const side: Side = { total: 0, methodNo: identity, methods: new Costs(), methodInfo: [], lines: new Costs(), profileMethods: p.methods, lineMethod: new IntColumn(), lineNo: new IntColumn(), contexts: null, rootSelfB: 0, rootTotalB: 0, contextTop: new IntColumn() };
  let nodes = 0;
  let lines = 0;
  for (const t of threads) {
    nodes += t.count;
    lines += t.lineNo.length;
  }
  const slots = new LineSlots(null, identity, (nodes + lines) / 2);
  slots.useRanges(threads, count);
  const work = new ThreadWork(false, threads);
  for (const t of threads) {
    side.total += t.bytecodes;
    threadStats(t, p.methods, side, slots, work);
  }
  const ms = side.methods;
  ms.ensure(count);
  return {
    total: side.total,
    methods: { present: ms.present.slice(0, count), selfB: ms.selfB.a.slice(0, count), totalB: ms.totalB.a.slice(0, count), self: ms.self.a.slice(0, count), total: ms.total.a.slice(0, count) },
    lines: slotSums(slots),
    contexts: withContexts ? mergedTree(threads) : null,
  };
}

/** A LocalSide in the numbers shared by both sides (`keys`), numbering what is new in the order the one-pass collection would. */
export function sideFromLocal(local: LocalSide, methods: readonly MethodInfo[], keys: DiffKeys, withContexts: boolean): Side {
  const methodNo = keys.methodNumbers({ methods });
  const side: Side = { total: local.total, methodNo, methods: new Costs(), methodInfo: [], lines: new Costs(), profileMethods: methods, lineMethod: new IntColumn(), lineNo: new IntColumn(), contexts: withContexts ? new Costs() : null, rootSelfB: 0, rootTotalB: 0, contextTop: new IntColumn() };
  const lm = local.methods;
  const ms = side.methods;
  ms.ensure(keys.methodInfo.length);
  for (let mi = 0; mi < methods.length; mi++) {
    if (lm.present[mi] !== 1) continue;
    const id = methodNo[mi]!;
    ms.present[id] = 1;
    side.methodInfo[id] = methods[mi];
    ms.selfB.a[id] = lm.selfB[mi]!;
    ms.totalB.a[id] = lm.totalB[mi]!;
    ms.self.a[id] = lm.self[mi]!;
    ms.total.a[id] = lm.total[mi]!;
  }
  const sl = local.lines;
  const cc = withContexts ? local.contexts : null;
  if (withContexts && cc === null) throw new Error('the collected side has no contexts');
  keys.reserve(sl.count, cc ? cc.count : 0);
  const ls = side.lines;
  ls.ensure(keys.lineCount + sl.count);
  side.lineMethod.ensure(keys.lineCount + sl.count);
  side.lineNo.ensure(keys.lineCount + sl.count);
  const { present, method, line, key, selfB, totalB, self, total } = sl;
  const lPresent = ls.present;
  const lMethod = side.lineMethod.a;
  const lNo = side.lineNo.a;
  const lSelfB = ls.selfB.a;
  const lTotalB = ls.totalB.a;
  const lSelf = ls.self.a;
  const lTotal = ls.total.a;
  for (let s = 0; s < sl.count; s++) {
    const id = keys.line(methodNo[method[s]!]!, key[s]!);
    if (present[s] !== 1) continue;
    lPresent[id] = 1;
    lMethod[id] = method[s]!;
    lNo[id] = line[s]!;
    lSelfB[id] = selfB[s]!;
    lTotalB[id] = totalB[s]!;
    lSelf[id] = self[s]!;
    lTotal[id] = total[s]!;
  }
  if (cc) contextsFrom(cc, side, keys, methodNo);
  return side;
}

/**
 * One side of a diff: the threads named `threadName` (default: all); `withStats` false:
 * contexts only (no methods, no lines). A collected profile has all threads and contexts.
 */
export function collectSide(p: DiffInput, threadName: string | undefined, keys: DiffKeys, withContexts: boolean, withStats = true): Side {
  if (isCollected(p)) {
    if (threadName !== undefined) throw new Error('a collected side has all threads merged: the diff of one thread needs the profile');
    return sideFromLocal(p.side, p.methods, keys, withContexts);
  }
  if (withStats) {
    const threads = threadName === undefined ? p.threads : p.threads.filter((t) => t.name === threadName);
    const local = collectLocal(p, threads, withContexts);
    if (local !== null) return sideFromLocal(local, p.methods, keys, withContexts);
  }
  return collectShared(p, threadName, keys, withContexts, withStats);
}
