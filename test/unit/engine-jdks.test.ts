// The JDKs the engines run on: a JDK the embedded JVM cannot boot (another feature release
// than 17 and 25) gets a clear error naming the JDK and a non-zero exit, never a silent exit 0;
// both engines run a program on every JDK found on the machine (17 always, 25 when installed
// beside it), the embedded one printing what that JDK's java prints.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { compileJava, javaHome, REPO, runCli, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);

/** JDK homes on this machine: the default one, and any other with bin/java and lib/modules. */
function jdks(): string[] {
  const out = [javaHome()];
  const root = '/usr/lib/jvm';
  if (existsSync(root)) {
    for (const n of readdirSync(root)) {
      const h = join(root, n);
      if (/(^|-)(2[1-9]|[3-9]\d)(-|$)/.test(n) && existsSync(join(h, 'bin', 'java')) && existsSync(join(h, 'lib', 'modules'))) out.push(h);
    }
  }
  return out;
}

test('the embedded JVM refuses a JDK it cannot boot, naming it, with exit 1', () => {
  // A JDK whose release says 21 (its image is the machine's JDK 17: the check is on the release).
  const fake = tempDir('jdk21');
  mkdirSync(join(fake, 'lib'));
  mkdirSync(join(fake, 'bin'));
  symlinkSync(join(javaHome(), 'lib', 'modules'), join(fake, 'lib', 'modules'));
  symlinkSync(join(javaHome(), 'bin', 'java'), join(fake, 'bin', 'java'));
  writeFileSync(join(fake, 'release'), 'JAVA_VERSION="21.0.1"\n');
  const r = runCli(['run', '--no-profile', '--jdk', fake, '-cp', classes, 'eng.Work', 'work']);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /embedded JVM boots JDK 17 and 25 only/);
  assert.ok(r.stderr.includes(fake), r.stderr);
  assert.equal(r.stdout, '');
});

for (const home of jdks()) {
  test(`the HotSpot engine profiles a program on ${home}`, () => {
    const out = join(tempDir('jdks'), 'p.json');
    const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '--jdk', home, '--granularity', '1000', '-o', out, '-cp', classes, 'eng.Work', 'work']);
    assert.equal(r.status, 0, r.stderr);
    const p = JSON.parse(readFileSync(out, 'utf8')) as { meta: { totalSamples: number; jdk: string } };
    assert.ok(p.meta.totalSamples > 0, `no samples on ${home}`);
  });
}

for (const home of jdks()) {
  test(`the embedded JVM boots ${home} and prints what its java prints`, () => {
    const want = spawnSync(join(home, 'bin', 'java'), ['-cp', classes, 'eng.Work', 'work'], { encoding: 'utf8' });
    const r = runCli(['run', '--no-profile', '--jdk', home, '-cp', classes, 'eng.Work', 'work']);
    assert.equal(r.stderr, want.stderr);
    assert.equal(r.stdout, want.stdout);
    assert.equal(r.status, want.status);
  });
}

const threadIds = compileJava(join(REPO, 'test', 'java', 'thread-ids'));

for (const home of jdks()) {
  // JDK 17: main 1, the program's first thread 12; JDK 25: 3 and 21 (HotSpot's own threads take
  // the ids between; the embedded JVM reports 2 processors, so java runs with 2).
  test(`thread ids on ${home} are java's`, () => {
    const want = spawnSync(join(home, 'bin', 'java'), ['-XX:ActiveProcessorCount=2', '-cp', threadIds, 'ThreadIds'], { encoding: 'utf8' });
    assert.equal(want.status, 0, want.stderr);
    const r = runCli(['run', '--no-profile', '--jdk', home, '-cp', threadIds, 'ThreadIds']);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, want.stdout);
  });
}

for (const home of jdks()) {
  // java's launcher runs the shutdown on a "DestroyJavaVM" thread it attaches after main (ids
  // 13 on JDK 17, 23 on 25: HotSpot 24+ draws an id for the attaching thread's monitors first);
  // main has ended (TERMINATED). Before, the embedded JVM ran the shutdown on main: the hook saw
  // main alive and no DestroyJavaVM thread, and a thread made in the hook had the id 13 (22).
  test(`the shutdown runs on a DestroyJavaVM thread on ${home}, as on its java`, () => {
    const want = spawnSync(join(home, 'bin', 'java'), ['-XX:ActiveProcessorCount=2', '-cp', threadIds, 'ShutdownThreads'], { encoding: 'utf8' });
    assert.equal(want.status, 0, want.stderr);
    assert.match(want.stdout, /DestroyJavaVM \d+ main 5 false WAITING/);
    // Booted (writing the boot snapshot), restored from it (writing the snapshot after the main
    // class), restored from that: the thread is attached the same way in each.
    const cache = tempDir('shutdown-cache');
    for (const run of ['booted', 'from the boot snapshot', 'from the main snapshot']) {
      const r = runCli(['run', '--no-profile', '--jdk', home, '-cp', threadIds, 'ShutdownThreads'], { env: { KOMORIUM_CACHE: cache } });
      assert.equal(r.stderr, '', run);
      assert.equal(r.stdout, want.stdout, run);
    }
  });
}

const features = compileJava(join(REPO, 'test', 'java', 'jdk-features'));

for (const home of jdks()) {
  test(`JDK code that changed between releases runs on ${home} as on its java`, () => {
    const want = spawnSync(join(home, 'bin', 'java'), ['-cp', features, 'Features'], { encoding: 'utf8' });
    assert.equal(want.status, 0, want.stderr);
    const r = runCli(['run', '--no-profile', '--jdk', home, '-cp', features, 'Features']);
    assert.equal(r.stderr, want.stderr);
    assert.equal(r.stdout, want.stdout);
    assert.equal(r.status, 0);
  });
}
