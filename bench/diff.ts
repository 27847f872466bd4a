// Diff benchmark (docs/BENCHMARKS.md, "D. Profile diffs"): two synthetic 1,000,000-sample
// profiles (4 threads, ~C contexts at most 60 deep over 3,000 methods with lines; the second with a tenth of the
// contexts' samples changed and some contexts added or gone), then CPU time of
//   load:     profileFromJson of both (the JSON already parsed);
//   diff:     diffProfiles (komorium diff: methods, lines, contexts);
//   payload:  diffView (the differential payload: union tree, method and line deltas);
//   webview:  readProfile + buildTree + matchDiff + shades (what the flame graph does with it).
//
//   node --import tsx bench/diff.ts [--samples N] [--contexts C] [--reps R] [--only diff,payload,...]
//
// --only runs the listed steps alone (e.g. under `node --cpu-prof`); load always runs.

import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { profileFromJson } from '../server/src/profile/load';
import { diffProfiles } from '../server/src/profile/diff';
import { diffView } from '../server/src/profile/diff-view';
import type { NodeEntry, ProfileFile, ThreadFile } from '../server/src/profile/schema';
import { readProfile } from '../webview/model/profile';
import { buildTree } from '../webview/model/tree';
import { matchDiff, shades } from '../webview/model/diff';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '1000000' }, contexts: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' }, only: { type: 'string' } } });
const ONLY = values.only === undefined ? null : new Set(values.only.split(','));
const want = (step: string): boolean => ONLY === null || ONLY.has(step);
const SAMPLES = Number(values.samples);
const CONTEXTS = Number(values.contexts);
const REPS = Number(values.reps);
const THREADS = 4;
const METHODS = 3000;
const MAX_DEPTH = 60;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s ^= s + Math.imul(s ^ (s >>> 7), s | 61);
    return ((s ^ (s >>> 14)) >>> 0) / 4294967296;
  };
}

function profile(variant: number): ProfileFile {
  const r = rng(42);
  const methods: [string, string, string, string | null][] = [];
  for (let m = 0; m < METHODS; m++) methods.push([`bench.pkg${m % 40}.C${m % 300}`, `m${m}`, `(I)V`, `C${m % 300}.java`]);
  const threads: ThreadFile[] = [];
  let totalBytecodes = 0;
  for (let t = 0; t < THREADS; t++) {
    const n = Math.floor(CONTEXTS / THREADS);
    const nodes: NodeEntry[] = [[-1, -1, 0, 0]];
    const selfs = new Float64Array(n);
    const depth = new Int32Array(n);
    for (let i = 1; i < n; i++) {
      // parents mostly recent (paths of some depth), at most MAX_DEPTH deep, sometimes anywhere
      let parent = r() < 0.8 ? Math.max(0, i - 1 - Math.floor(r() * 8)) : Math.floor(r() * i);
      if (depth[parent]! >= MAX_DEPTH) parent = Math.floor(r() * Math.min(i, 200));
      depth[i] = depth[parent]! + 1;
      nodes.push([parent, Math.floor(r() * METHODS), 1 + Math.floor(r() * 200), 0]);
      selfs[i] = r();
    }
    // the variant changes a tenth of the contexts' weights
    const r2 = rng(7 + t);
    if (variant === 1) for (let i = 1; i < n; i++) if (r2() < 0.1) selfs[i] = selfs[i]! * (0.5 + 2 * r2());
    let sum = 0;
    for (let i = 1; i < n; i++) sum += selfs[i]!;
    const per = SAMPLES / THREADS;
    let samples = 0;
    for (let i = 1; i < n; i++) {
      const s = Math.floor((selfs[i]! / sum) * per);
      if (s > 0) {
        const line = 1 + (i % 50);
        nodes[i] = [nodes[i]![0], nodes[i]![1], nodes[i]![2], s, s > 1 ? [line, s - 1, line + 1, 1] : [line, 1]];
      }
      samples += s;
    }
    const bytecodes = samples * 10000;
    totalBytecodes += bytecodes;
    threads.push({ name: `worker-${t}`, seq: 0, bytecodes, samples, nodes });
  }
  const totalSamples = threads.reduce((a, t) => a + t.samples, 0);
  return {
    format: 'komorium-profile',
    version: 1,
    meta: { engine: 'bench', vm: '', jdk: '17', granularity: 10000, random: 100, seed: 1, program: 'bench.Main', args: [], scope: 'all', agent: 'bench', startTime: 0, endTime: 1, totalBytecodes, totalSamples },
    methods,
    threads,
  };
}

function cpuMs<T>(f: () => T): { ms: number; value: T } {
  const a = process.cpuUsage();
  const value = f();
  const b = process.cpuUsage(a);
  return { ms: (b.user + b.system) / 1000, value };
}

const baseFile = profile(0);
const newFile = profile(1);
if (process.env.BENCH_DUMP) {
  // BENCH_DUMP=prefix: the two profiles as prefix0.json and prefix1.json
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${process.env.BENCH_DUMP}0.json`, JSON.stringify(baseFile));
  writeFileSync(`${process.env.BENCH_DUMP}1.json`, JSON.stringify(newFile));
}
const contexts = newFile.threads.reduce((a, t) => a + t.nodes.length - 1, 0);
console.log(`profiles: ${newFile.meta.totalSamples.toLocaleString('en-US')} samples, ${contexts.toLocaleString('en-US')} contexts, ${THREADS} threads, ${METHODS} methods; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`);
const rows: Record<string, number[]> = { load: [], diff: [], payload: [], 'payload JSON': [], webview: [] };
for (let rep = 0; rep < REPS; rep++) {
  const l = cpuMs(() => [profileFromJson(baseFile), profileFromJson(newFile)] as const);
  rows.load!.push(l.ms);
  const [b, n] = l.value;
  if (want('diff')) {
    const d = cpuMs(() => diffProfiles(b, n));
    rows.diff!.push(d.ms);
    if (rep === 0) console.log(`diff: ${d.value.methods.length} methods, ${d.value.lines.length} lines, ${d.value.contexts.length} contexts changed`);
    // BENCH_DIFF_OUT=file: the diff as JSON (to check that a change keeps the output identical)
    if (rep === 0 && process.env.BENCH_DIFF_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_DIFF_OUT, JSON.stringify(d.value));
  }
  if (!want('payload') && !want('payload JSON') && !want('webview')) continue;
  const v = cpuMs(() => diffView(b, n, 'base.json'));
  rows.payload!.push(v.ms);
  if (rep === 0) console.log(`payload: ${v.value.all.parent.length.toLocaleString('en-US')} contexts, ${(JSON.stringify(v.value).length / 1e6).toFixed(1)} MB JSON`);
  if (rep === 0 && process.env.BENCH_VIEW_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_VIEW_OUT, JSON.stringify(v.value));
  if (want('payload JSON')) rows['payload JSON']!.push(cpuMs(() => JSON.parse(JSON.stringify(v.value)) as unknown).ms);
  if (want('webview')) {
    const w = cpuMs(() => {
      const p = readProfile(newFile);
      const t = buildTree(p);
      const m = matchDiff(p, t, v.value.all, v.value.baseBytecodes, v.value.newBytecodes);
      return shades(t, m);
    });
    rows.webview!.push(w.ms);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [k, xs] of Object.entries(rows)) if (xs.length > 0) console.log(`${k.padEnd(13)} median ${median(xs).toFixed(0).padStart(6)} ms CPU   (${xs.map((x) => x.toFixed(0)).join(', ')})`);
