// Brendan Gregg's folded stacks: one line per distinct stack with its self samples,
// `frame;frame;frame count`, bottom frame first (flamegraph.pl, speedscope, inferno read it).
// Lines come in depth-first order with siblings sorted by frame name. A stack deeper than
// MAX_STACK_DEPTH frames keeps its bottom MAX_STACK_DEPTH frames and ends with the frame
// `[truncated]`, which carries the samples of all deeper frames (stacks.ts).

import { javaParameters, qualifiedName } from './format';
import type { MethodInfo, Profile, ThreadProfile } from './schema';
import { buildStackTrie, MAX_STACK_DEPTH, TRUNCATED_FRAME, walkStacks } from './stacks';
import { joinChunks, type Chunks } from './stream';

export interface CollapsedOptions {
  /** Add the parameter types: `pkg.Class.method(int,java.lang.String[])`. A raw descriptor
   *  would contain ';', the frame separator, so parameters are written as Java types. */
  signatures?: boolean;
  /** Start every stack with the thread name (threads kept apart). */
  threads?: boolean;
  /** Weight: samples (default) or estimated bytecodes. */
  weight?: 'samples' | 'bytecodes';
  /** Frames kept per stack (default MAX_STACK_DEPTH). */
  maxDepth?: number;
}

function frameName(m: MethodInfo | null, signatures: boolean): string {
  if (!m) return '?';
  const name = qualifiedName(m).replace(/[;\s]/g, '_');
  return signatures ? `${name}${javaParameters(m.descriptor)}` : name;
}

export function exportCollapsed(p: Profile, opts: CollapsedOptions = {}): string {
  return joinChunks(collapsedChunks(p, opts));
}

/** The collapsed text, line by line. */
export function* collapsedChunks(p: Profile, opts: CollapsedOptions = {}): Chunks {
  const sig = opts.signatures ?? false;
  // Frame ids: distinct names (overloads share a name without signatures).
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const byMethod = new Int32Array(p.methods.length + 1).fill(-1);
  const frameOf = (m: MethodInfo | null): number => {
    const k = m ? m.index : p.methods.length;
    let id = byMethod[k]!;
    if (id < 0) {
      const name = frameName(m, sig);
      id = nameIds.get(name) ?? -1;
      if (id < 0) {
        id = names.length;
        names.push(name);
        nameIds.set(name, id);
      }
      byMethod[k] = id;
    }
    return id;
  };
  for (const m of p.methods) frameOf(m);
  frameOf(null);
  const truncated = names.length;
  names.push(TRUNCATED_FRAME);
  const compare = (a: number, b: number): number => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0);
  const bytecodes = opts.weight === 'bytecodes';
  const groups: { prefix: string; threads: ThreadProfile[] }[] = opts.threads
    ? p.threads.map((t) => ({ prefix: `${(t.seq > 0 ? `${t.name}#${t.seq}` : t.name).replace(/[;\s]/g, '_')};`, threads: [t] }))
    : [{ prefix: '', threads: p.threads }];
  for (const { prefix, threads } of groups) {
    const trie = buildStackTrie(threads, {
      frameOf: (n) => frameOf(n.method),
      truncated,
      weightOf: (n) => (bytecodes ? n.selfBytecodes : n.self),
      maxDepth: opts.maxDepth ?? MAX_STACK_DEPTH,
      compare,
    });
    const path: number[] = [];
    for (const n of walkStacks(trie, path)) {
      const w = Math.round(trie.weight[n]!);
      if (w <= 0) continue;
      let line = prefix;
      for (let d = 0; d < path.length; d++) line += d === 0 ? names[path[d]!]! : `;${names[path[d]!]!}`;
      yield `${line} ${w}\n`;
    }
  }
}
