// JDK 25 on both engines with the JDK instrumented (issue 15, item 3): HotSpot running the
// instrumented copy of JDK 25 (java.base only, KOMORIUM_JDK_MODULES, in the test's own cache,
// built by the first run) and the embedded engine booting JDK 25 give identical profiles under
// main at granularity 1, and their start-ups overlap >= 99%. What this checks was different
// before (docs/RUNTIME.md, "JDK 25"): string concatenation (StringConcatFactory's hidden-class
// strategy, concat-jdk25.ts, was a StringBuilder), ClassLoader.addClass (HotSpot's upcall for every
// class a Java loader defines; the archived loaders' empty class lists), and the charsets
// KomoriumClasses initialises (paused) on HotSpot before the main class. Skipped only when no
// JDK 25 is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compileJava, REPO, tempDir, testJdks } from '../helpers/java';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { loadProfile } from '../../server/src/profile/load';

const jdk25 = testJdks().find((j) => j.feature === 25);
const skip = jdk25 ? false : 'no JDK 25 installed (/usr/lib/jvm/temurin-25-*, KOMORIUM_TEST_JDKS)';
const cache = tempDir('hs25-cache');
const work = tempDir('hs25');
const classes = jdk25 ? compileJava(join(REPO, 'test', 'java', 'hotspot-all')) : '';

function both(main: string): ReturnType<typeof compareMainThread> {
  const home = jdk25!.home;
  const expected = spawnSync(join(home, 'bin', 'java'), ['-cp', classes, main], { encoding: 'utf8' });
  assert.equal(expected.status, 0, expected.stderr);
  const out = (engine: string) => {
    const f = join(work, `${main}-${engine}.json`);
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--jdk', home, '--engine', engine, '--instrument', 'all', '--granularity', '1', '--random', '0', '-o', f, '-cp', classes, main], {
      encoding: 'utf8',
      env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base' },
      maxBuffer: 64 << 20,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected.stdout, engine);
    return loadProfile(f);
  };
  return compareMainThread(out('jvm'), out('interpreter'), main);
}

// Left in start-up: the shutdown, which HotSpot runs on its DestroyJavaVM thread (RUNTIME.md, "Threads").
const SHUTDOWN = /^(java\.lang\.Shutdown[.$]|jdk\.internal\.misc\.VM\.isShutdown)/;

for (const main of ['Concat', 'HelloWorld']) {
  test(`JDK 25, ${main}: identical under main on HotSpot and the embedded engine, start-up >= 99% (granularity 1, R 0)`, { skip }, () => {
    const c = both(main);
    const why = describeMainThread(c, 10).join('\n');
    assert.ok(c.main.identical, why);
    assert.ok(c.main.samples[0] > (main === 'Concat' ? 10000 : 100), why);
    assert.ok(c.startup.overlap >= 99, why);
    assert.deepEqual(c.startup.methods.filter((d) => !SHUTDOWN.test(d.context)), [], why);
  });
}
