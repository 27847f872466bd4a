// Where the transformation's overhead goes (docs/BENCHMARKS.md, issue 3): the bench/java
// programs on HotSpot with no agent ('No Prof.', the floor of the transformation's cost), on
// classes transformed by a scratch copy of the transformer from which parts of the generated
// code are left out, one after the other:
//
//   full         the transformation as it is (= No Prof. of bench/run.ts)
//   no-lines     without `tc.lines[sp] = line` at call sites (= komorium transform --no-lines)
//   -push        also without the reified-stack push at method entry (growth check, stack[sp] = MID)
//   -count       also without the counter updates and granularity checks
//   -callout     also without tc.callOut before calls to uninstrumented code (and invokedynamic)
//   no-count     only the counter updates and checks left out (their share, against full)
//
// What remains after -callout is the plumbing alone: extended methods with three more
// parameters, wrappers (TC.getTC, enter, exit) where uninstrumented code calls in, MID fields.
// The profiles of the ablated variants are wrong: they only measure time, with no agent. The
// repository's transformer is not changed: server/src is copied into a temporary directory and
// the copy of transform/method.ts is patched (each patch must match exactly once, else the
// script stops: refresh the patterns below when method.ts changes).
//
//   node --import tsx bench/ablation.ts [--only NAME[,NAME]] [--reps N] [--iterations N] [--scale F]
//                                       [--java-opt=OPTION]... [--out DIR]
// --java-opt=OPTION passes a JVM option to every run (e.g. --java-opt=-XX:+UseParallelGC: a card-marking write
// barrier instead of G1's, to see what reference stores cost).

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { compileAll, findBenchmarks, runJvm } from './lib/jvm';
import { METRIC_TITLES, overheadTable, type BenchResult, type Metric } from './lib/report';
import type { Setting } from './lib/settings';
import { steadyState, steadyStateCumulative } from './lib/stats';
import { buildRuntime } from '../server/src/runtime/build';
import { findJavaHome } from '../server/src/classpath/index';
import { cacheRoot } from '../server/src/engine/cache';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the scratch transformer leaves out: read from this environment variable at transform time. */
const ENV = 'KOMORIUM_ABLATE';

/** [pattern, replacement] pairs for the copy of server/src/transform/method.ts. */
const PATCHES: [string, string][] = [
  [
    'const emitCount = (si: number, at: number): void => {\n',
    `const emitCount = (si: number, at: number): void => {\n    if ((process.env.${ENV} ?? '').includes('no-count')) return;\n`,
  ],
  ['  if (!leaf) {\n', `  if (!leaf && !(process.env.${ENV} ?? '').includes('no-push')) {\n`],
  [
    "    case 'call-out':\n      e.var(Op.ALOAD, T)",
    `    case 'call-out':\n      if (!(process.env.${ENV} ?? '').includes('no-callout')) e.var(Op.ALOAD, T)`,
  ],
  ["    if (insn.kind === 'indy') {\n", `    if (insn.kind === 'indy' && !(process.env.${ENV} ?? '').includes('no-callout')) {\n`],
];

interface Variant {
  id: string;
  label: string;
  ablate: string[];
  lineNumbers: boolean;
}

const VARIANTS: Variant[] = [
  { id: 'full', label: 'full (No Prof.)', ablate: [], lineNumbers: true },
  { id: 'nolines', label: 'no lines', ablate: [], lineNumbers: false },
  { id: 'nopush', label: '− push', ablate: ['no-push'], lineNumbers: false },
  { id: 'nocount', label: '− counting', ablate: ['no-push', 'no-count'], lineNumbers: false },
  { id: 'nocallout', label: '− callOut', ablate: ['no-push', 'no-count', 'no-callout'], lineNumbers: false },
  { id: 'countonly', label: 'full − counting', ablate: ['no-count'], lineNumbers: true },
];

/** The part of transform/driver.ts this script calls (the copy is imported dynamically). */
interface DriverModule {
  transformClassPath(o: { classpath: string[]; outDir: string; jdk: ReturnType<typeof findJavaHome>; maxPath?: number; lineNumbers?: boolean; cacheDir?: string }): {
    classes: number;
    failed: { name: string; error: string }[];
    fallbacks: unknown[];
  };
}

function fail(message: string): never {
  process.stderr.write(`bench:ablation: ${message}\n`);
  process.exit(2);
}

