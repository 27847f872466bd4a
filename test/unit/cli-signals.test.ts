// `komorium run` stopped by SIGINT or SIGTERM, on both engines: the run ends as java does after
// that signal (exit status 130 or 143), a second signal right after the first changes nothing,
// the profile of what ran so far is written and summarised, and -o is replaced only at the end:
// a previous file is there while the program runs, and stays when the run writes no profile.
// Also: `export -o` replaces its file only once complete. Helpers: test/helpers/cli-signals.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { checkStopped, CLI, PREVIOUS, spin, stopWith } from '../helpers/cli-signals';
import { stringifyProfile } from '../../server/src/profile/index';
import { ProfileBuilder } from '../../server/src/profile/builder';

/** Runs NoSuchMain (so no profile is written) with a previous -o file (async: the other runs go on). */
async function noProfile(engine: string[]): Promise<void> {
  const dir = tempDir('cli-signals');
  const out = join(dir, 'profile.json');
  writeFileSync(out, PREVIOUS);
  const r = await new Promise<{ status: number | null; stderr: string }>((res) =>
    execFile(process.execPath, [CLI, 'run', ...engine, '-o', out, '-cp', spin(), 'NoSuchMain'], (e, _stdout, stderr) => res({ status: e ? (typeof e.code === 'number' ? e.code : null) : 0, stderr })),
  );
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
    // --instrument app: the JDK boots faster; the default (all) is in test/slow/cli-signals-all.
    t.test('embedded engine (--instrument app), SIGINT', async () => checkStopped(await stopWith('SIGINT', ['--engine', 'interpreter', '--instrument', 'app']), 130)),
    t.test('embedded engine (--instrument app), SIGTERM', async () => checkStopped(await stopWith('SIGTERM', ['--engine', 'interpreter', '--instrument', 'app']), 143)),
    t.test('jvm engine, SIGINT then SIGTERM, then a run that writes no profile', async () => {
      checkStopped(await stopWith('SIGINT', ['--engine', 'jvm', '--instrument', 'app']), 130);
      checkStopped(await stopWith('SIGTERM', ['--engine', 'jvm', '--instrument', 'app']), 143);
      await noProfile(['--engine', 'jvm', '--instrument', 'app']);
    }),
    t.test('embedded engine: a run that writes no profile', () => noProfile(['--engine', 'interpreter', '--instrument', 'app'])),
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
