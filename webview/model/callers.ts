// The callers (reverse) tree of one method: its root is the method, the children of a node are
// the methods that called it, merged by method. A node's total is the samples in which the
// method ran (anywhere on the stack) below that chain of callers, each sample counted once
// (outermost occurrences only, so recursion does not double count); its self is the samples
// in which the method itself was the top frame below that chain.

import { heaviestLine } from './lines';
import type { Tree } from './tree';

export interface CallerNode {
  /** Method index: the method itself at the root, then its callers. */
  method: number;
  parent: number;
  depth: number;
  total: number;
  self: number;
  totalBytecodes: number;
  selfBytecodes: number;
  /** The line in this caller from which it calls its child (heaviest if several); 0 at the root or if unknown. */
  line: number;
  children: number[];
}

export function callersOf(t: Tree, method: number): CallerNode[] {
  const nodes: CallerNode[] = [{ method, parent: -1, depth: 0, total: 0, self: 0, totalBytecodes: 0, selfBytecodes: 0, line: 0, children: [] }];
  const lineWeights: Map<number, number>[] = [new Map()];
  const index = new Map<string, number>();
  for (let o = 1; o < t.size; o++) {
    if (t.method[o] !== method) continue;
    // o is an outermost occurrence: its ancestors never are the method.
    let self = 0;
    let selfBytecodes = 0;
    for (let k = o; k < t.end[o]!; k++) {
      if (t.method[k] === method) {
        self += t.self[k]!;
        selfBytecodes += t.selfBytecodes[k]!;
      }
    }
    const total = t.total[o]!;
    const totalBytecodes = t.totalBytecodes[o]!;
    let cur = 0;
    let child = o;
    for (;;) {
      const n = nodes[cur]!;
      n.total += total;
      n.self += self;
      n.totalBytecodes += totalBytecodes;
      n.selfBytecodes += selfBytecodes;
      const p = t.parent[child]!;
      if (p <= 0) break;
      const key = `${cur},${t.method[p]}`;
      let next = index.get(key);
      if (next === undefined) {
        next = nodes.length;
        index.set(key, next);
        nodes.push({ method: t.method[p]!, parent: cur, depth: n.depth + 1, total: 0, self: 0, totalBytecodes: 0, selfBytecodes: 0, line: 0, children: [] });
        lineWeights.push(new Map());
        n.children.push(next);
      }
      const lw = lineWeights[next]!;
      lw.set(t.callLine[child]!, (lw.get(t.callLine[child]!) ?? 0) + total);
      cur = next;
      child = p;
    }
    o = t.end[o]! - 1;
  }
  for (let i = 1; i < nodes.length; i++) nodes[i]!.line = heaviestLine(lineWeights[i]!);
  return nodes;
}
