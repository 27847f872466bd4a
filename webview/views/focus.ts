// Focus on a method (a code lens clicked in the editor): its frames are highlighted as a search
// for exactly that method would (no other method whose name contains it), and the graph zooms
// to it when it has a single context; with several, it stays whole with the heaviest selected.
// Pure (no DOM).

import type { MethodRef } from '../model/profile';
import type { Tree } from '../model/tree';

export interface FocusRequest {
  className: string;
  methodName: string;
  descriptor: string;
}

export interface FocusTarget {
  /** Index of the method in the profile; -1 when the profile does not have it. */
  method: number;
  /** matches[m] = 1 for that method only (the search highlight). */
  methodMatch: Uint8Array;
  /** Its contexts in the tree, heaviest first. */
  contexts: number[];
  /** Where to zoom: its only context, else the root. */
  zoom: number;
  /** What to select: its heaviest context, or -1. */
  selected: number;
}

export function focusTarget(methods: readonly MethodRef[], tree: Tree, f: FocusRequest): FocusTarget {
  const method = methods.findIndex((m) => m.className === f.className && m.name === f.methodName && m.descriptor === f.descriptor);
  const methodMatch = new Uint8Array(methods.length);
  if (method < 0) return { method, methodMatch, contexts: [], zoom: 0, selected: -1 };
  methodMatch[method] = 1;
  const contexts: number[] = [];
  for (let i = 1; i < tree.size; i++) if (tree.method[i] === method) contexts.push(i);
  contexts.sort((a, b) => tree.total[b]! - tree.total[a]! || a - b);
  return { method, methodMatch, contexts, zoom: contexts.length === 1 ? contexts[0]! : 0, selected: contexts[0] ?? -1 };
}
