// Synthetic profiles for the diff benchmark (bench/diff.ts) and the end-to-end test's timing of
// the differential flame graph: 4 threads, ~C contexts at most 60 deep over 3,000 methods, lines
// on every context; variant 1 has a tenth of the contexts' weights changed.

import type { NodeEntry, ProfileFile, ThreadFile } from '../../server/src/profile/schema';

export const THREADS = 4;
export const METHODS = 3000;
const MAX_DEPTH = 60;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s ^= s + Math.imul(s ^ (s >>> 7), s | 61);
    return ((s ^ (s >>> 14)) >>> 0) / 4294967296;
  };
}

/** A synthetic profile of `samples` samples over ~`contexts` contexts; variant 1 changes a tenth of the contexts' weights. */
export function syntheticProfile(variant: number, SAMPLES: number, CONTEXTS: number): ProfileFile {
  const r = rng(42);
  const methods: [string, string, string, string | null][] = [];
  for (let m = 0; m < METHODS; m++) methods.push([`bench.pkg${m % 40}.C${m % 300}`, `m${m}`, `(I)V`, `C${m % 300}.java`]);
  const threads: ThreadFile[] = [];
  let totalBytecodes = 0;
  for (let t = 0; t < THREADS; t++) {
    const n = Math.floor(CONTEXTS / THREADS);
    const nodes: NodeEntry[] = [[-1, -1, 0, 0]];
    const selfs = new Float64Array(n);
    const depth = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      // parents mostly recent (paths of some depth), at most MAX_DEPTH deep, sometimes anywhere
      let parent = r() < 0.8 ? Math.max(0, i - 1 - Math.floor(r() * 8)) : Math.floor(r() * i);
      if (depth[parent]! >= MAX_DEPTH) parent = Math.floor(r() * Math.min(i, 200));
      depth[i] = depth[parent]! + 1;
      nodes.push([parent, Math.floor(r() * METHODS), 1 + Math.floor(r() * 200), 0]);
      selfs[i] = r();
    }
    // the variant changes a tenth of the contexts' weights
    const r2 = rng(7 + t);
    if (variant === 1) for (let i = 1; i < n; i++) if (r2() < 0.1) selfs[i] = selfs[i]! * (0.5 + 2 * r2());
    let sum = 0;
    for (let i = 1; i < n; i++) sum += selfs[i]!;
    const per = SAMPLES / THREADS;
    let samples = 0;
    for (let i = 1; i < n; i++) {
      const s = Math.floor((selfs[i]! / sum) * per);
      if (s > 0) {
        const line = 1 + (i % 50);
        nodes[i] = [nodes[i]![0], nodes[i]![1], nodes[i]![2], s, s > 1 ? [line, s - 1, line + 1, 1] : [line, 1]];
      }
      samples += s;
    }
    const bytecodes = samples * 10000;
    totalBytecodes += bytecodes;
    threads.push({ name: `worker-${t}`, seq: 0, bytecodes, samples, nodes });
  }
  const totalSamples = threads.reduce((a, t) => a + t.samples, 0);
  return {
    format: 'komorium-profile',
    version: 1,
    meta: { engine: 'bench', vm: '', jdk: '17', granularity: 10000, random: 100, seed: 1, program: 'bench.Main', args: [], scope: 'all', agent: 'bench', startTime: 0, endTime: 1, totalBytecodes, totalSamples },
    methods,
    threads,
  };
}

