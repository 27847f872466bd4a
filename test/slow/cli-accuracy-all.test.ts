// `komorium accuracy --instrument all` (moved from test/unit/cli-accuracy.test.ts: 46 s of CPU,
// 5-6 min wall at load 45): in scope all the exact and the sampled profile both leave out the
// JDK's start-up and the JVM's shutdown, say so for the start-up, and count the same bytecodes
// up to a small remainder (docs/ACCURACY.md, "δb in scope all").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/index';
import { compileJava, REPO, runCli, tempDir } from '../helpers/java';

test('scope all: exact and sampled profiles both leave out the JDK start-up and say so, and count the same bytecodes up to a small remainder', () => {
  // acc.Counting: 1.6 M bytecodes, 40,000 objects.
  const classes = compileJava(join(REPO, 'test', 'java', 'accuracy'), ['-g']);
  const keep = tempDir('accuracy-all');
  const r = runCli(['accuracy', '--json', '--instrument', 'all', '--granularity', '1000', '--random', '100', '--keep', keep, '-cp', classes, 'acc.Counting']);
  assert.equal(r.status, 0, r.stderr);
  const rep = JSON.parse(r.stdout) as { exactBytecodes: number; rows: { bytecodes: number; deltaB: number }[] };
  // Left out of one profile and not the other, before: the start-up (initPhase1-3, ~1.6 M
  // bytecodes, δb 0.2); the class loader's loadClass for each runtime class the transformed code
  // references (komorium.rt.TC, MID, ...: ~5,800 JDK bytecodes, sampled only); Object.<init>
  // (one bytecode per object, exact only: 40,000 here); the JVM's shutdown (the sampled run
  // counted the JDK code starting and joining the runtime's hook, the exact run all of
  // Shutdown.shutdown: +565 here); the JDK code the agent runs to write the profile, counted
  // into the writing thread's pending interval (~125 bytecodes plus ~0.4 per sample: +175 here).
  // What remains (ACCURACY.md, "δb in scope all"): the rest of the current block of each frame
  // still active at the cut, counted ahead by the sampled run: +9 here, δb 5.5e-6.
  const diff = Math.abs(rep.rows[0]!.bytecodes - rep.exactBytecodes);
  assert.ok(diff <= 40, `sampled ${rep.rows[0]!.bytecodes} vs exact ${rep.exactBytecodes} bytecodes`);
  assert.ok(rep.rows[0]!.deltaB <= 1e-4, `δb = ${rep.rows[0]!.deltaB}`);
  for (const f of ['exact.json', '1000-100.json']) {
    const p = loadProfile(join(keep, f));
    assert.equal(p.meta.startup, 'excluded', f);
    assert.ok(!p.threads.some((t) => t.nodes.some((n) => n.method?.name === 'initPhase1')), `${f}: no start-up contexts`);
  }
});
