// Exact differences between two profiles (komorium diff): per method (self and total), per
// calling context and per source line, in estimated bytecodes, samples and share of the run.
// Profiles of the same program, input, granularity and seed are identical, so any difference
// is a real change in the work done (or in the profiler's settings, which is warned about).

import { methodLabel } from './format';
import type { MethodInfo, Profile } from './schema';
import { DiffKeys, type Costs, type Side } from './diff-collect';
import { collectSide, isCollected, type DiffInput } from './diff-side';
import { flatProfile } from './flat';

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
  const order = byDeltas(dSelf, dTotal, n);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = ids[order[k]!]!;
  return out;
}

/** Each value's rank among the distinct values of `v` (0 = the largest; -0 and 0 are one value). */
function ranksDescending(v: Float64Array, n: number): { rank: Int32Array; distinct: number } {
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = v[i]! + 0;
  sorted.sort();
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i]!;
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x = v[i]!;
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    rank[i] = distinct - 1 - lo;
  }
  return { rank, distinct };
}

/** A stable counting sort of `order` by `key` (0 first). */
function countingSort(order: Int32Array, key: Int32Array, keys: number): Int32Array {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < order.length; i++) start[key[order[i]!]! + 1]!++;
  for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) out[start[key[order[i]!]!]!++] = order[i]!;
  return out;
}

/**
 * 0..n-1 ordered by dSelf (largest first), then dTotal (largest first), then index: the order
 * of the comparator sort, found by two stable counting sorts on the values' ranks (no NaN).
 */
function byDeltas(dSelf: Float64Array, dTotal: Float64Array, n: number): Int32Array {
  let order: Int32Array = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const t = ranksDescending(dTotal, n);
  order = countingSort(order, t.rank, t.distinct);
  const s = ranksDescending(dSelf, n);
  return countingSort(order, s.rank, s.distinct);
}

interface Described {
  label: string;
  method: string;
  file?: string | null;
  line?: number;
}

/** A sorted list of changed entries, built when read (text and Markdown print only the first rows). Arrays are EntryLists too. */
export interface EntryList {
  readonly length: number;
  slice(start?: number, end?: number): DiffEntry[];
}

class LazyEntries implements EntryList {
  constructor(
    readonly length: number,
    /** The numbers of the first `k` entries in order (all of them when k >= length). */
    private readonly first: (k: number) => ArrayLike<number>,
    private readonly make: (id: number) => DiffEntry,
  ) {}
  slice(start = 0, end = this.length): DiffEntry[] {
    const n = this.length;
    const from = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
    const to = end < 0 ? Math.max(0, n + end) : Math.min(end, n);
    const out: DiffEntry[] = [];
    if (to <= from) return out;
    const ids = this.first(to);
    for (let k = from; k < to; k++) out.push(this.make(ids[k]!));
    return out;
  }
}

/** How entries of one kind are labelled, and ordered when their deltas tie. */
interface Labels {
  describe: (id: number, fromNew: boolean) => Described;
  /** Numbers in the order of their labels (rank[id]), or null: compute that order from the ids (then `describe` labels are compared when it is null). */
  rank: ((ids: readonly number[]) => ArrayLike<number> | null) | null;
}

/**
 * The changed entries among numbers 0..count-1 of both sides, sorted as byGrowth sorts them
 * (what grew most first, ties by label), each entry built when read.
 */
