// The HotSpot engine with the JDK instrumented (`--engine jvm --instrument all`, the default on
// that engine): the instrumented copy of the JDK (engine/jdk-image.ts) is built once into the
// cache (here the test's own, built by the first test; helpers/hotspot-all.ts), java of that copy
// runs the program, which prints what java prints, the profile shows JDK frames under main, and
// the embedded engine's profile of the same program agrees with it by method; the same program
// gives the same profile in every run. hotspot-all-engines.test.ts compares the two engines'
// profiles at granularity 1, context by context.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { javaHome, REPO, runJava } from '../helpers/java';
import { compilePrograms, programsNamed } from '../helpers/corpus';
import { compareEngines } from '../helpers/engines-corpus';
import { compareMainThread, describeMainThread } from '../helpers/engines-profile';
import { classes, komorium, load, ownCache, work, type Profile } from '../helpers/hotspot-all';
import { loadProfile } from '../../server/src/profile/load';

const cache = ownCache();

/** Self samples of `main` by method (class.name+descriptor), as shares. */
function mainSelf(p: Profile): Map<string, number> {
  const t = p.threads.find((x) => x.name === 'main');
  assert.ok(t, 'a main thread');
  const m = new Map<string, number>();
  let n = 0;
  for (const [, method, , self] of t.nodes) {
    if (method < 0) continue;
    const [cls, name, desc] = p.methods[method]!;
    const k = `${cls}.${name}${desc}`;
    m.set(k, (m.get(k) ?? 0) + self);
    n += self;
  }
  for (const [k, v] of m) m.set(k, v / n);
  return m;
}

test('hello world: the instrumented JDK is built once (with progress lines), then reused; output as on java', () => {
  const expected = runJava(['-cp', classes, 'HelloWorld']);
  const out = join(work, 'hello.json');
  const first = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '-o', out, '-cp', classes, 'HelloWorld']);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.stdout, expected.stdout);
  assert.match(first.stderr, /instrumenting the JDK .*: [\d,]+ classes of java\.base/);
  assert.match(first.stderr, /writing the instrumented JDK/);
  const p = load(out);
  assert.equal(p.meta.scope, 'all');
  assert.equal(p.meta.startup, 'excluded');
  // Every thread under its own name: HotSpot's DestroyJavaVM thread (which runs the shutdown
  // after main returns) registers before its name is set, and was listed as "thread".
  const names = p.threads.map((t) => t.name);
  assert.ok(!names.includes('thread'), `thread names: ${names.join(', ')}`);
  const again = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '-o', out, '-cp', classes, 'HelloWorld']);
  assert.equal(again.status, 0, again.stderr);
  assert.equal(again.stdout, expected.stdout);
  assert.doesNotMatch(again.stderr, /instrumenting/);
});

