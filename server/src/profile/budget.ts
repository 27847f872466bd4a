// Bytecode budgets (komorium check): limits on a profile's total bytecodes, on methods and on
// calling contexts, and on growth over a baseline profile. The schema is in
// docs/PROFILE_FORMAT.md ("Budgets"); parseBudget validates it with JSON-path errors.

import { readFileSync } from 'node:fs';
import { methodStats } from './lines';
import { methodLabel, qualifiedName } from './format';
import type { CctNode, Profile } from './schema';
import { mergeThreads, pathTo, preorder } from './tree';

export interface Limits {
  maxTotalBytecodes?: number;
  maxSelfBytecodes?: number;
}

export interface MethodBudget extends Limits {
  /** Glob on `pkg.Cls.method` (or `pkg.Cls.method(desc)` when it has a `(`): `*` any run of characters, `?` one. */
  match: string;
}

export interface ContextBudget extends Limits {
  /** Frame globs separated by `;` (caller first), matched against the end of a context's path. */
  match: string;
}

export interface Budget {
  total?: { maxBytecodes?: number; maxGrowth?: number };
  methods: MethodBudget[];
  contexts: ContextBudget[];
  /** Only the threads with this name (default: all threads). */
  thread?: string;
}

export class BudgetError extends Error {
  override readonly name = 'BudgetError';
  constructor(
    readonly source: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${source}: ${path}: ${problem}`);
  }
}

/** `2%` or `2` (percent) or a number: a growth limit in percent. */
export function parseGrowth(s: string | number, source = '--max-growth', path = '$'): number {
  const text = String(s).trim();
  const m = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text);
  if (!m) throw new BudgetError(source, path, `a growth limit is a percentage like "2%" or 2.5, got ${JSON.stringify(s)}`);
  return Number(m[1]);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkKeys(o: Record<string, unknown>, allowed: string[], source: string, path: string): void {
  for (const k of Object.keys(o)) {
    if (!allowed.includes(k)) throw new BudgetError(source, `${path}.${k}`, `unknown field (expected one of ${allowed.join(', ')})`);
  }
}

function limit(o: Record<string, unknown>, key: string, source: string, path: string): number | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new BudgetError(source, `${path}.${key}`, `must be a non-negative number of bytecodes, got ${JSON.stringify(v)}`);
  return v;
}

function entries(v: unknown, key: 'methods' | 'contexts', source: string): MethodBudget[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new BudgetError(source, `$.${key}`, 'must be an array of {"match": ..., "maxTotalBytecodes": N, "maxSelfBytecodes": N}');
  return v.map((e, i) => {
    const path = `$.${key}[${i}]`;
    if (!isObject(e)) throw new BudgetError(source, path, 'must be an object');
    checkKeys(e, ['match', 'maxTotalBytecodes', 'maxSelfBytecodes', 'comment'], source, path);
    if (typeof e.match !== 'string' || e.match.trim() === '') throw new BudgetError(source, `${path}.match`, `must be a non-empty pattern string like "pkg.Cls.m*", got ${JSON.stringify(e.match)}`);
    const maxTotalBytecodes = limit(e, 'maxTotalBytecodes', source, path);
    const maxSelfBytecodes = limit(e, 'maxSelfBytecodes', source, path);
    if (maxTotalBytecodes === undefined && maxSelfBytecodes === undefined) throw new BudgetError(source, path, 'needs maxTotalBytecodes or maxSelfBytecodes');
    return { match: e.match, ...(maxTotalBytecodes !== undefined ? { maxTotalBytecodes } : {}), ...(maxSelfBytecodes !== undefined ? { maxSelfBytecodes } : {}) };
  });
}

/** Validates a parsed budget file. */
export function parseBudget(json: unknown, source = '<budget>'): Budget {
  if (!isObject(json)) throw new BudgetError(source, '$', 'a budget file is a JSON object like {"total": {"maxBytecodes": N}, "methods": [...]}');
  checkKeys(json, ['$schema', 'comment', 'total', 'methods', 'contexts', 'thread'], source, '$');
  const budget: Budget = { methods: entries(json.methods, 'methods', source), contexts: entries(json.contexts, 'contexts', source) };
  if (json.total !== undefined) {
    if (!isObject(json.total)) throw new BudgetError(source, '$.total', 'must be an object like {"maxBytecodes": N}');
    checkKeys(json.total, ['maxBytecodes', 'maxGrowth', 'comment'], source, '$.total');
    const maxBytecodes = limit(json.total, 'maxBytecodes', source, '$.total');
    const g = json.total.maxGrowth;
    const maxGrowth = g === undefined ? undefined : typeof g === 'string' || typeof g === 'number' ? parseGrowth(g, source, '$.total.maxGrowth') : parseGrowth(JSON.stringify(g), source, '$.total.maxGrowth');
    budget.total = { ...(maxBytecodes !== undefined ? { maxBytecodes } : {}), ...(maxGrowth !== undefined ? { maxGrowth } : {}) };
  }
  if (json.thread !== undefined) {
    if (typeof json.thread !== 'string') throw new BudgetError(source, '$.thread', `must be a thread name, got ${JSON.stringify(json.thread)}`);
    budget.thread = json.thread;
  }
  return budget;
}

export function loadBudget(path: string): Budget {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new BudgetError(path, '$', `cannot read the file: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new BudgetError(path, '$', `not JSON: ${(e as Error).message}`);
  }
  return parseBudget(json, path);
}