function entries(kind: DiffKind, base: Costs, next: Costs, count: number, baseTotal: number, newTotal: number, labels: Labels, samples: boolean): EntryList {
  const ids: number[] = [];
  for (let id = 0; id < count; id++) if (changedAt(base, next, id, samples)) ids.push(id);
  const n = ids.length;
  const dSelf = new Float64Array(n);
  const dTotal = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const inBase = id < base.present.length && base.present[id] === 1;
    const inNew = id < next.present.length && next.present[id] === 1;
    dSelf[i] = (inNew ? next.selfB.a[id]! : 0) - (inBase ? base.selfB.a[id]! : 0);
    dTotal[i] = (inNew ? next.totalB.a[id]! : 0) - (inBase ? base.totalB.a[id]! : 0);
  }
  // All entries in order (JSON prints them all): deltas, then label ranks computed once.
  const all = (): Int32Array => {
    const order = Array.from({ length: n }, (_, i) => i);
    const rank = labels.rank ? labels.rank(ids) : null;
    let text: string[] | null = null;
    if (rank === null) {
      text = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        const id = ids[i]!;
        text[i] = labels.describe(id, id < next.present.length && next.present[id] === 1).label;
      }
    }
    order.sort((a, b) => {
      if (dSelf[a] !== dSelf[b]) return dSelf[b]! - dSelf[a]!;
      if (dTotal[a] !== dTotal[b]) return dTotal[b]! - dTotal[a]!;
      if (rank) return rank[a]! - rank[b]!;
      const x = text![a]!;
      const y = text![b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const sorted = new Int32Array(n);
    for (let k = 0; k < n; k++) sorted[k] = ids[order[k]!]!;
    return sorted;
  };
  // The first k (text and Markdown print 20 per section): sorted by the deltas alone, then only
  // the runs of equal deltas within the first k are ordered by their labels (the ranks order
  // as the labels do, and equal labels keep the order of their numbers, as in `all`).
  const first = (k: number): ArrayLike<number> => {
    if (k >= n / 4) return all();
    if (k <= 0) return new Int32Array(0);
    // only the entries whose deltas reach the k-th largest (all of its run of equal deltas)
    const order = topDeltas(dSelf, dTotal, n, k);
    order.sort((a, b) => (dSelf[a] !== dSelf[b] ? dSelf[b]! - dSelf[a]! : dTotal[a] !== dTotal[b] ? dTotal[b]! - dTotal[a]! : a - b));
    const out = new Int32Array(k);
    for (let from = 0; from < k; ) {
      const a = order[from]!;
      let to = from + 1;
      while (to < order.length && dSelf[order[to]!] === dSelf[a] && dTotal[order[to]!] === dTotal[a]) to++;
      if (to - from > 1) {
        const run = order.slice(from, to);
        const text = new Map<number, string>();
        for (const i of run) {
          const id = ids[i]!;
          text.set(i, labels.describe(id, id < next.present.length && next.present[id] === 1).label);
        }
        run.sort((x, y) => {
          const p = text.get(x)!;
          const q = text.get(y)!;
          return p < q ? -1 : p > q ? 1 : x - y;
        });
        for (let j = 0; j < run.length; j++) order[from + j] = run[j]!;
      }
      for (let j = from; j < Math.min(to, k); j++) out[j] = ids[order[j]!]!;
      from = to;
    }
    return out;
  };
  let cached: ArrayLike<number> | null = null;
  const firstCached = (k: number): ArrayLike<number> => {
    if (cached === null || cached.length < k) cached = first(k);
    return cached;
  };
  return new LazyEntries(n, firstCached, (id) => {
    const inNew = id < next.present.length && next.present[id] === 1;
    const d = labels.describe(id, inNew);
    const bc = costAt(base, id);
    const nc = costAt(next, id);
    const deltaSelf = nc.selfBytecodes - bc.selfBytecodes;
    const deltaTotal = nc.totalBytecodes - bc.totalBytecodes;
    const deltaSelfShare = share(nc.selfBytecodes, newTotal) - share(bc.selfBytecodes, baseTotal);
    const deltaTotalShare = share(nc.totalBytecodes, newTotal) - share(bc.totalBytecodes, baseTotal);
    return d.file === undefined
      ? { kind, label: d.label, method: d.method, base: bc, new: nc, deltaSelf, deltaTotal, deltaSelfShare, deltaTotalShare }
      : { kind, label: d.label, method: d.method, file: d.file, line: d.line!, base: bc, new: nc, deltaSelf, deltaTotal, deltaSelfShare, deltaTotalShare };
  });
}

/**
 * The indices i < n whose deltas (dSelf[i], then dTotal[i]) are at least the k-th largest
 * (0 < k <= n), in index order: the first k of the sort by deltas and every entry tied with the
 * k-th. One pass keeps the k largest seen so far (few enter it), a second collects.
 */
function topDeltas(dSelf: Float64Array, dTotal: Float64Array, n: number, k: number): number[] {
  // the k largest so far, largest first
  const bs = new Float64Array(k);
  const bt = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const s = dSelf[i]!;
    const t = dTotal[i]!;
    if (size === k && (s < bs[k - 1]! || (s === bs[k - 1]! && t <= bt[k - 1]!))) continue;
    let j = size < k ? size++ : k - 1;
    while (j > 0 && (bs[j - 1]! < s || (bs[j - 1]! === s && bt[j - 1]! < t))) {
      bs[j] = bs[j - 1]!;
      bt[j] = bt[j - 1]!;
      j--;
    }
    bs[j] = s;
    bt[j] = t;
  }
  const ts = bs[size - 1]!;
  const tt = bt[size - 1]!;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = dSelf[i]!;
    if (s > ts || (s === ts && dTotal[i]! >= tt)) out.push(i);
  }
  return out;
}

/**
 * The order of line labels (`method file:line`, lines as decimal text or `?`) as numbers, or
 * null (then the labels are compared): the text before the line, and the line's text, are
 * ordered once each, and a label's order is theirs unless one such prefix begins another.
 */
function lineRanks(n: number, prefixOf: (i: number) => string, lineOf: (i: number) => number): Float64Array | null {
  const prefixes = new Map<string, number>();
  const texts = new Map<string, number>();
  const prefixIds = new Int32Array(n);
  const textIds = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = prefixOf(i);
    const line = lineOf(i);
    const t = line > 0 ? String(line) : '?';
    let pi = prefixes.get(p);
    if (pi === undefined) prefixes.set(p, (pi = prefixes.size));
    let ti = texts.get(t);
    if (ti === undefined) texts.set(t, (ti = texts.size));
    prefixIds[i] = pi;
    textIds[i] = ti;
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
  for (let i = 0; i < n; i++) out[i] = pRank[prefixIds[i]!]! * ts.length + tRank[textIds[i]!]!;
  return out;
}

