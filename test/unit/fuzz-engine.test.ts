// A slice of the engine fuzzer (scripts/fuzz-engine.ts; `npm run fuzz -- --engine` runs any
// number of cases): mutated classes through the reader, the verifier, re-encoding and the
// transformer, and those the reader accepts on the embedded engine, many cases per boot (here
// booted afresh every 100 engine cases, to check that no case is lost across boots). Every
// outcome must be one HotSpot could have (a Java throwable or a normal end): no JavaScript
// error, no InternalError, no engine failure, no hang (a bytecode budget stops a case).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { defaultCorpus } from '../../scripts/fuzz';
import { fuzzEngine, makeEngineCase } from '../../scripts/fuzz-engine';
import { compileJava, REPO } from '../helpers/java';

test('engine fuzz: 250 mutated classes end as java could, never in a JS error or InternalError', () => {
  const corpus = defaultCorpus();
  const rep = fuzzEngine(corpus, { seed: 20261125, cases: 250, rebootEvery: 100, harnessDir: compileJava(join(REPO, 'test', 'java', 'fuzz-engine')) });
  const outcomes = JSON.stringify([...rep.engineOutcomes]);
  assert.deepEqual(rep.staticFailures, []);
  assert.deepEqual(rep.engineFailures, [], outcomes);
  assert.equal(rep.cases, 250);
  assert.equal(rep.rejected + rep.engineCases, 250, outcomes);
  assert.ok(rep.boots >= Math.ceil(rep.engineCases / 100), `${rep.boots} boots for ${rep.engineCases} engine cases`);
  // The cases reach the verifier, and some still run to the end.
  assert.ok((rep.engineOutcomes.get('java.lang.VerifyError') ?? 0) > 20, outcomes);
  assert.ok((rep.engineOutcomes.get('ok') ?? 0) > 10, outcomes);
});

test('engine fuzz cases are reproducible from (seed, case number)', () => {
  const corpus = defaultCorpus();
  for (const k of [3, 4, 77]) assert.deepEqual(makeEngineCase(corpus, 9, k), makeEngineCase(corpus, 9, k));
});
