// A profile's calling context trees as flat typed arrays (one column per field, nodes by their
// index in the file), for the work that walks every node of a large profile once: the diff
// (diff-collect.ts) reads these instead of CctNode objects, so that `komorium diff` of two
// 1,000,000-sample profiles allocates no object per node. The loader (load.ts) validates a
// thread into these columns first and builds the CctNode objects from them.

import type { MethodInfo, Profile, ProfileMeta, ThreadProfile } from './schema';

export interface FlatThread {
  name: string;
  seq: number;
  merged: number;
  bytecodes: number;
  samples: number;
  /** Nodes, the root (index 0) included. */
  count: number;
  /** Per node: parent index (-1 for the root), method index (-1 for the root), call line, self samples, depth. */
  parent: Int32Array;
  method: Int32Array;
  callLine: Float64Array;
  self: Float64Array;
  depth: Int32Array;
  /** Node i's line counts are lineNo/lineCount[lineStart[i] .. lineStart[i + 1]), ascending lines. */
  lineStart: Int32Array;
  lineNo: Float64Array;
  lineCount: Float64Array;
}

export interface FlatProfile {
  version: number;
  meta: ProfileMeta;
  methods: MethodInfo[];
  threads: FlatThread[];
}

/** The flat form of a thread of the object model (same node indices). */
export function flatThread(t: ThreadProfile): FlatThread {
  const nodes = t.nodes;
  const count = nodes.length;
  const parent = new Int32Array(count);
  const method = new Int32Array(count);
  const callLine = new Float64Array(count);
  const self = new Float64Array(count);
  const depth = new Int32Array(count);
  const lineStart = new Int32Array(count + 1);
  let lines = 0;
  for (let i = 0; i < count; i++) {
    const n = nodes[i]!;
    parent[i] = n.parent ? n.parent.id : -1;
    method[i] = n.method ? n.method.index : -1;
    callLine[i] = n.callLine;
    self[i] = n.self;
    depth[i] = n.depth;
    lineStart[i] = lines;
    lines += n.lines.length;
  }
  lineStart[count] = lines;
  const lineNo = new Float64Array(lines);
  const lineCount = new Float64Array(lines);
  for (let i = 0, k = 0; i < count; i++) {
    for (const l of nodes[i]!.lines) {
      lineNo[k] = l.line;
      lineCount[k++] = l.count;
    }
  }
  return { name: t.name, seq: t.seq, merged: t.merged, bytecodes: t.bytecodes, samples: t.samples, count, parent, method, callLine, self, depth, lineStart, lineNo, lineCount };
}

/** The flat form of a profile of the object model. */
export function flatProfile(p: Profile): FlatProfile {
  return { version: p.version, meta: p.meta, methods: p.methods, threads: p.threads.map(flatThread) };
}

/** Samples of each node's subtree (deriveTotals' `total`). */
export function subtreeTotals(t: FlatThread): Float64Array {
  const total = Float64Array.from(t.self);
  for (let i = t.count - 1; i > 0; i--) total[t.parent[i]!]! += total[i]!;
  return total;
}

/**
 * The nodes in the order of a depth-first walk with children in index order (the order of
 * CctNode.children), or null when that is the index order itself (a file in preorder).
 */
export function walkOrder(t: FlatThread): Int32Array | null {
  const n = t.count;
  // preorder exactly when each node's parent is on the path to the node before it
  const path = new Int32Array(n + 1);
  let top = 1; // path[0] = root
  let preorder = true;
  for (let i = 1; i < n; i++) {
    const d = t.depth[i]!;
    if (d > top || path[d - 1] !== t.parent[i]) {
      preorder = false;
      break;
    }
    path[d] = i;
    top = d + 1;
  }
  if (preorder) return null;
  const { start, kids } = childLists(t);
  const order = new Int32Array(n);
  const stack: number[] = [0];
  let k = 0;
  while (stack.length > 0) {
    const c = stack.pop()!;
    order[k++] = c;
    for (let j = start[c + 1]! - 1; j >= start[c]!; j--) stack.push(kids[j]!);
  }
  return order;
}

/** Children of every node, contiguous (kids[start[i] .. start[i + 1]) in index order). */
export function childLists(t: FlatThread): { start: Int32Array; kids: Int32Array } {
  const n = t.count;
  const start = new Int32Array(n + 1);
  for (let i = 1; i < n; i++) start[t.parent[i]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const kids = new Int32Array(Math.max(0, n - 1));
  const fill = start.slice(0, n);
  for (let i = 1; i < n; i++) kids[fill[t.parent[i]!]!++] = i;
  return { start, kids };
}
