// The embedded JVM's scheduler and clock (server/src/interp/scheduler.ts, clock.ts, hang.ts):
// a deadlock or a wait() nobody can end is reported and the run ends with exit code 1 and its
// profile; a timed park ends while another thread spins in Thread.yield; the real clock makes
// sleeps last real time; the virtual clock keeps runs reproducible. And on HotSpot, the
// runtime's DeadlockWatch reports a deadlock the same way.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startInterpreterRun, type InterpRunOptions } from '../../server/src/engine/interp-run';
import type { RunOutcome } from '../../server/src/engine/run';
import { runOnHotSpot } from '../../server/src/engine/hotspot';
import { loadProfile, profileDifferences } from '../../server/src/profile/index';
import { compileJava, REPO, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-sched'));
const dir = tempDir('interp-sched');

/** Longest a run may take before it is cancelled (a hang makes the test fail, not stall). */
const HANG_GUARD_MS = 180_000;

interface Ran {
  out: string;
  err: string;
  outcome: RunOutcome;
  bytecodes: number;
}

async function run(name: string, args: string[], extra: Partial<InterpRunOptions> = {}): Promise<Ran> {
  let out = '';
  let err = '';
  let bytecodes = -1;
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass: 'sched.Sched',
    args,
    profilePath: join(dir, `${name}.json`),
    instrument: 'none',
    onStdout: (b) => (out += b.toString()),
    onStderr: (b) => (err += b.toString()),
    onStats: (s) => (bytecodes = s.bytecodes),
    ...extra,
  });
  r.endStdin();
  const guard = setTimeout(() => r.cancel(), HANG_GUARD_MS);
  const outcome = await r.done;
  clearTimeout(guard);
  assert.equal(outcome.cancelled, false, `${name}: still running after ${HANG_GUARD_MS} ms`);
  return { out, err, outcome, bytecodes };
}

test('a deadlock of two threads (ABBA monitors) is reported like jstack, the profile is written, exit code 1', async () => {
  const r = await run('deadlock', ['deadlock'], { instrument: 'app' });
  assert.equal(r.outcome.exitCode, 1);
  assert.equal(r.out, '');
  assert.match(r.err, /^Found one Java-level deadlock:\n=+\n/);
  // Each thread waits for the monitor the other holds, named with its object.
  assert.match(r.err, /"first":\n {2}waiting to lock monitor <0x[0-9a-f]{8}> \(a java\.lang\.Object\),\n {2}which is held by "second"/);
  assert.match(r.err, /"second":\n {2}waiting to lock monitor <0x[0-9a-f]{8}> \(a java\.lang\.Object\),\n {2}which is held by "first"/);
  // Stacks: the frame that waits, the monitor it wants and the one it holds.
  const a = /"first":\n\tat sched\.Sched\.lambda\$deadlock\$0\(Sched\.java:\d+\)\n\t- waiting to lock (<0x[0-9a-f]{8}>) \(a java\.lang\.Object\)\n\t- locked (<0x[0-9a-f]{8}>)/.exec(r.err);
  const b = /"second":\n\tat sched\.Sched\.lambda\$deadlock\$1\(Sched\.java:\d+\)\n\t- waiting to lock (<0x[0-9a-f]{8}>) \(a java\.lang\.Object\)\n\t- locked (<0x[0-9a-f]{8}>)/.exec(r.err);
  assert.ok(a && b, r.err);
  assert.equal(a[1], b[2], 'first wants what second holds');
  assert.equal(b[1], a[2], 'second wants what first holds');
  assert.notEqual(a[1], a[2]);
  assert.match(r.err, /\nFound 1 deadlock\.\n/);
  assert.match(r.outcome.error ?? '', /deadlock of "first", "second"/);
  assert.ok(r.outcome.profilePath && existsSync(r.outcome.profilePath), 'profile written');
  const p = loadProfile(r.outcome.profilePath);
  assert.ok(p.threads.some((t) => t.name === 'first') && p.threads.some((t) => t.name === 'second'), 'both threads in the profile');
});

test('a deadlock of ReentrantLocks names the ownable synchronizers and their owners', async () => {
  const r = await run('locks', ['locks'], { clock: 'virtual' });
  assert.equal(r.outcome.exitCode, 1);
  assert.match(r.err, /"lock-first":\n {2}waiting for ownable synchronizer <0x[0-9a-f]{8}> \(a java\.util\.concurrent\.locks\.ReentrantLock\$NonfairSync\),\n {2}which is held by "lock-second"/);
  assert.match(r.err, /"lock-second":\n {2}waiting for ownable synchronizer <0x[0-9a-f]{8}> \(a java\.util\.concurrent\.locks\.ReentrantLock\$NonfairSync\),\n {2}which is held by "lock-first"/);
  assert.match(r.err, /\t- parking to wait for {2}<0x[0-9a-f]{8}> \(a java\.util\.concurrent\.locks\.ReentrantLock\$NonfairSync\)\n\tat java\.util\.concurrent\.locks\.LockSupport\.park/);
});

