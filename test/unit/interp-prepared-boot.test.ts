// A worker of the embedded engine prepared with the boot snapshot restored ahead (interp-run.ts
// prepareInterpreter, interp-worker.ts prepareLikely, interp/run.ts prepareBoot): the run that
// takes it starts from that VM when its boot key is the one prepared ('prepared'), and prints
// the same bytes and writes the same profile, bit for bit but the wall-clock times, as a run
// restored from the boot snapshot in a fresh worker and one that boots. A run whose key differs
// (another scope) falls back to the normal path. A live run in a fresh worker starts from the
// snapshot after the main class (its live-snapshot thread pointed at the run's file), and its
// live snapshots still arrive.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { discardPreparedInterpreter, hasPreparedInterpreter, prepareInterpreter, startInterpreterRun, type InterpRunOptions } from '../../server/src/engine/interp-run';
import type { RunStart } from '../../server/src/interp/run';
import type { Instrument } from '../../server/src/engine/interp-transform';
import { compileJava, REPO } from '../helpers/java';
import { profileWithoutTimes, snapshotCache } from '../helpers/snapshot-runs';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-snapshot'));
// Snapshots of their own (the runs write them at the first boot, as the language server's do).
const cache = snapshotCache('interp-prepared-boot');
process.env.KOMORIUM_CACHE = cache;

interface Result {
  out: string;
  exitCode: number | null;
  profile: string | null;
  start: RunStart | undefined;
  snapshots: number;
}

async function run(tag: string, instrument: Instrument, extra: Partial<InterpRunOptions> = {}): Promise<Result> {
  let out = '';
  let start: RunStart | undefined;
  let snapshots = 0;
  const profilePath = join(cache, `${tag}.json`);
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass: 'SnapMain',
    args: ['x', 'y'],
    cwd: classes,
    profilePath,
    instrument,
    bootSnapshotAtFirstBoot: true,
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (out += b.toString()),
    onStats: (s) => (start = s.start),
    onSnapshot: () => snapshots++,
    ...extra,
  });
  const o = await r.done;
  assert.equal(o.error, undefined, tag);
  return { out, exitCode: o.exitCode, profile: o.profilePath ? profileWithoutTimes(o.profilePath) : null, start, snapshots };
}

function same(a: Result, b: Result, what: string): void {
  assert.equal(b.out, a.out, `${what}: output`);
  assert.equal(b.exitCode, a.exitCode, `${what}: exit code`);
  assert.ok(a.profile !== null, `${what}: a profile`);
  assert.equal(b.profile, a.profile, `${what}: profile`);
}

const waitReady = (ms: number) => new Promise((res) => setTimeout(res, ms));

test('a run on a worker that restored the boot snapshot ahead gives the booted run’s output and profile (scope all)', async () => {
  const booted = await run('booted', 'all', { bootSnapshot: false });
  assert.equal(booted.start, 'booted');
  const written = await run('written', 'all');
  assert.equal(written.start, 'booted', 'the first run with snapshots boots and writes one');
  const restored = await run('restored', 'all');
  // The second run writes or restores the main snapshot too: either way not booted, not prepared.
  assert.ok(restored.start === 'boot snapshot' || restored.start === 'main snapshot', String(restored.start));
  prepareInterpreter({ instrument: 'all' });
  assert.ok(hasPreparedInterpreter());
  // Whether the restore is done or not when the run arrives, the worker finishes it first.
  const prepared = await run('prepared', 'all');
  assert.equal(hasPreparedInterpreter(), false, 'the run took the prepared worker');
  assert.equal(prepared.start, 'prepared', 'started from the VM restored ahead');
  same(booted, restored, 'restored');
  same(booted, prepared, 'prepared');
  // Twice from prepared workers (the second after the worker is surely ready): the same again.
  prepareInterpreter({ instrument: 'all' });
  await waitReady(3000);
  const again = await run('prepared-again', 'all');
  assert.equal(again.start, 'prepared');
  same(booted, again, 'prepared again');
});

test('a run whose boot key is not the prepared one falls back to the normal path', async () => {
  const booted = await run('app-booted', 'app', { bootSnapshot: false });
  prepareInterpreter({ instrument: 'all' });
  const other = await run('app-on-all', 'app');
  assert.equal(hasPreparedInterpreter(), false, 'the run took the prepared worker');
  assert.notEqual(other.start, 'prepared', 'another scope: another key');
  same(booted, other, 'fallback');
  discardPreparedInterpreter();
});

test('a live run starts from the snapshot after the main class, and its live snapshots arrive (scope all)', async () => {
  const live = { liveIntervalMs: 100 };
  // A live run's profile depends on when its snapshot thread runs (two booted live runs differ
  // too): the output and exit code are compared, not the profile.
  const booted = await run('live-booted', 'all', { ...live, bootSnapshot: false });
  const written = await run('live-written', 'all', live);
  assert.ok(written.start === 'booted' || written.start === 'boot snapshot', `the first live run writes the main snapshot (${written.start})`);
  const restored = await run('live-restored', 'all', live);
  assert.equal(restored.start, 'main snapshot', 'a live run uses the snapshot after the main class');
  assert.equal(restored.out, booted.out);
  assert.equal(restored.exitCode, booted.exitCode);
  assert.ok(restored.profile !== null, 'a profile');
  // A program that runs until cancelled: the live snapshots arrive, written to this run's file
  // (the snapshot's file, in the directory of the run that wrote it, is gone).
  const work = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);
  const firstSnapshot = async (tag: string): Promise<{ start: RunStart | undefined; snapshots: number }> => {
    let start: RunStart | undefined;
    let snapshots = 0;
    let looping = false;
    // Cancelled once main has begun and a live snapshot came: a run cancelled before its main
    // class has loaded (a live snapshot may come first on a loaded machine) writes no main snapshot.
    const stopWhenDone = (): void => {
      if (looping && snapshots > 0) r.cancel();
    };
    const r = startInterpreterRun({
      classpath: [work],
      mainClass: 'eng.Work',
      args: ['forever'],
      profilePath: join(cache, `${tag}.json`),
      instrument: 'all',
      liveIntervalMs: 100,
      bootSnapshotAtFirstBoot: true,
      onStats: (s) => (start = s.start),
      onStdout: (b) => {
        looping ||= b.toString().includes('looping');
        stopWhenDone();
      },
      onSnapshot: () => {
        snapshots++;
        stopWhenDone();
      },
    });
    // No snapshot within a minute: stop the program, the assertion below fails.
    const timer = setTimeout(() => r.cancel(), 60000);
    const o = await r.done;
    clearTimeout(timer);
    assert.equal(o.error, undefined, tag);
    return { start, snapshots };
  };
  const first = await firstSnapshot('forever-written');
  assert.ok(first.snapshots > 0, 'live snapshots of the run that writes the snapshot');
  const second = await firstSnapshot('forever-restored');
  assert.equal(second.start, 'main snapshot');
  assert.ok(second.snapshots > 0, 'live snapshots of the run restored after the main class');
});
