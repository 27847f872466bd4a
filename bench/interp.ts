// The embedded JVM's speed (docs/BENCHMARKS.md, issue 4): the bench/java workloads on the
// embedded engine (`komorium run --engine interpreter`: uninstrumented with --no-profile, and
// profiled with --instrument app and --instrument all) against `java -Xint` and plain `java`,
// as ratios of CPU time per iteration, in one invocation; and hello-world start-up (wall, CPU,
// peak RSS).
//
//   node --import tsx bench/interp.ts [--quick] [--only NAME[,NAME]] [--engines ID[,ID]] [--reps N]
//                                     [--iterations LO,HI] [--scale F] [--no-build] [--out DIR]
//
// Method. The embedded VM's clocks are virtual (System.nanoTime advances 1 ns per bytecode), so
// nothing is timed inside the program: every run is a whole process under /usr/bin/time, which
// reports its CPU time (user + sys, all threads) and peak RSS. Each program runs with LO and HI
// iterations of its workload (default 1 and 6); the CPU time of one iteration is
// (median CPU of the HI runs - median CPU of the LO runs) / (HI - LO), which cancels start-up
// (node and the bundle, JDK boot, class loading, the runtime) and the first iteration's
// warm-up. Runs of all engines and both counts are interleaved (the order rotates per
// repetition) because the machine is shared; medians over --reps repetitions. The workloads
// run with -Dharness.jmx=false (java.base only: the management beans' start-up, which the
// embedded VM runs since mgmt16, would weigh on the short runs) on every engine. Every run must print the checksum plain `java` prints.
//
// The engine is bundled from the working tree's sources with esbuild into
// bench/.build/engine (the bundled code is what users run; tsx would add its compile time);
// transformed classes are cached in bench/.build/interp-cache (warm-up runs of each engine
// and program, not timed, fill it; the embedded engine writes a program's main snapshot at its second run).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { compileAll, findBenchmarks, type Benchmark } from './lib/jvm';
import { parseHarnessOutput } from './lib/output';
import {
  TIME_FORMAT,
  geomeanRatio,
  parseTimeOutput,
  perIteration,
  ratioTable,
  rssTable,
  startupTable,
  wholeRunTable,
  type PerIteration,
  type ProcessTimes,
  type ProgramResult,
  type RatioColumn,
} from './lib/interp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';

/**
 * The workload scale per program (1.0 = the size bench/run.ts uses on HotSpot): about 0.2-0.5 s
 * of CPU per iteration on `java -Xint`, so that HI - LO iterations stand well above the start-up
 * noise of the embedded engine (~0.2 s) while a whole run stays within seconds.
 */
const SCALES: Record<string, number> = {
  collections: 0.5,
  dispatch: 0.2,
  lambdas: 0.05,
  matmul: 0.5,
  objects: 0.3,
  recursion: 0.5,
  sieve: 0.6,
  streams: 0.15,
  strings: 0.1,
};
const DEFAULT_SCALE = 0.1;

interface Engine {
  id: string;
  label: string;
  /**
   * Untimed runs before the timed ones. The embedded engine writes a program's main snapshot
   * (docs/INTERPRETER.md "Boot snapshot") at its second run only (the first leaves a marker),
   * which took ~0.3 s of CPU: with one warm-up the first timed run paid for it, and the short
   * runs' column measured a snapshot's write rather than a repeated run.
   */
  warmUps: number;
  /** The command line for one run of `mainClass` with `args`. */
  command(ctx: Context, mainClass: string, args: readonly string[]): string[];
}

interface Context {
  classes: string;
  work: string;
  cli: string;
}

const JVM_PROPS = ['-Dharness.jmx=false'];

function embedded(ctx: Context, mode: string[], mainClass: string, args: readonly string[]): string[] {
  return [process.execPath, ctx.cli, 'run', '--engine', 'interpreter', ...mode, ...JVM_PROPS.map((p) => `-J${p}`), '-cp', ctx.classes, mainClass, ...args];
}

const ENGINES: Engine[] = [
  { id: 'xint', label: 'java -Xint', warmUps: 1, command: (c, m, a) => ['java', '-Xint', ...JVM_PROPS, '-cp', c.classes, m, ...a] },
  { id: 'java', label: 'java', warmUps: 1, command: (c, m, a) => ['java', ...JVM_PROPS, '-cp', c.classes, m, ...a] },
  { id: 'emb', warmUps: 2, label: 'embedded', command: (c, m, a) => embedded(c, ['--no-profile'], m, a) },
  { id: 'app', warmUps: 2, label: 'embedded app', command: (c, m, a) => embedded(c, ['--instrument', 'app', '-o', join(c.work, 'profile.json')], m, a) },
  { id: 'all', warmUps: 2, label: 'embedded all', command: (c, m, a) => embedded(c, ['--instrument', 'all', '-o', join(c.work, 'profile.json')], m, a) },
];

