// An internal error in a step of the embedded JVM's launch (interp/boot-guard.ts): thrown by the
// host code between the launch's Java calls (the boot's initPhase steps, the launcher's, the
// boot snapshot restore's re-application of the program's inputs, after main), it ends the run
// with an error naming the step and the exception, exit status 1. Before: the main thread ended
// silently and the run was reported as "the program hangs: "Reference Handler" waiting ...".
// The fault is injected with KOMORIUM_BOOT_FAULT (the step's method, or `main`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { snapshotCache } from '../helpers/snapshot-runs';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

const classes = compileJava(join(REPO, 'test', 'java', 'boot-fault'));
const cache = snapshotCache('boot-fault');
const out = tempDir('boot-fault-out');

function run(fault: string | null, extra: string[], tag: string) {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), KOMORIUM_CACHE: cache };
  delete env.KOMORIUM_BOOT_FAULT;
  if (fault !== null) env.KOMORIUM_BOOT_FAULT = fault;
  const profile = join(out, `${tag}.json`);
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', ...extra, '-cp', classes, '-o', profile, 'BootFault'], { encoding: 'utf8', env, timeout: 300_000 });
  return { ...r, profile };
}

function assertNamed(r: { status: number | null; stderr: string }, step: RegExp): void {
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, step, r.stderr);
  assert.match(r.stderr, /java\.lang\.InternalError: injected boot fault/, r.stderr);
  assert.doesNotMatch(r.stderr, /the program hangs/, r.stderr);
}

test('a fault after System.initPhase1 and initPhase3 of a boot ends the run naming the step (exit status 1)', () => {
  assertNamed(run('initPhase1', ['--instrument', 'app', '--no-boot-snapshot'], 'p1'), /internal error in the boot step after java\.lang\.System\.initPhase1/);
  assertNamed(run('initPhase3', ['--instrument', 'app', '--no-boot-snapshot'], 'p3'), /internal error in the boot step after java\.lang\.System\.initPhase3/);
});

test("a fault in the launcher's checkAndLoadMain, and in the restore's re-application of the properties, ends the run naming the step", () => {
  // The first run writes the boot snapshot the second restores.
  const warm = run(null, ['--instrument', 'app'], 'warm');
  assert.equal(warm.status, 0, warm.stderr);
  assert.match(warm.stdout, /^sum /);
  assertNamed(run('checkAndLoadMain', ['--instrument', 'app'], 'main-class'), /internal error in the launcher's step after sun\.launcher\.LauncherHelper\.checkAndLoadMain/);
  assertNamed(run('setProperty', ['--instrument', 'app'], 'props'), /step after java\.lang\.System\.setProperty/);
});

test('a fault after main returned ends the run naming the step, and the profile keeps the samples gathered', () => {
  const r = run('main', ['--instrument', 'app'], 'after-main');
  assert.match(r.stdout, /^sum /);
  assertNamed(r, /internal error in the launcher's step after main returned/);
  assert.ok(existsSync(r.profile), r.stderr);
  const p = JSON.parse(readFileSync(r.profile, 'utf8')) as { meta: { totalSamples: number } };
  assert.ok(p.meta.totalSamples > 0, JSON.stringify(p.meta));
});

test("the run's outcome (what the language server shows) names the failed step", async () => {
  const before = process.env.KOMORIUM_BOOT_FAULT;
  const cacheBefore = process.env.KOMORIUM_CACHE;
  process.env.KOMORIUM_BOOT_FAULT = 'checkAndLoadMain';
  process.env.KOMORIUM_CACHE = cache;
  try {
    const stderr: Buffer[] = [];
    const r = startInterpreterRun({ classpath: [classes], mainClass: 'BootFault', args: [], profilePath: join(out, 'api.json'), instrument: 'app', onStderr: (b) => stderr.push(b) });
    const o = await r.done;
    assert.equal(o.exitCode, 1);
    assert.match(o.error ?? '', /internal error in the launcher's step after sun\.launcher\.LauncherHelper\.checkAndLoadMain: java\.lang\.InternalError/, Buffer.concat(stderr).toString());
  } finally {
    if (before === undefined) delete process.env.KOMORIUM_BOOT_FAULT;
    else process.env.KOMORIUM_BOOT_FAULT = before;
    if (cacheBefore === undefined) delete process.env.KOMORIUM_CACHE;
    else process.env.KOMORIUM_CACHE = cacheBefore;
  }
});
