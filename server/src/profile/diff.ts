// Exact differences between two profiles (komorium diff): per method (self and total), per
// calling context and per source line, in estimated bytecodes, samples and share of the run.
// Profiles of the same program, input, granularity and seed are identical, so any difference
// is a real change in the work done (or in the profiler's settings, which is warned about).

import { methodLabel } from './format';
import type { MethodInfo, Profile } from './schema';
import { collectSide, DiffKeys, type Costs, type Side } from './diff-collect';

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

function share(b: number, total: number): number {
  return total > 0 ? (100 * b) / total : 0;
}

function costAt(c: Costs, id: number): Cost {
  return id < c.present.length && c.present[id] === 1 ? { selfBytecodes: c.selfB.a[id]!, totalBytecodes: c.totalB.a[id]!, self: c.self.a[id]!, total: c.total.a[id]! } : ZERO;
}

/**
 * Whether number `id` changed: present on either side, and its samples (when `samples`) or its
 * bytecodes differ (by half a bytecode or more: less is float noise of the estimate).
 */
function changedAt(base: Costs, next: Costs, id: number, samples: boolean): boolean {
  const inBase = id < base.present.length && base.present[id] === 1;
  const inNew = id < next.present.length && next.present[id] === 1;
  if (!inBase && !inNew) return false;
  const bSelf = inBase ? base.self.a[id]! : 0;
  const bTotal = inBase ? base.total.a[id]! : 0;
  const bSelfB = inBase ? base.selfB.a[id]! : 0;
  const bTotalB = inBase ? base.totalB.a[id]! : 0;
  const nSelf = inNew ? next.self.a[id]! : 0;
  const nTotal = inNew ? next.total.a[id]! : 0;
  const nSelfB = inNew ? next.selfB.a[id]! : 0;
  const nTotalB = inNew ? next.totalB.a[id]! : 0;
  return (samples && (bSelf !== nSelf || bTotal !== nTotal)) || Math.abs(bSelfB - nSelfB) >= 0.5 || Math.abs(bTotalB - nTotalB) >= 0.5;
}

/**
 * The numbers among 0..count-1 that changed, ordered by growth (self bytecodes, then total,
 * most grown first), ties by number.
 */
