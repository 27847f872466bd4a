// Live snapshots (the editor's live view, RunOptions.liveIntervalMs) are invisible to the
// counts on the embedded engine (docs/RUNTIME.md, "Live snapshots"): a program profiled with
// the JDK instrumented (`all`) gives the same final profile with live snapshots every 20 ms as
// without, a single-threaded one and one of two threads. Before: the snapshot thread was not recognised as the runtime's in `all` (it ran as a
// program thread), it initialised the JDK's sort classes before the program's first sort, and
// the live-snapshot properties added keys to the program's Properties table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

test('all: the same profile with live snapshots every 20 ms as without', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'determinism'));
  const dir = tempDir('interp-live-determinism');
  const run = async (name: string, liveIntervalMs?: number, mainClass = 'DetLive', args = ['10000']): Promise<{ text: string; stdout: string; snapshots: number }> => {
    let stdout = '';
    let snapshots = 0;
    const profilePath = join(dir, `${name}.json`);
    const r = startInterpreterRun({
      classpath: [classes],
      mainClass,
      args,
      cwd: dir,
      profilePath,
      instrument: 'all',
      liveIntervalMs,
      onSnapshot: () => snapshots++,
      onStdout: (b) => (stdout += b.toString()),
    });
    r.endStdin();
    const o = await r.done;
    assert.equal(o.exitCode, 0, `${name}: ${o.error ?? ''}`);
    const p = JSON.parse(readFileSync(profilePath, 'utf8')) as { meta: Record<string, unknown> };
    delete p.meta.startTime;
    delete p.meta.endTime;
    return { text: JSON.stringify(p), stdout, snapshots };
  };
  const plain = await run('plain');
  const live = await run('live', 20);
  assert.ok(live.snapshots >= 2, `live snapshots: ${live.snapshots}`);
  assert.equal(live.stdout, plain.stdout);
  assert.equal(live.text, plain.text, 'profile with live snapshots against without');
  // Two threads on a shared log (where they switch decides the output): the snapshot thread's
  // context lookups used to move the runtime's lookup hints, whose bytecodes the threads' time
  // slices count, so they switched elsewhere with live snapshots.
  const tPlain = await run('threads-plain', undefined, 'DetThreads', ['3000']);
  const tLive = await run('threads-live', 20, 'DetThreads', ['3000']);
  assert.ok(tLive.snapshots >= 1, `live snapshots (two threads): ${tLive.snapshots}`);
  assert.equal(tLive.stdout, tPlain.stdout, 'two threads: output with live snapshots against without');
  assert.equal(tLive.text, tPlain.text, 'two threads: profile with live snapshots against without');
});
