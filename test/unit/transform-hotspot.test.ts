// The transformer end to end on HotSpot: transformed classes verify (-Xverify:all), behave
// exactly like the originals, and the profile keeps calling contexts across uninstrumented
// code (a Comparator called by Collections.sort, a Runnable run by a thread started in main).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, runJava, runCli, tempDir, REPO } from '../helpers/java';
import { loadProfile, profilesEqualIgnoringTimes, type CctNode, type Profile } from '../../server/src/profile/index';
import { transformClassPath } from '../../server/src/transform/driver';
import { buildRuntime } from '../../server/src/runtime/build';
import { HOTSPOT_STACK_SIZE, stackSizeArgs } from '../../server/src/runtime/contract';
import { mkdirSync, writeFileSync } from 'node:fs';

const classes = compileJava(join(REPO, 'test', 'java', 'transform'));
const runtime = buildRuntime(tempDir('rt'));

function transformed(maxPath = 50): string {
  const out = tempDir('tx');
  const r = transformClassPath({ classpath: [classes], outDir: out, maxPath });
  assert.equal(r.failed.length, 0, JSON.stringify(r.failed));
  return out;
}

function runProfiled(dir: string, profile: string, extra: string[] = []): { stdout: string; stderr: string; status: number | null } {
  return runJava(['-Xverify:all', `-Dkomorium.out=${profile}`, ...extra, '-cp', `${dir}:${runtime.classesDir}`, 'Callbacks']);
}

function nodes(p: Profile): CctNode[] {
  const out: CctNode[] = [];
  for (const t of p.threads) out.push(...t.nodes);
  return out;
}
const nameOf = (n: CctNode | null | undefined): string => (n?.method ? `${n.method.className}.${n.method.name}` : '<root>');

test('transformed program verifies, prints the same, and keeps contexts across callbacks', () => {
  const orig = runJava(['-cp', classes, 'Callbacks']);
  assert.equal(orig.status, 0, orig.stderr);
  const dir = transformed();
  const profile = join(tempDir('prof'), 'p.json');
  const r = runProfiled(dir, profile, ['-Dkomorium.granularity=5000']);
  assert.equal(r.stderr, orig.stderr);
  assert.equal(r.stdout, orig.stdout);
  assert.equal(r.status, 0);
  const p = loadProfile(profile);
  assert.ok(p.meta.totalSamples > 100, `only ${p.meta.totalSamples} samples`);
  const all = nodes(p);
  // compareHeavy runs under Collections.sort (uninstrumented): its context continues main's.
  const cmp = all.filter((n) => nameOf(n) === 'Callbacks.compareHeavy');
  assert.ok(cmp.length > 0, 'compareHeavy was sampled');
  for (const n of cmp) assert.equal(nameOf(n.parent), 'Callbacks.main', `compareHeavy under ${nameOf(n.parent)}`);
  // The lambda run by the new thread continues main's context at t.start().
  const work = all.filter((n) => nameOf(n) === 'Callbacks.work');
  assert.ok(work.length > 0, 'work was sampled');
  for (const n of work) {
    assert.match(nameOf(n.parent), /^Callbacks\.lambda\$main\$\d+$/);
    assert.equal(nameOf(n.parent?.parent), 'Callbacks.main');
  }
  // heavy() is where the time goes.
  const heavySelf = all.filter((n) => nameOf(n) === 'Callbacks.heavy').reduce((s, n) => s + n.self, 0);
  assert.ok(heavySelf / p.meta.totalSamples > 0.5, `heavy self ${heavySelf} of ${p.meta.totalSamples}`);
});

test('same program, same seed: identical profiles; the bytecode total is exact across granularities', () => {
  const dir = transformed();
  const a = join(tempDir('prof'), 'a.json');
  const b = join(tempDir('prof'), 'b.json');
  const c = join(tempDir('prof'), 'c.json');
  runProfiled(dir, a, ['-Dkomorium.granularity=3000', '-Dkomorium.seed=7']);
  runProfiled(dir, b, ['-Dkomorium.granularity=3000', '-Dkomorium.seed=7']);
  runProfiled(dir, c, ['-Dkomorium.granularity=100000', '-Dkomorium.seed=7']);
  const pa = loadProfile(a);
  assert.ok(profilesEqualIgnoringTimes(pa, loadProfile(b)));
  // Counting does not depend on the granularity: the same bytecodes are counted.
  assert.equal(loadProfile(c).meta.totalBytecodes, pa.meta.totalBytecodes);
});

test('threads calling back from JDK code at the same time each keep their own context and exact counts', () => {
  const dir = transformed();
  const orig = runJava(['-cp', classes, 'TwoThreads']);
  assert.equal(orig.status, 0, orig.stderr);
  const profiles = [1, 2].map((k) => {
    const prof = join(tempDir('prof'), `two-${k}.json`);
    const r = runJava(['-Xverify:all', `-Dkomorium.out=${prof}`, '-Dkomorium.granularity=2000', '-cp', `${dir}:${runtime.classesDir}`, 'TwoThreads']);
    assert.equal(r.stdout, orig.stdout);
    assert.equal(r.status, 0, r.stderr);
    return loadProfile(prof);
  });
  for (const p of profiles) {
    const workers = p.threads.filter((t) => t.name.startsWith('worker-'));
    assert.equal(workers.length, 2);
    // Both do the same work: the same exact count, which a context mix-up would move between them.
    assert.equal(workers[0]!.bytecodes, workers[1]!.bytecodes);
    assert.ok(workers[0]!.samples > 500, `${workers[0]!.samples} samples`);
    for (const t of workers) {
      // The stream's lambdas continue the worker's stack at its call into IntStream.sum.
      const mixNodes = t.nodes.filter((n) => nameOf(n) === 'TwoThreads.mix');
      assert.ok(mixNodes.length > 0, `${t.name}: mix sampled`);
      for (const n of mixNodes) {
        assert.match(nameOf(n.parent), /^TwoThreads\.lambda\$work\$\d+$/);
        assert.equal(nameOf(n.parent?.parent), 'TwoThreads.work');
      }
    }
  }
  assert.ok(profilesEqualIgnoringTimes(profiles[0]!, profiles[1]!));
});

test('komorium run passes output and exit code through and writes the profile', () => {
  const prof = join(tempDir('prof'), 'run.json');
  const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '--granularity', '20000', '-o', prof, '-cp', classes, 'Callbacks']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^first \d+ last \d+\nwork \d+\n$/);
  assert.match(r.stderr, /komorium: [\d,]+ samples, [\d,]+ bytecodes, [\d,]+ contexts, 2 thread\(s\) -> /);
  assert.equal(loadProfile(prof).meta.granularity, 20000);
});

test('komorium run gives transformed frames a larger thread stack unless the user set one', () => {
  const dir = tempDir('stackargs');
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'StackArgs.java'),
    'public class StackArgs { public static void main(String[] a) { for (String s : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) if (s.startsWith("-Xss")) System.out.println(s); } }\n',
  );
  const cls = compileJava(src);
  const prof = join(dir, 'p.json');
  const plain = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', prof, '-cp', cls, 'StackArgs']);
  assert.equal(plain.status, 0, plain.stderr);
  assert.equal(plain.stdout, `${HOTSPOT_STACK_SIZE}\n`);
  const own = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-J-Xss4m', '-o', prof, '-cp', cls, 'StackArgs']);
  assert.equal(own.status, 0, own.stderr);
  assert.equal(own.stdout, '-Xss4m\n');
  assert.deepEqual(stackSizeArgs(['-XX:ThreadStackSize=3000']), []);
});
