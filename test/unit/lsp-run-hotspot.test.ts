// The engine-run interface on the HotSpot engine (server/src/engine/run.ts + hotspot-run.ts):
// output and stdin, exit codes, clear errors, live snapshots that leave the final profile
// unchanged, and cancel() still yielding the samples gathered so far.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { discardPreparedHotSpot, hasPreparedHotSpot } from '../../server/src/engine/hotspot-run';
import { prepareRun, startRun, type ProfileRun, type RunOptions, type RunOutcome, type RunProgress } from '../../server/src/engine/run';
import { loadProfile, profileFromJson } from '../../server/src/profile/load';
import { profileDifferences } from '../../server/src/profile/equal';
import { compileJava, REPO, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'lsp'));
const dir = tempDir('lsp-run');

interface Collected {
  run: ProfileRun;
  outcome: Promise<RunOutcome>;
  stdout: () => string;
  stderr: () => string;
  snapshots: unknown[];
  progress: RunProgress[];
}

function start(name: string, args: string[], extra: Partial<RunOptions> = {}): Collected {
  let out = '';
  let err = '';
  const snapshots: unknown[] = [];
  const progress: RunProgress[] = [];
  const run = startRun({
    engine: 'jvm',
    instrument: 'app',
    classpath: [classes],
    mainClass: 'demo.Busy',
    args,
    profilePath: join(dir, `${name}.json`),
    granularity: 5000,
    seed: 3,
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (err += b.toString()),
    onSnapshot: (j) => snapshots.push(j),
    onProgress: (p) => progress.push(p),
    ...extra,
  });
  return { run, outcome: run.done, stdout: () => out, stderr: () => err, snapshots, progress };
}

test('a run passes stdin and stdout through and writes the profile', async () => {
  const c = start('echo', ['echo', '2']);
  c.run.writeStdin('hello\n');
  c.run.endStdin();
  const o = await c.outcome;
  assert.equal(o.error, undefined, c.stderr());
  assert.equal(o.exitCode, 0);
  assert.equal(o.cancelled, false);
  assert.match(c.stdout(), /^got hello\nsum \d+\n$/);
  assert.ok(o.profilePath && existsSync(o.profilePath));
  const p = loadProfile(o.profilePath);
  assert.ok(p.meta.totalSamples > 0);
  assert.deepEqual(p.meta.args, ['echo', '2']);
  assert.ok(p.methods.some((m) => m.className === 'demo.Busy' && m.name === 'work'));
  assert.deepEqual(c.progress[0]?.phase, 'preparing');
  assert.ok(c.progress.some((p) => p.phase === 'running'));
});

test('live snapshots arrive during the run and do not change the final profile', async () => {
  // The class path only: with the JDK instrumented the snapshot thread initialises JDK classes
  // (CharBuffer...) that main would otherwise initialise, and main's counts shift (RUNTIME.md).
  const plain = start('plain', ['normal', '300'], { instrument: 'app' });
  const po = await plain.outcome;
  const live = start('live', ['normal', '300'], { liveIntervalMs: 40, instrument: 'app' });
  const lo = await live.outcome;
  assert.equal(po.exitCode, 0, plain.stderr());
  assert.equal(lo.exitCode, 0, live.stderr());
  assert.ok(live.snapshots.length >= 1, `snapshots: ${live.snapshots.length}`);
  assert.equal(plain.snapshots.length, 0);
  // Every snapshot is a valid profile, and the counts only grow.
  let last = 0;
  for (const s of live.snapshots) {
    const p = profileFromJson(s, 'snapshot');
    assert.ok(p.meta.totalSamples >= last);
    last = p.meta.totalSamples;
  }
  const a = loadProfile(po.profilePath!);
  const b = loadProfile(lo.profilePath!);
  assert.deepEqual(profileDifferences(a, b), []);
  assert.ok(live.progress.some((p) => p.samples > 0 && p.bytecodes > 0), 'progress carries totals from the snapshots');
});

test('with the JDK instrumented too, live snapshots leave the final profile as a plain run\'s', async () => {
  // The snapshot thread is the profiler's own: it initialises no JDK class, sorts with the
  // runtime's own sort and keeps its contexts apart (det18h; RUNTIME.md, "Live snapshots").
  // Before, main's counts shifted (510,082,735 against 510,084,521 bytecodes).
  const plain = start('plain-all', ['normal', '300'], { instrument: 'all' });
  const po = await plain.outcome;
  const live = start('live-all', ['normal', '300'], { liveIntervalMs: 20, instrument: 'all' });
  const lo = await live.outcome;
  assert.equal(po.exitCode, 0, plain.stderr());
  assert.equal(lo.exitCode, 0, live.stderr());
  assert.ok(live.snapshots.length >= 1, `snapshots: ${live.snapshots.length}`);
  const a = loadProfile(po.profilePath!);
  const b = loadProfile(lo.profilePath!);
  assert.equal(a.meta.scope, 'all');
  assert.deepEqual(profileDifferences(a, b), []);
});