/** What grew most first: self bytecodes, then total, then label (stable output). */
export function byGrowth(a: DiffEntry, b: DiffEntry): number {
  if (a.deltaSelf !== b.deltaSelf) return b.deltaSelf - a.deltaSelf;
  if (a.deltaTotal !== b.deltaTotal) return b.deltaTotal - a.deltaTotal;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function summary(p: DiffInput, threadName: string | undefined): ProfileDiff['base'] {
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
  return allEntries(diffFlat(flatProfile(base), flatProfile(next), opts));
}

/** A diff whose entry lists are built when read (`komorium diff` prints only the first rows of text and Markdown). */
export type LazyDiff = Omit<ProfileDiff, 'methods' | 'contexts' | 'lines'> & { methods: EntryList; contexts: EntryList; lines: EntryList };

/** The differences from `base` to `next`, in the flat form (load.ts: loadFlatProfile). */
export function diffFlat(base: DiffInput, next: DiffInput, opts: DiffOptions = {}): LazyDiff {
  return diffCollected(base, next, opts, opts.contexts !== false).diff;
}

/** The diff with every entry built. */
export function allEntries(d: LazyDiff): ProfileDiff {
  return { base: d.base, new: d.new, warnings: d.warnings, deltaBytecodes: d.deltaBytecodes, deltaSamples: d.deltaSamples, methods: d.methods.slice(), contexts: d.contexts.slice(), lines: d.lines.slice(), identical: d.identical };
}

/** A diff and the costs it was computed from (diff-view.ts draws the union tree of the contexts from them). */
export interface CollectedDiff {
  diff: LazyDiff;
  keys: DiffKeys;
  base: Side;
  next: Side;
}

/**
 * diffFlat, also returning the collected sides. `collectContexts`: the contexts' costs are
 * collected (keys and sides); entries for them are listed only when `opts.contexts` is not false.
 * `withEntries` false: no entries at all (methods, lines and contexts empty; `identical` then
 * only says whether the totals are equal).
 */
export function diffCollected(base: DiffInput, next: DiffInput, opts: DiffOptions, collectContexts: boolean, withEntries = true): CollectedDiff {
  const withContexts = opts.contexts !== false && collectContexts;
  const keys = new DiffKeys();
  // both sides collected ahead (the side cache): the shared tables sized once for both
  if (isCollected(base) && isCollected(next)) {
    keys.reserve(0, collectContexts ? (base.side.contexts?.count ?? 0) + (next.side.contexts?.count ?? 0) : 0);
    keys.useLineRanges([{ methods: base.methods, lines: base.side.lines }, { methods: next.methods, lines: next.side.lines }]);
  }
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
  const none: EntryList = [];
  const methodCount = Math.max(b.methodInfo.length, n.methodInfo.length);
  const methods = !withEntries
    ? none
    : entries('method', b.methods, n.methods, methodCount, b.total, n.total, {
        describe: (id, fromNew) => {
          const m = (fromNew ? n : b).methodInfo[id]!;
          return { label: label(m), method: label(m) };
        },
        rank: null,
      }, samples);
  // a line's method and its label up to the line number, once per method of each side
  const lineMethod = (id: number, fromNew: boolean): MethodInfo => {
    const side = fromNew ? n : b;
    return side.profileMethods[side.lineMethod.a[id]!]!;
  };
  const prefixes = new Map<MethodInfo, string>();
  const linePrefix = (m: MethodInfo): string => {
    let p = prefixes.get(m);
    if (p === undefined) prefixes.set(m, (p = `${label(m)} ${m.sourceFile ?? '<unknown source>'}:`));
    return p;
  };
  const inNew = (id: number): boolean => id < n.lines.present.length && n.lines.present[id] === 1;
  const lines = !withEntries
    ? none
    : entries('line', b.lines, n.lines, keys.lineCount, b.total, n.total, {
        describe: (id, fromNew) => {
          const m = lineMethod(id, fromNew);
          const line = (fromNew ? n : b).lineNo.a[id]!;
          return { label: `${linePrefix(m)}${line > 0 ? line : '?'}`, method: label(m), file: m.sourceFile, line };
        },
        rank: (ids) => lineRanks(ids.length, (i) => linePrefix(lineMethod(ids[i]!, inNew(ids[i]!))), (i) => (inNew(ids[i]!) ? n : b).lineNo.a[ids[i]!]!),
      }, samples);
  const contexts =
    withEntries && withContexts && b.contexts && n.contexts
      ? entries('context', b.contexts, n.contexts, keys.contextCount, b.total, n.total, {
          describe: (id, fromNew) => ({ label: keys.label(id, label), method: label(topOf(fromNew ? n : b, id)) }),
          rank: (ids) => {
            const r = keys.labelRanks(label);
            return r === null ? null : Int32Array.from(ids, (id) => r[id]!);
          },
        }, samples)
      : none;
  const bs = summary(base, opts.thread);
  const ns = summary(next, opts.thread);
  const deltaBytecodes = ns.totalBytecodes - bs.totalBytecodes;
  const deltaSamples = ns.totalSamples - bs.totalSamples;
  const diff: LazyDiff = {
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
