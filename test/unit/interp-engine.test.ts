// The embedded engine behind the engine-run interface (server/src/engine/interp-run.ts): output
// and exit codes as HotSpot gives them, stdin, cancellation that keeps the samples gathered so
// far, live snapshots, and exact mode (every bytecode counted) against the sampled profile.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startInterpreterRun, type InterpRunOptions } from '../../server/src/engine/interp-run';
import type { RunOutcome } from '../../server/src/engine/run';
import { loadProfile, methodOverlap, overlap, profileDifferences } from '../../server/src/profile/index';
import { compileJava, REPO, runJava, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);
const dir = tempDir('interp-engine');

interface Ran {
  out: string;
  err: string;
  outcome: RunOutcome;
  snapshots: number;
}

async function run(name: string, args: string[], extra: Partial<InterpRunOptions> = {}, feed?: (r: ReturnType<typeof startInterpreterRun>) => void): Promise<Ran> {
  let out = '';
  let err = '';
  let snapshots = 0;
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass: 'eng.Work',
    args,
    profilePath: join(dir, `${name}.json`),
    instrument: 'app',
    granularity: 1000,
    seed: 5,
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (err += b.toString()),
    onSnapshot: () => snapshots++,
    ...extra,
  });
  feed?.(r);
  const outcome = await r.done;
  return { out, err, outcome, snapshots };
}

function hotspot(args: string[], input?: string) {
  return runJava(['-cp', classes, 'eng.Work', ...args], { input });
}

test('output, System.exit and an uncaught exception as on HotSpot, with a profile', async () => {
  for (const args of [['work'], ['exit'], ['throw']]) {
    const hs = hotspot(args);
    const r = await run(`ex-${args[0]}`, args);
    assert.equal(r.out, hs.stdout, args[0]);
    assert.equal(r.err, hs.stderr, args[0]);
    assert.equal(r.outcome.exitCode, hs.status, args[0]);
    assert.equal(r.outcome.error, undefined);
    assert.ok(r.outcome.profilePath && existsSync(r.outcome.profilePath), `profile for ${args[0]}`);
  }
});

test('heap and stack limits give OutOfMemoryError and StackOverflowError the program can catch', async () => {
  const hs = runJava(['-Xmx64m', '-cp', classes, 'eng.Work', 'limits']);
  const r = await run('limits', ['limits'], { instrument: 'none', vmArgs: ['-Xmx64m'] });
  assert.equal(r.out, hs.stdout);
  assert.match(r.out, /caught OutOfMemoryError after many arrays: Java heap space\ncaught StackOverflowError deeper than 1000: true\nstill running/);
  assert.equal(r.outcome.exitCode, 0);
});

test('a multi-threaded program gives the same profile in every run (deterministic green threads)', async () => {
  const a = await run('threads-a', ['threads']);
  const b = await run('threads-b', ['threads']);
  assert.equal(a.out, b.out);
  const pa = loadProfile(a.outcome.profilePath!);
  const pb = loadProfile(b.outcome.profilePath!);
  assert.deepEqual(profileDifferences(pa, pb), []);
  assert.ok(pa.threads.filter((t) => /^worker-/.test(t.name)).length === 3, 'three worker threads profiled');
});

test('stdin reaches the program through writeStdin/endStdin', async () => {
  const r = await run('echo', ['echo'], { instrument: 'none' }, (h) => {
    h.writeStdin('first line\nsecond');
    h.writeStdin(' line\n');
    h.endStdin();
  });
  assert.equal(r.out, 'echo 1: first line\necho 2: second line\neof after 2\n');
  assert.equal(r.outcome.exitCode, 0);
});

test('cancel stops a program that loops forever and the samples so far are written', async () => {
  let snapshots = 0;
  let out = '';
  const h = startInterpreterRun({
    classpath: [classes],
    mainClass: 'eng.Work',
    args: ['forever'],
    profilePath: join(dir, 'forever.json'),
    instrument: 'app',
    granularity: 1000,
    liveIntervalMs: 100,
    onStdout: (b) => (out += b.toString()),
    // Cancel once the program has produced samples (the first live snapshot).
    onSnapshot: () => {
      if (snapshots++ === 0) h.cancel();
    },
  });
  const outcome = await h.done;
  assert.equal(out, 'looping\n');
  assert.equal(outcome.cancelled, true);
  assert.ok(snapshots > 0, 'live snapshots arrived while it ran');
  assert.ok(outcome.profilePath, 'a profile was written');
  const p = loadProfile(outcome.profilePath!);
  assert.ok(p.meta.totalSamples > 0);
  assert.ok(p.threads[0].nodes.some((n) => n.method?.name === 'spin'), 'spin is in the profile');
});

test('exact mode counts every bytecode: its total equals the agent count, and sampling overlaps it', async () => {
  const sampled = await run('sampled', ['work'], { granularity: 200, random: 100 });
  const exact = await run('exact', ['work'], { exact: 'app' });
  assert.equal(exact.outcome.exitCode, 0);
  const s = loadProfile(sampled.outcome.profilePath!);
  const e = loadProfile(exact.outcome.profilePath!);
  assert.equal(e.meta.granularity, 1);
  // The runtime counts the same original bytecodes the exact mode counts (docs/ACCURACY.md,
  // "δb in scope app").
  assert.equal(e.meta.totalBytecodes, s.meta.totalBytecodes, 'exact vs counted by the runtime');
  assert.equal(e.meta.totalSamples, e.meta.totalBytecodes);
  const names = new Set(e.threads[0].nodes.map((n) => n.method?.name));
  for (const m of ['main', 'spin', 'calls', 'leaf']) assert.ok(names.has(m), `${m} in the exact profile`);
  assert.ok(overlap(e, s) > 90, `context overlap ${overlap(e, s)}`);
  assert.ok(methodOverlap(e, s) > 90);
});