test('cancel stops a program that loops forever and keeps the samples so far', async () => {
  const c = start('forever', ['forever'], { liveIntervalMs: 50 });
  // Wait for three snapshots: they keep coming while the thread samples every few microseconds
  // (the snapshot thread is not starved of the context's monitor).
  while (c.snapshots.length < 3) {
    const settled = await Promise.race([c.outcome.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
    assert.equal(settled, false, `the run ended early: ${c.stderr()}`);
  }
  // Every snapshot of the busy thread is a valid profile (no torn totals).
  for (const j of c.snapshots) profileFromJson(j as Parameters<typeof profileFromJson>[0], 'snapshot');
  const samplesOf = (j: unknown) => (j as { meta: { totalSamples: number } }).meta.totalSamples;
  assert.ok(samplesOf(c.snapshots[2]) > samplesOf(c.snapshots[0]), 'later snapshots have more samples');
  c.run.cancel();
  c.run.cancel(); // idempotent
  const o = await c.outcome;
  assert.equal(o.cancelled, true);
  assert.equal(o.error, undefined, c.stderr());
  assert.ok(o.profilePath && existsSync(o.profilePath), 'the JVM wrote its profile on SIGTERM');
  const p = loadProfile(o.profilePath);
  assert.ok(p.meta.totalSamples > 0);
  assert.ok(p.methods.some((m) => m.name === 'work'));
});

test('System.exit and an uncaught exception end with their exit codes and a profile', async () => {
  const exit = start('exit', ['exit', '2']);
  const thrown = start('throw', ['throw', '2']);
  const [e, t] = await Promise.all([exit.outcome, thrown.outcome]);
  assert.equal(e.exitCode, 3);
  assert.ok(e.profilePath && existsSync(e.profilePath));
  assert.equal(t.exitCode, 1);
  assert.match(thrown.stderr(), /IllegalStateException: boom/);
  assert.ok(t.profilePath && JSON.parse(readFileSync(t.profilePath, 'utf8')).format === 'komorium-profile');
});

test('bad input gives a clear error, not an exception', async () => {
  const missing = await startRun({ engine: 'jvm', instrument: 'app', classpath: [classes], mainClass: 'demo.Nope', args: [], profilePath: join(dir, 'x.json') }).done;
  assert.match(missing.error ?? '', /main class demo\.Nope not found/);
  assert.equal(missing.profilePath, null);
  const noCp = await startRun({ engine: 'jvm', instrument: 'app', classpath: [join(dir, 'no-such-dir')], mainClass: 'demo.Busy', args: [], profilePath: join(dir, 'y.json') }).done;
  assert.match(noCp.error ?? '', /class path does not exist/);
  const noMain = await startRun({ engine: 'jvm', instrument: 'app', classpath: [classes], mainClass: '', args: [], profilePath: join(dir, 'z.json') }).done;
  assert.match(noMain.error ?? '', /no main class/);
  const engine = await startRun({ engine: 'nope' as never, classpath: [classes], mainClass: 'demo.Busy', args: [], profilePath: join(dir, 'w.json') }).done;
  assert.match(engine.error ?? '', /unknown engine 'nope'/);
});

test('cancel while preparing ends the run without starting the program', async () => {
  const c = start('early', ['normal', '2']);
  c.run.cancel();
  const o = await c.outcome;
  assert.equal(o.cancelled, true);
  assert.equal(c.stdout(), '');
});

test('a preparation worker started ahead is used by the next run: same output and profile', async () => {
  const plain = start('unprepared', ['normal', '50']);
  const po = await plain.outcome;
  assert.equal(po.exitCode, 0, plain.stderr());
  assert.equal(hasPreparedHotSpot(), false);
  prepareRun({ engine: 'jvm' });
  assert.equal(hasPreparedHotSpot(), true, 'a worker waits');
  prepareRun({ engine: 'jvm' });
  const c = start('prepared', ['normal', '50']);
  const o = await c.outcome;
  assert.equal(hasPreparedHotSpot(), false, 'the run took the waiting worker');
  assert.equal(o.exitCode, 0, c.stderr());
  assert.equal(c.stdout(), plain.stdout());
  assert.deepEqual(profileDifferences(loadProfile(po.profilePath!), loadProfile(o.profilePath!)), []);
  // A bad class path through a waiting worker is still the preparation's clear error.
  prepareRun({ engine: 'jvm' });
  const bad = await startRun({ engine: 'jvm', instrument: 'app', classpath: [join(dir, 'no-such-dir')], mainClass: 'demo.Busy', args: [], profilePath: join(dir, 'v.json') }).done;
  assert.match(bad.error ?? '', /class path does not exist/);
  // A waiting worker neither keeps the process alive nor outlives being discarded.
  prepareRun({ engine: 'jvm' });
  discardPreparedHotSpot();
  assert.equal(hasPreparedHotSpot(), false);
  prepareRun({ engine: 'jvm' });
});

test('the first live snapshot comes early, not a whole interval after the start', { timeout: 180_000 }, async () => {
  // An interval of ten minutes: only the early first snapshot (LiveSnapshots.FIRST) can arrive
  // before the test's timeout.
  const c = start('first-early', ['forever'], { liveIntervalMs: 600_000 });
  while (c.snapshots.length < 1) {
    const settled = await Promise.race([c.outcome.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
    assert.equal(settled, false, `the run ended early: ${c.stderr()}`);
  }
  c.run.cancel();
  const o = await c.outcome;
  assert.equal(o.cancelled, true);
  assert.equal(c.snapshots.length, 1, 'then the interval holds');
});
