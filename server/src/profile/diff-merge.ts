// The threads of one side of a diff merged into one tree, as mergeThreads (tree.ts) merges
// them, in flat arrays: nodes in order of creation, with their costs (diff-collect.ts numbers
// them for both sides; diff-side.ts keeps them with a profile's collected side).

import { Column, TripleMap } from './columns';
import { childLists, type FlatThread } from './flat';

/** The threads merged into one tree as mergeThreads does: nodes in order of creation (parents first), with costs. */
export interface MergedTree {
  count: number;
  parent: Int32Array;
  /** Profile method index (-1: the root). */
  method: Int32Array;
  callLine: Float64Array;
  self: Float64Array;
  selfB: Float64Array;
  total: Float64Array;
  totalB: Float64Array;
}

/** The threads merged into one tree (as mergeThreads does). */
export function mergedTree(threads: readonly FlatThread[]): MergedTree {
  // this side's merged tree: nodes numbered in order of creation (parents first)
  const parent: number[] = [-1];
  const method: number[] = [-1];
  const callLine: number[] = [0];
  const self = new Column();
  const selfB = new Column();
  const children = new TripleMap(threads.reduce((a, t) => a + t.count, 0) / 2);
  const srcStack: number[] = [];
  const dstStack: number[] = [];
  for (const t of threads) {
    const { start, kids } = childLists(t);
    const est = t.samples > 0 ? t.bytecodes : 0;
    srcStack.push(0);
    dstStack.push(0);
    while (srcStack.length > 0) {
      const src = srcStack.pop()!;
      const dst = dstStack.pop()!;
      self.a[dst]! += t.self[src]!;
      // the node's selfBytecodes, as deriveTotals computes it
      selfB.a[dst]! += est === 0 ? 0 : (t.self[src]! * t.bytecodes) / t.samples;
      for (let j = start[src]!, end = start[src + 1]!; j < end; j++) {
        const k = kids[j]!;
        const m = t.method[k]!;
        const cl = t.callLine[k]!;
        let d = children.find(dst, m, cl);
        if (d < 0) {
          d = parent.length;
          children.add(dst, m, cl, d);
          parent.push(dst);
          method.push(m);
          callLine.push(cl);
          self.ensure(parent.length);
          selfB.ensure(parent.length);
        }
        srcStack.push(k);
        dstStack.push(d);
      }
    }
  }
  const n = parent.length;
  const total = Float64Array.from(self.a.subarray(0, n));
  const totalB = Float64Array.from(selfB.a.subarray(0, n));
  for (let i = n - 1; i > 0; i--) {
    const p = parent[i]!;
    total[p]! += total[i]!;
    totalB[p]! += totalB[i]!;
  }
  return { count: n, parent: Int32Array.from(parent), method: Int32Array.from(method), callLine: Float64Array.from(callLine), self: self.a.slice(0, n), selfB: selfB.a.slice(0, n), total, totalB };
}
