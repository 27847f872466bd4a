// The first 10,000 inputs per function of test/slow/interp-math-million.test.ts (java.lang.Math,
// HotSpot against the embedded engine; rules in test/helpers/math-million.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareMath, describeMath } from '../helpers/math-million';

test('Math on 10,000 inputs per function: HotSpot bit for bit (its own routines: within one ulp, at most 1%)', async (t) => {
  const r = await compareMath(10_000, 480_000);
  for (const line of describeMath(r).split('\n')) t.diagnostic(line);
  assert.deepEqual(r.problems.slice(0, 30), [], describeMath(r));
});
