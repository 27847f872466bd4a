// A program run from jars on both engines with the JDK instrumented (issue 15, item 2, on real
// projects): test/java/hotspot-jars, japp.Main in app.jar (Main-Class, and Class-Path naming
// lib.jar) or in a jar without a Class-Path (lib.jar then on -cp). main reads a compressed
// resource and the manifest of its own jar and calls the library directly and through
// reflection, 31 times (above JDK 17's inflation threshold of 15). HotSpot runs the instrumented
// copy of the JDK (java.base only, KOMORIUM_JDK_MODULES, in this test's own cache), the embedded
// engine boots the JDK; granularity 1, R 0; JDK 17 and, when installed, JDK 25. And a small
// commons-math3 program run from Debian's jar (below).
//
// Each failed before (docs/RUNTIME.md, "Jars and reflection", branch jar15j):
// * a jar's manifest is read in start-up, which initialises java.util.jar.Attributes$Name; java's
//   CDS archive holds its KNOWN_NAMES, so its <clinit> takes the short branch on HotSpot, the
//   full one (~3,300 samples) on the embedded engine (now emulated: natives/.../CDS.ts);
// * the embedded engine set sun.reflect.inflationThreshold to keep reflection on the native
//   accessors, so JDK 17's generated accessors (MethodAccessorGenerator, counted) ran on HotSpot
//   only, and classes of their DelegatingClassLoader resolved through its loadClass (HotSpot
//   skips to the parent).
// What is left (RUNTIME.md): the copy's library path (longer, scanned when libzip and libnio load
// in start-up), its lib/modules (another perfect hash: jimage lookups of META-INF/MANIFEST.MF in
// every module under main) and the application loader's lock map.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir, testJdks } from '../helpers/java';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { loadProfile } from '../../server/src/profile/load';

const cache = tempDir('hsjars-cache');
const work = tempDir('hsjars');
const SRC = join(REPO, 'test', 'java', 'hotspot-jars');

function tool(name: string, args: string[]): void {
  execFileSync(join(javaHome(), 'bin', name), args, { cwd: work, stdio: 'pipe' });
}

// lib.jar; app.jar (Main-Class japp.Main, Class-Path lib.jar); plain.jar (the same classes, no Class-Path).
tool('javac', ['-g', '-d', join(work, 'c', 'lib'), ...javaFiles(join(SRC, 'lib'))]);
tool('javac', ['-g', '-d', join(work, 'c', 'app'), '-cp', join(work, 'c', 'lib'), ...javaFiles(join(SRC, 'app'))]);
copyFileSync(join(SRC, 'app', 'japp', 'text.txt'), join(work, 'c', 'app', 'japp', 'text.txt'));
tool('jar', ['--create', '--file', 'lib.jar', '-C', 'c/lib', '.']);
writeFileSync(join(work, 'app.mf'), 'Main-Class: japp.Main\nClass-Path: lib.jar\n');
tool('jar', ['--create', '--file', 'app.jar', '--manifest', 'app.mf', '-C', 'c/app', '.']);
mkdirSync(join(work, 'plain'));
tool('jar', ['--create', '--file', 'plain/app.jar', '-C', 'c/app', '.']);

/** Java code whose work must be the same on both engines: jar and zip reading, the class path's jar loader, reflection, the program. */
const JAR_WORK = /^(java\.util\.(jar|zip)\.|jdk\.internal\.loader\.URLClassPath|jdk\.internal\.reflect\.|sun\.net\.www\.protocol\.jar\.|japp\.|jlib\.)/;

// test/java/hotspot-libs: libs.Math3Use in m.jar with Debian's commons-math3.jar (.ci/run
// installs libcommons-math3-java); only java.base code of the JDK runs (Guava's Platform logs
// through java.logging and Jackson reaches java.sql: with java.base alone instrumented their
// work was uncounted on HotSpot, counted on the embedded engine; RUNTIME.md, "Jars and reflection";
// since scope15n both engines leave those modules uninstrumented in the slice).
const MATH3 = '/usr/share/java/commons-math3.jar';
if (!existsSync(MATH3)) throw new Error(`${MATH3} is missing: install it with 'apt-get install libcommons-math3-java' (.ci/run does)`);
tool('javac', ['-g', '-d', join(work, 'c', 'm3'), '-cp', MATH3, join(REPO, 'test', 'java', 'hotspot-libs', 'libs', 'Math3Use.java')]);
tool('jar', ['--create', '--file', 'm3.jar', '-C', 'c/m3', '.']);
const LIB_WORK = /^(org\.apache\.commons\.math3\.|libs\.|java\.util\.(jar|zip)\.|jdk\.internal\.loader\.URLClassPath)/;

function compare(jdk: { home: string; feature: number }, cp: string, main: string, tag: string) {
  const expected = spawnSync(join(jdk.home, 'bin', 'java'), ['-cp', cp, main], { cwd: work, encoding: 'utf8' });
  assert.equal(expected.status, 0, expected.stderr);
  const run = (engine: string) => {
    const f = join(work, `${jdk.feature}-${tag}-${engine}.json`);
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--jdk', jdk.home, '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', '-o', f, '-cp', cp, main], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base' },
      maxBuffer: 64 << 20,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected.stdout, engine);
    return loadProfile(f);
  };
  return compareMainThread(run('jvm'), run('interpreter'), main);
}

for (const jdk of testJdks().filter((j) => j.feature === 17 || j.feature === 25)) {
  test(`JDK ${jdk.feature}, commons-math3 from Debian's jar: output as java on both engines, the library's and the program's methods count the same (granularity 1, R 0)`, () => {
    const c = compare(jdk, `m3.jar:${MATH3}`, 'libs.Math3Use', 'math3');
    const why = describeMainThread(c, 12).join('\n');
    assert.ok(c.main.samples[0] > 5_000, why);
    assert.deepEqual(c.main.methods.filter((d) => LIB_WORK.test(d.context)), [], why);
    assert.deepEqual(c.startup.methods.filter((d) => LIB_WORK.test(d.context)), [], why);
    // Measured (jar15j, JDK 17): under main 99.94 % (the lock map's bins), start-up 99.26 %.
    assert.ok(c.main.overlap >= 99, why);
    assert.ok(c.startup.overlap >= 98, why);
  });
}

for (const jdk of testJdks().filter((j) => j.feature === 17 || j.feature === 25)) {
  for (const variant of jdk.feature === 17 ? ['Class-Path', 'no Class-Path'] : ['Class-Path']) {
    const cp = variant === 'Class-Path' ? 'app.jar' : `plain/app.jar:lib.jar`;
    test(`JDK ${jdk.feature}, a program in a jar (${variant}): output as java on both engines, its jar reading and reflection count the same (granularity 1, R 0)`, () => {
      const c = compare(jdk, cp, 'japp.Main', variant.replace(/ /g, ''));
      const why = describeMainThread(c, 12).join('\n');
      assert.ok(c.main.samples[0] > 100_000, why);
      assert.deepEqual(c.main.methods.filter((d) => JAR_WORK.test(d.context)), [], why);
      assert.deepEqual(c.startup.methods.filter((d) => JAR_WORK.test(d.context)), [], why);
      // Measured (jar15j): under main 98.49 % (17) and 95.98 % (25), start-up 98.17 and 97.07 %.
      assert.ok(c.main.overlap >= (jdk.feature === 17 ? 97.5 : 94), why);
      assert.ok(c.startup.overlap >= 96, why);
    });
  }
}
