// The overlap percentage of paper 000, Section 7.1: the share of profiled effort, weighted by
// frequency, that two profiles have in common.
//   rce(C, X) = counter(C) / sum of counter over X
//   overlap(A, B) = 100 × Σ over contexts C in both of min(rce(C, A), rce(C, B))
// Identical distributions give 100, disjoint ones 0. Counters are self samples (for an exact
// profile built with bytecode counts as samples, bytecodes); contexts are merged over threads.

import { methodKey } from './format';
import type { CctNode, Profile } from './schema';

export interface OverlapOptions {
  /** Identify a context by its methods and also by each frame's call-site line (default false: methods only, as in the paper). */
  lines?: boolean;
}

/**
 * Interns calling contexts as numbers: a context is (id of its caller's context, frame), so
 * long paths cost one map entry per node instead of one long string.
 */
export class ContextIds {
  private readonly frames = new Map<string, number>();
  private readonly ids = new Map<number, number>();

  id(parent: number, frame: string): number {
    return this.child(parent, this.frame(frame));
  }

  /** The number of a frame text (interned). */
  frame(text: string): number {
    let f = this.frames.get(text);
    if (f === undefined) this.frames.set(text, (f = this.frames.size));
    return f;
  }

  /** The context (parent, frame number). */
  child(parent: number, f: number): number {
    // A numeric key (parent, frame): exact while both fit in 53 bits.
    const key = parent * FRAME_SPAN + f;
    if (f >= FRAME_SPAN || !Number.isSafeInteger(key)) throw new RangeError(`too many contexts (${parent}) or frames (${f}) to number`);
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size + 1));
    return id;
  }
}

const FRAME_SPAN = 2 ** 22;

/**
 * Frame numbers of one profile's contexts, cached by (method index, call line), so that a
 * frame's text is built once per method and line rather than once per context.
 */
export class FrameNumbers {
  private readonly cache: (Map<number, number> | undefined)[] = [];

  constructor(
    private readonly ids: ContextIds,
    private readonly text: (n: CctNode) => string,
    private readonly byLine: boolean,
  ) {}

  of(n: CctNode): number {
    const m = n.method ? n.method.index + 1 : 0;
    const line = this.byLine ? n.callLine : 0;
    let lines = this.cache[m];
    if (!lines) this.cache[m] = lines = new Map();
    let f = lines.get(line);
    if (f === undefined) lines.set(line, (f = this.ids.frame(this.text(n))));
    return f;
  }
}

/**
 * Self samples per calling context (identified by its path of methods, bottom first, over all
 * threads). Use one ContextIds for profiles you compare.
 */
export function contextCounters(p: Profile, opts: OverlapOptions = {}, ids: ContextIds = new ContextIds()): Map<number, number> {
  const out = new Map<number, number>();
  const frames = new FrameNumbers(ids, (n) => frameKey(n, opts), opts.lines ?? false);
  for (const t of p.threads) {
    const stack: [CctNode, number][] = t.root.children.map((c) => [c, ids.child(0, frames.of(c))]);
    while (stack.length > 0) {
      const [n, id] = stack.pop()!;
      if (n.self > 0) out.set(id, (out.get(id) ?? 0) + n.self);
      for (const c of n.children) stack.push([c, ids.child(id, frames.of(c))]);
    }
  }
  return out;
}

function frameKey(n: CctNode, opts: OverlapOptions): string {
  const m = n.method ? methodKey(n.method) : '?';
  return opts.lines ? `${m}@${n.callLine}` : m;
}

/** Self samples per method (all contexts and threads). */
export function methodCounters(p: Profile): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of p.threads) {
    for (const n of t.nodes) {
      if (n.self > 0 && n.method) out.set(methodKey(n.method), (out.get(methodKey(n.method)) ?? 0) + n.self);
    }
  }
  return out;
}

/** The overlap percentage of two counter maps (0 if either has no weight). */
export function overlapOfCounters<K>(a: ReadonlyMap<K, number>, b: ReadonlyMap<K, number>): number {
  let sa = 0;
  let sb = 0;
  for (const v of a.values()) sa += v;
  for (const v of b.values()) sb += v;
  if (sa <= 0 || sb <= 0) return 0;
  let sum = 0;
  for (const [k, va] of a) {
    const vb = b.get(k);
    if (vb !== undefined && va > 0 && vb > 0) sum += Math.min(va / sa, vb / sb);
  }
  return Math.min(100, 100 * sum);
}

/** Overlap percentage over calling contexts (paper Section 7.1). */
export function overlap(a: Profile, b: Profile, opts: OverlapOptions = {}): number {
  const ids = new ContextIds();
  return overlapOfCounters(contextCounters(a, opts, ids), contextCounters(b, opts, ids));
}

/** The method-level variant: contexts collapsed to the method executing on top. */
export function methodOverlap(a: Profile, b: Profile): number {
  return overlapOfCounters(methodCounters(a), methodCounters(b));
}

/**
 * Self samples per calling context with lines: the path of (method, call-site line) frames and
 * the top frame's current line (the sample's line), over all threads.
 */
export function contextLineCounters(p: Profile, ids: ContextIds = new ContextIds()): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of p.threads) {
    const stack: [CctNode, number][] = t.root.children.map((c) => [c, ids.id(0, frameKey(c, { lines: true }))]);
    while (stack.length > 0) {
      const [n, id] = stack.pop()!;
      for (const h of n.lines) {
        const k = ids.id(id, `@${h.line}`);
        out.set(k, (out.get(k) ?? 0) + h.count);
      }
      for (const c of n.children) stack.push([c, ids.id(id, frameKey(c, { lines: true }))]);
    }
  }
  return out;
}

/** Self samples per source line (the top frame's method and current line), all contexts and threads. */
export function lineCounters(p: Profile): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of p.threads) {
    for (const n of t.nodes) {
      if (n.self <= 0 || !n.method) continue;
      const m = methodKey(n.method);
      for (const h of n.lines) out.set(`${m}:${h.line}`, (out.get(`${m}:${h.line}`) ?? 0) + h.count);
    }
  }
  return out;
}

/** Overlap over calling contexts with call-site lines and the sample's line. */
export function contextLineOverlap(a: Profile, b: Profile): number {
  const ids = new ContextIds();
  return overlapOfCounters(contextLineCounters(a, ids), contextLineCounters(b, ids));
}

/** Overlap over source lines alone (method and line of the top frame). */
export function lineOverlap(a: Profile, b: Profile): number {
  return overlapOfCounters(lineCounters(a), lineCounters(b));
}

/**
 * Paper 000 Table I's δb: the relative difference of the total bytecodes two profiles count,
 * |b(a) − b(b)| / b(a) (a is the reference, usually the exact profile).
 */
export function deltaBytecodes(reference: Profile, other: Profile): number {
  const r = reference.meta.totalBytecodes;
  return r === 0 ? (other.meta.totalBytecodes === 0 ? 0 : 1) : Math.abs(r - other.meta.totalBytecodes) / r;
}
