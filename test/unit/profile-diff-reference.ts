// The diff as komorium diff computed it before profile/diff-collect.ts (commit cc7b5ca): from
// methodStats per thread and mergeThreads, with Maps and a Cost object per entry. Kept as the
// reference that test/unit/profile-diff-equiv.test.ts compares the typed-array version with.

import { methodStats } from '../../server/src/profile/lines';
import { methodKey, methodLabel } from '../../server/src/profile/format';
import type { CctNode, MethodInfo, Profile, ThreadProfile } from '../../server/src/profile/schema';
import { mergeThreads, preorder } from '../../server/src/profile/tree';
import type { Cost, DiffEntry, DiffKind, DiffOptions, ProfileDiff } from '../../server/src/profile/diff';

const ZERO: Cost = { selfBytecodes: 0, totalBytecodes: 0, self: 0, total: 0 };

/** Line numbers per method in a line key (method number × LINE_KEYS + line). */
const LINE_KEYS = 1 << 21;

/** Method numbers by (class, name, descriptor), shared by both profiles of a diff. */
class MethodNumbers {
  private readonly byKey = new Map<string, number>();
  private readonly byInfo = new Map<MethodInfo, number>();
  id(m: MethodInfo): number {
    let id = this.byInfo.get(m);
    if (id === undefined) {
      const k = methodKey(m);
      id = this.byKey.get(k);
      if (id === undefined) this.byKey.set(k, (id = this.byKey.size));
      this.byInfo.set(m, id);
    }
    return id;
  }
}

interface Side {
  total: number;
  methods: Map<number, { method: MethodInfo; cost: Cost }>;
  lines: Map<number, { method: MethodInfo; line: number; cost: Cost }>;
  contexts: Map<number, { top: MethodInfo; cost: Cost }>;
}

/** Context numbers shared by both sides of a diff; 0 is the root. */
class ContextNumbers {
  private readonly byKey = new Map<string, number>();
  private readonly methodIds = new Map<string, number>();
  readonly parent: number[] = [-1];
  readonly frame: string[] = [''];
  context(parent: number, n: CctNode): number {
    const mk = methodKey(n.method!);
    let m = this.methodIds.get(mk);
    if (m === undefined) this.methodIds.set(mk, (m = this.methodIds.size));
    const key = `${parent},${m},${n.callLine}`;
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.parent.length;
      this.byKey.set(key, id);
      this.parent.push(parent);
      this.frame.push(frameLabel(n));
    }
    return id;
  }
  label(id: number): string {
    const parts: string[] = [];
    for (let k = id; k > 0; k = this.parent[k]!) parts.push(this.frame[k]!);
    return parts.reverse().join(' > ');
  }
}

function add(into: Cost, selfB: number, totalB: number, self: number, total: number): void {
  into.selfBytecodes += selfB;
  into.totalBytecodes += totalB;
  into.self += self;
  into.total += total;
}

/** Frame key in a context path: method (class, name, descriptor) and the call line. */
function frameLabel(n: CctNode): string {
  return `${methodLabel(n.method!, true)}${n.callLine > 0 ? `:${n.callLine}` : ''}`;
}

function collect(p: Profile, threadName: string | undefined, methods: MethodNumbers, ids: ContextNumbers | null): Side {
  const threads = threadName === undefined ? p.threads : p.threads.filter((t) => t.name === threadName);
  const side: Side = { total: 0, methods: new Map(), lines: new Map(), contexts: new Map() };
  // Methods and lines per thread: samples are scaled by that thread's bytecodes per sample, so
  // the estimates stay exact per thread (paper Section 2), then summed over threads.
  for (const t of threads) {
    side.total += t.bytecodes;
    const ratio = t.samples > 0 ? t.bytecodes / t.samples : 0;
    for (const s of methodStats(t)) {
      // numeric keys: a method's number (shared by both profiles) and, for lines, the line
      const key = methods.id(s.method);
      let m = side.methods.get(key);
      if (!m) side.methods.set(key, (m = { method: s.method, cost: { ...ZERO } }));
      add(m.cost, s.self * ratio, s.total * ratio, s.self, s.total);
      for (const l of s.lines) {
        const lk = key * LINE_KEYS + Math.min(l.line, LINE_KEYS - 1);
        let e = side.lines.get(lk);
        if (!e) side.lines.set(lk, (e = { method: s.method, line: l.line, cost: { ...ZERO } }));
        add(e.cost, l.self * ratio, l.total * ratio, l.self, l.total);
      }
    }
  }
  if (!ids) return side;
  const tree: ThreadProfile = mergeThreads(p, threads);
  // Contexts are numbered by (parent's number, method, call line), shared by both profiles:
  // short keys, and labels (frames joined with ' > ') built only for reported differences.
  const num = new Map<CctNode, number>();
  for (const n of preorder(tree.root)) {
    if (!n.method) {
      num.set(n, 0);
      continue;
    }
    const id = ids.context(num.get(n.parent!) ?? 0, n);
    num.set(n, id);
    side.contexts.set(id, { top: n.method, cost: { selfBytecodes: n.selfBytecodes, totalBytecodes: n.totalBytecodes, self: n.self, total: n.total } });
  }
  return side;
}

