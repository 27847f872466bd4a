// Bytecode verification against HotSpot: classes made invalid by editing javac's output
// (test/helpers/verify-cases.ts: an aload of an int, an invoke on a String constant, control
// falling off the end, a wrong StackMapTable frame, wrong return types, max_stack 0, a
// constructor without super(), a missing handler frame, ...) must fail on the embedded engine
// with java's VerifyError, message and all, caught by the program or uncaught, with and
// without the profiler's transformation; and the verifier alone must give java's message for
// each of them. With --engine jvm, such classes must reach java untransformed (the transformer
// recomputes frames, which could make them valid).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaHome, REPO, runCli, tempDir } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import { buildVerifyCases, PATCHES } from '../helpers/verify-cases';
import { readClass } from '../../server/src/classfile/reader';
import { verifyClass, VERIFY_RAW_ATTRIBUTES } from '../../server/src/verify/index';
import { classFileEnv } from '../../server/src/verify/env';
import { ClassPath } from '../../server/src/classpath/index';

const dir = buildVerifyCases();
const program = (main: string): CorpusProgram => ({ name: `verify/${main}`, dir: join(REPO, 'test', 'java', 'verify'), sources: [], mainClass: main, args: [], jvmArgs: [], javacArgs: [] });

test('the verifier gives java 17 its messages for every broken class', () => {
  // One java run prints each case's VerifyError (Main catches them).
  const out = execFileSync(join(javaHome(), 'bin', 'java'), ['-cp', dir, 'Main'], { encoding: 'utf8' });
  const cp = ClassPath.from([dir], {});
  try {
    const env = classFileEnv((n) => (cp.findBoot(n) ?? cp.findUser(n))?.bytes);
    const classes = PATCHES.map((p) => p.cls).filter((c) => c.startsWith('V'));
    assert.ok(classes.length >= 12);
    for (const c of classes) {
      const cf = readClass(readFileSync(join(dir, `${c}.class`)), c, { rawAttributes: VERIFY_RAW_ATTRIBUTES });
      const r = verifyClass(env, cf);
      assert.ok(r !== undefined, `${c} verified`);
      const line = `${c}: ${r.errorClass.replace(/\//g, '.')}: ${r.message}\n`;
      assert.ok(out.includes(line), `${c}: java printed another message; ours:\n${line}\njava:\n${out}`);
    }
    const ok = readClass(readFileSync(join(dir, 'Ok.class')), 'Ok', { rawAttributes: VERIFY_RAW_ATTRIBUTES });
    assert.equal(verifyClass(env, ok), undefined);
  } finally {
    cp.close();
  }
});

test('the embedded engine verifies like HotSpot', { concurrency: 2 }, async (t) => {
  const cases: { p: CorpusProgram; instrument: 'none' | 'app' | 'all' }[] = [
    // Every case caught, a second link attempt, then a valid class.
    { p: program('Main'), instrument: 'none' },
    // Profiled: the verifier sees the classes as defined, not as transformed; V9, V10 and V12
    // cannot be transformed, and their transformed callers still get the VerifyError.
    { p: program('Main'), instrument: 'app' },
    // A main class that fails verification: "Error: Unable to initialize main class".
    { p: program('BadMain'), instrument: 'none' },
  ];
  await Promise.all(
    cases.map((c) =>
      t.test(`${c.p.name} (${c.instrument})`, async () => {
        const r = await compareWithHotSpot(c.p, dir, { instrument: c.instrument, timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
      }),
    ),
  );
});

test('--engine jvm leaves classes that fail verification untransformed, so java rejects them itself', () => {
  const java = spawnSync(join(javaHome(), 'bin', 'java'), ['-cp', dir, 'Main'], { encoding: 'utf8' });
  const out = join(tempDir('verify-jvm'), 'profile.json');
  const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', out, '-cp', dir, 'Main']);
  assert.equal(r.status, java.status, r.stderr);
  assert.equal(r.stdout, java.stdout);
  // Each broken class is named once, with the error java reports.
  for (const p of PATCHES) assert.match(r.stderr, new RegExp(`${p.cls}\\.class was not transformed \\(java\\.lang\\.VerifyError: `));
  assert.doesNotMatch(r.stderr, /Ok\.class was not transformed/);
});
