// Tree utilities: merging the per-thread calling context trees into one, and paths.

import { ProfileQueryError, type CctNode, type LineHits, type Profile, type ThreadProfile } from './schema';

function newNode(parent: CctNode | null, from: CctNode | null): CctNode {
  return {
    id: -1,
    parent,
    method: from ? from.method : null,
    callLine: from ? from.callLine : 0,
    self: 0,
    lines: [],
    children: [],
    total: 0,
    selfBytecodes: 0,
    totalBytecodes: 0,
    depth: parent ? parent.depth + 1 : 0,
  };
}

/**
 * One tree for the given threads (default: all): contexts with the same path of
 * (method, call line) are merged. Estimated bytecodes are summed from each thread's own
 * estimate, so they stay exact per thread.
 */
export function mergeThreads(profile: Profile, threads: readonly ThreadProfile[] = profile.threads): ThreadProfile {
  const root = newNode(null, null);
  const index = new Map<CctNode, Map<string, CctNode>>();
  const lineMaps = new Map<CctNode, Map<number, number>>();
  let samples = 0;
  let bytecodes = 0;
  let merged = 0;
  for (const t of threads) {
    samples += t.samples;
    bytecodes += t.bytecodes;
    merged += t.merged > 0 ? t.merged : 1;
    const stack: [CctNode, CctNode][] = [[t.root, root]];
    while (stack.length > 0) {
      const [src, dst] = stack.pop()!;
      dst.self += src.self;
      dst.selfBytecodes += src.selfBytecodes;
      if (src.lines.length > 0) {
        let lm = lineMaps.get(dst);
        if (!lm) lineMaps.set(dst, (lm = new Map()));
        for (const l of src.lines) lm.set(l.line, (lm.get(l.line) ?? 0) + l.count);
      }
      for (const k of src.children) {
        let kids = index.get(dst);
        if (!kids) index.set(dst, (kids = new Map()));
        const key = `${k.method ? k.method.index : -1}:${k.callLine}`;
        let d = kids.get(key);
        if (!d) {
          d = newNode(dst, k);
          kids.set(key, d);
          dst.children.push(d);
        }
        stack.push([k, d]);
      }
    }
  }
  for (const [n, lm] of lineMaps) {
    const lines: LineHits[] = [...lm].map(([line, count]) => ({ line, count }));
    lines.sort((a, b) => a.line - b.line);
    n.lines = lines;
  }
  const nodes = preorder(root);
  nodes.forEach((n, i) => (n.id = i));
  for (const n of nodes) {
    n.total = n.self;
    n.totalBytecodes = n.selfBytecodes;
  }
  for (let i = nodes.length - 1; i > 0; i--) {
    const n = nodes[i]!;
    n.parent!.total += n.total;
    n.parent!.totalBytecodes += n.totalBytecodes;
  }
  return { name: threads.length === 1 ? threads[0]!.name : '(all threads)', seq: 0, merged, bytecodes, samples, root, nodes };
}

/** Nodes of a tree in preorder (children in their stored order). Iterative. */
export function preorder(root: CctNode): CctNode[] {
  const out: CctNode[] = [];
  const stack: CctNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

/** The frames from the bottom of the stack to `node` (the root excluded). */
export function pathTo(node: CctNode): CctNode[] {
  const path: CctNode[] = [];
  for (let n: CctNode | null = node; n && n.parent; n = n.parent) path.push(n);
  return path.reverse();
}

/** Finds the threads named `name` (all with that name); throws a clear error if none. */
export function threadsNamed(profile: Profile, name: string): ThreadProfile[] {
  const ts = profile.threads.filter((t) => t.name === name);
  if (ts.length === 0) {
    const names = [...new Set(profile.threads.map((t) => t.name))].join(', ');
    throw new ProfileQueryError(`no thread named '${name}' in the profile (threads: ${names || 'none'})`);
  }
  return ts;
}

/** The profile with only the threads named `name` (meta totals adjusted). */
export function restrictToThread(profile: Profile, name: string): Profile {
  const threads = threadsNamed(profile, name);
  let samples = 0;
  let bytecodes = 0;
  for (const t of threads) {
    samples += t.samples;
    bytecodes += t.bytecodes;
  }
  return { ...profile, meta: { ...profile.meta, totalSamples: samples, totalBytecodes: bytecodes }, threads };
}
