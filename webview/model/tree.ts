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
  /** The thread contexts merged into each node (built on first use). */
  sources(): Sources;
  /** Indices of the threads in the tree. */
  threads: readonly number[];
}

/** Contexts merged into node i: (thread[k], node[k]) for k in [start[i], start[i+1]). */
export interface Sources {
  start: Int32Array;
  thread: Int32Array;
  node: Int32Array;
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
  const dSelf = new Float64Array(cap);
  const dSelfBytecodes = new Float64Array(cap);
  const maps: Int32Array[] = [];
  const index = new ChildIndex(cap);
  let srcCount = 0;
  for (const ti of threads) {
    const t = p.threads[ti]!;
    const perSample = t.samples > 0 ? t.bytecodes / t.samples : 0;
    const map = new Int32Array(t.size);
    map[0] = 0;
    dSelf[0]! += t.self[0]!;
    dSelfBytecodes[0]! += t.self[0]! * perSample;
    for (let k = 1; k < t.size; k++) {
      const mp = map[t.parent[k]!]!;
      const m = t.method[k]!;
      const line = t.callLine[k]!;
      let d = index.get(mp, m, line);
      if (d < 0) {
        d = n++;
        index.put(mp, m, line, d);
        dParent[d] = mp;
        dMethod[d] = m;
        dLine[d] = line;
      }
      map[k] = d;
      dSelf[d]! += t.self[k]!;
      dSelfBytecodes[d]! += t.self[k]! * perSample;
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
  for (let i = 0; i < n; i++) {
    self[i] = dSelf[order[i]!]!;
    selfBytecodes[i] = dSelfBytecodes[order[i]!]!;
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
  let sources: Sources | null = null;
  const getSources = (): Sources => (sources ??= buildSources(n, srcCount, threads, maps, pos));
  return { size: n, parent, method, callLine, depth, end, self, total, x, selfBytecodes, totalBytecodes, maxDepth, sources: getSources, threads };
}

function buildSources(n: number, count: number, threads: readonly number[], maps: readonly Int32Array[], pos: Int32Array): Sources {
  const start = new Int32Array(n + 1);
  for (const map of maps) for (let k = 0; k < map.length; k++) start[pos[map[k]!]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const thread = new Int32Array(count);
  const node = new Int32Array(count);
  maps.forEach((map, j) => {
    for (let k = 0; k < map.length; k++) {
      const s = fill[pos[map[k]!]!]!++;
      thread[s] = threads[j]!;
      node[s] = k;
    }
  });
  return { start, thread, node };
}

/**
 * (parent, method, call line) → merged node, an open-addressing hash table in typed arrays:
 * much faster than a Map with composite keys when a 50k-context profile arrives.
 */
export class ChildIndex {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size * 3);
    this.values = new Int32Array(size).fill(-1);
  }

  private slot(parent: number, method: number, line: number): number {
    let h = Math.imul(parent, 0x9e3779b1) ^ Math.imul(method + 1, 0x85ebca77) ^ Math.imul(line, 0xc2b2ae3d);
    h ^= h >>> 15;
    let i = h & this.mask;
    for (;;) {
      if (this.values[i] === -1) return i;
      const k = i * 3;
      if (this.keys[k] === parent && this.keys[k + 1] === method && this.keys[k + 2] === line) return i;
      i = (i + 1) & this.mask;
    }
  }

  get(parent: number, method: number, line: number): number {
    return this.values[this.slot(parent, method, line)]!;
  }

  put(parent: number, method: number, line: number, value: number): void {
    const i = this.slot(parent, method, line);
    this.keys[i * 3] = parent;
    this.keys[i * 3 + 1] = method;
    this.keys[i * 3 + 2] = line;
    this.values[i] = value;
  }
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