/** The ratios reported: the embedded engine against the HotSpot interpreter and JIT, and profiling's cost. */
const COLUMNS: RatioColumn[] = [
  { id: 'emb', over: 'xint', label: 'embedded ÷ -Xint' },
  { id: 'app', over: 'xint', label: 'app ÷ -Xint' },
  { id: 'all', over: 'xint', label: 'all ÷ -Xint' },
  { id: 'emb', over: 'java', label: 'embedded ÷ java' },
  { id: 'xint', over: 'java', label: '-Xint ÷ java' },
  { id: 'app', over: 'emb', label: 'app ÷ embedded' },
  { id: 'all', over: 'emb', label: 'all ÷ embedded' },
];

interface Options {
  only: string[];
  engines: Engine[];
  reps: number;
  lo: number;
  hi: number;
  scaleFactor: number;
  build: boolean;
  hello: boolean;
  outDir: string;
}

function fail(message: string): never {
  process.stderr.write(`bench:interp: ${message}\n`);
  process.exit(2);
}

function options(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      engines: { type: 'string' },
      reps: { type: 'string' },
      iterations: { type: 'string' },
      scale: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-hello': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: node --import tsx bench/interp.ts [--quick] [--only NAME[,NAME]] [--engines ID[,ID]] [--reps N] [--iterations LO,HI] [--scale F] [--no-build] [--no-hello] [--out DIR]\n' +
        `engines: ${ENGINES.map((e) => `${e.id} (${e.label})`).join(', ')}\n` +
        '--quick: 1 repetition, iterations 1,3, scales x0.3; --scale F multiplies every program\'s scale\n',
    );
    process.exit(0);
  }
  if (positionals.length > 0) fail(`unexpected argument '${positionals[0]}'`);
  const quick = values.quick ?? false;
  const reps = values.reps === undefined ? (quick ? 1 : 3) : Number(values.reps);
  if (!Number.isInteger(reps) || reps < 1 || reps > 50) fail(`--reps must be an integer 1..50, not '${values.reps}'`);
  const [lo, hi] = (values.iterations ?? (quick ? '1,3' : '1,6')).split(',').map(Number);
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo! < 1 || hi! <= lo!) fail(`--iterations must be LO,HI with 1 <= LO < HI, not '${values.iterations}'`);
  const scaleFactor = (values.scale === undefined ? 1 : Number(values.scale)) * (quick ? 0.3 : 1);
  if (!(scaleFactor > 0)) fail(`--scale must be positive, not '${values.scale}'`);
  let engines = ENGINES;
  if (values.engines !== undefined) {
    const ids = values.engines.split(',').filter((x) => x !== '');
    const unknown = ids.filter((id) => !ENGINES.some((e) => e.id === id));
    if (unknown.length > 0) fail(`no engine ${unknown.join(', ')} (have: ${ENGINES.map((e) => e.id).join(', ')})`);
    engines = ENGINES.filter((e) => ids.includes(e.id));
  }
  return {
    only: (values.only ?? []).flatMap((o) => o.split(',')).filter((o) => o !== ''),
    engines,
    reps,
    lo: lo!,
    hi: hi!,
    scaleFactor,
    build: !values['no-build'],
    hello: !values['no-hello'],
    outDir: values.out ?? join(root, 'bench', '.build', 'interp-results'),
  };
}

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '?';
}

/** The commit, and the files under server/src that differ from it (the engine is built from the working tree). */
function sourceState(): { commit: string; subject: string; dirty: string[] } {
  const commit = git(['rev-parse', '--short=12', 'HEAD']);
  const subject = git(['log', '-1', '--format=%cI %s', 'HEAD']).slice(0, 140);
  const status = git(['status', '--porcelain', '--', 'server/src']);
  return { commit, subject, dirty: status === '' || status === '?' ? [] : status.split('\n').map((l) => l.trim()) };
}

const BANNER = "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);";