test('warm start: the next run starts java from the plan the last left; a changed or added file on the class path, or another --jdk, prepares again', () => {
  const expected = runJava(['-cp', classes, 'HelloWorld']);
  const dir = join(work, 'warm');
  mkdirSync(dir);
  copyFileSync(join(classes, 'HelloWorld.class'), join(dir, 'HelloWorld.class'));
  const out = join(work, 'warm.json');
  const run = (extra: string[] = []) => {
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', ...extra, '-o', out, '-cp', dir, 'HelloWorld'], {
      encoding: 'utf8',
      env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base', KOMORIUM_TRACE_RUN: '1' },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected.stdout);
    assert.match(r.stderr, new RegExp(`komorium: [\\d,]+ samples, [\\d,]+ bytecodes, [\\d,]+ contexts, \\d+ thread\\(s\\) -> ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`));
    return /warm start: plan found/.test(r.stderr) ? 'warm' : /warm start: no plan/.test(r.stderr) ? 'prepared' : `neither: ${r.stderr}`;
  };
  const mainMethods = () => {
    const p = load(out);
    const t = p.threads.find((x) => x.name === 'main')!;
    return t.nodes.filter(([, m]) => m >= 0).map(([, m]) => p.methods[m]!.slice(0, 2).join('.'));
  };
  assert.equal(run(), 'prepared');
  // (A run that built the instrumented JDK, with its progress lines, leaves no plan: when this
  // test runs alone, the second run prepares again.)
  if (run() !== 'warm') assert.equal(run(), 'warm');
  assert.equal(load(out).meta.scope, 'all');
  // Sampling options are the run's, not the plan's; at granularity 1 main's own class shows in
  // the profile only when it was transformed (its file of transformed classes kept with the plan).
  assert.equal(run(['--granularity', '1']), 'warm');
  assert.equal((load(out) as unknown as { meta: { granularity: number } }).meta.granularity, 1);
  assert.ok(mainMethods().includes('HelloWorld.main'), mainMethods().join(', '));
  const t = new Date(Date.now() + 5000);
  utimesSync(join(dir, 'HelloWorld.class'), t, t);
  assert.equal(run(), 'prepared');
  assert.equal(run(), 'warm');
  // Files the class path's preparation does not read (the profile, here) change nothing; a class does.
  copyFileSync(out, join(dir, 'profile.json'));
  assert.equal(run(), 'warm');
  copyFileSync(join(classes, 'WordCount.class'), join(dir, 'WordCount.class'));
  assert.equal(run(), 'prepared');
  // Another key: the same JDK named with --jdk (the instrumented copy is the same).
  assert.equal(run(['--jdk', javaHome()]), 'prepared');
  assert.equal(run(['--jdk', javaHome()]), 'warm');
  assert.notEqual(run(['--instrument', 'app']), 'warm');
});

/** WordCount on HotSpot with the JDK instrumented, at N = 100 (run once, used by two tests). */
let hotspotWordCount: { stdout: string; profile: Profile } | undefined;
function wordCountOnHotSpot(): { stdout: string; profile: Profile } {
  if (hotspotWordCount) return hotspotWordCount;
  const out = join(work, 'wc-all.json');
  const r = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '--granularity', '100', '-o', out, '-cp', classes, 'WordCount']);
  assert.equal(r.status, 0, r.stderr);
  return (hotspotWordCount = { stdout: r.stdout, profile: load(out) });
}

test('WordCount: JDK frames (HashMap, String) under main with --instrument all, none with app', () => {
  const expected = runJava(['-cp', classes, 'WordCount']);
  const r = wordCountOnHotSpot();
  assert.equal(r.stdout, expected.stdout);
  const self = mainSelf(r.profile);
  const jdk = (prefix: string) => [...self].filter(([k]) => k.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);
  assert.ok(jdk('java.util.HashMap.') > 0.02, `HashMap's share of main: ${jdk('java.util.HashMap.')}`);
  assert.ok(jdk('java.lang.String') > 0.1, `String's share of main: ${jdk('java.lang.String')}`);
  const app = join(work, 'wc-app.json');
  const a = komorium(['run', '--engine', 'jvm', '--instrument', 'app', '--granularity', '100', '-o', app, '-cp', classes, 'WordCount']);
  assert.equal(a.status, 0, a.stderr);
  assert.deepEqual([...mainSelf(load(app)).keys()].filter((k) => k.startsWith('java.')), []);
});

test('WordCount: the HotSpot and embedded engines agree under main', () => {
  const em = join(work, 'wc-em.json');
  const a = wordCountOnHotSpot();
  const b = komorium(['run', '--engine', 'interpreter', '--granularity', '100', '-o', em, '-cp', classes, 'WordCount']);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(a.stdout, b.stdout);
  const [ph, pe] = [a.profile, load(em)];
  const main = (p: Profile) => p.threads.find((t) => t.name === 'main')!.bytecodes;
  // Bytecodes counted in main: the same but for class loading (docs/RUNTIME.md).
  assert.ok(Math.abs(main(ph) - main(pe)) / main(pe) < 0.01, `main: ${main(ph)} on HotSpot, ${main(pe)} embedded`);
  const [sh, se] = [mainSelf(ph), mainSelf(pe)];
  let overlap = 0;
  for (const [k, v] of se) overlap += Math.min(v, sh.get(k) ?? 0);
  assert.ok(overlap > 0.95, `self overlap by method under main: ${overlap}`);
});

