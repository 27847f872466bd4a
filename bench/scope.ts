// HotSpot overhead of `--instrument all` against `app` (docs/BENCHMARKS.md part E): each program
// of bench/java runs on plain java (the original), then through `komorium run --engine jvm` with
// `--instrument app` and `--instrument all` (the instrumented JDK copy, built beforehand in the
// cache), at a constant granularity, interleaved (the order rotates per repetition). Overhead =
// steady-state CPU time of the main thread (harness `cpu-us`, the median of the last half of
// the iterations) ÷ the original's − 1; geometric means over the programs.
//
//   node --import tsx bench/scope.ts [--only NAME[,NAME]] [--reps N] [--iterations N]
//                                    [--scale S] [--granularity N] [--cli PATH]
// One program at a time (--only) keeps each invocation short on a shared machine.

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
const SETTINGS = ['original', 'app', 'all'] as const;
type Setting = (typeof SETTINGS)[number];

function runOnce(setting: Setting, main: string): number {
  const prog = ['-cp', classes, main, it, scale];
  const r =
    setting === 'original'
      ? spawnSync('java', prog, { encoding: 'utf8', maxBuffer: 16 << 20 })
      : spawnSync(process.execPath, [values.cli!, 'run', '--engine', 'jvm', '--instrument', setting, '--granularity', values.granularity!, '--random', '0', '-o', join(work, 'p.json'), ...prog], {
          encoding: 'utf8',
          maxBuffer: 16 << 20,
        });
  const cpu = /^cpu-us (.*)$/m.exec(r.stdout ?? '');
  if (r.status !== 0 || !cpu) throw new Error(`${main} (${setting}) failed (exit ${r.status}): ${(r.stderr ?? '').slice(-2000)}`);
  return steadyState(cpu[1]!.trim().split(' ').map(Number));
}

const rows: { name: string; ms: Record<Setting, number> }[] = [];
for (const b of benches) {
  const times: Record<Setting, number[]> = { original: [], app: [], all: [] };
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < SETTINGS.length; k++) {
      const s = SETTINGS[(k + r) % SETTINGS.length]!;
      times[s].push(runOnce(s, b.mainClass));
    }
  }
  const ms = { original: median(times.original) / 1000, app: median(times.app) / 1000, all: median(times.all) / 1000 };
  rows.push({ name: b.name, ms });
  process.stdout.write(`| ${b.name} | ${ms.original.toFixed(1)} | +${((ms.app / ms.original - 1) * 100).toFixed(1)}% | +${((ms.all / ms.original - 1) * 100).toFixed(1)}% | ${(ms.all / ms.app).toFixed(2)} |\n`);
}
if (rows.length > 1) {
  const app = geomeanOverhead(rows.map((r) => r.ms.app / r.ms.original - 1));
  const all = geomeanOverhead(rows.map((r) => r.ms.all / r.ms.original - 1));
  process.stdout.write(`geomean overhead: app +${(app * 100).toFixed(1)}%, all +${(all * 100).toFixed(1)}% (all/app of the overheads ${(all / app).toFixed(2)})\n`);
}
process.stdout.write(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
rmSync(work, { recursive: true, force: true });