test('wait() with nobody left to notify is reported (the Cleaner thread does not keep the run alive)', async () => {
  const r = await run('wait', ['wait'], { clock: 'virtual' });
  assert.equal(r.out, 'waiting\n');
  assert.equal(r.outcome.exitCode, 1);
  assert.match(r.err, /^No thread can run: /);
  assert.match(r.err, /"main":\n {2}waiting in Object\.wait\(\) on <0x[0-9a-f]{8}> \(a java\.lang\.Object\),\n {2}and no thread is left to notify it\n/);
  assert.match(r.err, /\tat java\.lang\.Object\.wait\(java\.base@[^/]+\/Native Method\)\n\t- waiting on <0x[0-9a-f]{8}> \(a java\.lang\.Object\)\n/);
  assert.match(r.err, /\tat sched\.Sched\.waitForever\(Sched\.java:\d+\)\n\t- locked <0x[0-9a-f]{8}> \(a java\.lang\.Object\)\n\tat sched\.Sched\.main/);
  assert.match(r.outcome.error ?? '', /"main" in Object\.wait\(\), and no thread is left to wake it/);
});

// Then main waits on a latch that a daemon thread counts down after a sleep: not a hang.
test('a timed park ends while main spins in Thread.yield (both clocks); a daemon that sleeps, then releases main, is no hang', async () => {
  // Virtual clock: the spin does not creep through the 100 ms one nanosecond per bytecode
  // (that was ~10^8 bytecodes); the clock moves to the deadline once every runnable thread
  // only yields.
  const v = await run('park-virtual', ['park', '100'], { clock: 'virtual' });
  assert.equal(v.out, 'parked >= 100 ms: true\nreleased\n');
  assert.equal(v.err, '');
  assert.equal(v.outcome.exitCode, 0);
  assert.ok(v.bytecodes > 0 && v.bytecodes < 20_000_000, `bytecodes ${v.bytecodes}`);
  const r = await run('park-real', ['park', '100'], { clock: 'real' });
  assert.equal(r.out, 'parked >= 100 ms: true\nreleased\n');
  assert.equal(r.outcome.exitCode, 0);
});

test('real clock: Thread.sleep(300) lasts at least 300 ms of real time, and nanoTime agrees with currentTimeMillis', async () => {
  const work = tempDir('interp-sched-sleep');
  const r = await run('sleep', ['sleep', '300', work], { clock: 'real' });
  assert.equal(r.outcome.exitCode, 0);
  const [dn, dm] = r.out.trim().split(' ').map(Number);
  // The files' modification times come from the host's clock, outside the VM.
  const real = (statSync(join(work, 'after')).mtimeMs - statSync(join(work, 'before')).mtimeMs);
  assert.ok(real >= 300, `real time between the writes: ${real} ms`);
  assert.ok(dn >= 300 && dm >= 300, `nanoTime ${dn} ms, currentTimeMillis ${dm} ms`);
  assert.ok(Math.abs(dn - dm) <= 100, `nanoTime ${dn} ms and currentTimeMillis ${dm} ms agree`);
});

test('virtual clock: a program that sleeps, waits and parks with timeouts and reads the clock is reproducible; its profile records real wall time', async () => {
  // Main sleeps a virtual hour at the end, which takes no real time.
  const t0 = Date.now();
  const a = await run('timed-a', ['timed', '3600000'], { clock: 'virtual', instrument: 'app', granularity: 1000, seed: 3 });
  const t1 = Date.now();
  const b = await run('timed-b', ['timed', '3600000'], { clock: 'virtual', instrument: 'app', granularity: 1000, seed: 3 });
  assert.equal(a.outcome.exitCode, 0);
  assert.match(a.out, /^timed \d+\n$/);
  assert.equal(a.out, b.out);
  assert.equal(a.bytecodes, b.bytecodes);
  const pa = loadProfile(a.outcome.profilePath!);
  const pb = loadProfile(b.outcome.profilePath!);
  assert.deepEqual(profileDifferences(pa, pb), []);
  assert.equal(pa.threads.filter((t) => /^timed-/.test(t.name)).length, 3);
  assert.ok(t0 <= pa.meta.startTime && pa.meta.startTime <= pa.meta.endTime && pa.meta.endTime <= t1, `${t0} <= ${pa.meta.startTime} <= ${pa.meta.endTime} <= ${t1}`);
});

test('real clock: a program that reads no clock executes the same bytecodes in every run', async () => {
  const a = await run('notime-a', ['notime'], { clock: 'real' });
  const b = await run('notime-b', ['notime'], { clock: 'real' });
  assert.equal(a.outcome.exitCode, 0);
  assert.match(a.out, /^[a-g]{7}[1-5]{5} -?\d+\n$/);
  assert.equal(a.out, b.out);
  assert.equal(a.bytecodes, b.bytecodes);
});

test('HotSpot engine: the runtime finds the deadlock, reports it, writes the profile and exits with 1', { timeout: HANG_GUARD_MS }, async () => {
  let err = '';
  const out = join(dir, 'hotspot-deadlock.json');
  const run = runOnHotSpot({ classpath: [classes], mainClass: 'sched.Sched', args: ['deadlock'], out, cwd: dir, stdio: 'pipe', instrument: 'app', onStderr: (c) => (err += c.toString()) });
  const r = await run;
  assert.equal(r.exitCode, 1, err);
  assert.match(err, /^Found one Java-level deadlock:\n/);
  assert.match(err, /"first":\n {2}waiting to lock monitor <0x[0-9a-f]{8}> \(a java\.lang\.Object\),\n {2}which is held by "second"/);
  assert.match(err, /"second":\n\tat sched\.Sched\.lambda\$deadlock\$1\(Sched\.java:\d+\)\n\t- waiting to lock <0x[0-9a-f]{8}> \(a java\.lang\.Object\)\n\t- locked <0x[0-9a-f]{8}>/);
  assert.match(err, /\nFound 1 deadlock\.\n/);
  assert.ok(existsSync(out), 'profile written');
  const p = loadProfile(out);
  assert.ok(p.threads.some((t) => t.name === 'first'));
});