/** A glob (`*`, `?`) as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.+()[\]{}|]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

export interface Violation {
  /** What the limit is on: `total`, `method pkg.Cls.m(desc)`, `context a > b`. */
  subject: string;
  what: 'bytecodes' | 'growth' | 'total bytecodes' | 'self bytecodes';
  limit: number;
  actual: number;
  /** actual - limit (bytecodes, or percentage points for growth). */
  over: number;
}

export interface CheckResult {
  violations: Violation[];
  /** Checks made (each limit on each matched method or context). */
  checked: number;
  /** Patterns that matched nothing (not a failure: the code may be gone). */
  unmatched: string[];
  totalBytecodes: number;
  baselineBytecodes?: number;
  /** Growth over the baseline in percent. */
  growth?: number;
}

function over(subject: string, what: Violation['what'], limitValue: number, actual: number, out: Violation[]): void {
  if (actual > limitValue) out.push({ subject, what, limit: limitValue, actual, over: actual - limitValue });
}

/** Method names a pattern is matched against: with a descriptor only if the pattern has one. */
function nameFor(m: { className: string; name: string; descriptor: string }, pattern: string): string {
  return pattern.includes('(') ? `${m.className}.${m.name}${m.descriptor}` : `${m.className}.${m.name}`;
}

/** What the growth check reads of a baseline: its threads' names and bytecodes (a Profile, or a diff side from the side cache). */
export interface BaselineTotals {
  threads: readonly { name: string; bytecodes: number }[];
}

