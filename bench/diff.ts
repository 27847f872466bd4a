// Diff benchmark (docs/BENCHMARKS.md, "D. Profile diffs"): two synthetic 1,000,000-sample
// profiles (4 threads, ~C contexts at most 60 deep over 3,000 methods with lines; the second with a tenth of the
// contexts' samples changed and some contexts added or gone), then CPU time of
//   parse:    JSON.parse of both files' text;
//   load:     profileFromJson of both (the JSON already parsed);
//   diff:     diffProfiles (komorium diff: methods, lines, contexts);
//   payload:  diffView (the differential payload: union tree, method and line deltas);
//   payload JSON: the flame graph's part of it (diffPayload) through JSON.stringify and parse (as LSP sends it);
//   webview:  readProfile + buildTree + matchDiff + shades (what the flame graph does with it).
// and `open`, the sum of the medians of what Compare with Baseline… costs (parse, load,
// payload, payload JSON, webview): the CPU part of opening the differential flame graph.
//
//   node --import tsx bench/diff.ts [--samples N] [--contexts C] [--reps R] [--only diff,payload,...]
//
// --only runs the listed steps alone (e.g. under `node --cpu-prof`); load always runs.

import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { profileFromJson } from '../server/src/profile/load';
import { diffProfiles } from '../server/src/profile/diff';
import { diffPayload, diffView } from '../server/src/profile/diff-view';
import { METHODS, THREADS, syntheticProfile } from './lib/synthetic-profile';
import { readProfile } from '../webview/model/profile';
import { buildTree } from '../webview/model/tree';
import { matchDiff, shades } from '../webview/model/diff';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '1000000' }, contexts: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' }, only: { type: 'string' } } });
const ONLY = values.only === undefined ? null : new Set(values.only.split(','));
const want = (step: string): boolean => ONLY === null || ONLY.has(step);
const SAMPLES = Number(values.samples);
const CONTEXTS = Number(values.contexts);
const REPS = Number(values.reps);
function cpuMs<T>(f: () => T): { ms: number; value: T } {
  const a = process.cpuUsage();
  const value = f();
  const b = process.cpuUsage(a);
  return { ms: (b.user + b.system) / 1000, value };
}

const baseFile = syntheticProfile(0, SAMPLES, CONTEXTS);
const newFile = syntheticProfile(1, SAMPLES, CONTEXTS);
if (process.env.BENCH_DUMP) {
  // BENCH_DUMP=prefix: the two profiles as prefix0.json and prefix1.json
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${process.env.BENCH_DUMP}0.json`, JSON.stringify(baseFile));
  writeFileSync(`${process.env.BENCH_DUMP}1.json`, JSON.stringify(newFile));
}
const contexts = newFile.threads.reduce((a, t) => a + t.nodes.length - 1, 0);
console.log(`profiles: ${newFile.meta.totalSamples.toLocaleString('en-US')} samples, ${contexts.toLocaleString('en-US')} contexts, ${THREADS} threads, ${METHODS} methods; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`);
const baseText = JSON.stringify(baseFile);
const newText = JSON.stringify(newFile);
const rows: Record<string, number[]> = { parse: [], load: [], diff: [], payload: [], 'payload JSON': [], webview: [] };
for (let rep = 0; rep < REPS; rep++) {
  rows.parse!.push(cpuMs(() => [JSON.parse(baseText), JSON.parse(newText)] as unknown).ms);
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
  if (rep === 0) console.log(`payload: ${v.value.all.parent.length.toLocaleString('en-US')} contexts, ${(JSON.stringify(v.value).length / 1e6).toFixed(1)} MB JSON (${v.value.methods.length} methods, ${v.value.lines.length} lines); to the flame graph ${(JSON.stringify(diffPayload(v.value)).length / 1e6).toFixed(1)} MB`);
  if (rep === 0 && process.env.BENCH_VIEW_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_VIEW_OUT, JSON.stringify(v.value));
  if (want('payload JSON')) rows['payload JSON']!.push(cpuMs(() => JSON.parse(JSON.stringify(diffPayload(v.value))) as unknown).ms);
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
const OPEN = ['parse', 'load', 'payload', 'payload JSON', 'webview'];
if (OPEN.every((k) => rows[k]!.length > 0)) console.log(`${'open'.padEnd(13)} ${OPEN.reduce((a, k) => a + median(rows[k]!), 0).toFixed(0).padStart(13)} ms CPU   (sum of the medians of ${OPEN.join(', ')})`);
