// The counter kept in a local between write-backs (docs/TRANSFORM.md, "Counting and checks"):
// bytecodes counted before an exception leaves a method are not lost, and calls that cannot
// reach user code skip tc.callOut.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, runJava, tempDir, REPO } from '../helpers/java';
import { loadProfile } from '../../server/src/profile/index';
import { transformClassPath } from '../../server/src/transform/driver';
import { buildRuntime } from '../../server/src/runtime/build';
import { isLeafCall } from '../../server/src/transform/clazz';

test('exceptions leaving a method keep the bytecodes counted in its local counter', () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'counting'));
  const runtime = buildRuntime(tempDir('rt'));
  const out = tempDir('tx');
  const r = transformClassPath({ classpath: [classes], outDir: out });
  assert.equal(r.failed.length, 0, JSON.stringify(r.failed));
  // Calls to Math and Integer count as ordinary instructions: clamp is a leaf method whose
  // only check is at its return; sumCaught calls nothing and is a leaf too; main is none.
  const methods = r.reports.find((c) => c.className === 'Counting')!.methods;
  const stats = (name: string) => methods.find((m) => m.name === name)!.stats!;
  assert.equal(stats('clamp').leaf, true);
  assert.equal(stats('clamp').checks, 1);
  assert.equal(stats('sumCaught').leaf, true);
  assert.equal(stats('main').leaf, false);
  const total = (mode: string): number => {
    const orig = runJava(['-cp', classes, 'Counting', mode]);
    const profile = join(tempDir('prof'), `${mode}.json`);
    const run = runJava(['-Xverify:all', `-Dkomorium.out=${profile}`, '-Dkomorium.granularity=1000000000', '-cp', `${out}:${runtime.classesDir}`, 'Counting', mode]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, orig.stdout);
    return loadProfile(profile).meta.totalBytecodes;
  };
  const normal = total('normal');
  const thrown = total('throw');
  // No sample (which writes the local back) during a loop: each of the 10 loops that throw
  // counts ~20,000 iterations of 11 bytecodes in its local, and losing them would change the
  // total by ~220,000 each. Throwing itself differs by a few bytecodes per loop.
  assert.ok(normal > 15 * 20000 * 10, `normal ${normal}`);
  assert.ok(Math.abs(thrown - normal) < 15 * 40, `normal ${normal}, throw ${thrown}`);
});

test('calls into boxing, Math and String methods that cannot reach user code need no callOut', () => {
  assert.ok(isLeafCall('java/lang/Integer', 'valueOf', '(I)Ljava/lang/Integer;'));
  assert.ok(isLeafCall('java/lang/Integer', 'intValue', '()I'));
  assert.ok(isLeafCall('java/lang/Math', 'max', '(II)I'));
  assert.ok(isLeafCall('java/lang/StringBuilder', 'append', '(Ljava/lang/String;)Ljava/lang/StringBuilder;'));
  assert.ok(isLeafCall('java/lang/String', 'getChars', '(II[CI)V'));
  // A user object (toString, equals, a CharSequence) could call back.
  assert.ok(!isLeafCall('java/lang/StringBuilder', 'append', '(Ljava/lang/Object;)Ljava/lang/StringBuilder;'));
  assert.ok(!isLeafCall('java/lang/StringBuilder', 'append', '(Ljava/lang/CharSequence;)Ljava/lang/StringBuilder;'));
  assert.ok(!isLeafCall('java/lang/String', 'valueOf', '(Ljava/lang/Object;)Ljava/lang/String;'));
  assert.ok(!isLeafCall('java/lang/String', 'format', '(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;'));
  // System properties and charsets by name may reach user code (security manager, providers).
  assert.ok(!isLeafCall('java/lang/Integer', 'getInteger', '(Ljava/lang/String;)Ljava/lang/Integer;'));
  assert.ok(!isLeafCall('java/lang/String', 'getBytes', '(Ljava/lang/String;)[B'));
  assert.ok(!isLeafCall('java/lang/String', '<init>', '([BLjava/lang/String;)V'));
  // Not a final JDK class.
  assert.ok(!isLeafCall('java/util/ArrayList', 'size', '()I'));
});