/** Differences below half a bytecode are float noise of the estimate, not a difference. */
function differs(a: Cost, b: Cost, samples: boolean): boolean {
  return (samples && (a.self !== b.self || a.total !== b.total)) || Math.abs(a.selfBytecodes - b.selfBytecodes) >= 0.5 || Math.abs(a.totalBytecodes - b.totalBytecodes) >= 0.5;
}

function share(b: number, total: number): number {
  return total > 0 ? (100 * b) / total : 0;
}

function entries<K, T>(
  kind: DiffKind,
  base: Map<K, T>,
  next: Map<K, T>,
  baseTotal: number,
  newTotal: number,
  describe: (key: K, v: T) => Omit<DiffEntry, 'kind' | 'base' | 'new' | 'deltaSelf' | 'deltaTotal' | 'deltaSelfShare' | 'deltaTotalShare'>,
  cost: (v: T) => Cost,
  samples: boolean,
): DiffEntry[] {
  const out: DiffEntry[] = [];
  for (const key of new Set([...base.keys(), ...next.keys()])) {
    const b = base.get(key);
    const n = next.get(key);
    const bc = b ? cost(b) : ZERO;
    const nc = n ? cost(n) : ZERO;
    if (!differs(bc, nc, samples)) continue;
    out.push({
      kind,
      ...describe(key, (n ?? b)!),
      base: bc,
      new: nc,
      deltaSelf: nc.selfBytecodes - bc.selfBytecodes,
      deltaTotal: nc.totalBytecodes - bc.totalBytecodes,
      deltaSelfShare: share(nc.selfBytecodes, newTotal) - share(bc.selfBytecodes, baseTotal),
      deltaTotalShare: share(nc.totalBytecodes, newTotal) - share(bc.totalBytecodes, baseTotal),
    });
  }
  return out.sort(byGrowth);
}

/** What grew most first: self bytecodes, then total, then label (stable output). */
function byGrowth(a: DiffEntry, b: DiffEntry): number {
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
export function referenceDiff(base: Profile, next: Profile, opts: DiffOptions = {}): ProfileDiff {
  const ids = opts.contexts === false ? null : new ContextNumbers();
  const methodIds = new MethodNumbers();
  const b = collect(base, opts.thread, methodIds, ids);
  const n = collect(next, opts.thread, methodIds, ids);
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
  const methods = entries('method', b.methods, n.methods, b.total, n.total, (_k, v) => ({ label: methodLabel(v.method, true), method: methodLabel(v.method, true) }), (v) => v.cost, samples);
  const lines = entries(
    'line',
    b.lines,
    n.lines,
    b.total,
    n.total,
    (_k, v) => ({
      label: `${methodLabel(v.method, true)} ${v.method.sourceFile ?? '<unknown source>'}:${v.line > 0 ? v.line : '?'}`,
      method: methodLabel(v.method, true),
      file: v.method.sourceFile,
      line: v.line,
    }),
    (v) => v.cost,
    samples,
  );
  const contexts = ids ? entries('context', b.contexts, n.contexts, b.total, n.total, (k, v) => ({ label: ids.label(k), method: methodLabel(v.top, true) }), (v) => v.cost, samples) : [];
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
