// The overhead benchmark (docs/BENCHMARKS.md): compiles bench/java, transforms it once, then
// runs every benchmark interleaved in each setting (original program on HotSpot, transformed
// with constant sampling granularities 500 ... 1,000,000, transformed without agent) and
// reports the overhead against the original, per benchmark and as a geometric mean.
//
//   node --import tsx bench/run.ts [--quick] [--only NAME[,NAME]] [--reps N] [--xint] [--no-jit]
//                                  [--granularities G,G,...] [--lines-variants] [--out DIR]
// --lines-variants adds granularity 10,000 and no agent on classes transformed with --no-lines.

import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { compileAll, findBenchmarks, runJvm, transformAll, type Benchmark } from './lib/jvm';
import { METRIC_TITLES, overheadTable, type BenchResult, type Metric } from './lib/report';
import { PAPER_GRANULARITIES, settingsFor, type Setting } from './lib/settings';
import { steadyState, steadyStateCumulative } from './lib/stats';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Mode {
  name: string;
  jvmArgs: string[];
  iterations: number;
  scale: number;
  granularities: readonly number[];
}

interface Options {
  quick: boolean;
  only: string[];
  reps: number;
  jit: boolean;
  xint: boolean;
  granularities: number[];
  granularitiesGiven: boolean;
  linesVariants: boolean;
  outDir: string;
}

interface Dirs {
  work: string;
  classes: string;
  out: string;
  outNoLines: string;
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

function options(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      reps: { type: 'string' },
      xint: { type: 'boolean', default: false },
      'no-jit': { type: 'boolean', default: false },
      granularities: { type: 'string' },
      'lines-variants': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: node --import tsx bench/run.ts [--quick] [--only NAME[,NAME]] [--reps N] [--xint] [--no-jit] [--granularities G,...] [--lines-variants] [--out DIR]\n',
    );
    process.exit(0);
  }
  if (positionals.length > 0) fail(`unexpected argument '${positionals[0]}'`);
  const reps = values.reps === undefined ? 3 : Number(values.reps);
  if (!Number.isInteger(reps) || reps < 1 || reps > 100) fail(`--reps must be an integer 1..100, not '${values.reps}'`);
  const granularities =
    values.granularities === undefined
      ? [...PAPER_GRANULARITIES]
      : values.granularities.split(',').map((g) => {
          const n = Number(g.replace(/_/g, ''));
          if (!Number.isInteger(n) || n < 1 || n > 2147483647) fail(`bad granularity '${g}'`);
          return n;
        });
  return {
    quick: values.quick ?? false,
    only: (values.only ?? []).flatMap((o) => o.split(',')).filter((o) => o !== ''),
    reps,
    jit: !values['no-jit'],
    xint: values.xint ?? false,
    granularities,
    granularitiesGiven: values.granularities !== undefined,
    linesVariants: values['lines-variants'] ?? false,
    outDir: values.out ?? join(root, 'bench', '.build', 'results'),
  };
}

function javaVersion(java: string): string {
  const r = spawnSync(java, ['-version'], { encoding: 'utf8' });
  return (r.stderr ?? '').split('\n').filter((l) => l.trim() !== '').join('; ');
}

function classPathOf(s: Setting, dirs: Dirs): string {
  return s.classes === 'original' ? dirs.classes : s.classes === 'transformed' ? dirs.out : dirs.outNoLines;
}

function runMode(mode: Mode, benchmarks: Benchmark[], o: Options, dirs: Dirs): { results: BenchResult[]; settings: Setting[] } {
  const java = 'java';
  const profileFile = join(dirs.work, 'profile.json');
  const noLinesFor: (number | 'none')[] = o.linesVariants ? [...mode.granularities.filter((g) => g === 10000), 'none'] : [];
  const settings = settingsFor(mode.granularities, profileFile, noLinesFor);
  const results: BenchResult[] = [];
  for (const b of benchmarks) {
    const r: BenchResult = { name: b.name, samples: {}, errors: [] };
    results.push(r);
    for (let rep = 0; rep < o.reps; rep++) {
      // Rotate the order so that no setting always runs first (or right after the same one).
      const shift = Math.floor((rep * settings.length) / o.reps);
      const order = [...settings.slice(shift), ...settings.slice(0, shift)];
      for (const s of order) {
        rmSync(profileFile, { force: true });
        const args = [...mode.jvmArgs, ...s.properties, '-cp', classPathOf(s, dirs), b.mainClass, String(mode.iterations), String(mode.scale)];
        const run = runJvm(java, args, 600_000);
        if ('error' in run) {
          r.errors.push(`${s.id}: ${run.error}`);
          process.stderr.write(`[${mode.name} ${b.name}] ${s.id}: ERROR ${run.error}\n`);
          continue;
        }
        const out = run.output;
        if (r.checksum === undefined && s.id === 'baseline') r.checksum = out.checksum;
        (r.samples[s.id] ??= []).push({
          checksum: out.checksum,
          processMs: run.processMs,
          steadyMs: steadyState(out.iterationsMs),
          ...(out.cpuMs.length > 0 ? { steadyCpuMs: steadyState(out.cpuMs) } : {}),
          ...(out.procCpuMs.length > 0 ? { steadyProcCpuMs: steadyStateCumulative(out.procCpuMs) } : {}),
        });
        if (s.id.startsWith('g') && !(existsSync(profileFile) && statSync(profileFile).size > 0)) r.errors.push(`${s.id}: no profile written`);
        process.stderr.write(
          `[${mode.name} ${b.name} ${rep + 1}/${o.reps}] ${s.id.padEnd(9)} process ${run.processMs.toFixed(0).padStart(6)} ms, steady ${steadyState(out.iterationsMs).toFixed(1).padStart(7)} ms  ${out.checksum}\n`,
        );
      }
    }
    // Every run must compute what the original program computes.
    const ref = r.checksum;
    if (ref === undefined) r.errors.push('baseline: no successful run');
    for (const s of settings) if (!r.samples[s.id] && !r.errors.some((e) => e.startsWith(`${s.id}:`))) r.errors.push(`${s.id}: no run`);
    for (const [id, samples] of Object.entries(r.samples)) {
      for (const c of new Set(samples.map((x) => x.checksum))) {
        if (ref !== undefined && c !== ref) r.errors.push(`${id}: checksum ${c} differs from the baseline's ${ref}`);
      }
    }
  }
  return { results, settings };
}

