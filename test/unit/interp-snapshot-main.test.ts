// Main snapshots of the embedded JVM (server/src/interp/snapshot/, docs/INTERPRETER.md "Boot
// snapshot"): the state after the launcher loaded the main class, keyed by the boot snapshot's
// key, the program and its class path's stamps. A run restored from it prints the same bytes,
// exits the same way and writes the same profile, bit for bit (but its wall-clock start and
// end), as a run that boots and one restored from the boot snapshot, with the JDK instrumented
// (the profiler started before the main class: its output file is this run's), with the
// program only, and uninstrumented. A changed class file makes it stale (the boot snapshot is
// used); a corrupt one is refused with a warning.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { profileWithoutTimes, snapshotCache } from '../helpers/snapshot-runs';

interface Run {
  stdout: string;
  stderr: string;
  status: number | null;
  profile: string | null;
  /** The snapshot trace lines (KOMORIUM_TRACE_SNAPSHOT) and warnings, taken out of stderr. */
  trace: string[];
}

/** mode '0': no snapshot; 'boot': the boot snapshot only; 'main': both (each written at the first boot). */
function run(classes: string, cache: string, mode: '0' | 'boot' | 'main', extra: string[], tag: string, main = 'SnapMain'): Run {
  const out = join(cache, `${tag}.json`);
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--engine', 'interpreter', ...extra, '-o', out, '-cp', classes, main, 'x', 'y'], {
    encoding: 'utf8',
    cwd: classes,
    env: {
      ...process.env,
      KOMORIUM_FROM_SOURCE: '1',
      KOMORIUM_CACHE: cache,
      KOMORIUM_BOOT_SNAPSHOT: mode === '0' ? '0' : 'always',
      KOMORIUM_MAIN_SNAPSHOT: mode === 'main' ? '1' : '0',
      KOMORIUM_TRACE_SNAPSHOT: '1',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = r.stderr.split('\n');
  const trace = lines.filter((l) => /^komorium: (no )?boot snapshot/.test(l));
  // The CLI's summary line names the profile file, which differs per run.
  const stderr = lines.filter((l) => !l.startsWith('komorium: ')).join('\n');
  return { stdout: r.stdout, stderr, status: r.status, profile: profileWithoutTimes(out), trace };
}

function same(a: Run, b: Run, what: string): void {
  assert.equal(b.stdout, a.stdout, `${what}: stdout`);
  assert.equal(b.stderr, a.stderr, `${what}: stderr`);
  assert.equal(b.status, a.status, `${what}: exit status`);
  assert.equal(b.profile, a.profile, `${what}: profile`);
}

const RESTORED_MAIN = /^komorium: boot snapshot after the main class restored/;
const RESTORED_BOOT = /^komorium: boot snapshot restored/;

function mainSnapshots(cache: string): string[] {
  const dir = join(cache, 'boot-snapshots', 'main');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.snap'))
    .map((n) => join(dir, n));
}

/**
 * Written (boots, writes both snapshots), restored after the main class, and with `withBoot`
 * also a run that boots without snapshots and one restored from the boot snapshot: all the same.
 */
function identical(tag: string, extra: string[], profiled: boolean, withBoot: boolean): { classes: string; cache: string; written: Run } {
  // A copy of the classes: the test changes a class file's time.
  const classes = join(tempDir(`${tag}-classes`), 'c');
  cpSync(compileJava(join(REPO, 'test', 'java', 'interp-snapshot')), classes, { recursive: true });
  const cache = snapshotCache(tag);
  const written = run(classes, cache, 'main', extra, 'written');
  assert.equal(written.status, 3, written.stderr);
  assert.equal(written.profile !== null, profiled, 'a profile');
  assert.ok(written.trace.some((l) => /after the main class written/.test(l)), `${written.trace.join('\n')}\n${written.stderr}`);
  const restored = run(classes, cache, 'main', extra, 'restored-after-main');
  assert.ok(restored.trace.some((l) => RESTORED_MAIN.test(l)), restored.trace.join('\n'));
  same(written, restored, 'booted and restored after the main class');
  if (withBoot) {
    const booted = run(classes, cache, '0', extra, 'booted');
    same(written, booted, 'booted with and without writing snapshots');
    const fromBoot = run(classes, cache, 'boot', extra, 'restored-boot');
    assert.ok(fromBoot.trace.some((l) => RESTORED_BOOT.test(l)), fromBoot.trace.join('\n'));
    same(written, fromBoot, 'booted and restored from the boot snapshot');
  }
  return { classes, cache, written };
}

test('after the main class: --instrument all, virtual clock, identical to booted and boot-snapshot runs', () => {
  identical('snapmain-all', ['--instrument', 'all', '--clock', 'virtual'], true, true);
});

test('after the main class: --instrument app, identical', () => {
  identical('snapmain-app', ['--instrument', 'app'], true, false);
});

test('after the main class: uninstrumented; a changed class file makes it stale, a corrupt one falls back', () => {
  const { classes, cache, written: booted } = identical('snapmain-none', ['--no-profile'], false, false);
  // A class file of the program with another time: the main snapshot is not used.
  const box = join(classes, 'SnapMain$Box.class');
  const later = Date.now() / 1000 + 5;
  utimesSync(box, later, later);
  const stale = run(classes, cache, 'main', ['--no-profile'], 'stale');
  assert.ok(!stale.trace.some((l) => RESTORED_MAIN.test(l)), stale.trace.join('\n'));
  assert.ok(stale.trace.some((l) => RESTORED_BOOT.test(l)), stale.trace.join('\n'));
  same(booted, stale, 'after a class file changed');
  // That run wrote the main snapshot for the new stamps; flip bytes in its payload.
  const files = mainSnapshots(cache);
  assert.equal(files.length, 2, files.join('\n'));
  for (const f of files) {
    const bytes = readFileSync(f);
    for (let i = bytes.length - 5000; i < bytes.length; i += 97) bytes[i] ^= 0xff;
    writeFileSync(f, bytes);
  }
  const corrupt = run(classes, cache, 'main', ['--no-profile'], 'corrupt');
  assert.match(corrupt.trace[0] ?? '', /^komorium: boot snapshot after the main class .* is corrupt .*; starting from the boot snapshot instead$/);
  assert.ok(corrupt.trace.some((l) => RESTORED_BOOT.test(l)), corrupt.trace.join('\n'));
  same(booted, corrupt, 'after a corrupt main snapshot');
});

test('after the main class: a main class in a package (a thread started by the launcher, not yet run)', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp-snapshot-main'));
  const cache = snapshotCache('snapmain-pkg');
  const written = run(classes, cache, 'main', ['--no-profile'], 'written', 'snap.PkgMain');
  assert.equal(written.status, 0, written.stderr);
  assert.match(written.stdout, /Common-Cleaner/);
  assert.ok(written.trace.some((l) => /after the main class written/.test(l)), written.trace.join('\n'));
  const restored = run(classes, cache, 'main', ['--no-profile'], 'restored', 'snap.PkgMain');
  assert.ok(restored.trace.some((l) => RESTORED_MAIN.test(l)), restored.trace.join('\n'));
  same(written, restored, 'written and restored after the main class');
});
