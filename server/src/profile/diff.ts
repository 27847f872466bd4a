// Exact differences between two profiles (komorium diff): per method (self and total), per
// calling context and per source line, in estimated bytecodes, samples and share of the run.
// Profiles of the same program, input, granularity and seed are identical, so any difference
// is a real change in the work done (or in the profiler's settings, which is warned about).

import { methodLabel } from './format';
import type { MethodInfo, Profile } from './schema';
import { collectSide, DiffKeys, type Costs } from './diff-collect';

/** Estimated bytecodes and samples of one method, context or line in one profile. */
export interface Cost {
  selfBytecodes: number;
  totalBytecodes: number;
  self: number;
  total: number;
}

export type DiffKind = 'method' | 'context' | 'line';

export interface DiffEntry {
  kind: DiffKind;
  /** `pkg.Cls.m(desc)`; contexts: frames joined with ` > `, each `pkg.Cls.m(desc):callLine`; lines: `pkg.Cls.m(desc) File.java:12`. */
  label: string;
  /** The method (for lines, the method the line is in; for contexts, the top frame). */
  method: string;
  /** Lines only. */
  file?: string | null;
  line?: number;
  base: Cost;
  new: Cost;
  /** new - base, estimated bytecodes. */
  deltaSelf: number;
  deltaTotal: number;
  /** Share of the whole run, percentage points (new share - base share). */
  deltaSelfShare: number;
  deltaTotalShare: number;
}

export interface ProfileDiff {
  base: { program: string; granularity: number; random: number; seed: number; scope: string; engine: string; totalBytecodes: number; totalSamples: number };
  new: ProfileDiff['base'];
  /** Settings that differ (granularity, scope, ...): the profiles are compared by estimated bytecodes. */
  warnings: string[];
  /** Whole-run bytecodes (exact counts), new - base. */
  deltaBytecodes: number;
  deltaSamples: number;
  /** Changed entries only, each list sorted by what grew most (self, then total), shrinks last. */
  methods: DiffEntry[];
  contexts: DiffEntry[];
  lines: DiffEntry[];
  /** True when nothing differs: same totals and no changed entry (sample counts only count at the same granularity and randomization). */
  identical: boolean;
}

export interface DiffOptions {
  /** Only the threads with this name (default: all threads merged). */
  thread?: string;
  /** false: leave out the calling contexts (methods and lines only). */
  contexts?: boolean;
}

const ZERO: Cost = { selfBytecodes: 0, totalBytecodes: 0, self: 0, total: 0 };

/** Differences below half a bytecode are float noise of the estimate, not a difference. */
function differs(a: Cost, b: Cost, samples: boolean): boolean {
  return (samples && (a.self !== b.self || a.total !== b.total)) || Math.abs(a.selfBytecodes - b.selfBytecodes) >= 0.5 || Math.abs(a.totalBytecodes - b.totalBytecodes) >= 0.5;
}

function share(b: number, total: number): number {
  return total > 0 ? (100 * b) / total : 0;
}

function costAt(c: Costs, id: number): Cost {
  return id < c.present.length && c.present[id] === 1 ? { selfBytecodes: c.selfB.a[id]!, totalBytecodes: c.totalB.a[id]!, self: c.self.a[id]!, total: c.total.a[id]! } : ZERO;
}

interface Described {
  label: string;
  method: string;
  file?: string | null;
  line?: number;
}

/**
 * The changed entries among numbers 0..count-1 of both sides, sorted as byGrowth sorts them.
 * `rank`, when given, orders numbers as their labels order (contexts: a rank per context
 * instead of comparing long paths).
 */
function entries(
  kind: DiffKind,
  base: Costs,
  next: Costs,
  count: number,
  baseTotal: number,
  newTotal: number,
  describe: (id: number, fromNew: boolean) => Described,
  samples: boolean,
  rank: Int32Array | null,
): DiffEntry[] {
  const ids: number[] = [];
  const costs: Cost[] = [];
  const described: Described[] = [];
  for (let id = 0; id < count; id++) {
    const inBase = id < base.present.length && base.present[id] === 1;
    const inNew = id < next.present.length && next.present[id] === 1;
    if (!inBase && !inNew) continue;
    const bc = costAt(base, id);
    const nc = costAt(next, id);
    if (!differs(bc, nc, samples)) continue;
    ids.push(id);
    costs.push(bc, nc);
    described.push(describe(id, inNew));
  }
  const n = ids.length;
  const dSelf = new Float64Array(n);
  const dTotal = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    dSelf[i] = costs[2 * i + 1]!.selfBytecodes - costs[2 * i]!.selfBytecodes;
    dTotal[i] = costs[2 * i + 1]!.totalBytecodes - costs[2 * i]!.totalBytecodes;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    if (dSelf[a] !== dSelf[b]) return dSelf[b]! - dSelf[a]!;
    if (dTotal[a] !== dTotal[b]) return dTotal[b]! - dTotal[a]!;
    if (rank) return rank[ids[a]!]! - rank[ids[b]!]!;
    const x = described[a]!.label;
    const y = described[b]!.label;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const out: DiffEntry[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const d = described[i]!;
    const bc = costs[2 * i]!;
    const nc = costs[2 * i + 1]!;
    const deltaSelf = dSelf[i]!;
    const deltaTotal = dTotal[i]!;
    const deltaSelfShare = share(nc.selfBytecodes, newTotal) - share(bc.selfBytecodes, baseTotal);
    const deltaTotalShare = share(nc.totalBytecodes, newTotal) - share(bc.totalBytecodes, baseTotal);
    out[k] =
      d.file === undefined
        ? { kind, label: d.label, method: d.method, base: bc, new: nc, deltaSelf, deltaTotal, deltaSelfShare, deltaTotalShare }
        : { kind, label: d.label, method: d.method, file: d.file, line: d.line!, base: bc, new: nc, deltaSelf, deltaTotal, deltaSelfShare, deltaTotalShare };
  }
  return out;
}

