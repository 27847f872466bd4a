// `komorium run` on the embedded engine from the bundled CLI (bin/komorium.mjs): the CLI's warm
// path (cli/run-fast.ts) starts the engine's worker before the CLI bundle loads
// (engine/interp-worker-start.ts), and the run takes it as its prepared worker when its JDK and
// heap limit are those the worker was started with. The output and the profile are those of a
// run in a worker the CLI starts itself (KOMORIUM_EARLY_WORKER=0). The worker's bundle runs
// with a V8 code cache (engine/interp-worker-loader.ts). Runs the build (dist/), as an installed
// extension's CLI does: `npm test` builds first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cacheRoot } from '../../server/src/engine/cache';
import { join } from 'node:path';
import { loadProfile, profileDifferences } from '../../server/src/profile/index';
import { compileJava, REPO, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);
const dir = tempDir('cli-early-worker');

function run(name: string, extra: string[], env: Record<string, string> = {}): { stdout: string; stderr: string; profile: string } {
  const profile = join(dir, `${name}.json`);
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', ...extra, '-o', profile, '-cp', classes, 'eng.Work', 'threads'], {
    encoding: 'utf8',
    env: { ...process.env, KOMORIUM_TRACE_RUN: '1', ...env },
  });
  assert.equal(r.status, 0, `${name}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr, profile };
}

test('the bundled CLI is what runs (dist/ built after the sources)', () => {
  assert.ok(existsSync(join(REPO, 'dist', 'run-fast.mjs')) && existsSync(join(REPO, 'dist', 'interp-worker.js')), 'npm run build first');
  // What the hosts start (interp-worker-start.ts startWorker) and the embedded run's small entry.
  assert.ok(existsSync(join(REPO, 'dist', 'interp-worker-loader.cjs')) && existsSync(join(REPO, 'dist', 'run-embedded.mjs')), 'npm run build first');
  assert.ok(statSync(join(REPO, 'dist', 'cli.mjs')).mtimeMs >= statSync(join(REPO, 'server', 'src', 'engine', 'interp-worker-start.ts')).mtimeMs, 'dist/ is older than the sources: npm run build');
});

test('an embedded run takes the worker the warm path started early: the same output and profile as without it', () => {
  const opts = ['--instrument', 'app', '--granularity', '1000', '--seed', '5'];
  const own = run('own', opts, { KOMORIUM_EARLY_WORKER: '0' });
  assert.doesNotMatch(own.stderr, /worker started early/);
  assert.match(own.stderr, /started on a new worker/);
  for (const [name, extra] of [
    ['early', opts],
    ['early-xmx', [...opts, '-J-Xmx200m']],
  ] as const) {
    const early = run(name, [...extra]);
    assert.match(early.stderr, /embedded engine: worker started early/, name);
    assert.match(early.stderr, /started on the prepared worker/, name);
    assert.equal(early.stdout, own.stdout, name);
    assert.deepEqual(profileDifferences(loadProfile(own.profile), loadProfile(early.profile)), [], name);
  }
});

test('--no-profile without --engine goes to the embedded engine, on the early worker', () => {
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--no-profile', '-cp', classes, 'eng.Work', 'threads'], {
    encoding: 'utf8',
    env: { ...process.env, KOMORIUM_TRACE_RUN: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /worker started early/);
  assert.match(r.stderr, /started on the prepared worker/);
  assert.match(r.stdout, /threads done/);
});

test("the worker's V8 code cache (dist/interp-worker.js loads interp-worker.cjs through it): written after a restored run, then used, with the same output and profile", () => {
  const codeCache = join(cacheRoot(), 'code-cache');
  const opts = ['--instrument', 'app', '--granularity', '1000', '--seed', '5'];
  // TurboFan held back for the whole run (v8-tiering.ts): the cache is then written by any
  // run that has none (interp-worker-loader.ts writes only while the hold lasts).
  const env = { KOMORIUM_BOOT_SNAPSHOT: 'always', KOMORIUM_OPT_DELAY_MS: '1000000' };
  const none = run('no-code-cache', opts, { ...env, KOMORIUM_CODE_CACHE: '0' });
  // Restored from the snapshot the first run wrote (or one already there): writes the cache
  // when this build has none yet.
  const first = run('code-cache-1', opts, env);
  const stamps = (): string[] => readdirSync(codeCache).filter((n) => n.endsWith('.bin')).map((n) => `${n} ${statSync(join(codeCache, n)).mtimeMs}`).sort();
  const files = stamps();
  assert.ok(files.length > 0, `a code cache in ${codeCache}`);
  const second = run('code-cache-2', opts, env);
  for (const r of [first, second]) {
    assert.equal(r.stdout, none.stdout);
    assert.deepEqual(profileDifferences(loadProfile(none.profile), loadProfile(r.profile)), []);
  }
  // The second run read it (V8 accepted it), so it wrote none.
  assert.deepEqual(stamps(), files);
  // A damaged cache is not used (its checksum), and the next run writes a good one.
  for (const f of files) {
    const p = join(codeCache, f.split(' ')[0]!);
    const b = readFileSync(p);
    b[b.length >> 1] ^= 0xff;
    writeFileSync(p, b);
  }
  const damaged = run('code-cache-damaged', opts, env);
  assert.equal(damaged.stdout, none.stdout);
  assert.deepEqual(profileDifferences(loadProfile(none.profile), loadProfile(damaged.profile)), []);
  assert.notDeepEqual(stamps(), files, 'rewritten');
});

test("the worker's V8 code cache of a run past the hold's first step: written before TurboFan comes back (under the flags the next worker starts with), then used", () => {
  const codeCache = join(cacheRoot(), 'code-cache');
  const opts = ['--instrument', 'app', '--granularity', '1000', '--seed', '5'];
  // The hold's first step (TurboFan off, v8-tiering.ts) ends at the run's first progress
  // message: the cache must be made before it ends, or the next worker refuses it (other flags)
  // and writes it again.
  const env = { KOMORIUM_BOOT_SNAPSHOT: 'always', KOMORIUM_OPT_DELAY_MS: '1000000', KOMORIUM_OPT_HOLD_BYTECODES: '1' };
  const stamps = (): string[] => readdirSync(codeCache).filter((n) => n.endsWith('.bin')).map((n) => `${n} ${statSync(join(codeCache, n)).mtimeMs}`).sort();
  run('step-warm', opts, env);
  // This build's cache damaged (all of them): the next run writes a new one.
  for (const f of stamps()) {
    const p = join(codeCache, f.split(' ')[0]!);
    const b = readFileSync(p);
    b[b.length >> 1] ^= 0xff;
    writeFileSync(p, b);
  }
  const before = stamps();
  const first = run('step-1', opts, env);
  const written = stamps();
  assert.notDeepEqual(written, before, 'written');
  const second = run('step-2', opts, env);
  assert.equal(second.stdout, first.stdout);
  assert.deepEqual(stamps(), written, 'the second run used the cache (V8 accepted it) and wrote none');
});

test("an embedded run from the small entry (dist/run-embedded.mjs, without the CLI bundle): the CLI's output, exit status, summary and profile; what it does not take goes to the CLI", () => {
  const cli = (name: string, extra: string[], env: Record<string, string>, input?: string) => {
    const profile = join(dir, `${name}.json`);
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', ...extra.map((a) => (a === 'PROFILE' ? profile : a))], {
      encoding: 'utf8',
      input,
      env: { ...process.env, KOMORIUM_TRACE_RUN: '1', ...env },
    });
    // The trace's lines differ (times, the entry); the rest is the run's.
    const stderr = r.stderr
      .split('\n')
      .filter((l) => !l.startsWith('komorium: trace '))
      .join('\n')
      .replaceAll(profile, 'PROFILE');
    return { status: r.status, stdout: r.stdout, stderr, trace: r.stderr, profile };
  };
  const cases: [string, string[], string?][] = [
    ['exit', ['--engine', 'interpreter', '--instrument', 'app', '-o', 'PROFILE', '-cp', classes, 'eng.Work', 'exit']],
    ['throw', ['--engine', 'interpreter', '--instrument', 'app', '-o', 'PROFILE', '-cp', classes, 'eng.Work', 'throw']],
    ['echo', ['--engine', 'interpreter', '--instrument', 'app', '--seed', '3', '-o', 'PROFILE', '-cp', classes, 'eng.Work', 'echo'], 'one\ntwo\n'],
    ['no-agent', ['--engine', 'interpreter', '--instrument', 'app', '--agent', 'none', '-o', 'PROFILE', '-cp', classes, 'eng.Work', 'exit']],
    ['missing', ['--engine', 'interpreter', '-o', 'PROFILE', '-cp', classes, 'eng.Missing']],
    ['usage', ['--engine', 'interpreter', '--instrument', 'bogus', '-cp', classes, 'eng.Work']],
    ['help', ['--engine', 'interpreter', '-cp', classes, 'eng.Work', '--help']],
  ];
  for (const [name, extra, input] of cases) {
    const full = cli(`${name}-cli`, extra, { KOMORIUM_EMBEDDED_ENTRY: '0' }, input);
    const small = cli(`${name}-small`, extra, {}, input);
    assert.doesNotMatch(full.trace, /small entry/, name);
    assert.match(small.trace, /embedded engine: small entry/, name);
    assert.equal(small.status, full.status, name);
    assert.equal(small.stdout, full.stdout, name);
    assert.equal(small.stderr, full.stderr, name);
    if (existsSync(full.profile)) assert.deepEqual(profileDifferences(loadProfile(full.profile), loadProfile(small.profile)), [], name);
    else assert.ok(!existsSync(small.profile), name);
  }
});