/** Checks `profile` against the budget, and its total against `baseline` when given. */
export function checkBudget(profile: Profile, budget: Budget, opts: { baseline?: BaselineTotals; maxGrowth?: number } = {}): CheckResult {
  const threads = budget.thread === undefined ? profile.threads : profile.threads.filter((t) => t.name === budget.thread);
  const violations: Violation[] = [];
  const unmatched: string[] = [];
  let checked = 0;
  const totalBytecodes = threads.reduce((s, t) => s + t.bytecodes, 0);
  if (budget.total?.maxBytecodes !== undefined) {
    checked++;
    over('total', 'bytecodes', budget.total.maxBytecodes, totalBytecodes, violations);
  }
  const result: CheckResult = { violations, checked, unmatched, totalBytecodes };
  const maxGrowth = opts.maxGrowth ?? budget.total?.maxGrowth;
  if (opts.baseline) {
    const bt = budget.thread === undefined ? opts.baseline.threads : opts.baseline.threads.filter((t) => t.name === budget.thread);
    const base = bt.reduce((s, t) => s + t.bytecodes, 0);
    const growth = base > 0 ? (100 * (totalBytecodes - base)) / base : totalBytecodes > 0 ? Infinity : 0;
    result.baselineBytecodes = base;
    result.growth = growth;
    if (maxGrowth !== undefined) {
      checked++;
      over('total', 'growth', maxGrowth, growth, violations);
    }
  }
  if (budget.methods.length > 0) {
    // Per method, estimated bytecodes summed over threads, each thread at its own ratio.
    const byMethod = new Map<string, { label: string; name: { className: string; name: string; descriptor: string }; self: number; total: number }>();
    for (const t of threads) {
      const ratio = t.samples > 0 ? t.bytecodes / t.samples : 0;
      for (const s of methodStats(t)) {
        const key = methodLabel(s.method, true);
        let e = byMethod.get(key);
        if (!e) byMethod.set(key, (e = { label: key, name: s.method, self: 0, total: 0 }));
        e.self += s.self * ratio;
        e.total += s.total * ratio;
      }
    }
    for (const b of budget.methods) {
      const re = globToRegExp(b.match);
      let hits = 0;
      for (const e of byMethod.values()) {
        if (!re.test(nameFor(e.name, b.match))) continue;
        hits++;
        if (b.maxTotalBytecodes !== undefined) {
          checked++;
          over(`method ${e.label}`, 'total bytecodes', b.maxTotalBytecodes, Math.round(e.total), violations);
        }
        if (b.maxSelfBytecodes !== undefined) {
          checked++;
          over(`method ${e.label}`, 'self bytecodes', b.maxSelfBytecodes, Math.round(e.self), violations);
        }
      }
      if (hits === 0) unmatched.push(`methods: ${b.match}`);
    }
  }
  if (budget.contexts.length > 0) {
    const tree = mergeThreads(profile, threads);
    const nodes = preorder(tree.root).filter((n) => n.method !== null);
    for (const b of budget.contexts) {
      const pats = b.match.split(';').map((s) => s.trim());
      const res = pats.map(globToRegExp);
      let hits = 0;
      for (const n of nodes) {
        const path = pathTo(n);
        if (path.length < res.length) continue;
        const tail = path.slice(path.length - res.length);
        if (!tail.every((f: CctNode, i) => res[i]!.test(nameFor(f.method!, pats[i]!)))) continue;
        hits++;
        const label = `context ${path.map((f) => `${qualifiedName(f.method!)}${f.callLine > 0 ? `:${f.callLine}` : ''}`).join(' > ')}`;
        if (b.maxTotalBytecodes !== undefined) {
          checked++;
          over(label, 'total bytecodes', b.maxTotalBytecodes, Math.round(n.totalBytecodes), violations);
        }
        if (b.maxSelfBytecodes !== undefined) {
          checked++;
          over(label, 'self bytecodes', b.maxSelfBytecodes, Math.round(n.selfBytecodes), violations);
        }
      }
      if (hits === 0) unmatched.push(`contexts: ${b.match}`);
    }
  }
  result.checked = checked;
  return result;
}

function num(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** The report `komorium check` prints. */
export function formatCheck(r: CheckResult): string {
  const out: string[] = [];
  out.push(`total: ${num(r.totalBytecodes)} bytecodes${r.baselineBytecodes !== undefined ? ` (baseline ${num(r.baselineBytecodes)}, ${r.growth! >= 0 ? '+' : ''}${r.growth!.toFixed(2)}%)` : ''}`);
  for (const v of r.violations) {
    if (v.what === 'growth') out.push(`OVER  ${v.subject}: grew ${v.actual.toFixed(2)}%, limit ${v.limit}% (over by ${v.over.toFixed(2)} percentage points)`);
    else out.push(`OVER  ${v.subject}: ${v.what} ${num(v.actual)} > limit ${num(v.limit)} (over by ${num(v.over)}, ${((100 * v.over) / Math.max(v.limit, 1)).toFixed(2)}%)`);
  }
  for (const u of r.unmatched) out.push(`note: budget pattern matched nothing: ${u}`);
  out.push(r.violations.length === 0 ? `ok: ${r.checked} limits, none exceeded` : `FAILED: ${r.violations.length} of ${r.checked} limits exceeded`);
  return `${out.join('\n')}\n`;
}
