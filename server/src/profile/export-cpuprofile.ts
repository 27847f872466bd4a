// Chrome DevTools' Profiler.Profile (.cpuprofile), which VS Code's built-in profile viewer
// opens: the calling context tree as nodes with callFrame, hitCount, children and per-line
// positionTicks; samples[]/timeDeltas[] replay every sample. Time is synthetic: one
// bytecode = 1 ns, so a sample lasts its thread's bytecodes per sample / 1000 µs.

import { qualifiedName, sourcePath } from './format';
import type { CctNode, MethodInfo, Profile, ThreadProfile } from './schema';
import { mergeThreads, threadsNamed } from './tree';
import type { Chunks } from './stream';

export interface CpuProfileCallFrame {
  functionName: string;
  scriptId: string;
  url: string;
  /** 0-based. */
  lineNumber: number;
  /** 0-based. */
  columnNumber: number;
}

export interface CpuProfileNode {
  id: number;
  callFrame: CpuProfileCallFrame;
  hitCount: number;
  children?: number[];
  /** 1-based lines. */
  positionTicks?: { line: number; ticks: number }[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  /** µs. */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CpuProfileOptions {
  /** Only the threads with this name (default: all merged). */
  thread?: string;
  /** Maps a method to the url VS Code opens (default: `pkg/Dir/File.java`, relative). */
  resolveUrl?: (m: MethodInfo) => string | undefined;
}

interface Prepared {
  tree: ThreadProfile;
  frameOf: (m: MethodInfo | null) => CpuProfileCallFrame;
}

function prepare(p: Profile, opts: CpuProfileOptions): Prepared {
  const tree = opts.thread !== undefined ? mergeThreads(p, threadsNamed(p, opts.thread)) : mergeThreads(p);
  // First line seen per method: the closest thing to the function's position we have.
  const firstLine = new Map<number, number>();
  for (const n of tree.nodes) {
    if (n.method) {
      for (const l of n.lines) if (l.line > 0) firstLine.set(n.method.index, Math.min(firstLine.get(n.method.index) ?? l.line, l.line));
    }
    const pm = n.parent?.method;
    if (pm && n.callLine > 0) firstLine.set(pm.index, Math.min(firstLine.get(pm.index) ?? n.callLine, n.callLine));
  }
  const scriptIds = new Map<string, number>();
  const frames = new Map<number, CpuProfileCallFrame>();
  const frameOf = (m: MethodInfo | null): CpuProfileCallFrame => {
    if (!m) return { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 };
    let f = frames.get(m.index);
    if (f) return f;
    const url = opts.resolveUrl?.(m) ?? sourcePath(m) ?? '';
    let sid = scriptIds.get(url);
    if (sid === undefined) scriptIds.set(url, (sid = scriptIds.size + 1));
    const fl = firstLine.get(m.index);
    f = { functionName: qualifiedName(m), scriptId: String(sid), url, lineNumber: fl === undefined ? -1 : fl - 1, columnNumber: fl === undefined ? -1 : 0 };
    frames.set(m.index, f);
    return f;
  };
  return { tree, frameOf };
}

/** Node i of the merged tree (ids are preorder index + 1). */
function cpuNode(prep: Prepared, n: CctNode): CpuProfileNode {
  const out: CpuProfileNode = { id: n.id + 1, callFrame: { ...prep.frameOf(n.method) }, hitCount: n.self };
  if (n.children.length > 0) out.children = n.children.map((c) => c.id + 1);
  const ticks = n.lines.filter((l) => l.line > 0).map((l) => ({ line: l.line, ticks: l.count }));
  if (ticks.length > 0) out.positionTicks = ticks;
  return out;
}

/**
 * One sample per self hit, in preorder; durations from the estimated bytecodes, rounded with
 * the error carried forward so the deltas add up to the total. Calls `emit(node id, delta)`.
 */
function replaySamples(tree: ThreadProfile, emit: (id: number, delta: number) => void): number {
  let exact = 0;
  let emitted = 0;
  for (const n of tree.nodes) {
    if (n.self === 0) continue;
    const per = n.selfBytecodes / n.self / 1000;
    for (let i = 0; i < n.self; i++) {
      exact += per;
      const d = Math.round(exact) - emitted;
      emitted += d;
      emit(n.id + 1, d);
    }
  }
  return emitted;
}

/** replaySamples as comma-separated text in batches: the node ids or the time deltas. */
function* replayChunks(tree: ThreadProfile, what: 'id' | 'delta'): Chunks {
  const batch: number[] = [];
  let sep = '';
  let exact = 0;
  let emitted = 0;
  for (const n of tree.nodes) {
    if (n.self === 0) continue;
    const per = n.selfBytecodes / n.self / 1000;
    for (let i = 0; i < n.self; i++) {
      exact += per;
      const d = Math.round(exact) - emitted;
      emitted += d;
      batch.push(what === 'id' ? n.id + 1 : d);
      if (batch.length >= 4096) {
        yield `${sep}${batch.join(',')}`;
        sep = ',';
        batch.length = 0;
      }
    }
  }
  if (batch.length > 0) yield `${sep}${batch.join(',')}`;
}

export function exportCpuProfile(p: Profile, opts: CpuProfileOptions = {}): CpuProfile {
  const prep = prepare(p, opts);
  const nodes = prep.tree.nodes.map((n) => cpuNode(prep, n));
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  const endTime = replaySamples(prep.tree, (id, d) => {
    samples.push(id);
    timeDeltas.push(d);
  });
  return { nodes, startTime: 0, endTime, samples, timeDeltas };
}

/** The .cpuprofile JSON text (as JSON.stringify of exportCpuProfile), in pieces. */
export function* cpuProfileChunks(p: Profile, opts: CpuProfileOptions = {}): Chunks {
  const prep = prepare(p, opts);
  const tree = prep.tree;
  yield '{"nodes":[';
  for (const n of tree.nodes) yield `${n.id > 0 ? ',' : ''}${JSON.stringify(cpuNode(prep, n))}`;
  const endTime = replaySamples(tree, () => undefined);
  yield `],"startTime":0,"endTime":${endTime},"samples":[`;
  // Samples and deltas are replayed twice rather than kept: there is one per sample.
  yield* replayChunks(tree, 'id');
  yield '],"timeDeltas":[';
  yield* replayChunks(tree, 'delta');
  yield ']}';
}
