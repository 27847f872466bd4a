// The JDKs the engines run on: a JDK the embedded JVM cannot boot (another feature release
// than 17 and 25, a lib/modules cut short, another JDK's release file) gets a clear error naming
// the JDK and what failed, and a non-zero exit, never a silent exit 0;
// both engines run a program on every JDK found on the machine (17 always, 25 when installed
// beside it), the embedded one printing what that JDK's java prints.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, symlinkSync, writeFileSync } from 'node:fs';
import { featureOf } from '../../server/src/classpath/index';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { compileJava, javaHome, REPO, runCli, tempDir, testJdks } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'interp-engine'), ['-g']);

/** JDK homes on this machine: the default one, and every other JDK 17 or 25 (testJdks). */
function jdks(): string[] {
  return testJdks().map((j) => j.home);
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

/**
 * A JDK home beside `home` of symbolic links to its files, but for lib/modules (`modules`: a
 * file to write instead) and `release` (its text instead).
 */
function jdkLike(home: string, tag: string, release: string, modules?: (dst: string) => void): string {
  const dir = tempDir(tag);
  for (const n of readdirSync(home)) if (n !== 'lib' && n !== 'release') symlinkSync(join(home, n), join(dir, n));
  mkdirSync(join(dir, 'lib'));
  for (const n of readdirSync(join(home, 'lib'))) if (n !== 'modules') symlinkSync(join(home, 'lib', n), join(dir, 'lib', n));
  if (modules) modules(join(dir, 'lib', 'modules'));
  else symlinkSync(join(home, 'lib', 'modules'), join(dir, 'lib', 'modules'));
  writeFileSync(join(dir, 'release'), release);
  return dir;
}

test('a JDK whose lib/modules was cut short: the embedded JVM refuses it before booting, naming it, with exit 1 (before: a reader error with its JavaScript stack)', () => {
  const home = javaHome();
  // The header and the index whole (so that the image opens), the resources cut.
  const cut = jdkLike(home, 'jdk-cut', readFileSync(join(home, 'release'), 'utf8'), (dst) => {
    const fd = openSync(join(home, 'lib', 'modules'), 'r');
    const buf = Buffer.alloc(20 << 20);
    readSync(fd, buf, 0, buf.length, 0);
    closeSync(fd);
    writeFileSync(dst, buf);
  });
  for (const scope of [['--no-profile'], ['--instrument', 'all']]) {
    const r = runCli(['run', '--engine', 'interpreter', ...scope, '--jdk', cut, '-cp', classes, 'eng.Work', 'work'], { env: { KOMORIUM_CACHE: tempDir('cut-cache') } });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`cannot boot the JDK ${cut}`), r.stderr);
    assert.match(r.stderr, /lib\/modules \(.*\) is truncated: 20971520 bytes, its resources end at byte \d+/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no JavaScript stack');
    assert.equal(r.stdout, '');
  }
});

test("JAVA_HOME with another JDK's release file: both engines name the JDK and the mismatch, the embedded JVM with exit 1 (before: 'embedded engine failed: [object Object]')", () => {
  // The default JDK's class library under a release file of the other release the embedded JVM boots.
  const home = javaHome();
  const feature = Number(/^JAVA_VERSION="(\d+)/m.exec(readFileSync(join(home, 'release'), 'utf8'))?.[1]);
  const other = feature === 25 ? '17.0.9' : '25.0.1';
  const wrong = jdkLike(home, 'jdk-wrong-release', `JAVA_VERSION="${other}"\n`);
  const env = { JAVA_HOME: wrong, KOMORIUM_CACHE: tempDir('wrong-cache') };
  const mismatch = `its release file says JAVA_VERSION="${other}" (JDK ${featureOf(other)}), but its lib/modules holds JDK ${feature}'s classes`;
  for (const scope of [['--no-profile'], ['--instrument', 'all']]) {
    const r = runCli(['run', '--engine', 'interpreter', ...scope, '-cp', classes, 'eng.Work', 'work'], { env });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`cannot boot the JDK ${wrong} (${other}): ${mismatch}`), r.stderr);
    assert.doesNotMatch(r.stderr, /object Object/);
    assert.equal(r.stdout, '');
  }
  // HotSpot's instrumented copy is not built (its patches depend on the release): said before the transform.
  const r = runCli(['run', '--engine', 'jvm', '--instrument', 'all', '-cp', classes, 'eng.Work', 'work'], { env });
  assert.notEqual(r.status, 0, r.stdout + r.stderr);
  assert.ok(r.stderr.includes(`cannot instrument the JDK ${wrong} (${other}): ${mismatch}`), r.stderr);
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