function patchCopy(srcDir: string): void {
  const file = join(srcDir, 'transform', 'method.ts');
  let text = readFileSync(file, 'utf8');
  for (const [pattern, replacement] of PATCHES) {
    const n = text.split(pattern).length - 1;
    if (n !== 1) fail(`the pattern ${JSON.stringify(pattern.slice(0, 60))} occurs ${n} times in transform/method.ts (expected once): update PATCHES in bench/ablation.ts`);
    text = text.replace(pattern, replacement);
  }
  writeFileSync(file, text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      reps: { type: 'string', default: '2' },
      iterations: { type: 'string', default: '10' },
      scale: { type: 'string', default: '1' },
      'java-opt': { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const javaOpts = values['java-opt'] ?? [];
  const reps = Number(values.reps);
  const iterations = Number(values.iterations);
  const scale = Number(values.scale);
  if (!Number.isInteger(reps) || reps < 1 || !Number.isInteger(iterations) || iterations < 2 || !(scale > 0)) fail('bad --reps, --iterations or --scale');
  const only = (values.only ?? []).flatMap((o) => o.split(',')).filter((o) => o !== '');
  const javaDir = join(root, 'bench', 'java');
  const benchmarks = findBenchmarks(javaDir).filter((b) => only.length === 0 || only.includes(b.name));
  if (benchmarks.length === 0) fail('no benchmark selected');

  const started = new Date();
  const t0 = performance.now();
  const load0 = loadavg();
  const work = mkdtempSync(join(tmpdir(), 'komorium-ablation-'));
  try {
    const classes = join(work, 'classes');
    compileAll('javac', javaDir, classes);
    const srcCopy = join(work, 'src');
    cpSync(join(root, 'server', 'src'), srcCopy, { recursive: true });
    patchCopy(srcCopy);
    const driver = (await import(pathToFileURL(join(srcCopy, 'transform', 'driver.ts')).href)) as DriverModule;
    const jdk = findJavaHome(undefined);
    const runtime = buildRuntime(join(cacheRoot(), 'runtime'), { jdk: jdk.home });
    const dirs: Record<string, string> = { baseline: classes };
    for (const v of VARIANTS) {
      const out = join(work, v.id);
      mkdirSync(out, { recursive: true });
      process.env[ENV] = v.ablate.join(',');
      const r = driver.transformClassPath({ classpath: [classes], outDir: out, jdk, lineNumbers: v.lineNumbers });
      if (r.failed.length > 0) fail(`${v.id}: ${r.failed.map((f) => `${f.name}: ${f.error}`).join('; ')}`);
      cpSync(join(runtime.classesDir, 'komorium'), join(out, 'komorium'), { recursive: true });
      dirs[v.id] = out;
      process.stderr.write(`bench:ablation: ${v.id}: ${r.classes} classes transformed (${v.ablate.join(', ') || 'nothing left out'}${v.lineNumbers ? '' : ', no lines'})\n`);
    }
    delete process.env[ENV];

    const settings: Setting[] = [
      { id: 'baseline', label: 'original', classes: 'original', properties: [] },
      ...VARIANTS.map((v): Setting => ({ id: v.id, label: v.label, classes: 'transformed', properties: ['-Dkomorium.agent=none'] })),
    ];
    const results: BenchResult[] = [];
    for (const b of benchmarks) {
      const r: BenchResult = { name: b.name, samples: {}, errors: [] };
      results.push(r);
      for (let rep = 0; rep < reps; rep++) {
        const shift = Math.floor((rep * settings.length) / reps);
        for (const s of [...settings.slice(shift), ...settings.slice(0, shift)]) {
          const run = runJvm('java', [...javaOpts, ...s.properties, '-cp', dirs[s.id]!, b.mainClass, String(iterations), String(scale)], 600_000);
          if ('error' in run) {
            r.errors.push(`${s.id}: ${run.error}`);
            process.stderr.write(`[${b.name}] ${s.id}: ERROR ${run.error}\n`);
            continue;
          }
          const o = run.output;
          if (s.id === 'baseline') r.checksum ??= o.checksum;
          (r.samples[s.id] ??= []).push({
            checksum: o.checksum,
            processMs: run.processMs,
            steadyMs: steadyState(o.iterationsMs),
            ...(o.cpuMs.length > 0 ? { steadyCpuMs: steadyState(o.cpuMs) } : {}),
            ...(o.procCpuMs.length > 0 ? { steadyProcCpuMs: steadyStateCumulative(o.procCpuMs) } : {}),
          });
          process.stderr.write(`[${b.name} ${rep + 1}/${reps}] ${s.id.padEnd(9)} main-thread steady CPU ${(o.cpuMs.length > 0 ? steadyState(o.cpuMs) : NaN).toFixed(1).padStart(7)} ms  ${o.checksum}\n`);
        }
      }
      for (const [id, samples] of Object.entries(r.samples)) {
        for (const c of new Set(samples.map((x) => x.checksum))) if (r.checksum !== undefined && c !== r.checksum) r.errors.push(`${id}: checksum ${c} differs from the original's ${r.checksum}`);
      }
    }
    const load1 = loadavg();
    const metrics: Metric[] = ['steadyCpuMs', 'steadyProcCpuMs'];
    const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    const md = [
      `## Ablation ${started.toISOString()}`,
      '',
      `Command: \`npm run bench:ablation${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` (total ${((performance.now() - t0) / 60000).toFixed(1)} min)`,
      `Transformer: a patched copy of the working tree's server/src at ${git}; ${iterations} iterations per run, scale ${scale}, ${reps} runs per setting, no agent (-Dkomorium.agent=none)${javaOpts.length > 0 ? `; JVM options ${javaOpts.join(' ')}` : ''}`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${load0.map((l) => l.toFixed(1)).join(' ')} at the start, ${load1.map((l) => l.toFixed(1)).join(' ')} at the end`,
      '',
      ...metrics.flatMap((m) => [`Overhead, ${METRIC_TITLES[m]}:`, '', overheadTable(results, settings, m), '']),
      ...results.flatMap((r) => r.errors.map((e) => `- ERROR ${r.name} ${e}`)),
    ].join('\n');
    const outDir = values.out ?? join(root, 'bench', '.build', 'results');
    mkdirSync(outDir, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    writeFileSync(join(outDir, `ablation-${stamp}.md`), md + '\n');
    writeFileSync(join(outDir, `ablation-${stamp}.json`), JSON.stringify({ started, argv: process.argv.slice(2), results }, null, 1));
    process.stdout.write(md + '\n');
    process.stderr.write(`bench:ablation: results in ${join(outDir, `ablation-${stamp}.md`)}\n`);
    if (results.some((r) => r.errors.length > 0)) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
