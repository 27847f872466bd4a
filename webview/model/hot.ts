// Per-method statistics of a tree: self (the method is the top frame) and total (the method
// is anywhere on the stack, counted once per sample under recursion).

import type { Tree } from './tree';

export interface MethodTotals {
  /** Indexed by method index; 0 for methods not in the tree. */
  self: Float64Array;
  total: Float64Array;
  selfBytecodes: Float64Array;
  totalBytecodes: Float64Array;
  /** Method indices with samples (self or total > 0), in index order. */
  present: number[];
}

/**
 * Calls `visit(i)` for every context i that is the outermost occurrence of its method on its
 * path (no ancestor has the same method). Those contexts' subtrees are disjoint per method.
 */
export function forEachOutermost(t: Tree, methodCount: number, visit: (i: number) => void): void {
  const active = new Int32Array(methodCount);
  const stack = new Int32Array(t.maxDepth + 2);
  let sp = 0;
  for (let i = 1; i < t.size; i++) {
    while (sp > 0 && t.end[stack[sp - 1]!]! <= i) active[t.method[stack[--sp]!]!]!--;
    const m = t.method[i]!;
    if (active[m] === 0) visit(i);
    active[m]!++;
    stack[sp++] = i;
  }
}

export function methodTotals(t: Tree, methodCount: number): MethodTotals {
  const self = new Float64Array(methodCount);
  const total = new Float64Array(methodCount);
  const selfBytecodes = new Float64Array(methodCount);
  const totalBytecodes = new Float64Array(methodCount);
  for (let i = 1; i < t.size; i++) {
    self[t.method[i]!]! += t.self[i]!;
    selfBytecodes[t.method[i]!]! += t.selfBytecodes[i]!;
  }
  forEachOutermost(t, methodCount, (i) => {
    total[t.method[i]!]! += t.total[i]!;
    totalBytecodes[t.method[i]!]! += t.totalBytecodes[i]!;
  });
  const present: number[] = [];
  for (let m = 0; m < methodCount; m++) if (total[m]! > 0 || self[m]! > 0) present.push(m);
  return { self, total, selfBytecodes, totalBytecodes, present };
}
