// java.lang.Math on 1,000,000 edge-case and random inputs per function, HotSpot against the
// embedded engine (uninstrumented), bit for bit within the rules of test/helpers/math-million.ts.
// test/unit/interp-math-million.test.ts runs the first 10,000.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareMath, describeMath } from '../helpers/math-million';

test('Math on 1,000,000 inputs per function: HotSpot bit for bit (its own routines: within one ulp, at most 1%)', async (t) => {
  const r = await compareMath(1_000_000, 7_200_000);
  for (const line of describeMath(r).split('\n')) t.diagnostic(line);
  assert.deepEqual(r.problems.slice(0, 30), [], describeMath(r));
});
