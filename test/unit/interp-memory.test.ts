// Memory on the embedded engine (server/src/engine/interp-run.ts, interp/vm.ts heap
// accounting, interp/object.ts array storage): huge arrays behave as on HotSpot with the same
// -Xmx (allocated, or OutOfMemoryError caught by the program's own catch), -Xmx is the
// program's heap (the engine's own memory does not count), and a run that allocates huge
// arrays without end stops when cancelled.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import type { RunOutcome } from '../../server/src/engine/run';
import { compileJava, REPO, runJava, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-memory'));
const dir = tempDir('interp-memory');

async function embedded(mode: string, xmx: string): Promise<{ out: string; err: string; outcome: RunOutcome }> {
  let out = '';
  let err = '';
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass: 'mem.Huge',
    args: [mode],
    profilePath: join(dir, `${mode}.json`),
    instrument: 'none',
    vmArgs: [xmx],
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (err += b.toString()),
  });
  const outcome = await r.done;
  return { out, err, outcome };
}

async function sameAsHotSpot(mode: string, xmx: string): Promise<void> {
  const hs = runJava([xmx, '-cp', classes, 'mem.Huge', mode]);
  const r = await embedded(mode, xmx);
  assert.equal(r.err, hs.stderr);
  assert.equal(r.out, hs.stdout);
  assert.equal(r.outcome.exitCode, hs.status);
  assert.equal(r.outcome.error, undefined);
}

test('huge long[] and Object[] allocations are made or throw a catchable OutOfMemoryError as on HotSpot (-Xmx1g)', { timeout: 300_000 }, async () => {
  await sameAsHotSpot('huge', '-Xmx1g');
});

test('-Xmx64m is the program heap: a 40 MB array is allocated, an 80 MB one is not', { timeout: 300_000 }, async () => {
  await sameAsHotSpot('heap64', '-Xmx64m');
});

test('cancel ends a run that allocates huge arrays without end', { timeout: 300_000 }, async () => {
  let out = '';
  let cancelledAt = 0;
  const h = startInterpreterRun({
    classpath: [classes],
    mainClass: 'mem.Huge',
    args: ['hog'],
    profilePath: join(dir, 'hog.json'),
    instrument: 'none',
    vmArgs: ['-Xmx1g'],
    onStdout: (b) => {
      out += b.toString();
      // Cancel once the program allocates (plus a moment, to be inside an allocation).
      if (cancelledAt === 0 && out.includes('hogging')) {
        cancelledAt = -1;
        setTimeout(() => {
          cancelledAt = Date.now();
          h.cancel();
        }, 300);
      }
    },
  });
  // A hang check, not a timing: the run must end at all (it ends within about 2 s of cancel).
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((res) => {
    const poll = (): void => {
      if (cancelledAt > 0 && Date.now() - cancelledAt > 15_000) res('hung');
      else timer = setTimeout(poll, 200);
    };
    poll();
  });
  const outcome = await Promise.race([h.done, hung]);
  clearTimeout(timer);
  assert.notEqual(outcome, 'hung', 'the run did not end within 15 s of cancel');
  assert.equal(out, 'hogging\n');
  // The run may end cancelled, or first with the program's uncaught OutOfMemoryError (two
  // arrays live at once can pass -Xmx1g): either way it ends.
  assert.ok((outcome as RunOutcome).cancelled || (outcome as RunOutcome).exitCode === 1);
});
