// Diff benchmark (docs/BENCHMARKS.md, "D. Profile diffs"): two synthetic 1,000,000-sample
// profiles (4 threads, ~C contexts at most 60 deep over 3,000 methods with lines; the second with a tenth of the
// contexts' samples changed and some contexts added or gone), then CPU time of
//   parse:    JSON.parse of both files' text;
//   load:     profileFromJson of both (the JSON already parsed; the object model);
//   diff:     diffProfiles on the object model (every entry built: the API the tests use);
//   cli:      what `komorium diff` does after reading the files: parse and flat load of both,
//             diffFlat, formatDiff as text (the first 20 rows per section);
//   payload:  the diff job of the language server's profile worker (profileJob 'diff': read and
//             parse the baseline file, diffViewFlat against the open profile's flat form, which
//             the server keeps from loading it; `payload (text)`: the same job given the open
//             profile's text instead, parsed again, as for a profile without a flat form);
//   payload JSON: the flame graph's part of it (diffPayload) through JSON.stringify and parse (as LSP sends it);
//   webview cold:  the webview reading a new profile with its diff: JSON.parse of the profile text,
//             readProfile, buildTree, asDiff, matchDiff, shades;
//   webview shown: Compare with Baseline… on the profile already shown (the webview keeps it and
//             its tree): asDiff, matchDiff, shades;
// and `open`, the sum of the medians of what Compare with Baseline… costs in CPU once the
// profile is shown (payload, payload JSON, webview shown). With --cli, also the whole
// `bin/komorium.mjs diff` (text) as a child process: wall and CPU time (dist/ must be built).
//
//   node --import tsx bench/diff.ts [--samples N] [--contexts C] [--reps R] [--only diff,cli,...] [--cli]
//
// --only runs the listed steps alone (e.g. under `node --cpu-prof`); parse and load always run.

import { parseArgs } from 'node:util';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseFlatProfile, profileFromJson } from '../server/src/profile/load';
import { diffFlat, diffProfiles } from '../server/src/profile/diff';
import { diffPayload, type DiffView } from '../server/src/profile/diff-view';
import { formatDiff } from '../server/src/profile/diff-format';
import { profileJob } from '../server/src/lsp/profile-job';
import { METHODS, THREADS, syntheticProfile } from './lib/synthetic-profile';
import { readProfile } from '../webview/model/profile';
import { buildTree } from '../webview/model/tree';
import { asDiff, matchDiff, shades } from '../webview/model/diff';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '1000000' }, contexts: { type: 'string', default: '100000' }, reps: { type: 'string', default: '3' }, only: { type: 'string' }, cli: { type: 'boolean', default: false } } });
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
const dir = mkdtempSync(join(tmpdir(), 'komorium-diff-bench-'));
const basePath = join(dir, 'base.json');
const newPath = join(dir, 'new.json');
const baseText = JSON.stringify(baseFile);
const newText = JSON.stringify(newFile);
writeFileSync(basePath, baseText);
writeFileSync(newPath, newText);
if (process.env.BENCH_DUMP) {
  // BENCH_DUMP=prefix: the two profiles as prefix0.json and prefix1.json
  writeFileSync(`${process.env.BENCH_DUMP}0.json`, baseText);
  writeFileSync(`${process.env.BENCH_DUMP}1.json`, newText);
}
const contexts = newFile.threads.reduce((a, t) => a + t.nodes.length - 1, 0);
console.log(`profiles: ${newFile.meta.totalSamples.toLocaleString('en-US')} samples, ${contexts.toLocaleString('en-US')} contexts, ${THREADS} threads, ${METHODS} methods, ${(newText.length / 1e6).toFixed(1)} MB JSON; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`);
const rows: Record<string, number[]> = { parse: [], load: [], diff: [], cli: [], payload: [], 'payload (text)': [], 'payload JSON': [], 'webview cold': [], 'webview shown': [] };
// what the server holds of the open profile (its load job's flat form; not counted)
const newFlat = profileJob({ kind: 'load', path: newPath }).flat;
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
    if (rep === 0 && process.env.BENCH_DIFF_OUT) writeFileSync(process.env.BENCH_DIFF_OUT, JSON.stringify(d.value));
  }
  if (want('cli')) rows.cli!.push(cpuMs(() => formatDiff(diffFlat(parseFlatProfile(baseText, basePath), parseFlatProfile(newText, newPath)), 'text')).ms);
  if (!want('payload') && !want('payload JSON') && !want('webview')) continue;
  const v = cpuMs(() => profileJob({ kind: 'diff', basePath, source: newPath, flat: newFlat }) as DiffView);
  rows.payload!.push(v.ms);
  if (want('payload')) rows['payload (text)']!.push(cpuMs(() => profileJob({ kind: 'diff', basePath, source: newPath, text: newText })).ms);
  const payload = JSON.stringify(diffPayload(v.value));
  if (rep === 0) console.log(`payload: ${v.value.all.parent.length.toLocaleString('en-US')} contexts, ${(JSON.stringify(v.value).length / 1e6).toFixed(1)} MB JSON (${v.value.methods.method.length} methods, ${v.value.lines.method.length} lines); to the flame graph ${(payload.length / 1e6).toFixed(1)} MB`);
  if (rep === 0 && process.env.BENCH_VIEW_OUT) writeFileSync(process.env.BENCH_VIEW_OUT, JSON.stringify(v.value));
  if (want('payload JSON')) rows['payload JSON']!.push(cpuMs(() => JSON.parse(JSON.stringify(diffPayload(v.value))) as unknown).ms);
  if (want('webview')) {
    const cold = cpuMs(() => {
      const p = readProfile(JSON.parse(newText) as unknown);
      const t = buildTree(p);
      const d = asDiff(JSON.parse(payload) as unknown)!;
      const m = matchDiff(p, t, d.all, d.baseBytecodes, d.newBytecodes);
      return { p, t, s: shades(t, m) };
    });
    rows['webview cold']!.push(cold.ms);
    const { p, t } = cold.value;
    // the payload as the webview receives it (parsed by postMessage's structured clone, not counted here)
    const received = JSON.parse(payload) as unknown;
    rows['webview shown']!.push(
      cpuMs(() => {
        const d = asDiff(received)!;
        return shades(t, matchDiff(p, t, d.all, d.baseBytecodes, d.newBytecodes));
      }).ms,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [k, xs] of Object.entries(rows)) if (xs.length > 0) console.log(`${k.padEnd(14)} median ${median(xs).toFixed(0).padStart(6)} ms CPU   (${xs.map((x) => x.toFixed(0)).join(', ')})`);
const OPEN = ['payload', 'payload JSON', 'webview shown'];
if (OPEN.every((k) => rows[k]!.length > 0)) console.log(`${'open'.padEnd(14)} ${OPEN.reduce((a, k) => a + median(rows[k]!), 0).toFixed(0).padStart(13)} ms CPU   (sum of the medians of ${OPEN.join(', ')})`);
if (values.cli) {
  // the whole command, as a user runs it: wall and CPU of the process (GNU time)
  const bin = join(import.meta.dirname, '..', 'bin', 'komorium.mjs');
  for (let rep = 0; rep < REPS; rep++) {
    const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, bin, 'diff', basePath, newPath], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const [wall, user, sys] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
    console.log(`komorium diff (text, whole process): ${(wall * 1000).toFixed(0)} ms wall, ${((user + sys) * 1000).toFixed(0)} ms CPU; load average ${loadavg()[0]!.toFixed(1)}`);
  }
}
rmSync(dir, { recursive: true, force: true });
