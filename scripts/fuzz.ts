// Class-file fuzzer: mutates real class files with a seeded PRNG and checks that readClass either
// accepts the result or rejects it with a ClassFormatError — never another exception type, never
// more than a time limit per case. An accepted class must also write back byte-identically
// (writeClass may only fail with a ClassFormatError or CodeModelError, which is reported).
//
//   npm run fuzz -- --cases 100000 --seed 42        run cases 0..99999 of seed 42
//   npm run fuzz -- --seed 42 --case 1234           reproduce one case, with the full stack
//   npm run fuzz -- --corpus some/dir               fuzz the .class files under a directory
//   npm run fuzz -- --engine --cases 2000 --seed 42  also re-encode, verify, transform and run each
//                                                    mutated class on the embedded engine (fuzz-engine.ts)
//
// Each case has its own PRNG derived from (seed, case number), so any case reproduces alone.

import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { resolve } from 'node:path';
import { prng } from '../server/src/prng';
import { readClass } from '../server/src/classfile/reader';
import { writeClass } from '../server/src/classfile/writer';
import { ClassFormatError, CodeModelError } from '../server/src/classfile/errors';
import { compileTestPrograms, extractJdkClasses, loadClassDir, type ClassBytes } from '../test/unit/classfile-fixtures';

// ---- seeded randomness --------------------------------------------------------------------------

export { prng };

