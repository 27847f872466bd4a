// A short fuzz run (the long one is test/slow/classfile-fuzz.test.ts; `npm run fuzz` runs any
// number of cases). Every mutated class is either rejected with a ClassFormatError or accepted and
// written back byte-identically.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultCorpus, formatFailure, fuzz, makeCase } from '../../scripts/fuzz';

test('fuzz: 3,000 mutated class files are rejected with ClassFormatError or round-trip identically', () => {
  const corpus = defaultCorpus();
  // The per-case limit only catches hangs here (cases take well under a millisecond); the slow
  // run enforces the 1 s limit.
  const report = fuzz(corpus, { cases: 3000, seed: 20261122, maxMs: 10000 });
  assert.deepEqual(report.failures.map(formatFailure), []);
  assert.equal(report.cases, 3000);
  // Both outcomes occur, so the mutations are neither all fatal nor all harmless.
  assert.ok(report.accepted > 100 && report.rejected > 1000, JSON.stringify(report));
  assert.equal(report.writeRejected, 0);
});

test('fuzz cases are reproducible from (seed, case number)', () => {
  const corpus = defaultCorpus();
  const a = makeCase(corpus, 7, 123);
  const b = makeCase(corpus, 7, 123);
  assert.deepEqual(a, b);
  assert.notDeepEqual(makeCase(corpus, 7, 124).mutations, a.mutations);
});
