// The build lock (engine/build-lock.ts) between processes: of two runs that need the same
// missing entry, one builds and the other waits and uses it; a lock whose process is gone, or
// that is older than the bound, is taken over with a message; a build that fails releases the
// lock and the waiter builds. Each run is a separate node process with a fake build (a
// temporary directory renamed into place after `ms`), as the JDK copy's build does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, tempDir } from '../helpers/java';

const work = tempDir('buildlock');
const lockModule = pathToFileURL(join(REPO, 'server', 'src', 'engine', 'build-lock.ts')).href;

const child = `
import { appendFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { takeBuildLock } from ${JSON.stringify(lockModule)};
const [dir, mode, ms, staleMs] = process.argv.slice(-4);
const entry = dir + '/entry';
const lock = await takeBuildLock(entry + '.lock', { done: () => existsSync(entry + '/.complete'), what: 'the test entry', log: (l) => console.log(l), pollMs: 50, staleMs: Number(staleMs) });
if (!lock) {
  console.log('USED');
} else {
  try {
    appendFileSync(dir + '/builds', process.pid + '\\n');
    if (ms === 'go') {
      // Held until the test has seen the other run wait (a fixed time is too short under load).
      while (!existsSync(dir + '/go')) await new Promise((r) => setTimeout(r, 20));
    } else {
      await new Promise((r) => setTimeout(r, Number(ms)));
    }
    if (mode === 'fail') throw new Error('the fake build failed');
    const tmp = entry + '.' + process.pid + '.tmp';
    mkdirSync(tmp);
    writeFileSync(tmp + '/.complete', '');
    renameSync(tmp, entry);
    console.log('BUILT');
  } finally {
    lock.release();
  }
}
`;

interface Run {
  pid: number;
  /** What the run has printed so far. */
  out: () => string;
  done: Promise<{ code: number | null; out: string }>;
}

/** `ms`: how long the fake build takes, or 'go': until the test writes `dir/go`. */
function run(dir: string, mode: 'ok' | 'fail', ms: number | 'go', staleMs = 3_600_000): Run {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child, '--', dir, mode, String(ms), String(staleMs)], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  let out = '';
  p.stdout.on('data', (b: Buffer) => (out += b.toString()));
  p.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return { pid: p.pid!, out: () => out, done: new Promise((resolve) => p.on('close', (code) => resolve({ code, out }))) };
}

function builds(dir: string): number[] {
  return existsSync(join(dir, 'builds')) ? readFileSync(join(dir, 'builds'), 'utf8').trim().split('\n').map(Number) : [];
}

/** Lets the building run finish once `waiter` has said that it waits. */
async function releaseWhenWaiting(dir: string, waiter: Run): Promise<void> {
  for (let i = 0; i < 2400 && !/waiting for/.test(waiter.out()); i++) await new Promise((r) => setTimeout(r, 50));
  writeFileSync(join(dir, 'go'), '');
}

/** Waits until the lock file exists (the first run holds it). */
async function held(dir: string): Promise<void> {
  for (let i = 0; i < 600 && !existsSync(join(dir, 'entry.lock')); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(existsSync(join(dir, 'entry.lock')), 'the first run took the lock');
}

test('two runs at once: one builds, the other waits (saying for whom) and uses the entry', { timeout: 180_000 }, async () => {
  const dir = join(work, 'two');
  mkdirSync(dir);
  const a = run(dir, 'ok', 'go');
  await held(dir);
  const b = run(dir, 'ok', 3000);
  await releaseWhenWaiting(dir, b);
  const [ra, rb] = await Promise.all([a.done, b.done]);
  assert.equal(ra.code, 0, ra.out);
  assert.equal(rb.code, 0, rb.out);
  assert.deepEqual(builds(dir), [a.pid], 'one build');
  assert.match(ra.out, /BUILT/);
  assert.match(rb.out, new RegExp(`komorium: waiting for the test entry that process ${a.pid} is building \\(since \\d+ s; waited \\d+ s\\) \\.\\.\\.\\n(.|\\n)*USED`));
  assert.ok(existsSync(join(dir, 'entry', '.complete')));
  assert.ok(!existsSync(join(dir, 'entry.lock')), 'the lock is released');
});

test('a stale lock is taken over with a message: its process gone, or older than the bound', { timeout: 180_000 }, async () => {
  const gone = join(work, 'gone');
  mkdirSync(gone);
  const dead = spawnSync('true').pid;
  writeFileSync(join(gone, 'entry.lock'), JSON.stringify({ pid: dead, host: hostname(), started: Date.now() }));
  const r = await run(gone, 'ok', 100).done;
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, new RegExp(`komorium: taking over the build of the test entry from process ${dead} on ${hostname()} \\(process ${dead} is gone\\)\\n(.|\\n)*BUILT`));
  assert.equal(builds(gone).length, 1);
  // Alive (this process) but taken long ago.
  const old = join(work, 'old');
  mkdirSync(old);
  writeFileSync(join(old, 'entry.lock'), JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() - 3 * 3_600_000 }));
  const o = await run(old, 'ok', 100, 3_600_000).done;
  assert.equal(o.code, 0, o.out);
  assert.match(o.out, new RegExp(`taking over the build of the test entry from process ${process.pid} on .* \\(it was taken 180 min ago\\)\\n(.|\\n)*BUILT`));
  // Alive and recent: it holds (the run waits; the lock's removal lets it go on).
  const live = join(work, 'live');
  mkdirSync(live);
  writeFileSync(join(live, 'entry.lock'), JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() }));
  const w = run(live, 'ok', 100);
  await new Promise((r) => setTimeout(r, 3000));
  assert.deepEqual(builds(live), [], 'no build while the lock holds');
  spawnSync('rm', [join(live, 'entry.lock')]);
  const wr = await w.done;
  assert.equal(wr.code, 0, wr.out);
  assert.match(wr.out, new RegExp(`waiting for the test entry that process ${process.pid} is building(.|\\n)*BUILT`));
});

test('a build that fails releases the lock: the waiter builds', { timeout: 180_000 }, async () => {
  const dir = join(work, 'fail');
  mkdirSync(dir);
  const a = run(dir, 'fail', 'go');
  await held(dir);
  const b = run(dir, 'ok', 100);
  await releaseWhenWaiting(dir, b);
  const [ra, rb] = await Promise.all([a.done, b.done]);
  assert.notEqual(ra.code, 0);
  assert.match(ra.out, /the fake build failed/);
  assert.equal(rb.code, 0, rb.out);
  assert.match(rb.out, new RegExp(`waiting for the test entry that process ${a.pid} is building(.|\\n)*BUILT`));
  assert.doesNotMatch(rb.out, /taking over/, 'released, not taken over');
  assert.deepEqual(builds(dir), [a.pid, b.pid]);
  assert.ok(existsSync(join(dir, 'entry', '.complete')));
  assert.ok(!existsSync(join(dir, 'entry.lock')));
});