function main(): void {
  const o = options();
  const javaDir = join(root, 'bench', 'java');
  let benchmarks = findBenchmarks(javaDir);
  if (o.only.length > 0) {
    const unknown = o.only.filter((n) => !benchmarks.some((b) => b.name === n));
    if (unknown.length > 0) fail(`no benchmark ${unknown.join(', ')} (have: ${benchmarks.map((b) => b.name).join(', ')})`);
    benchmarks = benchmarks.filter((b) => o.only.includes(b.name));
  }
  const work = mkdtempSync(join(tmpdir(), 'komorium-bench-'));
  const started = new Date();
  const t0 = performance.now();
  const load0 = loadavg();
  try {
    const dirs: Dirs = { work, classes: join(work, 'classes'), out: join(work, 'out'), outNoLines: join(work, 'out-no-lines') };
    compileAll('javac', javaDir, dirs.classes);
    const cli = join(root, 'bin', 'komorium.mjs');
    const tt = performance.now();
    const transformLine = transformAll(cli, dirs.classes, dirs.out);
    const transformMs = performance.now() - tt;
    process.stderr.write(`bench: ${transformLine} (CLI process ${(transformMs / 1000).toFixed(2)} s)\n`);
    if (o.linesVariants) transformAll(cli, dirs.classes, dirs.outNoLines, ['--no-lines']);

    const modes: Mode[] = [];
    if (o.jit) modes.push({ name: 'HotSpot', jvmArgs: [], iterations: o.quick ? 5 : 10, scale: o.quick ? 0.3 : 1, granularities: o.granularities });
    if (o.xint) {
      // The interpreter is ~10-50x slower: small inputs and three granularities only (unless given).
      const g = o.granularitiesGiven ? o.granularities : [1000, 10000, 100000];
      modes.push({ name: '-Xint', jvmArgs: ['-Xint'], iterations: 3, scale: o.quick ? 0.01 : 0.03, granularities: g });
    }
    const sections: string[] = [];
    const json: unknown[] = [];
    let errors = 0;
    for (const mode of modes) {
      const { results, settings } = runMode(mode, benchmarks, o, dirs);
      json.push({ mode, settings, results });
      sections.push(`### ${mode.name}: ${mode.iterations} iterations per run, scale ${mode.scale}, ${o.reps} runs per setting\n`);
      const metrics: Metric[] = ['steadyCpuMs', 'steadyProcCpuMs', 'steadyMs', 'processMs'];
      for (const m of metrics) sections.push(`Overhead, ${METRIC_TITLES[m]}:\n\n${overheadTable(results, settings, m)}\n`);
      for (const r of results) {
        for (const e of r.errors) {
          sections.push(`- ERROR ${r.name} ${e}`);
          errors++;
        }
      }
    }
    const load1 = loadavg();
    const totalS = (performance.now() - t0) / 1000;
    const argv = process.argv.slice(2).join(' ');
    const header = [
      `## Results ${started.toISOString()}`,
      '',
      `Command: \`node --import tsx bench/run.ts${argv ? ` ${argv}` : ''}\` (total ${(totalS / 60).toFixed(1)} min)`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${load0.map((l) => l.toFixed(1)).join(' ')} at the start, ${load1.map((l) => l.toFixed(1)).join(' ')} at the end`,
      `JVM: ${javaVersion('java')}; node ${process.version}`,
      `Transform: ${transformLine}`,
      '',
    ];
    const md = [...header, ...sections].join('\n') + '\n';
    mkdirSync(o.outDir, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    writeFileSync(join(o.outDir, `results-${stamp}.md`), md);
    writeFileSync(join(o.outDir, `results-${stamp}.json`), JSON.stringify({ started, argv, load0, load1, totalS, modes: json }, null, 1));
    process.stdout.write(md);
    process.stderr.write(`bench: results in ${join(o.outDir, `results-${stamp}.md`)} and .json\n`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