export function changedIds(base: Costs, next: Costs, count: number, samples: boolean): Int32Array {
  const ids: number[] = [];
  for (let id = 0; id < count; id++) if (changedAt(base, next, id, samples)) ids.push(id);
  const n = ids.length;
  const dSelf = new Float64Array(n);
  const dTotal = new Float64Array(n);
  const at = (c: Costs, col: Float64Array, id: number): number => (id < c.present.length && c.present[id] === 1 ? col[id]! : 0);
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    dSelf[i] = at(next, next.selfB.a, id) - at(base, base.selfB.a, id);
    dTotal[i] = at(next, next.totalB.a, id) - at(base, base.totalB.a, id);
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => (dSelf[a] !== dSelf[b] ? dSelf[b]! - dSelf[a]! : dTotal[a] !== dTotal[b] ? dTotal[b]! - dTotal[a]! : a - b));
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = ids[order[k]!]!;
  return out;
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
    if (!changedAt(base, next, id, samples)) continue;
    const inNew = id < next.present.length && next.present[id] === 1;
    const bc = costAt(base, id);
    const nc = costAt(next, id);
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
  const local = rank === null && kind === 'line' ? lineRanks(described) : null;
  order.sort((a, b) => {
    if (dSelf[a] !== dSelf[b]) return dSelf[b]! - dSelf[a]!;
    if (dTotal[a] !== dTotal[b]) return dTotal[b]! - dTotal[a]!;
    if (rank) return rank[ids[a]!]! - rank[ids[b]!]!;
    if (local) return local[a]! - local[b]!;
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

/**
 * The order of line labels (`method file:line`, lines as decimal text or `?`) as numbers, or
 * null (then the labels are compared): the text before the line, and the line's text, are
 * ordered once each, and a label's order is theirs unless one such prefix begins another.
 */
function lineRanks(described: readonly Described[]): Float64Array | null {
  const n = described.length;
  const prefixes = new Map<string, number>();
  const texts = new Map<string, number>();
  const prefixOf = new Int32Array(n);
  const textOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const d = described[i]!;
    const p = `${d.method} ${d.file ?? '<unknown source>'}:`;
    const t = d.line! > 0 ? String(d.line) : '?';
    let pi = prefixes.get(p);
    if (pi === undefined) prefixes.set(p, (pi = prefixes.size));
    let ti = texts.get(t);
    if (ti === undefined) texts.set(t, (ti = texts.size));
    prefixOf[i] = pi;
    textOf[i] = ti;
  }
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const ps = [...prefixes.keys()].sort(byText);
  for (let i = 1; i < ps.length; i++) if (ps[i]!.startsWith(ps[i - 1]!)) return null;
  const ts = [...texts.keys()].sort(byText);
  const pRank = new Int32Array(ps.length);
  ps.forEach((p, r) => (pRank[prefixes.get(p)!] = r));
  const tRank = new Int32Array(ts.length);
  ts.forEach((t, r) => (tRank[texts.get(t)!] = r));
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = pRank[prefixOf[i]!]! * ts.length + tRank[textOf[i]!]!;
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

function topOf(side: Side, id: number): MethodInfo {
  return side.profileMethods[side.contextTop.a[id]!]!;
}

/** The differences from `base` to `next`. */
export function diffProfiles(base: Profile, next: Profile, opts: DiffOptions = {}): ProfileDiff {
  return diffCollected(base, next, opts, opts.contexts !== false).diff;
}

/** A diff and the costs it was computed from (diff-view.ts draws the union tree of the contexts from them). */
export interface CollectedDiff {
  diff: ProfileDiff;
  keys: DiffKeys;
  base: Side;
  next: Side;
}

/**
 * diffProfiles, also returning the collected sides. `collectContexts`: the contexts' costs are
 * collected (keys and sides); entries for them are listed only when `opts.contexts` is not false.
 * `withEntries` false: no entries at all (methods, lines and contexts empty; `identical` then
 * only says whether the totals are equal).
 */
export function diffCollected(base: Profile, next: Profile, opts: DiffOptions, collectContexts: boolean, withEntries = true): CollectedDiff {
  const withContexts = opts.contexts !== false && collectContexts;
  const keys = new DiffKeys();
  const b = collectSide(base, opts.thread, keys, collectContexts);
  const n = collectSide(next, opts.thread, keys, collectContexts);
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
  // one label per method (a line entry names its method twice)
  const labels = new Map<MethodInfo, string>();
  const label = (m: MethodInfo): string => {
    let l = labels.get(m);
    if (l === undefined) labels.set(m, (l = methodLabel(m, true)));
    return l;
  };
  const methodCount = Math.max(b.methodInfo.length, n.methodInfo.length);
  const methods = !withEntries ? [] : entries('method', b.methods, n.methods, methodCount, b.total, n.total, (id, fromNew) => {
    const m = (fromNew ? n : b).methodInfo[id]!;
    return { label: label(m), method: label(m) };
  }, samples, null);
  const lines = !withEntries ? [] : entries('line', b.lines, n.lines, keys.lineCount, b.total, n.total, (id, fromNew) => {
    const side = fromNew ? n : b;
    const m = side.profileMethods[side.lineMethod.a[id]!]!;
    const line = side.lineNo.a[id]!;
    return { label: `${label(m)} ${m.sourceFile ?? '<unknown source>'}:${line > 0 ? line : '?'}`, method: label(m), file: m.sourceFile, line };
  }, samples, null);
  const contexts =
    withEntries && withContexts && b.contexts && n.contexts
      ? entries('context', b.contexts, n.contexts, keys.contextCount, b.total, n.total, (id, fromNew) => ({ label: keys.label(id, label), method: label(topOf(fromNew ? n : b, id)) }), samples, keys.labelRanks(label))
      : [];
  const bs = summary(base, opts.thread);
  const ns = summary(next, opts.thread);
  const deltaBytecodes = ns.totalBytecodes - bs.totalBytecodes;
  const deltaSamples = ns.totalSamples - bs.totalSamples;
  const diff: ProfileDiff = {
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
  return { diff, keys, base: b, next: n };
}
