// `npm run fuzz -- --engine [--cases N] [--seed S] [--from K] [--batch B] [--static-only]`: the
// engine fuzzer (fuzz-engine.ts) from the command line, with a line per batch and a summary of
// every outcome. `--case K` runs one case and prints its mutations and outcome.

import { join } from 'node:path';
import { defaultCorpus } from './fuzz';
import { fuzzEngine, makeEngineCase, runStatic, staticContext } from './fuzz-engine';
import { compileJava, REPO } from '../test/helpers/java';
import { findJavaHome } from '../server/src/classpath/index';

export function engineMain(args: Map<string, string>): number {
  const num = (k: string, d: number): number => (args.has(k) ? Number(args.get(k)) : d);
  const seed = num('seed', Math.floor(Math.random() * 0x7fffffff));
  const corpus = defaultCorpus();
  if (args.has('case')) {
    const c = makeEngineCase(corpus, seed, num('case', 0));
    console.log(`seed ${seed} case ${c.caseNo}: ${c.file}\n  mutations: ${c.mutations.join('; ')}`);
    const ctx = staticContext(findJavaHome());
    const s = runStatic(c, ctx);
    ctx.cp.close();
    console.log(`  static: ${s.outcome}${s.verifyError ? ` (verifier: ${s.verifyError})` : ''}${s.problem ? `: ${s.problem}` : ''}`);
    if (s.error instanceof Error) console.log(s.error.stack);
    const r = fuzzEngine(corpus, { seed, cases: 1, from: c.caseNo, harnessDir: compileJava(join(REPO, 'test', 'java', 'fuzz-engine')) });
    console.log(`  engine: ${[...r.engineOutcomes.keys()].join(', ') || '(not run)'}`);
    return r.staticFailures.length + r.engineFailures.length === 0 ? 0 : 1;
  }
  const cases = num('cases', 2000);
  const shown = { s: 0, e: 0 };
  console.log(`fuzz --engine: seed ${seed}, ${cases} cases over ${corpus.length} class files, ${args.has('static-only') ? 'no engine runs' : 'engine runs'}`);
  const rep = fuzzEngine(corpus, {
    seed,
    cases,
    from: num('from', 0),
    batch: num('batch', 500),
    engine: !args.has('static-only'),
    harnessDir: compileJava(join(REPO, 'test', 'java', 'fuzz-engine')),
    onBatch: (r) => {
      // Failures as they are found (a crash of the whole process would lose them otherwise).
      for (const f of r.staticFailures.slice(shown.s)) console.log(`FAIL case ${f.caseNo} ${f.file} [${f.mutations.join('; ')}]: ${f.problem}\n  reproduce: npm run fuzz -- --engine --seed ${seed} --case ${f.caseNo}`);
      for (const f of r.engineFailures.slice(shown.e)) console.log(`FAIL case ${f.caseNo} ${f.file} [${f.mutations.join('; ')}]: engine: ${f.outcome}\n  reproduce: npm run fuzz -- --engine --seed ${seed} --case ${f.caseNo}`);
      shown.s = r.staticFailures.length;
      shown.e = r.engineFailures.length;
      console.log(`  ${r.cases} cases (${(performance.now() / 1000).toFixed(0)} s): ${r.rejected} rejected by the reader, ${r.engineCases} run, ${r.staticFailures.length + r.engineFailures.length} failures`);
    },
  });
  console.log(`fuzz --engine: ${rep.cases} cases in ${(rep.elapsedMs / 1000).toFixed(1)} s: ${rep.rejected} rejected by the reader, ${rep.engineCases} run on the engine (${rep.boots} boots), ${rep.staticFailures.length} static failures, ${rep.engineFailures.length} engine failures`);
  for (const [o, n] of [...rep.engineOutcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(7)}  ${o}`);
  return rep.staticFailures.length + rep.engineFailures.length === 0 ? 0 : 1;
}
