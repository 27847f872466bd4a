// The calling context tree of the selected threads as flat typed arrays in preorder. Contexts
// of different threads with the same path of (method, call line) are merged; children are in
// the format's canonical order (method, then call line), which stays put as a live profile
// grows, so frames do not jump around between updates.

import { methodRanks } from './methods';
import type { ProfileData } from './profile';

export interface Tree {
  /** Number of contexts; 0 is the root (method -1). */
  size: number;
  /** Parent index (-1 for the root); parents come before children. */
  parent: Int32Array;
  /** Index into ProfileData.methods; -1 for the root. */
  method: Int32Array;
  /** Line in the parent's method that called this context (0 = unknown). */
  callLine: Int32Array;
  depth: Int32Array;
  /** One past the last node of the subtree: the subtree of i is [i, end[i]). */
  end: Int32Array;
  self: Float64Array;
  total: Float64Array;
  /** Left edge of the context in samples: x[child] = x[parent] + totals of earlier siblings. */
  x: Float64Array;
  /** Estimated bytecodes (paper Section 2): samples × thread bytecodes / thread samples, per thread. */
  selfBytecodes: Float64Array;
  totalBytecodes: Float64Array;
  maxDepth: number;
  /** Source contexts merged into node i: (srcThread[k], srcNode[k]) for k in [srcStart[i], srcStart[i+1]). */
  srcStart: Int32Array;
  srcThread: Int32Array;
  srcNode: Int32Array;
  /** Indices of the threads in the tree. */
  threads: readonly number[];
}

