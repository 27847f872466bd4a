// One full collection once a boot snapshot is restored (server/src/engine/restore-gc.ts): it
// frees what nothing refers to any more, and leaves V8's flags as they were (natives syntax is
// refused again afterwards: the worker's V8 code cache is checked against the flags).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { collectRestoreGarbage } from '../../server/src/engine/restore-gc';

test('restore GC: garbage is freed, and natives syntax is not allowed afterwards', async () => {
  let payload: object | null = { rows: new Array<number>(100_000).fill(1) };
  const ref = new WeakRef(payload);
  payload = null;
  // (A WeakRef's target is kept until the job that made it is over.)
  await tick();
  assert.equal(collectRestoreGarbage(), true);
  assert.equal(ref.deref(), undefined, 'the unreachable payload was collected');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  assert.throws(() => new Function('%CollectGarbage(null)'), SyntaxError);
});
