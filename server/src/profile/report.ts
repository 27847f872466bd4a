// Text reports: an HPROF-style CPU SAMPLES table (method self samples), the calling context
// tree, and per-line hotness per method.

import { methodStats, type MethodStat } from './lines';
import { methodLabel, percent } from './format';
import type { CctNode, Profile, ThreadProfile } from './schema';
import { joinChunks, type Chunks } from './stream';
import { mergeThreads, preorder, threadsNamed } from './tree';

export interface ReportOptions {
  /** Rows of the CPU SAMPLES table and methods in the lines section (default: all). */
  top?: number;
  /** Add the calling context tree. */
  tree?: boolean;
  /** Add per-line self/total per method. */
  lines?: boolean;
  /** Only the threads with this name (default: all threads merged). */
  thread?: string;
  /** In the tree: leave out contexts below this percentage of all samples (default 0). */
  cutoff?: number;
}

/** The whole report: header, threads, CPU SAMPLES, then the tree and lines if asked for. */
export function formatReport(p: Profile, opts: ReportOptions = {}): string {
  return joinChunks(reportChunks(p, opts));
}

/** The report in pieces (the tree one line at a time), for streaming to a file. */
export function* reportChunks(p: Profile, opts: ReportOptions = {}): Chunks {
  const tree = opts.thread !== undefined ? mergeThreads(p, threadsNamed(p, opts.thread)) : mergeThreads(p);
  const stats = methodStats(tree);
  yield formatHeader(p, tree);
  yield '\n';
  yield formatCpuSamples(p, tree, stats, opts.top);
  if (opts.tree) {
    yield '\n';
    yield* treeChunks(tree, opts.cutoff ?? 0);
  }
  if (opts.lines) {
    yield '\n';
    yield formatLines(tree, stats, opts.top);
  }
}

