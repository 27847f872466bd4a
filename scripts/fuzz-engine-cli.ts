// `npm run fuzz -- --engine [--cases N] [--seed S] [--from K] [--workers W] [--reboot-every R] [--static-only]`:
// the engine fuzzer (fuzz-engine.ts) from the command line. The cases are spread over W worker
// threads (default: 2, or the CPUs if fewer; case k goes to worker (k - from) mod W), each
// booting the engine once per R engine cases. The workers run an esbuild bundle of
// fuzz-engine-worker.ts (built into a temp directory at start). A worker that dies (a V8 crash
// or out of memory) fails the case it was running and a new one goes on after it. Failures
// are printed as they are found, each with the command that reruns it alone; at the end, a
// summary of every outcome. `--case K` runs one case in this thread and prints its mutations
// and outcome.

import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { defaultCorpus } from './fuzz';
import { addEvent, emptyReport, fuzzEngine, makeEngineCase, runStatic, staticContext, type CaseEvent, type EngineFuzzReport } from './fuzz-engine';
import type { WorkerData } from './fuzz-engine-worker';
import { compileJava, REPO } from '../test/helpers/java';
import { findJavaHome } from '../server/src/classpath/index';
import type { ClassBytes } from '../test/unit/classfile-fixtures';

/** Bundles fuzz-engine-worker.ts (plain esbuild output runs faster than through tsx, which keeps function names at a cost). */
async function bundleWorker(): Promise<{ file: string; dispose: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'komorium-fuzz-worker-'));
  const file = join(dir, 'fuzz-engine-worker.mjs');
  await build({
    entryPoints: [join(REPO, 'scripts', 'fuzz-engine-worker.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
  });
  return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

interface ParallelOptions {
  corpus: ClassBytes[];
  seed: number;
  from: number;
  cases: number;
  workers: number;
  harnessDir: string;
  engine: boolean;
  rebootEvery?: number;
  onEvent: (e: CaseEvent, r: EngineFuzzReport) => void;
}

/** Cases from..from+cases-1 over `workers` worker threads. */
export async function fuzzEngineParallel(o: ParallelOptions): Promise<EngineFuzzReport> {
  const t0 = performance.now();
  const rep = emptyReport(o.seed);
  const end = o.from + o.cases;
  const bundle = await bundleWorker();
  const add = (e: CaseEvent): void => {
    addEvent(rep, e);
    o.onEvent(e, rep);
  };
  const runWorker = (first: number, restarted: boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      if (first >= end) return resolve();
      const data: WorkerData = { corpus: o.corpus, seed: o.seed, first, stride: o.workers, end, harnessDir: o.harnessDir, engine: o.engine, rebootEvery: o.rebootEvery };
      const w = new Worker(bundle.file, {
        workerData: data,
        resourceLimits: { maxOldGenerationSizeMb: 3072 },
        // KOMORIUM_FUZZ_CPU_PROF=dir: a V8 CPU profile of each worker
        ...(process.env.KOMORIUM_FUZZ_CPU_PROF ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${process.env.KOMORIUM_FUZZ_CPU_PROF}`] } : {}),
      });
      let running: number | null = null;
      let lastDone: number | null = null;
      let error: unknown = null;
      w.on('message', (e: CaseEvent) => {
        if (e.type === 'start') running = e.caseNo;
        else if (e.type !== 'boot') {
          running = null;
          lastDone = e.caseNo;
        }
        add(e);
      });
      w.on('error', (e) => (error = e));
      w.on('exit', (code) => {
        if (code === 0 && error === null) return resolve();
        if (lastDone === null && running === null && !restarted) {
          // It never got to a case: a broken set-up, not a case to blame.
          return reject(new Error(`fuzz worker failed to start: ${String(error ?? `exit code ${code}`)}`));
        }
        // The case it was on: the one on the engine, else the one after the last that ended.
        const k = running ?? (lastDone === null ? first : lastDone + o.workers);
        if (k >= end) return reject(new Error(`fuzz worker ended with ${String(error ?? `exit code ${code}`)} after its last case`));
        const c = makeEngineCase(o.corpus, o.seed, k);
        const why = error instanceof Error ? `${error.constructor.name}: ${error.message}` : `exit code ${code}`;
        add({ type: 'engine', caseNo: k, file: c.file, mutations: c.mutations, outcome: `failed: the worker died (${why})` });
        runWorker(k + o.workers, true).then(resolve, reject);
      });
    });
  try {
    await Promise.all(Array.from({ length: Math.min(o.workers, o.cases) }, (_, i) => runWorker(o.from + i, false)));
  } finally {
    bundle.dispose();
  }
  rep.elapsedMs = performance.now() - t0;
  return rep;
}

/** Engine outcomes by count, short class names (`VerifyError 106, ok 39, ...`): a run stopped early still tells them. */
function outcomeSummary(r: EngineFuzzReport): string {
  return [...r.engineOutcomes]
    .sort((a, b) => b[1] - a[1])
    .map(([o, n]) => `${o.replace(/^java\.lang\./, '')} ${n}`)
    .join(', ');
}

export async function engineMain(args: Map<string, string>): Promise<number> {
  const num = (k: string, d: number): number => (args.has(k) ? Number(args.get(k)) : d);
  const seed = num('seed', Math.floor(Math.random() * 0x7fffffff));
  const corpus = defaultCorpus();
  const harnessDir = compileJava(join(REPO, 'test', 'java', 'fuzz-engine'));
  const reproduce = (k: number): string => `npm run fuzz -- --engine --seed ${seed} --case ${k}`;
  if (args.has('case')) {
    const c = makeEngineCase(corpus, seed, num('case', 0));
    console.log(`seed ${seed} case ${c.caseNo}: ${c.file}\n  mutations: ${c.mutations.join('; ')}`);
    const ctx = staticContext(findJavaHome());
    const s = runStatic(c, ctx);
    ctx.cp.close();
    console.log(`  static: ${s.outcome}${s.verifyError ? ` (verifier: ${s.verifyError})` : ''}${s.problem ? `: ${s.problem}` : ''}`);
    if (s.error instanceof Error) console.log(s.error.stack);
    const r = fuzzEngine(corpus, { seed, cases: 1, from: c.caseNo, harnessDir });
    console.log(`  engine: ${[...r.engineOutcomes.keys()].join(', ') || '(not run)'}`);
    return r.staticFailures.length + r.engineFailures.length === 0 ? 0 : 1;
  }
  const cases = num('cases', 2000);
  const workers = Math.max(1, num('workers', Math.min(2, availableParallelism())));
  const engine = !args.has('static-only');
  const every = num('progress', 1000);
  console.log(`fuzz --engine: seed ${seed}, ${cases} cases over ${corpus.length} class files, ${engine ? 'engine runs' : 'no engine runs'}, ${workers} worker threads`);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const cpuS = (): number => {
    const u = process.cpuUsage(cpu0);
    return (u.user + u.system) / 1e6;
  };
  const rep = await fuzzEngineParallel({
    corpus,
    seed,
    from: num('from', 0),
    cases,
    workers,
    harnessDir,
    engine,
    ...(args.has('reboot-every') ? { rebootEvery: num('reboot-every', 0) } : {}),
    onEvent: (e, r) => {
      // Failures as they are found (a crash of the whole process would lose them otherwise).
      if (e.type === 'static-failure') console.log(`FAIL case ${e.caseNo} ${e.file} [${e.mutations.join('; ')}]: ${e.problem}\n  reproduce: ${reproduce(e.caseNo)}`);
      if (e.type === 'engine' && r.engineFailures.at(-1)?.caseNo === e.caseNo) console.log(`FAIL case ${e.caseNo} ${e.file} [${e.mutations.join('; ')}]: engine: ${e.outcome}\n  reproduce: ${reproduce(e.caseNo)}`);
      if (e.type !== 'boot' && e.type !== 'start' && r.cases % every === 0) {
        const s = (performance.now() - t0) / 1000;
        console.log(`  ${r.cases} cases (${s.toFixed(0)} s, ${(r.cases / s).toFixed(1)} cases/s, CPU ${cpuS().toFixed(0)} s): ${r.rejected} rejected by the reader, ${r.engineCases} run, ${r.boots} boots, ${r.staticFailures.length + r.engineFailures.length} failures; ${outcomeSummary(r)}`);
      }
    },
  });
  const s = rep.elapsedMs / 1000;
  console.log(
    `fuzz --engine: ${rep.cases} cases in ${s.toFixed(1)} s (${(rep.cases / s).toFixed(1)} cases/s, CPU ${cpuS().toFixed(0)} s): ${rep.rejected} rejected by the reader, ` +
      `${rep.engineCases} run on the engine (${rep.boots} boots), ${rep.staticFailures.length} static failures, ${rep.engineFailures.length} engine failures`,
  );
  for (const [o, n] of [...rep.engineOutcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(7)}  ${o}`);
  return rep.staticFailures.length + rep.engineFailures.length === 0 ? 0 : 1;
}
