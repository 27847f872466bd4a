// speedscope's file format (https://www.speedscope.app/file-format-schema.json): one 'sampled'
// profile per thread, each distinct stack once with its weight, frames shared. Stacks deeper
// than MAX_STACK_DEPTH frames are cut as in the collapsed export (stacks.ts).

import { methodLabel, sourcePath } from './format';
import type { MethodInfo, Profile } from './schema';
import { buildStackTrie, MAX_STACK_DEPTH, TRUNCATED_FRAME, walkStacks, type StackTrie } from './stacks';
import type { Chunks } from './stream';

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
  /** Frames kept per stack (default MAX_STACK_DEPTH; deeper frames become one `[truncated]` frame). */
  maxDepth?: number;
}

interface Prepared {
  frames: SpeedscopeFrame[];
  profiles: { name: string; trie: StackTrie }[];
  name: string;
}

function prepare(p: Profile, opts: SpeedscopeOptions): Prepared {
  const frames: SpeedscopeFrame[] = [];
  const frameIndex = new Int32Array(p.methods.length + 1).fill(-1);
  // Frame indices in order of first appearance (threads in order, nodes in preorder).
  const frameOf = (m: MethodInfo | null): number => {
    const key = m ? m.index : p.methods.length;
    let i = frameIndex[key]!;
    if (i < 0) {
      i = frames.length;
      frameIndex[key] = i;
      const f: SpeedscopeFrame = { name: m ? methodLabel(m, opts.signatures ?? false) : '?' };
      const file = m ? sourcePath(m) : null;
      if (file) f.file = file;
      frames.push(f);
    }
    return i;
  };
  const truncated = p.methods.length + 1; // a placeholder id, renumbered below
  const groups = opts.merge ? [{ name: p.threads.length === 1 ? p.threads[0]!.name : '(all threads)', threads: p.threads }] : p.threads.map((t) => ({ name: t.seq > 0 ? `${t.name} #${t.seq}` : t.name, threads: [t] }));
  const byMethod = new Int32Array(truncated);
  const profiles = groups.map(({ name, threads }) => ({
    name,
    trie: buildStackTrie(threads, {
      frameOf: (n) => {
        const k = n.method ? n.method.index : p.methods.length;
        byMethod[k] = frameOf(n.method);
        return k;
      },
      truncated,
      weightOf: (n) => (opts.weight === 'bytecodes' ? n.selfBytecodes : n.self),
      maxDepth: opts.maxDepth ?? MAX_STACK_DEPTH,
    }),
  }));
  let marker = -1;
  for (const { trie } of profiles) {
    for (let i = 1; i < trie.size; i++) {
      const f = trie.frame[i]!;
      if (f !== truncated) trie.frame[i] = byMethod[f]!;
      else {
        if (marker < 0) {
          marker = frames.length;
          frames.push({ name: TRUNCATED_FRAME });
        }
        trie.frame[i] = marker;
      }
    }
  }
  return { frames, profiles, name: `${p.meta.program} (Komorium, granularity ${p.meta.granularity})` };
}

export function exportSpeedscope(p: Profile, opts: SpeedscopeOptions = {}): SpeedscopeFile {
  const prep = prepare(p, opts);
  const profiles: SpeedscopeSampledProfile[] = prep.profiles.map(({ name, trie }) => {
    const samples: number[][] = [];
    const weights: number[] = [];
    const path: number[] = [];
    for (const n of walkStacks(trie, path)) {
      const w = Math.round(trie.weight[n]!);
      if (w > 0) {
        samples.push(path.slice());
        weights.push(w);
      }
    }
    const end = weights.reduce((a, b) => a + b, 0);
    return { type: 'sampled', name, unit: 'none', startValue: 0, endValue: end, samples, weights };
  });
  return {
    $schema: 'https://www.speedscope.app/file-format-schema.json',
    shared: { frames: prep.frames },
    profiles,
    name: prep.name,
    activeProfileIndex: 0,
    exporter: 'komorium',
  };
}

/** The speedscope file's JSON text (as JSON.stringify of exportSpeedscope), in pieces. */
export function* speedscopeChunks(p: Profile, opts: SpeedscopeOptions = {}): Chunks {
  const prep = prepare(p, opts);
  yield `{"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[`;
  for (let i = 0; i < prep.frames.length; i++) yield `${i > 0 ? ',' : ''}${JSON.stringify(prep.frames[i])}`;
  yield ']},"profiles":[';
  let first = true;
  for (const { name, trie } of prep.profiles) {
    let end = 0;
    for (let n = 1; n < trie.size; n++) end += Math.max(0, Math.round(trie.weight[n]!));
    yield `${first ? '' : ','}{"type":"sampled","name":${JSON.stringify(name)},"unit":"none","startValue":0,"endValue":${end},"samples":[`;
    first = false;
    const path: number[] = [];
    let sep = '';
    for (const n of walkStacks(trie, path)) {
      if (Math.round(trie.weight[n]!) <= 0) continue;
      yield `${sep}[${path.join(',')}]`;
      sep = ',';
    }
    yield '],"weights":[';
    sep = '';
    for (const n of walkStacks(trie, path)) {
      const w = Math.round(trie.weight[n]!);
      if (w <= 0) continue;
      yield `${sep}${w}`;
      sep = ',';
    }
    yield ']}';
  }
  yield `],"name":${JSON.stringify(prep.name)},"activeProfileIndex":0,"exporter":"komorium"}`;
}
