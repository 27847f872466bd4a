// Distinct stacks of frames, for the exports that list whole stacks (collapsed, speedscope):
// a trie of frames built from the threads' trees in one pass over their nodes, with stacks
// deeper than `maxDepth` frames cut: such a stack keeps its bottom `maxDepth` frames and ends
// with one TRUNCATED frame that carries the weight of everything deeper. A stack's text is as
// long as the stack, so without the cut a 1,000,000-deep chain would be O(depth²) output.

import type { CctNode, ThreadProfile } from './schema';

/** Frames kept per stack by the collapsed and speedscope exports. */
export const MAX_STACK_DEPTH = 1024;
/** The frame that replaces the frames beyond MAX_STACK_DEPTH. */
export const TRUNCATED_FRAME = '[truncated]';

export interface StackTrie {
  /** Number of trie nodes; 0 is the root (no frame). */
  size: number;
  parent: Int32Array;
  /** Frame id (from `frameOf`), or `truncated` for the cut marker; -1 for the root. */
  frame: Int32Array;
  depth: Int32Array;
  /** Summed weight of the stacks ending here. */
  weight: Float64Array;
  /** Children of node i: kids[childStart[i] .. childStart[i + 1]). */
  childStart: Int32Array;
  kids: Int32Array;
}

export interface StackTrieOptions {
  /** Frame id of a context (>= 0). Contexts with the same id and caller stack merge. */
  frameOf: (n: CctNode) => number;
  /** Frame id to use for the truncation marker (>= 0, distinct from frameOf's ids). */
  truncated: number;
  weightOf: (n: CctNode) => number;
  maxDepth?: number;
  /** Orders siblings (default: first seen first). */
  compare?: (frameA: number, frameB: number) => number;
}

class Growable {
  parent: number[] = [-1];
  frame: number[] = [-1];
  depth: number[] = [0];
  weight: number[] = [0];
}

/** The merged stacks of the given threads. */
export function buildStackTrie(threads: readonly ThreadProfile[], opts: StackTrieOptions): StackTrie {
  const maxDepth = opts.maxDepth ?? MAX_STACK_DEPTH;
  const g = new Growable();
  // (trie node, frame) -> child; numeric keys: node * frames + frame.
  const span = opts.truncated + 1;
  const index = new Map<number, number>();
  const child = (p: number, f: number): number => {
    const key = p * span + f;
    let c = index.get(key);
    if (c === undefined) {
      c = g.parent.length;
      index.set(key, c);
      g.parent.push(p);
      g.frame.push(f);
      g.depth.push(g.depth[p]! + 1);
      g.weight.push(0);
    }
    return c;
  };
  for (const t of threads) {
    const map = new Int32Array(t.nodes.length);
    g.weight[0]! += opts.weightOf(t.root);
    // Nodes are in preorder: a parent is mapped before its children.
    for (let i = 1; i < t.nodes.length; i++) {
      const n = t.nodes[i]!;
      const p = map[n.parent!.id]!;
      let d: number;
      if (g.frame[p] === opts.truncated) d = p;
      else if (g.depth[p]! >= maxDepth) d = child(p, opts.truncated);
      else {
        const f = opts.frameOf(n);
        if (f < 0 || f >= opts.truncated) throw new RangeError(`frame id ${f} out of range [0, ${opts.truncated})`);
        d = child(p, f);
      }
      map[i] = d;
      g.weight[d]! += opts.weightOf(n);
    }
  }
  const size = g.parent.length;
  const parent = Int32Array.from(g.parent);
  const frame = Int32Array.from(g.frame);
  const childStart = new Int32Array(size + 1);
  for (let i = 1; i < size; i++) childStart[parent[i]! + 1]!++;
  for (let i = 0; i < size; i++) childStart[i + 1]! += childStart[i]!;
  const fill = childStart.slice(0, size);
  const kids = new Int32Array(Math.max(size - 1, 0));
  for (let i = 1; i < size; i++) kids[fill[parent[i]!]!++] = i;
  if (opts.compare) {
    const cmp = opts.compare;
    for (let i = 0; i < size; i++) {
      const s = childStart[i]!;
      const e = childStart[i + 1]!;
      if (e - s > 1) kids.subarray(s, e).sort((a, b) => cmp(frame[a]!, frame[b]!));
    }
  }
  return { size, parent, frame, depth: Int32Array.from(g.depth), weight: Float64Array.from(g.weight), childStart, kids };
}

/**
 * The trie's nodes in depth-first order (siblings in trie order), iteratively. Before each
 * node is yielded, path[0 .. depth) holds its frames from the bottom (the array is reused).
 */
export function* walkStacks(trie: StackTrie, path: number[]): Generator<number> {
  const stack: number[] = [];
  for (let k = trie.childStart[1]! - 1; k >= trie.childStart[0]!; k--) stack.push(trie.kids[k]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    const d = trie.depth[n]!;
    path.length = d;
    path[d - 1] = trie.frame[n]!;
    yield n;
    for (let k = trie.childStart[n + 1]! - 1; k >= trie.childStart[n]!; k--) stack.push(trie.kids[k]!);
  }
}
