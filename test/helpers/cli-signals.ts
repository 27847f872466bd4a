// Helpers of the `komorium run` signal tests (test/unit/cli-signals.test.ts and
// test/slow/cli-signals-all.test.ts): run Spin (work, print "started", loop forever), stop it with
// a signal as `timeout` does, and check what a stopped run must leave.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from './java';
import { loadProfile } from '../../server/src/profile/index';

export const CLI = join(REPO, 'bin', 'komorium.mjs');
export const PREVIOUS = 'a previous file, not a profile\n';
let classes: string | undefined;
export const spin = (): string => (classes ??= compileJava(join(REPO, 'test', 'java', 'cli-signals')));

export interface Ended {
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
export async function stopWith(sig: 'SIGINT' | 'SIGTERM', runArgs: string[]): Promise<{ ended: Ended; dir: string; out: string }> {
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

export function checkStopped(r: { ended: Ended; dir: string; out: string }, status: number): void {
  const { ended, dir, out } = r;
  // A signal that arrives while node tears the finished process down (after the summary) can
  // still end it by the signal's default action; the shell sees 128 + n either way. Before the
  // summary, the CLI must not be killed.
  const lateKill = ended.signal !== null && /komorium: [\d,]+ samples, .* -> .*\n/.test(ended.stderr) && 128 + (ended.signal === 'SIGINT' ? 2 : 15) === status;
  if (!lateKill) {
    assert.equal(ended.signal, null, `the CLI itself was not killed by the signal:\n${ended.stderr}`);
    assert.equal(ended.code, status, ended.stderr);
  }
  const p = loadProfile(out); // throws unless a complete, valid profile
  assert.equal(p.meta.program, 'Spin');
  assert.ok(p.meta.totalSamples > 0, 'the profile has the samples taken before the signal');
  assert.ok(p.threads.some((t) => t.samples > 0));
  const m = /komorium: ([\d,]+) samples, .* -> (.*)\n/.exec(ended.stderr);
  assert.ok(m, `summary line printed:\n${ended.stderr}`);
  assert.equal(Number(m[1].replace(/,/g, '')), p.meta.totalSamples);
  assert.deepEqual(readdirSync(dir), ['profile.json'], 'no staging or temporary file left behind');
}