/** What grew most first: self bytecodes, then total, then label (stable output). */
export function byGrowth(a: DiffEntry, b: DiffEntry): number {
  if (a.deltaSelf !== b.deltaSelf) return b.deltaSelf - a.deltaSelf;
  if (a.deltaTotal !== b.deltaTotal) return b.deltaTotal - a.deltaTotal;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function summary(p: Profile, threadName: string | undefined): ProfileDiff['base'] {
  const m = p.meta;
  const threads = threadName === undefined ? p.threads : p.threads.filter((t) => t.name === threadName);
  return {
    program: m.program,
    granularity: m.granularity,
    random: m.random,
    seed: m.seed,
    scope: m.scope,
    engine: m.engine,
    totalBytecodes: threads.reduce((s, t) => s + t.bytecodes, 0),
    totalSamples: threads.reduce((s, t) => s + t.samples, 0),
  };
}

/** The differences from `base` to `next`. */
export function diffProfiles(base: Profile, next: Profile, opts: DiffOptions = {}): ProfileDiff {
  const withContexts = opts.contexts !== false;
  const keys = new DiffKeys();
  const b = collectSide(base, opts.thread, keys, withContexts);
  const n = collectSide(next, opts.thread, keys, withContexts);
  const warnings: string[] = [];
  const bm = base.meta;
  const nm = next.meta;
  const settings: [string, unknown, unknown][] = [
    ['granularity', bm.granularity, nm.granularity],
    ['random', bm.random, nm.random],
    ['scope', bm.scope, nm.scope],
    ['engine', bm.engine, nm.engine],
  ];
  for (const [what, x, y] of settings) {
    if (x !== y) warnings.push(`the profiles differ in ${what} (${String(x)} vs ${String(y)}): compared by estimated bytecodes, sample counts are not comparable`);
  }
  // Sample counts are comparable only at the same sampling settings; otherwise only the
  // estimated bytecodes are compared.
  const samples = bm.granularity === nm.granularity && bm.random === nm.random;
  if (bm.seed !== nm.seed) warnings.push(`the profiles differ in seed (${bm.seed} vs ${nm.seed}): estimates differ by sampling noise even for the same work`);
  if (bm.program !== nm.program) warnings.push(`the profiles are of different programs (${bm.program} vs ${nm.program})`);
  const label = (m: MethodInfo): string => methodLabel(m, true);
  const methodCount = Math.max(b.methodInfo.length, n.methodInfo.length);
  const methods = entries('method', b.methods, n.methods, methodCount, b.total, n.total, (id, fromNew) => {
    const m = (fromNew ? n : b).methodInfo[id]!;
    return { label: label(m), method: label(m) };
  }, samples, null);
  const lines = entries('line', b.lines, n.lines, keys.lineCount, b.total, n.total, (id, fromNew) => {
    const side = fromNew ? n : b;
    const m = side.lineMethod[id]!;
    const line = side.lineNo[id]!;
    return { label: `${label(m)} ${m.sourceFile ?? '<unknown source>'}:${line > 0 ? line : '?'}`, method: label(m), file: m.sourceFile, line };
  }, samples, null);
  const contexts =
    b.contexts && n.contexts
      ? entries('context', b.contexts, n.contexts, keys.contextCount, b.total, n.total, (id, fromNew) => ({ label: keys.label(id, label), method: label((fromNew ? n : b).contextTop[id]!) }), samples, keys.labelRanks(label))
      : [];
  const bs = summary(base, opts.thread);
  const ns = summary(next, opts.thread);
  const deltaBytecodes = ns.totalBytecodes - bs.totalBytecodes;
  const deltaSamples = ns.totalSamples - bs.totalSamples;
  return {
    base: bs,
    new: ns,
    warnings,
    deltaBytecodes,
    deltaSamples,
    methods,
    contexts,
    lines,
    identical: deltaBytecodes === 0 && (deltaSamples === 0 || !samples) && methods.length === 0 && contexts.length === 0 && lines.length === 0,
  };
}
