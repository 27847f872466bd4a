// Per-method and per-line self/total samples.
//   method self:  samples whose top frame is the method;
//   method total: samples with the method anywhere on the stack (once per sample, recursion too);
//   line self:    samples whose top frame is at that line of the method;
//   line total:   samples with that line anywhere on the stack: the top frame's current line,
//                 or a caller frame's call-site line (once per sample).

import type { CctNode, MethodInfo, ThreadProfile } from './schema';

export interface LineStat {
  line: number;
  self: number;
  total: number;
}

export interface MethodStat {
  method: MethodInfo;
  self: number;
  total: number;
  /** Ascending by line. */
  lines: LineStat[];
}

const LINE_SPACE = 1 << 16; // LineNumberTable lines are u2

function lineKey(method: number, line: number): number {
  return method * LINE_SPACE + Math.min(Math.max(line, 0), LINE_SPACE - 1);
}

/** Method and line statistics of one tree (use mergeThreads for all threads). */
export function methodStats(tree: ThreadProfile): MethodStat[] {
  const methods = new Map<number, { method: MethodInfo; self: number; total: number; lines: Map<number, LineStat> }>();
  const stat = (m: MethodInfo) => {
    let s = methods.get(m.index);
    if (!s) methods.set(m.index, (s = { method: m, self: 0, total: 0, lines: new Map() }));
    return s;
  };
  const lineStat = (m: MethodInfo, line: number): LineStat => {
    const s = stat(m);
    let l = s.lines.get(line);
    if (!l) s.lines.set(line, (l = { line, self: 0, total: 0 }));
    return l;
  };
  const activeMethod = new Map<number, number>();
  const activeLine = new Map<number, number>();
  const bump = (map: Map<number, number>, k: number, d: number) => map.set(k, (map.get(k) ?? 0) + d);

  // Iterative DFS; an entry with exit=true undoes what entering the node activated.
  const stack: { node: CctNode; exit: boolean; edge: number; method: number }[] = [];
  for (let i = tree.root.children.length - 1; i >= 0; i--) stack.push({ node: tree.root.children[i]!, exit: false, edge: -1, method: -1 });
  while (stack.length > 0) {
    const e = stack.pop()!;
    const n = e.node;
    if (e.exit) {
      if (e.edge >= 0) bump(activeLine, e.edge, -1);
      if (e.method >= 0) bump(activeMethod, e.method, -1);
      continue;
    }
    const m = n.method;
    let edge = -1;
    const parentMethod = n.parent?.method;
    if (parentMethod) {
      edge = lineKey(parentMethod.index, n.callLine);
      if ((activeLine.get(edge) ?? 0) === 0) lineStat(parentMethod, Math.min(n.callLine, LINE_SPACE - 1)).total += n.total;
      // Active before this node's own lines: with direct recursion at one line, the caller
      // frame's call line and this frame's current line are the same key in one sample.
      bump(activeLine, edge, 1);
    }
    if (m) {
      const s = stat(m);
      s.self += n.self;
      if ((activeMethod.get(m.index) ?? 0) === 0) s.total += n.total;
      for (const l of n.lines) {
        const ls = lineStat(m, l.line);
        ls.self += l.count;
        // Counted already if a caller frame of this sample is at the same line of the same method.
        if ((activeLine.get(lineKey(m.index, l.line)) ?? 0) === 0) ls.total += l.count;
      }
    }
    if (m) bump(activeMethod, m.index, 1);
    stack.push({ node: n, exit: true, edge, method: m ? m.index : -1 });
    for (let i = n.children.length - 1; i >= 0; i--) stack.push({ node: n.children[i]!, exit: false, edge: -1, method: -1 });
  }
  return [...methods.values()].map((s) => ({
    method: s.method,
    self: s.self,
    total: s.total,
    lines: [...s.lines.values()].sort((a, b) => a.line - b.line),
  }));
}
