// Diff benchmark (docs/BENCHMARKS.md, "D. Profile diffs"): two synthetic 1,000,000-sample
// profiles (4 threads, ~C contexts at most 60 deep over 3,000 methods with lines; the second with a tenth of the
// contexts' samples changed and some contexts added or gone), then CPU time of
//   load:     profileFromJson of both (the JSON already parsed);
//   diff:     diffProfiles (komorium diff: methods, lines, contexts);
//   payload:  diffView (the differential payload: union tree, method and line deltas);
//   webview:  readProfile + buildTree + matchDiff + shades (what the flame graph does with it).
//
//   node --import tsx bench/diff.ts [--samples N] [--contexts C] [--reps R]

import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { profileFromJson } from '../server/src/profile/load';
import { diffProfiles } from '../server/src/profile/diff';
import { diffView } from '../server/src/profile/diff-view';
import { METHODS, THREADS, syntheticProfile } from './lib/synthetic-profile';
import { readProfile } from '../webview/model/profile';
import { buildTree } from '../webview/model/tree';
import { matchDiff, shades } from '../webview/model/diff';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '1000000' }, contexts: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' } } });
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
if (process.env.BENCH_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_DUMP, JSON.stringify(newFile));
const contexts = newFile.threads.reduce((a, t) => a + t.nodes.length - 1, 0);
console.log(`profiles: ${newFile.meta.totalSamples.toLocaleString('en-US')} samples, ${contexts.toLocaleString('en-US')} contexts, ${THREADS} threads, ${METHODS} methods; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`);
const rows: Record<string, number[]> = { load: [], diff: [], payload: [], 'payload JSON': [], webview: [] };
for (let rep = 0; rep < REPS; rep++) {
  const l = cpuMs(() => [profileFromJson(baseFile), profileFromJson(newFile)] as const);
  rows.load!.push(l.ms);
  const [b, n] = l.value;
  const d = cpuMs(() => diffProfiles(b, n));
  rows.diff!.push(d.ms);
  const v = cpuMs(() => diffView(b, n, 'base.json'));
  rows.payload!.push(v.ms);
  const j = cpuMs(() => JSON.parse(JSON.stringify(v.value)) as unknown);
  rows['payload JSON']!.push(j.ms);
  const w = cpuMs(() => {
    const p = readProfile(newFile);
    const t = buildTree(p);
    const m = matchDiff(p, t, v.value.all, v.value.baseBytecodes, v.value.newBytecodes);
    return shades(t, m);
  });
  rows.webview!.push(w.ms);
  if (rep === 0) console.log(`diff: ${d.value.methods.length} methods, ${d.value.lines.length} lines, ${d.value.contexts.length} contexts changed; payload: ${v.value.all.parent.length.toLocaleString('en-US')} contexts, ${(JSON.stringify(v.value).length / 1e6).toFixed(1)} MB JSON`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [k, xs] of Object.entries(rows)) console.log(`${k.padEnd(13)} median ${median(xs).toFixed(0).padStart(6)} ms CPU   (${xs.map((x) => x.toFixed(0)).join(', ')})`);