function iso(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

export function formatHeader(p: Profile, tree: ThreadProfile): string {
  const m = p.meta;
  const lines: string[] = [];
  lines.push(`Komorium profile (format ${p.version}): ${[m.program, ...m.args].join(' ')}`);
  lines.push(`engine ${m.engine}${m.vm ? ` (${m.vm})` : ''}, JDK ${m.jdk}, scope ${m.scope}, agent ${m.agent}`);
  const gran = m.random > 0 ? `${m.granularity} + r, r uniform in [0, ${m.random})` : `${m.granularity}`;
  lines.push(`granularity ${gran}, seed ${m.seed}; ${iso(m.startTime)} .. ${iso(m.endTime)} (${Math.max(0, m.endTime - m.startTime)} ms)`);
  lines.push(`${m.totalSamples} samples, ${m.totalBytecodes} bytecodes, ${p.threads.length} thread entries`);
  lines.push('');
  lines.push('THREADS');
  for (const t of p.threads) {
    const name = t.seq > 0 ? `${t.name} #${t.seq}` : t.name;
    const merged = t.merged > 0 ? ` (${t.merged} threads)` : '';
    lines.push(`  ${(name + merged).padEnd(32)} ${String(t.samples).padStart(9)} samples ${String(t.bytecodes).padStart(14)} bytecodes`);
  }
  if (tree.name !== '(all threads)' && p.threads.length > 1) lines.push(`(report restricted to thread '${tree.name}')`);
  lines.push('');
  return lines.join('\n');
}

/** HPROF's CPU SAMPLES table: rank, self %, accumulated %, count, method with descriptor. */
export function formatCpuSamples(p: Profile, tree: ThreadProfile, stats: MethodStat[] = methodStats(tree), top?: number): string {
  const rows = stats.filter((s) => s.self > 0).sort(bySelf);
  const shown = top !== undefined && top >= 0 ? rows.slice(0, top) : rows;
  const total = tree.samples;
  const out: string[] = [];
  out.push(`CPU SAMPLES BEGIN (total = ${total}) ${iso(p.meta.endTime)}`);
  out.push('rank   self  accum   count method');
  let accum = 0;
  shown.forEach((s, i) => {
    accum += s.self;
    out.push(
      `${String(i + 1).padStart(4)} ${percent(s.self, total).padStart(6)} ${percent(accum, total).padStart(6)} ${String(s.self).padStart(7)} ${methodLabel(s.method, false)} ${s.method.descriptor}`,
    );
  });
  out.push('CPU SAMPLES END');
  out.push('');
  return out.join('\n');
}

function bySelf(a: MethodStat, b: MethodStat): number {
  if (a.self !== b.self) return b.self - a.self;
  return labelOrder(a, b);
}

function byTotal(a: MethodStat, b: MethodStat): number {
  if (a.total !== b.total) return b.total - a.total;
  if (a.self !== b.self) return b.self - a.self;
  return labelOrder(a, b);
}

function labelOrder(a: MethodStat, b: MethodStat): number {
  const la = methodLabel(a.method, true);
  const lb = methodLabel(b.method, true);
  return la < lb ? -1 : la > lb ? 1 : 0;
}

const MAX_INDENT = 40;

/** The calling context tree, indented, with self and total samples and estimated bytecodes. */
export function formatTree(tree: ThreadProfile, cutoffPercent = 0): string {
  return joinChunks(treeChunks(tree, cutoffPercent));
}

/** formatTree's text, line by line (iterative: trees can be deep). */
export function* treeChunks(tree: ThreadProfile, cutoffPercent = 0): Chunks {
  const total = tree.samples;
  const min = (cutoffPercent / 100) * total;
  yield `CALLING CONTEXT TREE (${tree.name}): total %, self and total samples, estimated bytecodes (total), context [call line]\n`;
  yield ' total%     self    total   est.bytecodes  context\n';
  const stack: CctNode[] = [tree.root];
  let hidden = 0;
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n !== tree.root && n.total < min) {
      hidden += preorder(n).length;
      continue;
    }
    const depth = n.depth;
    const indent = depth > MAX_INDENT ? `${' '.repeat(MAX_INDENT * 2)}[depth ${depth}] ` : ' '.repeat(depth * 2);
    const label = n.method ? `${methodLabel(n.method, false)} ${n.method.descriptor}` : tree.name;
    const line = n.method && n.callLine > 0 ? `  [line ${n.callLine}]` : '';
    yield `${percent(n.total, total).padStart(7)} ${String(n.self).padStart(8)} ${String(n.total).padStart(8)} ${String(Math.round(n.totalBytecodes)).padStart(15)}  ${indent}${label}${line}\n`;
    const kids = [...n.children].sort((a, b) => b.total - a.total || a.id - b.id);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  if (hidden > 0) yield `(${hidden} contexts below ${cutoffPercent}% not shown)\n`;
}

/** Per-line self and total samples, for each method with samples, hottest (by total) first. */
export function formatLines(tree: ThreadProfile, stats: MethodStat[] = methodStats(tree), top?: number): string {
  const total = tree.samples;
  const rows = stats.filter((s) => s.total > 0).sort(byTotal);
  const shown = top !== undefined && top >= 0 ? rows.slice(0, top) : rows;
  const out: string[] = [];
  out.push(`LINES (${tree.name}): self and total samples per source line`);
  for (const s of shown) {
    out.push(`${methodLabel(s.method, false)} ${s.method.descriptor}  self ${s.self} (${percent(s.self, total)})  total ${s.total} (${percent(s.total, total)})`);
    const file = s.method.sourceFile ?? '<unknown source>';
    for (const l of s.lines) {
      if (l.self === 0 && l.total === 0) continue;
      const where = l.line > 0 ? `${file}:${l.line}` : `${file}:?`;
      out.push(`    ${where.padEnd(28)} self ${String(l.self).padStart(8)} ${percent(l.self, total).padStart(7)}   total ${String(l.total).padStart(8)} ${percent(l.total, total).padStart(7)}`);
    }
  }
  out.push('');
  return out.join('\n');
}
