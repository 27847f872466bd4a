// A worker of the embedded engine prepared before its program is known (interp-run.ts
// prepareInterpreter, what the language server does while a Java file is open): the next run
// takes it, and gives the output and profile of a run in a fresh worker.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { discardPreparedInterpreter, hasPreparedInterpreter, prepareInterpreter, startInterpreterRun } from '../../server/src/engine/interp-run';
import { loadProfile, profileDifferences } from '../../server/src/profile/index';
import { compileJava, REPO, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);
const dir = tempDir('interp-prewarm');

async function run(name: string, vmArgs: string[] = []): Promise<{ out: string; profile: string }> {
  let out = '';
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass: 'eng.Work',
    args: ['threads'],
    vmArgs,
    profilePath: join(dir, `${name}.json`),
    instrument: 'app',
    granularity: 1000,
    seed: 5,
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (out += b.toString()),
  });
  const o = await r.done;
  assert.equal(o.error, undefined, name);
  assert.equal(o.exitCode, 0, name);
  assert.ok(o.profilePath, name);
  return { out, profile: o.profilePath };
}

test('a prepared worker runs the next program, with the output and profile of a fresh worker', async () => {
  const fresh = await run('fresh');
  prepareInterpreter();
  assert.ok(hasPreparedInterpreter());
  prepareInterpreter(); // one is enough: the same one stays
  const prepared = await run('prepared');
  assert.equal(hasPreparedInterpreter(), false, 'the run took the prepared worker');
  assert.equal(prepared.out, fresh.out);
  assert.deepEqual(profileDifferences(loadProfile(fresh.profile), loadProfile(prepared.profile)), []);
});

test('a run with another heap limit leaves the prepared worker for a later run', async () => {
  prepareInterpreter();
  const other = await run('other-heap', ['-Xmx96m']);
  assert.ok(hasPreparedInterpreter(), 'kept: its V8 heap limit is not that run’s');
  assert.match(other.out, /threads done/);
  discardPreparedInterpreter();
  assert.equal(hasPreparedInterpreter(), false);
});
