// Generates valid profile files (docs/PROFILE_FORMAT.md) of a given size, deterministically:
// random calling context trees per thread with skewed sample counts, methods in order of first
// use, children in canonical order, nodes in preorder.

import type { MethodEntry, NodeEntry, ProfileFile, ThreadFile } from '../../../server/src/profile/schema';

export interface GenOptions {
  contexts: number;
  samples: number;
  threads?: number;
  methods?: number;
  seed?: number;
  maxDepth?: number;
}

/** Deterministic PRNG (mulberry32, server/src/prng.ts). */
import { prng as rng } from '../../../server/src/prng';
export { rng };

interface GNode {
  method: number;
  line: number;
  depth: number;
  kids: GNode[];
  keys: Set<string>;
  self: number;
  weight: number;
}

export function generateProfile(o: GenOptions): ProfileFile {
  const rand = rng(o.seed ?? 42);
  const threadCount = o.threads ?? 4;
  const methodCount = o.methods ?? Math.max(20, Math.round(o.contexts / 25));
  const maxDepth = o.maxDepth ?? 48;
  const pkgs = ['com.acme.app', 'com.acme.app.service', 'com.acme.db', 'org.example.util', 'java.util', 'java.lang', 'java.io', 'jdk.internal.misc'];
  const all: MethodEntry[] = [];
  for (let m = 0; m < methodCount; m++) {
    const pkg = pkgs[Math.floor(rand() * pkgs.length)]!;
    const cls = `${pkg}.C${Math.floor(m / 5)}${rand() < 0.1 ? '$Inner' : ''}`;
    const desc = ['()V', '(I)I', '(Ljava/lang/String;)V', '([II)J', '(Ljava/util/List;)Ljava/lang/Object;'][m % 5]!;
    all.push([cls, m === 0 ? 'main' : `m${m}`, m === 0 ? '([Ljava/lang/String;)V' : desc, `C${Math.floor(m / 5)}.java`]);
  }
  const rank = all.map((_, i) => i).sort((a, b) => cmpMethod(all[a]!, all[b]!));
  const rankOf = new Int32Array(methodCount);
  rank.forEach((m, r) => (rankOf[m] = r));

  const threads: ThreadFile[] = [];
  const order: number[] = new Array<number>(methodCount).fill(-1);
  const methods: MethodEntry[] = [];
  let remainingContexts = o.contexts;
  let remainingSamples = o.samples;
  for (let ti = 0; ti < threadCount; ti++) {
    const last = ti === threadCount - 1;
    const share = threadCount === 1 ? 1 : ti === 0 ? 0.55 : 0.45 / (threadCount - 1);
    const ctx = Math.max(2, last ? remainingContexts : Math.round(o.contexts * share));
    const smp = last ? remainingSamples : Math.round(o.samples * share);
    remainingContexts -= ctx;
    remainingSamples -= smp;
    const root: GNode = { method: -1, line: 0, depth: 0, kids: [], keys: new Set(), self: 0, weight: 1 };
    const main: GNode = { method: 0, line: 0, depth: 1, kids: [], keys: new Set(), self: 0, weight: 0.001 };
    root.kids.push(main);
    root.keys.add('0:0');
    const nodes: GNode[] = [main];
    while (nodes.length < ctx - 1) {
      // Prefer recent (deeper) nodes so trees get deep; sometimes anywhere.
      const pick = rand() < 0.7 ? nodes.length - 1 - Math.floor(rand() * Math.min(nodes.length, 12)) : Math.floor(rand() * nodes.length);
      const parent = nodes[pick]!;
      if (parent.depth >= maxDepth) continue;
      const m = 1 + Math.floor(rand() ** 1.6 * (methodCount - 1));
      const line = 10 + Math.floor(rand() * 200);
      const key = `${m}:${line}`;
      if (parent.keys.has(key)) continue;
      parent.keys.add(key);
      const n: GNode = { method: m, line, depth: parent.depth + 1, kids: [], keys: new Set(), self: 0, weight: rand() ** 6 };
      parent.kids.push(n);
      nodes.push(n);
    }
    // Samples: proportional to weights, at least the leaves get something.
    let wsum = 0;
    for (const n of nodes) wsum += n.weight;
    let given = 0;
    for (const n of nodes) {
      n.self = Math.floor((n.weight / wsum) * smp);
      given += n.self;
    }
    for (let k = 0; given < smp; k++, given++) nodes[Math.floor(rand() * nodes.length)]!.self++;
    // Emit in preorder, children canonical.
    const out: NodeEntry[] = [];
    const stack: [GNode, number][] = [[root, -1]];
    while (stack.length > 0) {
      const [n, parent] = stack.pop()!;
      const id = out.length;
      let m = -1;
      if (n.method >= 0) {
        if (order[n.method]! < 0) {
          order[n.method] = methods.length;
          methods.push(all[n.method]!);
        }
        m = order[n.method]!;
      }
      if (n.self > 0) {
        const l1 = 5 + Math.floor(rand() * 40);
        const a = Math.ceil(n.self * 0.7);
        out.push(n.self - a > 0 ? [parent, m, n.line * (parent >= 0 ? 1 : 0), n.self, [l1, a, l1 + 3, n.self - a]] : [parent, m, n.line * (parent >= 0 ? 1 : 0), n.self, [l1, a]]);
      } else out.push([parent, m, parent >= 0 ? n.line : 0, 0]);
      const kids = n.kids.slice().sort((a, b) => rankOf[a.method]! - rankOf[b.method]! || a.line - b.line);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, id]);
    }
    // The root's children have call line 0.
    for (const e of out) if (e[0] === 0) e[2] = 0;
    threads.push({ name: ti === 0 ? 'main' : `worker-${ti}`, seq: 0, bytecodes: smp * 1000 + Math.floor(rand() * 1000), samples: smp, nodes: out });
  }
  let totalSamples = 0;
  let totalBytecodes = 0;
  for (const t of threads) {
    totalSamples += t.samples;
    totalBytecodes += t.bytecodes;
  }
  return {
    format: 'komorium-profile',
    version: 1,
    meta: { engine: 'hotspot', vm: 'test', jdk: '17', granularity: 1000, random: 0, seed: 1, program: 'com.acme.app.Main', args: [], scope: 'app', agent: 'komorium.rt.DefaultAgent', startTime: 0, endTime: 1, totalBytecodes, totalSamples },
    methods,
    threads,
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cmpMethod(a: MethodEntry, b: MethodEntry): number {
  return cmp(a[0], b[0]) || cmp(a[1], b[1]) || cmp(a[2], b[2]) || cmp(a[3] ?? '\u0001', b[3] ?? '\u0001');
}
