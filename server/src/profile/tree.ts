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
  // Children are found by a linear scan while a node has few of them; a node with many gets
  // a map. Most nodes have one or two children, and a map per node would cost more than the
  // node (a 1,000,000-deep chain has 1,000,000 of them).
  const index = new Map<CctNode, Map<string, CctNode>>();
  const keyOf = (n: CctNode): string => `${n.method ? n.method.index : -1}:${n.callLine}`;
  const childOf = (dst: CctNode, k: CctNode): CctNode => {
    const kids = dst.children;
    const m = k.method ? k.method.index : -1;
    let map = index.get(dst);
    if (!map) {
      for (const d of kids) if ((d.method ? d.method.index : -1) === m && d.callLine === k.callLine) return d;
      if (kids.length >= SCAN_CHILDREN) {
        map = new Map();
        for (const d of kids) map.set(keyOf(d), d);
        index.set(dst, map);
      }
    } else {
      const found = map.get(keyOf(k));
      if (found) return found;
    }
    const d = newNode(dst, k);
    kids.push(d);
    map?.set(keyOf(k), d);
    return d;
  };
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
      if (src.lines.length > 0) dst.lines = dst.lines.length === 0 ? src.lines.map((l) => ({ ...l })) : mergeLines(dst.lines, src.lines);
      for (const k of src.children) stack.push([k, childOf(dst, k)]);
    }
  }
  const nodes = preorder(root);
  nodes.forEach((n, i) => (n.id = i));
  for (const n of nodes) {
    if (n.children.length > 0) n.children = n.children.slice(); // exact size: less memory
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

const SCAN_CHILDREN = 8;

/** Two ascending line lists added up (a new list). */
function mergeLines(a: readonly LineHits[], b: readonly LineHits[]): LineHits[] {
  const out: LineHits[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x.line < y.line)) {
      out.push({ line: x!.line, count: x!.count });
      i++;
    } else if (x === undefined || y.line < x.line) {
      out.push({ line: y.line, count: y.count });
      j++;
    } else {
      out.push({ line: x.line, count: x.count + y.count });
      i++;
      j++;
    }
  }
  return out;
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