/** Builds the merged tree of the given threads (default: all). */
export function buildTree(p: ProfileData, threads: readonly number[] = p.threads.map((_, i) => i)): Tree {
  const rank = methodRanks(p.methods);
  // 1. Merge: discovery-order ids, keyed by (merged parent, method, call line).
  let cap = 1;
  for (const t of threads) cap += p.threads[t]!.size;
  let n = 1;
  const dParent = new Int32Array(cap).fill(-1);
  const dMethod = new Int32Array(cap).fill(-1);
  const dLine = new Int32Array(cap);
  const maps: Int32Array[] = [];
  // Keys are numbers: an id per distinct (method, call line) edge, then (merged parent, edge).
  const edges = new Map<number, number>();
  const index = new Map<number, number>();
  let srcCount = 0;
  const edgeSpace = cap + 1;
  for (const ti of threads) {
    const t = p.threads[ti]!;
    const map = new Int32Array(t.size);
    map[0] = 0;
    for (let k = 1; k < t.size; k++) {
      const mp = map[t.parent[k]!]!;
      const m = t.method[k]!;
      const line = t.callLine[k]!;
      const ek = m * 0x100000 + Math.min(line, 0xfffff); // call lines are u2 in class files
      let e = edges.get(ek);
      if (e === undefined) edges.set(ek, (e = edges.size));
      const key = mp * edgeSpace + e;
      let d = index.get(key);
      if (d === undefined) {
        d = n++;
        index.set(key, d);
        dParent[d] = mp;
        dMethod[d] = m;
        dLine[d] = line;
      }
      map[k] = d;
    }
    maps.push(map);
    srcCount += t.size;
  }

  // 2. Children lists (CSR), each in canonical order, then an iterative preorder walk.
  const childCount = new Int32Array(n + 1);
  for (let d = 1; d < n; d++) childCount[dParent[d]! + 1]!++;
  const childStart = new Int32Array(n + 1);
  for (let d = 0; d < n; d++) childStart[d + 1] = childStart[d]! + childCount[d + 1]!;
  const fill = childStart.slice(0, n);
  const kids = new Int32Array(Math.max(n - 1, 0));
  for (let d = 1; d < n; d++) kids[fill[dParent[d]!]!++] = d;
  const byOrder = (a: number, b: number): number => rank[dMethod[a]!]! - rank[dMethod[b]!]! || dLine[a]! - dLine[b]!;
  for (let d = 0; d < n; d++) {
    const s = childStart[d]!;
    const e = childStart[d + 1]!;
    if (e - s > 1) kids.subarray(s, e).sort(byOrder);
  }
  const order = new Int32Array(n); // order[preorder index] = discovery id
  const pos = new Int32Array(n); // pos[discovery id] = preorder index
  const stack = new Int32Array(n);
  let sp = 0;
  let next = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const d = stack[--sp]!;
    pos[d] = next;
    order[next++] = d;
    for (let k = childStart[d + 1]! - 1; k >= childStart[d]!; k--) stack[sp++] = kids[k]!;
  }

  // 3. Arrays in preorder.
  const parent = new Int32Array(n);
  const method = new Int32Array(n);
  const callLine = new Int32Array(n);
  const depth = new Int32Array(n);
  const end = new Int32Array(n);
  const self = new Float64Array(n);
  const total = new Float64Array(n);
  const x = new Float64Array(n);
  const selfBytecodes = new Float64Array(n);
  const totalBytecodes = new Float64Array(n);
  let maxDepth = 0;
  parent[0] = -1;
  method[0] = -1;
  for (let i = 1; i < n; i++) {
    const d = order[i]!;
    const pp = pos[dParent[d]!]!;
    parent[i] = pp;
    method[i] = dMethod[d]!;
    callLine[i] = dLine[d]!;
    const dep = depth[pp]! + 1;
    depth[i] = dep;
    if (dep > maxDepth) maxDepth = dep;
  }
  // Sources and self samples.
  const srcStart = new Int32Array(n + 1);
  for (let j = 0; j < threads.length; j++) {
    const map = maps[j]!;
    for (let k = 0; k < map.length; k++) srcStart[pos[map[k]!]! + 1]!++;
  }
  for (let i = 0; i < n; i++) srcStart[i + 1]! += srcStart[i]!;
  const srcFill = srcStart.slice(0, n);
  const srcThread = new Int32Array(srcCount);
  const srcNode = new Int32Array(srcCount);
  for (let j = 0; j < threads.length; j++) {
    const ti = threads[j]!;
    const t = p.threads[ti]!;
    const map = maps[j]!;
    const perSample = t.samples > 0 ? t.bytecodes / t.samples : 0;
    for (let k = 0; k < map.length; k++) {
      const i = pos[map[k]!]!;
      const s = srcFill[i]!++;
      srcThread[s] = ti;
      srcNode[s] = k;
      self[i]! += t.self[k]!;
      selfBytecodes[i]! += t.self[k]! * perSample;
    }
  }
  // Totals and subtree ends, children before parents.
  for (let i = n - 1; i >= 0; i--) {
    total[i]! += self[i]!;
    totalBytecodes[i]! += selfBytecodes[i]!;
    if (end[i] === 0) end[i] = i + 1;
    const pp = parent[i]!;
    if (pp >= 0) {
      total[pp]! += total[i]!;
      totalBytecodes[pp]! += totalBytecodes[i]!;
      if (end[pp] === 0) end[pp] = end[i]!;
    }
  }
  // Left edges: children are packed from the parent's left edge, in order.
  const cursor = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const pp = parent[i]!;
    x[i] = x[pp]! + cursor[pp]!;
    cursor[pp]! += total[i]!;
  }
  return { size: n, parent, method, callLine, depth, end, self, total, x, selfBytecodes, totalBytecodes, maxDepth, srcStart, srcThread, srcNode, threads };
}

/** Children of node i, in order. */
export function childrenOf(t: Tree, i: number): number[] {
  const out: number[] = [];
  for (let c = i + 1; c < t.end[i]!; c = t.end[c]!) out.push(c);
  return out;
}

/** The path from the root to node i (root first). */
export function ancestry(t: Tree, i: number): number[] {
  const out: number[] = [];
  for (let k = i; k >= 0; k = t.parent[k]!) out.push(k);
  return out.reverse();
}

/** True when a is i or an ancestor of i. */
export function contains(t: Tree, a: number, i: number): boolean {
  return i >= a && i < t.end[a]!;
}
