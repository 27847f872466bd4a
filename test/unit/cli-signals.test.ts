// `komorium run` stopped by SIGINT or SIGTERM, on both engines: the run ends as java does after
// that signal (exit status 130 or 143), a second signal right after the first changes nothing,
// the profile of what ran so far is written and summarised, and -o is replaced only at the end:
// a previous file is there while the program runs, and stays when the run writes no profile.
// Also: `export -o` replaces its file only once complete.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { loadProfile, stringifyProfile } from '../../server/src/profile/index';
import { ProfileBuilder } from '../../server/src/profile/builder';

const CLI = join(REPO, 'bin', 'komorium.mjs');
const PREVIOUS = 'a previous file, not a profile\n';
let classes: string | undefined;
const spin = (): string => (classes ??= compileJava(join(REPO, 'test', 'java', 'cli-signals')));

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Sends `sig` to a process group, if it is still there. */
function killGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // gone
  }
}

/**
 * Runs Spin (work, print "started", loop forever) under `komorium run` in its own process group,
 * checks that a previous -o file is untouched once the program has started, then sends `sig` as
 * `timeout` does: to the CLI, at once to its whole process group (java included), and once more
 * a little later.
 */
async function stopWith(sig: 'SIGINT' | 'SIGTERM', runArgs: string[]): Promise<{ ended: Ended; dir: string; out: string }> {
  const dir = tempDir('cli-signals');
  const out = join(dir, 'profile.json');
  writeFileSync(out, PREVIOUS);
  const child = spawn(process.execPath, [CLI, 'run', ...runArgs, '-o', out, '-cp', spin(), 'Spin'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  const ended = new Promise<Ended>((res) => child.on('close', (code, signal) => res({ code, signal, stdout, stderr })));
  try {
    await new Promise<void>((res, rej) => {
      child.stdout.on('data', (b: Buffer) => {
        stdout += b.toString();
        if (stdout.includes('started\n')) res();
      });
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.on('close', () => rej(new Error(`the run ended before the program started:\n${stderr}`)));
    });
    assert.equal(readFileSync(out, 'utf8'), PREVIOUS, 'the previous -o file is left alone while the program runs');
    child.kill(sig);
    killGroup(child.pid!, sig);
    const again = setTimeout(() => killGroup(child.pid!, sig), 200);
    const r = await ended;
    clearTimeout(again);
    return { ended: r, dir, out };
  } finally {
    killGroup(child.pid!, 'SIGKILL'); // whatever is left (java, when the CLI died first)
  }
}

function checkStopped(r: { ended: Ended; dir: string; out: string }, status: number): void {
  const { ended, dir, out } = r;
  assert.equal(ended.signal, null, `the CLI itself was not killed by the signal:\n${ended.stderr}`);
  assert.equal(ended.code, status, ended.stderr);
  const p = loadProfile(out); // throws unless a complete, valid profile
  assert.equal(p.meta.program, 'Spin');
  assert.ok(p.meta.totalSamples > 0, 'the profile has the samples taken before the signal');
  assert.ok(p.threads.some((t) => t.samples > 0));
  const m = /komorium: ([\d,]+) samples, .* -> (.*)\n/.exec(ended.stderr);
  assert.ok(m, `summary line printed:\n${ended.stderr}`);
  assert.equal(Number(m[1].replace(/,/g, '')), p.meta.totalSamples);
  assert.deepEqual(readdirSync(dir), ['profile.json'], 'no staging or temporary file left behind');
}

/** Runs NoSuchMain (so no profile is written) with a previous -o file. */
function noProfile(engine: string[]): void {
  const dir = tempDir('cli-signals');
  const out = join(dir, 'profile.json');
  writeFileSync(out, PREVIOUS);
  const r = spawnSync(process.execPath, [CLI, 'run', ...engine, '-o', out, '-cp', spin(), 'NoSuchMain'], { encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /Could not find or load main class NoSuchMain/);
  assert.match(r.stderr, /no profile was written .*left as it was/);
  assert.equal(readFileSync(out, 'utf8'), PREVIOUS);
  assert.deepEqual(readdirSync(dir), ['profile.json']);
}

test('komorium run, both engines: SIGINT / SIGTERM (twice) exit 130 / 143 and keep the profile; no profile keeps the previous -o', { concurrency: true }, async (t) => {
  spin();
  // The embedded engine's runs are slow to start: all side by side.
  await Promise.all([
    t.test('embedded engine, SIGINT', async () => checkStopped(await stopWith('SIGINT', ['--engine', 'interpreter']), 130)),
    t.test('embedded engine (--instrument app), SIGTERM', async () => checkStopped(await stopWith('SIGTERM', ['--engine', 'interpreter', '--instrument', 'app']), 143)),
    t.test('jvm engine, SIGINT then SIGTERM, then a run that writes no profile', async () => {
      checkStopped(await stopWith('SIGINT', ['--engine', 'jvm']), 130);
      checkStopped(await stopWith('SIGTERM', ['--engine', 'jvm']), 143);
      noProfile(['--engine', 'jvm']);
    }),
    t.test('embedded engine: a run that writes no profile', async () => noProfile(['--engine', 'interpreter', '--instrument', 'app'])),
  ]);
});

test('komorium export -o: a write that fails half-way leaves the previous file and no partial one', () => {
  const dir = tempDir('cli-export-atomic');
  const b = new ProfileBuilder({ granularity: 1000, program: 'p.Main' });
  for (let i = 0; i < 400; i++) b.sample(['p.Main.main([Ljava/lang/String;)V', `p.Work.method${i}(ILjava/util/List;)J:${i + 1}`], { line: i + 10, count: 1 });
  const profile = join(dir, 'in.json');
  writeFileSync(profile, stringifyProfile(b.build()));
  const out = join(dir, 'out.json');
  writeFileSync(out, PREVIOUS);
  // A file size limit of 4 KiB (the export is far larger): the write fails with EFBIG midway.
  const r = spawnSync('sh', ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, CLI, 'export', profile, '--format', 'speedscope', '-o', out], { encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /EFBIG|too large/i);
  assert.equal(readFileSync(out, 'utf8'), PREVIOUS);
  assert.deepEqual(readdirSync(dir).sort(), ['in.json', 'out.json']);
  // Without the limit the same export replaces the file with the complete output.
  const ok = spawnSync(process.execPath, [CLI, 'export', profile, '--format', 'speedscope', '-o', out], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.ok(readFileSync(out).length > 8 * 512, 'the export is larger than the limit above');
  JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(readdirSync(dir).sort(), ['in.json', 'out.json']);
});
