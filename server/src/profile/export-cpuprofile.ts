// Chrome DevTools' Profiler.Profile (.cpuprofile), which VS Code's built-in profile viewer
// opens: the calling context tree as nodes with callFrame, hitCount, children and per-line
// positionTicks; samples[]/timeDeltas[] replay every sample. Time is synthetic: one
// bytecode = 1 ns, so a sample lasts its thread's bytecodes per sample / 1000 µs.

import { qualifiedName, sourcePath } from './format';
import type { CctNode, MethodInfo, Profile } from './schema';
import { mergeThreads, threadsNamed } from './tree';

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

export function exportCpuProfile(p: Profile, opts: CpuProfileOptions = {}): CpuProfile {
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
  const frameOf = (m: MethodInfo | null): CpuProfileCallFrame => {
    if (!m) return { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 };
    const url = opts.resolveUrl?.(m) ?? sourcePath(m) ?? '';
    let sid = scriptIds.get(url);
    if (sid === undefined) scriptIds.set(url, (sid = scriptIds.size + 1));
    const fl = firstLine.get(m.index);
    return { functionName: qualifiedName(m), scriptId: String(sid), url, lineNumber: fl === undefined ? -1 : fl - 1, columnNumber: fl === undefined ? -1 : 0 };
  };

  const nodes: CpuProfileNode[] = [];
  const ids = new Map<CctNode, number>();
  for (const n of tree.nodes) {
    const id = nodes.length + 1;
    ids.set(n, id);
    nodes.push({ id, callFrame: frameOf(n.method), hitCount: n.self });
  }
  for (const n of tree.nodes) {
    const out = nodes[ids.get(n)! - 1]!;
    if (n.children.length > 0) out.children = n.children.map((c) => ids.get(c)!);
    const ticks = n.lines.filter((l) => l.line > 0).map((l) => ({ line: l.line, ticks: l.count }));
    if (ticks.length > 0) out.positionTicks = ticks;
  }

  // One sample per self hit, in preorder; durations from the estimated bytecodes, rounded
  // with the error carried forward so the deltas add up to the total.
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let exact = 0;
  let emitted = 0;
  for (const n of tree.nodes) {
    if (n.self === 0) continue;
    const per = n.selfBytecodes / n.self / 1000;
    for (let i = 0; i < n.self; i++) {
      exact += per;
      const d = Math.round(exact) - emitted;
      emitted += d;
      samples.push(ids.get(n)!);
      timeDeltas.push(d);
    }
  }
  return { nodes, startTime: 0, endTime: emitted, samples, timeDeltas };
}
