// `auto` (engine/run.ts autoEngine, jdk-modules.ts defaultHotSpotScope) and the HotSpot engine's
// bad input: HotSpot with the JDK instrumented when the JDK has a `java`, the embedded engine for
// what only it does; a JDK whose instrumented copy is not supported, cannot be built or does not
// start falls back to `--instrument app` with one note (asked for, it is an error); a cache that
// cannot be written (root bypasses permissions here, so: a cache path under a regular file); two
// builds of the same copy at once; a JDK without lib/modules; a JDK 8 layout. The copy built
// here has no module instrumented (KOMORIUM_JDK_MODULES=','): cheap, and it does not start
// ("GC triggered before VM initialization completed"), which is the failure this test needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../../server/src/classpath/index';
import '../../server/src/engine/engines';
import { autoEngine, startRun } from '../../server/src/engine/run';
import { defaultHotSpotScope } from '../../server/src/engine/jdk-modules';
import { ensureJdkImage, JdkImageError } from '../../server/src/engine/jdk-image';
import { jdkImageFor } from '../../server/src/engine/hotspot-prepare';
import { writableCacheRoot } from '../../server/src/engine/cache';
import { buildRuntime } from '../../server/src/runtime/build';
import { normalizeSettings } from '../../server/src/lsp/settings';
import { compileJava, javaHome, REPO, runJava, tempDir } from '../helpers/java';

const work = tempDir('hsauto');
const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));

function komorium(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), ...args], { encoding: 'utf8', cwd: work, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
}

/** A JDK home at `dir`: the real JDK's lib/modules, a release file saying `version`, with or without bin/java. */
function fakeJdk(dir: string, version: string, withJava: boolean): string {
  mkdirSync(join(dir, 'lib'), { recursive: true });
  symlinkSync(join(javaHome(), 'lib', 'modules'), join(dir, 'lib', 'modules'));
  writeFileSync(join(dir, 'release'), `JAVA_VERSION="${version}"\n`);
  if (withJava) {
    mkdirSync(join(dir, 'bin'));
    symlinkSync(join(javaHome(), 'bin', 'java'), join(dir, 'bin', 'java'));
  }
  return dir;
}

test('auto: HotSpot when the JDK has a java; the embedded engine for exact/virtual-clock/no-profile runs and without a java', () => {
  assert.equal(autoEngine({ jdk: javaHome() }), 'jvm');
  assert.equal(autoEngine({ jdk: javaHome(), embeddedOnly: true }), 'interpreter');
  assert.equal(autoEngine({ jdk: fakeJdk(join(work, 'no-java'), '17.0.1', false) }), 'interpreter');
});

test('the default HotSpot scope: all on JDK 17 and 25; app with a note naming the JDK on a release without a supported copy', () => {
  assert.deepEqual(defaultHotSpotScope(javaHome()), { scope: 'all' });
  assert.deepEqual(defaultHotSpotScope(fakeJdk(join(work, 'jdk-25'), '25.0.1', true)), { scope: 'all' });
  const home = fakeJdk(join(work, 'jdk-21'), '21', true);
  const d = defaultHotSpotScope(home);
  assert.equal(d.scope, 'app');
  assert.match(d.note ?? '', new RegExp(`only the class path on the JDK ${findJavaHome(home).home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(21\\).*--engine interpreter`));
});

