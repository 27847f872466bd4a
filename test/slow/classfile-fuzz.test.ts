// 100,000 fuzz cases (seed from FUZZ_SEED, default 1), with the 1 s per-case limit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultCorpus, formatFailure, fuzz } from '../../scripts/fuzz';

test('fuzz: 100,000 mutated class files', (t) => {
  const seed = Number(process.env.FUZZ_SEED ?? 1);
  const report = fuzz(defaultCorpus(), { cases: 100000, seed, maxMs: 1000 });
  t.diagnostic(
    `seed ${seed}: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s, ${report.accepted} accepted, ` +
      `${report.rejected} rejected, ${report.writeRejected} write-rejected, ${report.failures.length} failures, ` +
      `slowest case ${report.slowestCase} ${report.slowestMs.toFixed(1)} ms`,
  );
  assert.deepEqual(report.failures.map(formatFailure), []);
  assert.equal(report.writeRejected, 0);
});
