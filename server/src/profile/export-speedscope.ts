// speedscope's file format (https://www.speedscope.app/file-format-schema.json): one 'sampled'
// profile per thread, each distinct stack once with its weight, frames shared.

import { methodLabel, sourcePath } from './format';
import type { CctNode, MethodInfo, Profile } from './schema';
import { mergeThreads } from './tree';

export interface SpeedscopeFrame {
  name: string;
  file?: string;
  line?: number;
}

export interface SpeedscopeSampledProfile {
  type: 'sampled';
  name: string;
  unit: 'none';
  startValue: number;
  endValue: number;
  samples: number[][];
  weights: number[];
}

export interface SpeedscopeFile {
  $schema: 'https://www.speedscope.app/file-format-schema.json';
  shared: { frames: SpeedscopeFrame[] };
  profiles: SpeedscopeSampledProfile[];
  name: string;
  activeProfileIndex: number;
  exporter: string;
}

export interface SpeedscopeOptions {
  /** Frame names with descriptors. */
  signatures?: boolean;
  /** Weights: samples (default) or estimated bytecodes. */
  weight?: 'samples' | 'bytecodes';
  /** One profile for all threads merged instead of one per thread. */
  merge?: boolean;
}

export function exportSpeedscope(p: Profile, opts: SpeedscopeOptions = {}): SpeedscopeFile {
  const frames: SpeedscopeFrame[] = [];
  const frameIndex = new Map<number, number>();
  const frameOf = (m: MethodInfo | null): number => {
    const key = m ? m.index : -1;
    let i = frameIndex.get(key);
    if (i === undefined) {
      i = frames.length;
      frameIndex.set(key, i);
      const f: SpeedscopeFrame = { name: m ? methodLabel(m, opts.signatures ?? false) : '?' };
      const file = m ? sourcePath(m) : null;
      if (file) f.file = file;
      frames.push(f);
    }
    return i;
  };
  const trees = opts.merge ? [mergeThreads(p)] : p.threads.map((t) => mergeThreads(p, [t]));
  const profiles: SpeedscopeSampledProfile[] = trees.map((tree, ti) => {
    const samples: number[][] = [];
    const weights: number[] = [];
    // Entries carry the caller's path; frame indices are assigned in visiting order.
    const stack: [CctNode, number[]][] = [];
    for (let i = tree.root.children.length - 1; i >= 0; i--) stack.push([tree.root.children[i]!, []]);
    while (stack.length > 0) {
      const [n, parentPath] = stack.pop()!;
      const path = [...parentPath, frameOf(n.method)];
      const w = opts.weight === 'bytecodes' ? Math.round(n.selfBytecodes) : n.self;
      if (w > 0) {
        samples.push(path);
        weights.push(w);
      }
      for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i]!, path]);
    }
    const end = weights.reduce((a, b) => a + b, 0);
    const t = opts.merge ? undefined : p.threads[ti];
    const name = t ? (t.seq > 0 ? `${t.name} #${t.seq}` : t.name) : tree.name;
    return { type: 'sampled', name, unit: 'none', startValue: 0, endValue: end, samples, weights };
  });
  return {
    $schema: 'https://www.speedscope.app/file-format-schema.json',
    shared: { frames },
    profiles,
    name: `${p.meta.program} (Komorium, granularity ${p.meta.granularity})`,
    activeProfileIndex: 0,
    exporter: 'komorium',
  };
}