test('a cache that cannot be written: the run uses one under the temp directory and says so; none at all: an error naming both', () => {
  const file = join(work, 'a-file');
  writeFileSync(file, '');
  const saved = { cache: process.env.KOMORIUM_CACHE, tmp: process.env.TMPDIR };
  const notes: string[] = [];
  try {
    process.env.KOMORIUM_CACHE = join(file, 'cache');
    process.env.TMPDIR = join(work, 'tmp');
    const root = writableCacheRoot((l) => notes.push(l));
    assert.match(root, new RegExp(`^${join(work, 'tmp')}/komorium-[^/]+/cache$`));
    assert.ok(existsSync(root));
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, new RegExp(`the cache ${file}/cache cannot be written \\(.*\\); using ${root}`));
    process.env.TMPDIR = join(file, 'tmp');
    assert.throws(() => writableCacheRoot(), new RegExp(`no writable cache: ${file}/cache \\(.*\\), ${file}/tmp/.* \\(.*\\); set KOMORIUM_CACHE`));
  } finally {
    for (const [k, v] of [['KOMORIUM_CACHE', saved.cache], ['TMPDIR', saved.tmp]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  // Through the CLI: the program runs and is profiled.
  const r = komorium(['run', '--engine', 'jvm', '--instrument', 'app', '-o', join(work, 'ro.json'), '-cp', classes, 'HelloWorld'], { KOMORIUM_CACHE: join(file, 'cache'), TMPDIR: join(work, 'tmp2') });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, runJava(['-cp', classes, 'HelloWorld']).stdout);
  assert.match(r.stderr, /komorium: the cache .*a-file\/cache cannot be written \(.*\); using .*tmp2/);
  assert.ok(existsSync(join(work, 'ro.json')));
});

test('two builds of the same instrumented JDK at once: one builds, the other waits; both end with the same error, no half entry; the failure is recorded; auto falls back to app with a note', async () => {
  const cache = join(work, 'cache');
  const jdk = findJavaHome(javaHome());
  const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
  const build = (log?: (l: string) => void) => ensureJdkImage({ jdk, cache, runtime, modules: [], log, lockPollMs: 100 });
  const logs: [string[], string[]] = [[], []];
  const [a, b] = await Promise.allSettled([build((l) => logs[0].push(l)), build((l) => logs[1].push(l))]);
  // One builds (build-lock.ts), the other waits for it, then reports the failure it recorded.
  const built = logs.filter((ls) => ls.some((l) => /^komorium: instrumenting the JDK /.test(l)));
  assert.equal(built.length, 1, JSON.stringify(logs));
  const waiter = logs.find((ls) => !built.includes(ls))!;
  assert.ok(waiter.some((l) => l.startsWith(`komorium: waiting for the instrumented copy of the JDK ${jdk.home} (${jdk.version}) that process ${process.pid} is building (since `)), waiter.join('\n'));
  for (const r of [a, b]) {
    assert.equal(r.status, 'rejected');
    const e = (r as PromiseRejectedResult).reason as Error;
    assert.ok(e instanceof JdkImageError, String(e));
    assert.match(e.message, new RegExp(`the instrumented copy of the JDK ${jdk.home} \\(${jdk.version}\\) does not start \\(java -version: .*\\)`));
  }
  const images = join(cache, 'jdk-images');
  const left = readdirSync(images);
  assert.deepEqual(left.filter((n) => n.endsWith('.lock')), [], `the lock is released: ${left.join(' ')}`);
  assert.deepEqual(left.filter((n) => n.endsWith('.tmp')), [], `temporary directories left: ${left.join(' ')}`);
  assert.deepEqual(left.filter((n) => !n.endsWith('.failed') && !n.endsWith('-classes')), [], `image directories: ${left.join(' ')}`);
  const mark = left.find((n) => n.endsWith('.failed'));
  assert.ok(mark, `the failure is recorded: ${left.join(' ')}`);
  assert.match(readFileSync(join(images, mark), 'utf8'), /does not start/);
  // The next build reports it without building again.
  await assert.rejects(build(), (e: Error) => e instanceof JdkImageError && /does not start .*\(recorded in .*\.failed; delete it to try again\)/.test(e.message));
  // The scope asked for: the error. The default: one note, then the class path only.
  const saved = process.env.KOMORIUM_JDK_MODULES;
  process.env.KOMORIUM_JDK_MODULES = ',';
  try {
    const o = { classpath: [classes], mainClass: 'HelloWorld', jdk: jdk.home, cache };
    await assert.rejects(jdkImageFor(o, { all: true, chosen: false }), /does not start/);
    const notes: string[] = [];
    assert.equal(await jdkImageFor({ ...o, log: (l) => notes.push(l) }, { all: true, chosen: true }), undefined);
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, /^komorium: note: the instrumented copy of the JDK .* does not start .*; running with --instrument app instead \(.*--engine interpreter instruments the JDK too\)$/);
  } finally {
    if (saved === undefined) delete process.env.KOMORIUM_JDK_MODULES;
    else process.env.KOMORIUM_JDK_MODULES = saved;
  }
  // The editor's run (engine-run interface, auto): the note in its log, the program runs, scope app.
  const env = { cache: process.env.KOMORIUM_CACHE, modules: process.env.KOMORIUM_JDK_MODULES };
  process.env.KOMORIUM_CACHE = cache;
  process.env.KOMORIUM_JDK_MODULES = ',';
  try {
    const logs: string[] = [];
    let stdout = '';
    const lspOut = join(work, 'lsp.json');
    const done = await startRun({ engine: 'auto', classpath: [classes], mainClass: 'HelloWorld', args: [], profilePath: lspOut, jdk: jdk.home, onLog: (l) => logs.push(l), onStdout: (b) => (stdout += b.toString()) }).done;
    assert.equal(done.error, undefined, logs.join('\n'));
    assert.equal(done.exitCode, 0);
    assert.equal(stdout, runJava(['-cp', classes, 'HelloWorld']).stdout);
    assert.equal(logs.filter((l) => /^komorium: note: .*running with --instrument app instead/.test(l)).length, 1, logs.join('\n'));
    assert.equal((JSON.parse(readFileSync(lspOut, 'utf8')) as { meta: { scope: string } }).meta.scope, 'app');
  } finally {
    for (const [k, v] of [['KOMORIUM_CACHE', env.cache], ['KOMORIUM_JDK_MODULES', env.modules]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  // The CLI's default (no --engine, no --instrument): the note, then the program runs, scope app.
  const out = join(work, 'auto.json');
  const r = komorium(['run', '-o', out, '-cp', classes, 'HelloWorld'], { KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: ',' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, runJava(['-cp', classes, 'HelloWorld']).stdout);
  assert.equal(r.stderr.split('\n').filter((l) => /komorium: note: .*running with --instrument app instead/.test(l)).length, 1, r.stderr);
  const meta = (JSON.parse(readFileSync(out, 'utf8')) as { meta: { engine: string; scope: string } }).meta;
  assert.deepEqual([meta.engine, meta.scope], ['hotspot', 'app']);
  // Asked for: a clear error and a non-zero exit.
  const asked = komorium(['run', '--instrument', 'all', '-o', join(work, 'asked.json'), '-cp', classes, 'HelloWorld'], { KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: ',' });
  assert.notEqual(asked.status, 0);
  assert.match(asked.stderr, /the instrumented copy of the JDK .* does not start/);
  assert.equal(asked.stdout, '');
});

test('a JDK 8 layout (jre/lib/rt.jar) and a JDK without lib/modules: clear errors naming the JDK, non-zero exits, on auto and on jvm', () => {
  const jdk8 = join(work, 'jdk8');
  mkdirSync(join(jdk8, 'jre', 'lib'), { recursive: true });
  mkdirSync(join(jdk8, 'bin'));
  writeFileSync(join(jdk8, 'jre', 'lib', 'rt.jar'), '');
  symlinkSync(join(javaHome(), 'bin', 'java'), join(jdk8, 'bin', 'java'));
  const bare = join(work, 'bare-jdk');
  mkdirSync(join(bare, 'bin'), { recursive: true });
  symlinkSync(join(javaHome(), 'bin', 'java'), join(bare, 'bin', 'java'));
  for (const [home, why] of [[jdk8, /a JDK 8 or older \(rt\.jar, no lib\/modules\); Komorium needs JDK 9\+/], [bare, /no lib\/modules/]] as const) {
    for (const engine of [[], ['--engine', 'jvm']]) {
      const r = komorium(['run', ...engine, '--jdk', home, '-o', join(work, 'x.json'), '-cp', classes, 'HelloWorld']);
      assert.notEqual(r.status, 0, `${home} ${engine.join(' ')}`);
      assert.match(r.stderr, new RegExp(home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), r.stderr);
      assert.match(r.stderr, why, r.stderr);
      assert.equal(r.stdout, '');
    }
  }
});

test('komorium.instrument: auto (default), all or app; anything else is auto', () => {
  assert.equal(normalizeSettings({}).instrument, 'auto');
  assert.equal(normalizeSettings({ instrument: 'app' }).instrument, 'app');
  assert.equal(normalizeSettings({ instrument: 'all' }).instrument, 'all');
  assert.equal(normalizeSettings({ instrument: 'none' }).instrument, 'auto');
});
