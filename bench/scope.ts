// HotSpot overhead of `--instrument all` against `app` (docs/BENCHMARKS.md part E): each program
// of bench/java runs on plain java (the original), then through `komorium run --engine jvm` with
// `--instrument app` and `--instrument all` (the instrumented JDK copy, built beforehand in the
// cache), at a constant granularity, interleaved (the order rotates per repetition). Overhead =
// steady-state CPU time of the main thread (harness `cpu-us`, the median of the last half of
// the iterations) ÷ the original's − 1; geometric means over the programs.
//
//   node --import tsx bench/scope.ts [--only NAME[,NAME]] [--reps N] [--iterations N]
//                                    [--scale S] [--granularity N] [--cli PATH]
//                                    [--baseline-cli PATH [--baseline-args ARGS]]
// One program at a time (--only) keeps each invocation short on a shared machine.
// --baseline-cli adds a fourth setting: `app` on another build (issue 15 compares `all` with
// the `app` overhead of the day it was filed: a build of that day's commit), interleaved with the
// others in the same invocation. --baseline-args (default `--instrument app`) replaces the scope
// option for it: builds before `--engine jvm --instrument` existed (2026-11-25 23:02) instrument
// only the class path and need `--baseline-args ''`.

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { compileAll, findBenchmarks } from './lib/jvm';
import { geomeanOverhead, median, steadyState } from './lib/stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    reps: { type: 'string', default: '2' },
    iterations: { type: 'string', default: '6' },
    scale: { type: 'string', default: '1' },
    granularity: { type: 'string', default: '10000' },
    cli: { type: 'string', default: join(root, 'bin', 'komorium.mjs') },
    'baseline-cli': { type: 'string' },
    'baseline-args': { type: 'string', default: '--instrument app' },
  },
});
const reps = Number(values.reps);
const it = values.iterations!;
const scale = values.scale!;
const work = mkdtempSync(join(tmpdir(), 'komorium-scope-'));
const classes = join(work, 'classes');
compileAll('javac', join(root, 'bench', 'java'), classes);
const only = values.only ? new Set(values.only.split(',')) : undefined;
const benches = findBenchmarks(join(root, 'bench', 'java')).filter((b) => !only || only.has(b.name));
const ALL_SETTINGS = ['original', 'app', 'all', 'baseApp'] as const;
type Setting = (typeof ALL_SETTINGS)[number];
const SETTINGS: readonly Setting[] = values['baseline-cli'] ? ALL_SETTINGS : ALL_SETTINGS.slice(0, 3);

function runOnce(setting: Setting, main: string): number {
  const prog = ['-cp', classes, main, it, scale];
  const r =
    setting === 'original'
      ? spawnSync('java', prog, { encoding: 'utf8', maxBuffer: 16 << 20 })
      : spawnSync(process.execPath, [setting === 'baseApp' ? values['baseline-cli']! : values.cli!, 'run', '--engine', 'jvm', ...(setting === 'baseApp' ? values['baseline-args']!.split(' ').filter(Boolean) : ['--instrument', setting]), '--granularity', values.granularity!, '--random', '0', '-o', join(work, 'p.json'), ...prog], {
          encoding: 'utf8',
          maxBuffer: 16 << 20,
        });
  const cpu = /^cpu-us (.*)$/m.exec(r.stdout ?? '');
  if (r.status !== 0 || !cpu) throw new Error(`${main} (${setting}) failed (exit ${r.status}): ${(r.stderr ?? '').slice(-2000)}`);
  return steadyState(cpu[1]!.trim().split(' ').map(Number));
}

const rows: { name: string; ms: Record<Setting, number> }[] = [];
for (const b of benches) {
  const times: Record<Setting, number[]> = { original: [], app: [], all: [], baseApp: [] };
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < SETTINGS.length; k++) {
      const s = SETTINGS[(k + r) % SETTINGS.length]!;
      times[s].push(runOnce(s, b.mainClass));
    }
  }
  const ms = { original: median(times.original) / 1000, app: median(times.app) / 1000, all: median(times.all) / 1000, baseApp: times.baseApp.length ? median(times.baseApp) / 1000 : NaN };
  rows.push({ name: b.name, ms });
  const pct = (x: number): string => `${x >= 1 ? '+' : ''}${((x - 1) * 100).toFixed(1)}%`;
  const base = values['baseline-cli'] ? ` ${pct(ms.baseApp / ms.original)} |` : '';
  process.stdout.write(`| ${b.name} | ${ms.original.toFixed(1)} | ${pct(ms.app / ms.original)} | ${pct(ms.all / ms.original)} | ${(ms.all / ms.app).toFixed(2)} |${base}\n`);
}
if (rows.length > 1) {
  const app = geomeanOverhead(rows.map((r) => r.ms.app / r.ms.original - 1));
  const all = geomeanOverhead(rows.map((r) => r.ms.all / r.ms.original - 1));
  process.stdout.write(`geomean overhead: app +${(app * 100).toFixed(1)}%, all +${(all * 100).toFixed(1)}% (all/app of the overheads ${(all / app).toFixed(2)})\n`);
  if (values['baseline-cli']) {
    const baseApp = geomeanOverhead(rows.map((r) => r.ms.baseApp / r.ms.original - 1));
    process.stdout.write(`baseline build's app +${(baseApp * 100).toFixed(1)}% (${values['baseline-cli']}): all ÷ that ${(all / baseApp).toFixed(2)}\n`);
  }
}
process.stdout.write(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
rmSync(work, { recursive: true, force: true });
