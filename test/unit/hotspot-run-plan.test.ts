// The CLI's warm-start plans (engine/run-plan.ts, run-plan-write.ts): a plan is found under the
// key of the same request and environment while every file it lists keeps its size and mtime,
// and the trees keep their entries; anything else finds none. The warm start itself (java
// started from the plan) is tested in hotspot-all.test.ts, which has an instrumented JDK.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import { classPathStamps, planDir, planKey, readPlan, takeStamps } from '../../server/src/engine/run-plan';
import { writePlan } from '../../server/src/engine/run-plan-write';
import { summaryLine } from '../../server/src/cli/summary';

const root = tempDir('run-plan');

/** A class path (a folder with a class in a package, and a jar), a cache, and a saved plan. */
function setup(tag: string) {
  const dir = join(root, tag);
  const classes = join(dir, 'classes');
  mkdirSync(join(classes, 'p'), { recursive: true });
  writeFileSync(join(classes, 'p', 'A.class'), 'a');
  const jar = join(dir, 'lib.jar');
  writeFileSync(jar, 'jar');
  const kmc = join(dir, 'run.kmc');
  writeFileSync(kmc, 'transformed');
  const cache = join(dir, 'cache');
  const request = { cwd: dir, classpath: [classes, jar], tool: '/k/dist' };
  const key = planKey(request, { PATH: '/bin', KOMORIUM_JDK_MODULES: 'java.base' });
  const cp = classPathStamps(request.classpath);
  const stamps = takeStamps(cp.files, cp.trees)!;
  writePlan(cache, key, { java: '/jdk/bin/java', engineArgs: ['-Xfoo', `-Dkomorium.classes=${kmc}`], classesArg: `-Dkomorium.classes=${kmc}`, classesFile: kmc, files: cp.files, trees: cp.trees, sources: [], stamps });
  return { dir, classes, jar, cache, key };
}

test('a saved plan is found while its files are unchanged; its file of transformed classes is its own copy', () => {
  const s = setup('found');
  const plan = readPlan(s.cache, s.key);
  assert.ok(plan);
  assert.equal(plan.java, '/jdk/bin/java');
  assert.equal(plan.engineArgs[0], '-Xfoo');
  const kept = plan.engineArgs[1]!.slice('-Dkomorium.classes='.length);
  assert.ok(kept.startsWith(planDir(s.cache, s.key)), kept);
  assert.ok(existsSync(kept));
  assert.ok(readPlan(s.cache, s.key), 'found again');
});

test('a changed mtime, a changed size, an added or removed file, or a missing jar: no plan', () => {
  const cases: [string, (s: ReturnType<typeof setup>) => void][] = [
    ['mtime', (s) => utimesSync(join(s.classes, 'p', 'A.class'), new Date(Date.now() + 9000), new Date(Date.now() + 9000))],
    ['size', (s) => writeFileSync(s.jar, 'jar, longer')],
    ['added', (s) => writeFileSync(join(s.classes, 'p', 'B.class'), 'b')],
    ['added folder', (s) => mkdirSync(join(s.classes, 'q'))],
    ['removed', (s) => rmSync(join(s.classes, 'p', 'A.class'))],
    ['jar gone', (s) => rmSync(s.jar)],
    ['class path folder gone', (s) => rmSync(s.classes, { recursive: true })],
  ];
  for (const [tag, change] of cases) {
    const s = setup(tag.replace(/ /g, '-'));
    assert.ok(readPlan(s.cache, s.key), `${tag}: found before`);
    change(s);
    assert.equal(readPlan(s.cache, s.key), undefined, tag);
  }
});

test('files the class path\'s preparation does not read (a profile written into its folder) leave the plan as it is', () => {
  const s = setup('other-files');
  writeFileSync(join(s.classes, 'komorium-profile.json'), '{}');
  writeFileSync(join(s.classes, 'p', 'notes.txt'), 'x');
  assert.ok(readPlan(s.cache, s.key));
});

test('the key: another class path, option, working folder, Komorium build or KOMORIUM_/JDK variable is another key; other variables are not', () => {
  const r = { cwd: '/w', classpath: ['/w/classes'], tool: '/k/dist' };
  const env = { PATH: '/bin', JAVA_HOME: '/jdk', KOMORIUM_JDK_MODULES: 'java.base' };
  const k = planKey(r, env);
  assert.equal(planKey({ ...r }, { ...env, TERM: 'xterm', KOMORIUM_TRACE_RUN: '1' }), k);
  for (const other of [
    planKey({ ...r, classpath: ['/w/classes', '/w/lib.jar'] }, env),
    planKey({ ...r, cwd: '/v' }, env),
    planKey({ ...r, jdk: '/jdk' }, env),
    planKey({ ...r, maxPath: 10 }, env),
    planKey({ ...r, instrument: 'all' }, env),
    planKey({ ...r, tool: '/other-checkout/dist' }, env),
    planKey(r, { ...env, JAVA_HOME: '/jdk25' }),
    planKey(r, { ...env, PATH: '/usr/bin' }),
    planKey(r, { ...env, KOMORIUM_CACHE: '/c' }),
  ]) {
    assert.notEqual(other, k);
  }
});

test('a plan under another key, of another format, or unreadable: none', () => {
  const s = setup('bad');
  assert.equal(readPlan(s.cache, planKey({ cwd: s.dir, classpath: [s.classes], tool: '/k/dist' }, { PATH: '/bin' })), undefined);
  const file = join(planDir(s.cache, s.key), 'plan.json');
  writeFileSync(file, '{"version":"run-plan-0"}');
  assert.equal(readPlan(s.cache, s.key), undefined);
  writeFileSync(file, '{');
  assert.equal(readPlan(s.cache, s.key), undefined);
  // Saving again replaces it; the file of transformed classes (same content) is kept once.
  const again = setup('bad-again');
  assert.ok(readPlan(again.cache, again.key));
  assert.equal(readdirSync(planDir(again.cache, again.key)).filter((n) => n.endsWith('.kmc')).length, 1);
});

test('the warm start\'s summary line: totals and contexts from the profile, or why it cannot be read', () => {
  const f = join(root, 'p.json');
  writeFileSync(
    f,
    JSON.stringify({
      format: 'komorium-profile',
      meta: { totalSamples: 1234, totalBytecodes: 12345678 },
      threads: [{ nodes: [[-1], [0], [1]] }, { nodes: [[-1]] }],
    }),
  );
  assert.equal(summaryLine(f), `komorium: 1,234 samples, 12,345,678 bytecodes, 2 contexts, 2 thread(s) -> ${f}\n`);
  writeFileSync(f, '{"format":"other"}');
  assert.match(summaryLine(f), /^komorium: the profile .* could not be read: /);
});