// Determinism (det15g): the same program gives the same profile in every run. SaltOrder's work
// depends on the iteration order of Set.of/Map.of, whose salt java draws from System.nanoTime()
// (ImmutableCollections.<clinit>); the copy's java.base fixes the seed (reflect-patch.ts).
test('SaltOrder: three runs give identical profiles on HotSpot with the JDK instrumented (granularity 1, R 0)', () => {
  const texts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const out = join(work, `salt-${i}.json`);
    const r = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '--granularity', '1', '--random', '0', '-o', out, '-cp', classes, 'SaltOrder']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '8 6 true\n');
    texts.push(JSON.stringify(load(out).threads.find((t) => t.name === 'main')));
  }
  const first = loadProfile(join(work, 'salt-0.json'));
  for (let i = 1; i < 3; i++) {
    const c = compareMainThread(first, loadProfile(join(work, `salt-${i}.json`)), 'SaltOrder');
    assert.ok(c.main.identical && c.startup.identical, `run ${i}:\n${describeMainThread(c, 10).join('\n')}`);
    assert.equal(texts[i], texts[0], `run ${i}: the main thread's nodes differ`);
  }
});

test('a JDK without lib/modules: a clear error and a non-zero exit', () => {
  const fake = join(work, 'fake-jdk');
  mkdirSync(join(fake, 'bin'), { recursive: true });
  symlinkSync(join(javaHome(), 'bin', 'java'), join(fake, 'bin', 'java'));
  const r = komorium(['run', '--engine', 'jvm', '--jdk', fake, '-o', join(work, 'x.json'), '-cp', classes, 'HelloWorld']);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no lib\/modules/);
  assert.equal(r.stdout, '');
});

test('Math.sin, cos, tan, exp, log, log10, pow (tanh, cbrt): bit-exact as java with the JDK instrumented', () => {
  // Calls to them stay on the original methods, which HotSpot computes with its intrinsics
  // (transform/scope.ts MATH_INTRINSICS); their extended copies would run StrictMath's fdlibm.
  const expected = runJava(['-cp', classes, 'MathIntrinsics']);
  assert.equal(expected.status, 0, expected.stderr);
  const r = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '-o', join(work, 'math.json'), '-cp', classes, 'MathIntrinsics']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, expected.stdout);
});

test('calls into modules the copy does not instrument (KOMORIUM_JDK_MODULES=java.base) call their original methods', () => {
  // java.management's ManagementFactory.getThreadMXBean, java.logging's Logger: the class path's
  // call sites called extended versions, which only an instrumented module has (NoSuchMethodError).
  const expected = runJava(['-cp', classes, 'OtherModules']);
  assert.equal(expected.status, 0, expected.stderr);
  const r = komorium(['run', '--engine', 'jvm', '--instrument', 'all', '-o', join(work, 'modules.json'), '-cp', classes, 'OtherModules']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, expected.stdout);
  assert.doesNotMatch(r.stderr, /NoSuchMethodError/);
});

test('corpus slice on HotSpot with the JDK instrumented: output as java', async () => {
  const programs = programsNamed(['arithmetic-float-double', 'collections-maps', 'exceptions-custom-chained', 'math-strictmath', 'string-format']);
  const dirs = compilePrograms(programs);
  for (const p of programs) {
    const c = await compareEngines(p, dirs.get(p.name)!, { hotspotOnly: true });
    assert.deepEqual(c.problems, [], p.name);
  }
});