/** Bundles the CLI and the embedded engine's worker as scripts/build.mjs does, into `dir`. */
async function bundleEngine(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const common = { bundle: true, platform: 'node' as const, target: 'node20', sourcemap: true, logLevel: 'error' as const, format: 'esm' as const, banner: { js: BANNER } };
  // The CLI finds its worker next to itself as interp-worker.js (engine/worker-thread.ts jobUrl).
  await build({ ...common, entryPoints: [join(root, 'server/src/cli/main.ts')], outfile: join(dir, 'cli.mjs') });
  await build({ ...common, entryPoints: [join(root, 'server/src/engine/interp-worker.ts')], outfile: join(dir, 'interp-worker.js') });
}

interface Run {
  times: ProcessTimes;
  checksum?: string;
}

interface RunFailure {
  error: string;
}

/** Runs one process under /usr/bin/time; `harness` parses the benchmark harness's output. */
function timed(argv: string[], work: string, env: NodeJS.ProcessEnv, harness: boolean, timeoutMs: number): Run | RunFailure {
  const timeFile = join(work, 'time.txt');
  rmSync(timeFile, { force: true });
  const r = spawnSync(TIME, ['-o', timeFile, '-f', TIME_FORMAT, ...argv], { encoding: 'utf8', env, timeout: timeoutMs, maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) return { error: `cannot run ${TIME}: ${r.error.message}` };
  if (r.signal) return { error: `killed by ${r.signal}${r.signal === 'SIGTERM' ? ` (timeout ${timeoutMs / 1000} s)` : ''}` };
  if (r.status !== 0) return { error: `exit ${r.status}: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 4).join(' | ').slice(0, 400)}` };
  let times: ProcessTimes;
  try {
    times = parseTimeOutput(readFileSync(timeFile, 'utf8'));
  } catch (e) {
    return { error: (e as Error).message };
  }
  if (!harness) return { times };
  try {
    return { times, checksum: parseHarnessOutput(r.stdout).checksum };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function fmtRun(r: Run): string {
  return `cpu ${r.times.cpuMs.toFixed(0).padStart(6)} ms, wall ${r.times.wallMs.toFixed(0).padStart(6)} ms, rss ${(r.times.maxRssKb / 1024).toFixed(0).padStart(4)} MiB`;
}

interface ProgramRaw {
  name: string;
  scale: number;
  checksum?: string;
  lo: Record<string, ProcessTimes[]>;
  hi: Record<string, ProcessTimes[]>;
  errors: string[];
}

function runProgram(b: Benchmark, o: Options, ctx: Context, env: NodeJS.ProcessEnv): ProgramRaw {
  const scale = (SCALES[b.name] ?? DEFAULT_SCALE) * o.scaleFactor;
  const raw: ProgramRaw = { name: b.name, scale, lo: {}, hi: {}, errors: [] };
  const argsFor = (iters: number): string[] => [String(iters), String(scale)];
  const failed = new Set<string>();
  const checksums: Record<string, Set<string>> = {};
  const note = (e: Engine, run: Run): void => void (checksums[e.id] ??= new Set()).add(run.checksum ?? '?');
  // Warm-up (not timed): fills the transformation cache and the OS file cache; an engine that
  // fails here is left out for this program.
  for (const e of o.engines) {
    for (let w = 0; w < e.warmUps && !failed.has(e.id); w++) {
      const r = timed(e.command(ctx, b.mainClass, argsFor(o.lo)), ctx.work, env, true, 900_000);
      if ('error' in r) {
        failed.add(e.id);
        raw.errors.push(`${e.id}: ${r.error}`);
        log(`[${b.name}] ${e.id.padEnd(4)} warm-up: ERROR ${r.error}`);
      } else {
        note(e, r);
        log(`[${b.name}] ${e.id.padEnd(4)} warm-up: ${fmtRun(r)}  ${r.checksum}`);
      }
    }
  }
  const cells: { e: Engine; iters: number }[] = o.engines.filter((e) => !failed.has(e.id)).flatMap((e) => [{ e, iters: o.lo }, { e, iters: o.hi }]);
  for (let rep = 0; rep < o.reps; rep++) {
    const shift = Math.floor((rep * cells.length) / o.reps);
    const order = [...cells.slice(shift), ...cells.slice(0, shift)];
    for (const { e, iters } of order) {
      const r = timed(e.command(ctx, b.mainClass, argsFor(iters)), ctx.work, env, true, 900_000);
      if ('error' in r) {
        raw.errors.push(`${e.id}: ${iters} iterations: ${r.error}`);
        log(`[${b.name} ${rep + 1}/${o.reps}] ${e.id.padEnd(4)} x${iters}: ERROR ${r.error}`);
        continue;
      }
      note(e, r);
      ((iters === o.lo ? raw.lo : raw.hi)[e.id] ??= []).push(r.times);
      log(`[${b.name} ${rep + 1}/${o.reps}] ${e.id.padEnd(4)} x${iters}: ${fmtRun(r)}  ${r.checksum}`);
    }
  }
  // Every engine must compute what HotSpot computes.
  const ref = checksums['java'] ?? checksums['xint'];
  raw.checksum = ref ? [...ref][0] : undefined;
  for (const [id, set] of Object.entries(checksums)) {
    if (set.size > 1) raw.errors.push(`${id}: checksums differ between runs: ${[...set].join(', ')}`);
    if (raw.checksum !== undefined && !set.has(raw.checksum)) raw.errors.push(`${id}: checksum ${[...set].join(', ')} differs from HotSpot's ${raw.checksum}`);
  }
  return raw;
}

function toResult(raw: ProgramRaw, o: Options): ProgramResult {
  const per: Record<string, PerIteration | undefined> = {};
  for (const e of o.engines) {
    const bad = raw.errors.some((x) => x.startsWith(`${e.id}: checksum`));
    per[e.id] = bad ? undefined : perIteration({ lo: raw.lo[e.id] ?? [], hi: raw.hi[e.id] ?? [] }, o.lo, o.hi);
  }
  return { name: raw.name, perIteration: per, errors: raw.errors };
}

function javaVersion(): string {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return (r.stderr ?? '').split('\n').filter((l) => l.trim() !== '').join('; ');
}

async function main(): Promise<void> {
  const o = options();
  if (!existsSync(TIME)) fail(`${TIME} is needed (Debian: apt-get install time)`);
  const javaDir = join(root, 'bench', 'java');
  let benchmarks = findBenchmarks(javaDir);
  if (o.only.length > 0) {
    const unknown = o.only.filter((n) => n !== 'hello' && !benchmarks.some((b) => b.name === n));
    if (unknown.length > 0) fail(`no benchmark ${unknown.join(', ')} (have: hello, ${benchmarks.map((b) => b.name).join(', ')})`);
    benchmarks = benchmarks.filter((b) => o.only.includes(b.name));
  }
  const hello = o.hello && (o.only.length === 0 || o.only.includes('hello'));
  const started = new Date();
  const t0 = performance.now();
  const load0 = loadavg();
  const src = sourceState();
  const engineDir = join(root, 'bench', '.build', 'engine');
  if (o.build) {
    log(`bench:interp: bundling the engine from the working tree (${src.commit}${src.dirty.length > 0 ? `, ${src.dirty.length} changed paths under server/src` : ''})`);
    try {
      await bundleEngine(engineDir);
    } catch (e) {
      fail(`bundling the engine failed (sources mid-edit? --no-build reuses the last bundle):\n${(e as Error).message}`);
    }
  } else if (!existsSync(join(engineDir, 'cli.mjs'))) {
    fail(`--no-build: no bundle in ${engineDir}`);
  }
  const work = mkdtempSync(join(tmpdir(), 'komorium-bench-interp-'));
  try {
    const classes = join(work, 'classes');
    compileAll('javac', javaDir, classes);
    compileAll('javac', join(root, 'bench', 'java-interp'), classes);
    const ctx: Context = { classes, work, cli: join(engineDir, 'cli.mjs') };
    const env: NodeJS.ProcessEnv = { ...process.env, KOMORIUM_CACHE: join(root, 'bench', '.build', 'interp-cache') };

    // Hello world: start-up of each engine (after untimed runs: one per HotSpot engine, two per embedded one, which write the main snapshot).
    const helloRuns: Record<string, ProcessTimes[]> = {};
    const helloErrors: string[] = [];
    if (hello) {
      const helloEngines = o.engines;
      const warmUps = Math.max(...helloEngines.map((e) => e.warmUps));
      for (let rep = -warmUps; rep < o.reps * 2; rep++) {
        const shift = rep < 0 ? 0 : rep % helloEngines.length;
        for (const e of [...helloEngines.slice(shift), ...helloEngines.slice(0, shift)]) {
          if (rep < -e.warmUps) continue;
          const r = timed(e.command(ctx, 'hello.Hello', []), work, env, false, 300_000);
          if ('error' in r) {
            if (rep < 0) helloErrors.push(`${e.id}: ${r.error}`);
            log(`[hello] ${e.id.padEnd(4)}: ERROR ${r.error}`);
            continue;
          }
          if (rep >= 0) (helloRuns[e.id] ??= []).push(r.times);
          log(`[hello ${rep < 0 ? 'warm-up' : `${rep + 1}/${o.reps * 2}`}] ${e.id.padEnd(4)}: ${fmtRun(r)}`);
        }
      }
    }

    const raws = benchmarks.map((b) => runProgram(b, o, ctx, env));
    const results = raws.map((r) => toResult(r, o));

    const load1 = loadavg();
    const totalS = (performance.now() - t0) / 1000;
    const argv = process.argv.slice(2).join(' ');
    const engines = o.engines.map((e) => ({ id: e.id, label: e.label }));
    const have = new Set(o.engines.map((e) => e.id));
    const columns = COLUMNS.filter((c) => have.has(c.id) && have.has(c.over));
    const headline = columns
      .map((c) => {
        const g = geomeanRatio(results, c);
        return g ? `${c.label} ${g.value.toFixed(2)} (${g.count} programs)` : undefined;
      })
      .filter((x) => x !== undefined);
    const md: string[] = [
      `## Embedded engine results ${started.toISOString()}`,
      '',
      `Command: \`npm run bench:interp${argv ? ` -- ${argv}` : ''}\` (total ${(totalS / 60).toFixed(1)} min)`,
      `Engine: bundled from the working tree at ${src.commit} (${src.subject})${src.dirty.length > 0 ? `; uncommitted changes under server/src: ${src.dirty.join(', ')}` : ''}${o.build ? '' : ' (--no-build: a bundle made earlier)'}`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${load0.map((l) => l.toFixed(1)).join(' ')} at the start, ${load1.map((l) => l.toFixed(1)).join(' ')} at the end`,
      `JVM: ${javaVersion()}; node ${process.version}${process.env.KOMORIUM_JIT !== undefined ? `; KOMORIUM_JIT=${process.env.KOMORIUM_JIT}` : ''}${process.env.KOMORIUM_JIT_THRESHOLD !== undefined ? `; KOMORIUM_JIT_THRESHOLD=${process.env.KOMORIUM_JIT_THRESHOLD}` : ''}`,
      `Method: CPU time (user+sys) per iteration = (median of ${o.reps} runs with ${o.hi} iterations - median of ${o.reps} runs with ${o.lo}) / ${o.hi - o.lo}; runs interleaved; scales: ${raws.map((r) => `${r.name} ${r.scale}`).join(', ')}`,
      '',
      `Geometric means: ${headline.join('; ')}`,
      '',
      'CPU time per iteration and ratios (lower is faster; parenthesised: difference too small to trust, left out of the ratios):',
      '',
    ];
    if (results.length > 0) md.push(ratioTable(results, engines, columns), '');
    if (hello) {
      md.push(
        `Hello world (start-up to exit; medians of ${o.reps * 2} runs after untimed ones: one per HotSpot engine, two per embedded one):`,
        '',
        startupTable(
          o.engines.map((e) => ({ id: e.id, label: e.label, runs: helloRuns[e.id] ?? [] })),
          'java',
        ),
        '',
      );
      for (const e of helloErrors) md.push(`- ERROR hello ${e}`);
    }
    if (results.length > 0) md.push(`Peak RSS of the runs with ${o.hi} iterations (median):`, '', rssTable(results, engines), '');
    if (results.length > 0 && have.has('xint')) {
      // Issue 18: on runs of 0.1-0.5 s under -Xint, start-up included, no slower than -Xint.
      const rows = raws.flatMap((r) => [
        { name: r.name, iterations: o.lo, runs: r.lo },
        { name: r.name, iterations: o.hi, runs: r.hi },
      ]);
      md.push(`Whole runs, start-up included (medians of ${o.reps} runs):`, '', wholeRunTable(rows, engines, 'xint', [100, 500]), '');
    }
    let errors = helloErrors.length;
    for (const r of results) {
      for (const e of r.errors) {
        md.push(`- ERROR ${r.name} ${e}`);
        errors++;
      }
    }
    const text = md.join('\n') + '\n';
    mkdirSync(o.outDir, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    writeFileSync(join(o.outDir, `interp-${stamp}.md`), text);
    writeFileSync(
      join(o.outDir, `interp-${stamp}.json`),
      JSON.stringify({ started, argv, source: src, load0, load1, totalS, lo: o.lo, hi: o.hi, reps: o.reps, hello: helloRuns, helloErrors, programs: raws, results }, null, 1),
    );
    process.stdout.write(text);
    log(`bench:interp: results in ${join(o.outDir, `interp-${stamp}.md`)} and .json`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
