// komorium test: real JUnit 5 (Debian's junit5: the console launcher with the Jupiter and
// vintage engines) on test/java/junit, compiled here against that jar, on both engines; the
// profile records the selection and folds JUnit's frames in reports (--all-frames shows them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/load';
import { DEBIAN_JUNIT_JAR, findJUnitJar } from '../../server/src/engine/junit';
import { compileJava, REPO, runCli, tempDir } from '../helpers/java';

const JAR = findJUnitJar();

function jar(): string {
  assert.ok(JAR, `the JUnit console launcher is missing: install Debian's junit5 (${DEBIAN_JUNIT_JAR}) or set KOMORIUM_JUNIT_JAR`);
  return JAR;
}

let compiled: string | undefined;
function classes(): string {
  return (compiled ??= compileJava(join(REPO, 'test', 'java', 'junit', 'src'), ['-cp', jar()]));
}

function profileTest(args: string[]): { status: number | null; out: string; stdout: string; stderr: string } {
  const out = join(tempDir('junit'), 'p.json');
  const r = runCli(['test', '-cp', classes(), '--granularity', '1000', '-o', out, ...args]);
  return { status: r.status, out, stdout: r.stdout, stderr: r.stderr };
}

function report(file: string, ...extra: string[]): string {
  const r = runCli(['report', '--tree', file, ...extra]);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** Depth (indentation below the thread root) of the first tree row naming `method`. */
function depthOf(tree: string, method: string): number {
  const rows = tree.split('\n');
  const row = rows.slice(rows.findIndex((l) => l.startsWith('CALLING CONTEXT TREE'))).find((l) => l.includes(`${method} `));
  assert.ok(row, `${method} is not in the tree:\n${tree}`);
  const m = /^\s*\S+\s+\S+\s+\S+\s+\S+(\s+)/.exec(row);
  return m ? (m[1]!.length - 2) / 2 : -1;
}

test('komorium test on HotSpot: a passing JUnit 5 method, its selection in meta, JUnit frames folded in reports', () => {
  const r = profileTest(['--engine', 'jvm', '--instrument', 'app', '--select-method', 'junitdemo.SumTest#squares']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /1 tests successful/);
  const p = loadProfile(r.out);
  assert.deepEqual(p.meta.test, { framework: 'junit-platform', selectors: ['method:junitdemo.SumTest#squares'] });
  assert.ok(p.meta.focus?.hide.includes('org.junit.'));
  const folded = report(r.out);
  // the test method is a child of the thread root, beside the one folded framework frame
  assert.equal(depthOf(folded, 'junitdemo.SumTest.squares'), 1);
  assert.equal(depthOf(folded, '(framework).(folded)'), 1);
  assert.doesNotMatch(folded.slice(folded.indexOf('CPU SAMPLES BEGIN')), /org\.junit\./);
  assert.match(folded, /junitdemo\.SumTest\.sumOfSquares/);
  const all = report(r.out, '--all-frames');
  assert.match(all, /org\.junit\.platform\.console\.ConsoleLauncher\.main/);
  assert.ok(depthOf(all, 'junitdemo.SumTest.squares') > 5);
  assert.doesNotMatch(all, /\(framework\)/);
});

test('komorium test: a failing test exits 1 and still writes its profile; JUnit 4 runs on the vintage engine', () => {
  const f = profileTest(['--engine', 'jvm', '--instrument', 'app', '--select-method', 'junitdemo.SumTest#wrong']);
  assert.equal(f.status, 1, f.stdout + f.stderr);
  assert.match(f.stdout, /1 tests failed/);
  assert.ok(existsSync(f.out));
  assert.deepEqual(loadProfile(f.out).meta.test?.selectors, ['method:junitdemo.SumTest#wrong']);
  const v = profileTest(['--engine', 'jvm', '--instrument', 'app', '--select-class', 'junitdemo.LegacyTest']);
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.match(v.stdout, /1 tests successful/);
  assert.match(report(v.out), /junitdemo\.LegacyTest\.triangle /);
  const none = profileTest(['--engine', 'jvm', '--instrument', 'app', '--select-class', 'junitdemo.NoSuchTest']);
  assert.notEqual(none.status, 0);
});

test('komorium test on the embedded engine: the same test, its method first in the folded report', () => {
  const r = profileTest(['--engine', 'interpreter', '--instrument', 'app', '--select-method', 'junitdemo.SumTest#squares']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /1 tests successful/);
  const p = JSON.parse(readFileSync(r.out, 'utf8')) as { meta: { engine: string; test: unknown } };
  assert.equal(p.meta.engine, 'interp');
  assert.deepEqual(p.meta.test, { framework: 'junit-platform', selectors: ['method:junitdemo.SumTest#squares'] });
  assert.equal(depthOf(report(r.out), 'junitdemo.SumTest.squares'), 1);
});

test('komorium test: usage errors', () => {
  assert.equal(runCli(['test', '-cp', '.']).status, 2);
  assert.equal(runCli(['test', '-cp', '.', '--select-method', 'NoHash']).status, 2);
  assert.equal(runCli(['test', '--select-class', 'a.B']).status, 2);
  const r = runCli(['test', '-cp', '.', '--select-class', 'a.B', '--junit', '/nonexistent.jar']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /console launcher jar was not found at \/nonexistent\.jar/);
});