/** The PRNG seed of one case: a hash of the run seed and the case number. */
export function caseSeed(seed: number, caseNo: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ caseNo;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

// ---- mutations ----------------------------------------------------------------------------------

type Rand = () => number;
const int = (r: Rand, n: number): number => Math.floor(r() * n);
const INTERESTING = [0x00, 0x01, 0x02, 0x07, 0x3f, 0x40, 0x7f, 0x80, 0xc0, 0xe0, 0xf7, 0xf8, 0xfe, 0xff];

function readU4(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
}

/** Applies one random mutation to `b`, returning the new bytes and a description. */
function mutateOnce(b: Uint8Array, r: Rand): [Uint8Array, string] {
  const len = b.length;
  if (len === 0) return [Uint8Array.from([int(r, 256)]), 'grow'];
  const off = int(r, len);
  const kind = int(r, 100);
  if (kind < 22) {
    const bit = int(r, 8);
    b[off] ^= 1 << bit;
    return [b, `flip bit ${bit} @${off}`];
  }
  if (kind < 40) {
    const v = r() < 0.5 ? INTERESTING[int(r, INTERESTING.length)]! : int(r, 256);
    b[off] = v;
    return [b, `set @${off}=${v}`];
  }
  if (kind < 58 && off + 1 < len) {
    const old = (b[off]! << 8) | b[off + 1]!;
    const choices = [old + 1, old - 1, old + 1 + int(r, 16), old - 1 - int(r, 16), 0, 0xffff, old ^ 0x8000, int(r, 0x10000)];
    const v = choices[int(r, choices.length)]! & 0xffff;
    b[off] = v >> 8;
    b[off + 1] = v & 0xff;
    return [b, `u2 @${off}: ${old}->${v}`];
  }
  if (kind < 72) {
    // A u4 that looks like a length (attribute_length, code_length): nudge it.
    for (let o = off; o + 4 <= len; o++) {
      const old = readU4(b, o);
      if (old > 0 && old <= len - o) {
        const choices = [old + 1, old - 1, old + 2 + int(r, 8), Math.max(0, old - 2 - int(r, 8)), 0, 0xffffffff, old + 0x10000];
        const v = choices[int(r, choices.length)]! >>> 0;
        b[o] = v >>> 24;
        b[o + 1] = (v >>> 16) & 0xff;
        b[o + 2] = (v >>> 8) & 0xff;
        b[o + 3] = v & 0xff;
        return [b, `u4 @${o}: ${old}->${v}`];
      }
    }
    return [b, 'u4 (none found)'];
  }
  if (kind < 80) {
    const n = 1 + int(r, 16);
    const out = new Uint8Array(len + n);
    out.set(b.subarray(0, off));
    for (let i = 0; i < n; i++) out[off + i] = int(r, 256);
    out.set(b.subarray(off), off + n);
    return [out, `insert ${n} @${off}`];
  }
  if (kind < 88) {
    const n = Math.min(len - off, 1 + int(r, 16));
    const out = new Uint8Array(len - n);
    out.set(b.subarray(0, off));
    out.set(b.subarray(off + n), off);
    return [out, `delete ${n} @${off}`];
  }
  if (kind < 95) {
    const from = int(r, len);
    const n = Math.min(1 + int(r, 64), len - from, len - off);
    b.copyWithin(off, from, from + n);
    return [b, `copy ${n} @${from}->@${off}`];
  }
  return [b.slice(0, off), `truncate to ${off}`];
}

export interface FuzzCase {
  caseNo: number;
  file: string;
  mutations: string[];
  bytes: Uint8Array;
}

/** Builds case `caseNo` of run `seed`: a corpus file with 1-8 mutations (mostly few). */
export function makeCase(corpus: readonly ClassBytes[], seed: number, caseNo: number): FuzzCase {
  const r = prng(caseSeed(seed, caseNo));
  const src = corpus[int(r, corpus.length)]!;
  let bytes: Uint8Array = Uint8Array.from(src.bytes);
  const n = 1 + Math.floor(r() * r() * 8);
  const mutations: string[] = [];
  for (let i = 0; i < n; i++) {
    const [next, what] = mutateOnce(bytes, r);
    bytes = next;
    mutations.push(what);
  }
  return { caseNo, file: src.name, mutations, bytes };
}

// ---- running ------------------------------------------------------------------------------------

export type Outcome = 'accepted' | 'rejected' | 'write-rejected' | 'failed';

export interface CaseResult {
  outcome: Outcome;
  ms: number;
  /** For failures: what went wrong. */
  problem?: string;
  error?: unknown;
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** Runs one case: read, and if accepted, write and compare. */
export function runCase(c: FuzzCase, maxMs = 1000): CaseResult {
  const t0 = performance.now();
  let result: CaseResult;
  try {
    // Odd cases also exercise the lenient mode (malformed annotations kept as raw bytes).
    const cf = readClass(c.bytes, c.file, { lenientAnnotations: c.caseNo % 2 === 1 });
    try {
      const out = writeClass(cf);
      const d = firstDifference(out, c.bytes);
      result =
        d < 0
          ? { outcome: 'accepted', ms: 0 }
          : { outcome: 'failed', ms: 0, problem: `accepted, but writes back differently from offset ${d} (${c.bytes.length} → ${out.length} bytes)` };
    } catch (e) {
      result =
        e instanceof ClassFormatError || e instanceof CodeModelError
          ? { outcome: 'write-rejected', ms: 0, error: e }
          : { outcome: 'failed', ms: 0, problem: `writeClass threw ${describe(e)}`, error: e };
    }
  } catch (e) {
    result = e instanceof ClassFormatError ? { outcome: 'rejected', ms: 0, error: e } : { outcome: 'failed', ms: 0, problem: `readClass threw ${describe(e)}`, error: e };
  }
  result.ms = performance.now() - t0;
  if (result.outcome !== 'failed' && result.ms > maxMs) {
    result = { ...result, outcome: 'failed', problem: `took ${result.ms.toFixed(0)} ms (limit ${maxMs} ms)` };
  }
  return result;
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);
}

export interface FuzzFailure {
  seed: number;
  caseNo: number;
  file: string;
  mutations: string[];
  problem: string;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  accepted: number;
  rejected: number;
  writeRejected: number;
  failures: FuzzFailure[];
  slowestMs: number;
  slowestCase: number;
  elapsedMs: number;
}

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** First case number (default 0). */
  from?: number;
  maxMs?: number;
  /** Called every `progressEvery` cases. */
  onProgress?: (done: number, report: FuzzReport) => void;
  progressEvery?: number;
}

export function fuzz(corpus: readonly ClassBytes[], opts: FuzzOptions): FuzzReport {
  if (corpus.length === 0) throw new Error('empty fuzz corpus');
  const from = opts.from ?? 0;
  const report: FuzzReport = {
    seed: opts.seed,
    cases: 0,
    accepted: 0,
    rejected: 0,
    writeRejected: 0,
    failures: [],
    slowestMs: 0,
    slowestCase: -1,
    elapsedMs: 0,
  };
  const t0 = performance.now();
  for (let k = from; k < from + opts.cases; k++) {
    const c = makeCase(corpus, opts.seed, k);
    const res = runCase(c, opts.maxMs);
    report.cases++;
    if (res.ms > report.slowestMs) {
      report.slowestMs = res.ms;
      report.slowestCase = k;
    }
    if (res.outcome === 'accepted') report.accepted++;
    else if (res.outcome === 'rejected') report.rejected++;
    else if (res.outcome === 'write-rejected') report.writeRejected++;
    else report.failures.push({ seed: opts.seed, caseNo: k, file: c.file, mutations: c.mutations, problem: res.problem ?? '?' });
    if (opts.onProgress && (k - from + 1) % (opts.progressEvery ?? 10000) === 0) opts.onProgress(k - from + 1, report);
  }
  report.elapsedMs = performance.now() - t0;
  return report;
}

/** The default corpus: the compiled Java test programs plus the JDK sample of the unit tests. */
export function defaultCorpus(): ClassBytes[] {
  return [...compileTestPrograms(), ...extractJdkClasses()];
}

export function formatFailure(f: FuzzFailure): string {
  return `seed ${f.seed} case ${f.caseNo}: ${f.file} [${f.mutations.join('; ')}]: ${f.problem}\n  reproduce: npm run fuzz -- --seed ${f.seed} --case ${f.caseNo}`;
}

// ---- command line -------------------------------------------------------------------------------

function parseArgs(argv: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) m.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) m.set(a.slice(2), argv[++i]!);
    else m.set(a.slice(2), 'true');
  }
  return m;
}

function main(): number | Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.has('engine')) return import('./fuzz-engine-cli').then((m) => m.engineMain(args));
  const num = (k: string, d: number): number => {
    const v = args.get(k);
    if (v === undefined) return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${k} needs a non-negative integer, got ${v}`);
    return n;
  };
  const seed = num('seed', Math.floor(Math.random() * 0x7fffffff));
  const maxMs = num('max-ms', 1000);
  const corpusDir = args.get('corpus');
  const corpus = corpusDir ? loadClassDir(resolve(corpusDir)) : defaultCorpus();
  const one = args.get('case');
  if (one !== undefined) {
    const c = makeCase(corpus, seed, num('case', 0));
    console.log(`seed ${seed} case ${c.caseNo}: ${c.file} (${c.bytes.length} bytes)\n  mutations: ${c.mutations.join('; ')}`);
    const res = runCase(c, maxMs);
    console.log(`  outcome: ${res.outcome} in ${res.ms.toFixed(1)} ms${res.problem ? `: ${res.problem}` : ''}`);
    if (res.error instanceof Error) console.log(`  ${res.error.stack ?? res.error.message}`);
    return res.outcome === 'failed' ? 1 : 0;
  }
  const cases = num('cases', 100000);
  console.log(`fuzz: seed ${seed}, ${cases} cases over ${corpus.length} class files, ${maxMs} ms limit per case`);
  const report = fuzz(corpus, {
    cases,
    seed,
    from: num('from', 0),
    maxMs,
    progressEvery: 10000,
    onProgress: (done, r) => console.log(`  ${done} cases: ${r.accepted} accepted, ${r.rejected} rejected, ${r.failures.length} failures`),
  });
  for (const f of report.failures.slice(0, 50)) console.log(formatFailure(f));
  console.log(
    `fuzz: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s: ${report.accepted} accepted (identical on write), ` +
      `${report.rejected} rejected with ClassFormatError, ${report.writeRejected} rejected by writeClass, ` +
      `${report.failures.length} failures; slowest case ${report.slowestCase} (${report.slowestMs.toFixed(1)} ms)`,
  );
  return report.failures.length === 0 ? 0 : 1;
}

// (Not in the engine fuzzer's worker threads: their bundle contains this module, and their argv[1] is the bundle.)
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void Promise.resolve(main()).then((code) => (process.exitCode = code));
