// Unresolved checkcast / instanceof in the embedded JVM's JIT (jit/insns.ts): null goes on in
// compiled code (the interpreter resolves the class only for an object), so a method whose casts
// see only nulls is compiled once instead of leaving at every run and being compiled again
// after each 50 exits (3 recompilations in vain, then leaving for good: Xerces' chunk arrays,
// docs/BENCHMARKS.md part B, xint18r). Invisible: HotSpot's output, the same bytecodes as with
// the JIT off and with the old exits (KOMORIUM_JIT_NULL_CASTS=0).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, runJava } from '../helpers/java';
import { runEmbeddedWithEnv, type EnvRunOut } from '../helpers/interp-env-run';

function run(classes: string, env: Record<string, string>): Promise<EnvRunOut> {
  return runEmbeddedWithEnv(classes, 'JitNullCasts', env);
}

const compilations = (stderr: string, m: string): number => stderr.split('\n').filter((l) => l.startsWith(`[jit] JitNullCasts.${m} (`)).length;

test('unresolved casts of null stay in compiled code, compiled once, and stay invisible', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-nullcasts'));
  const hs = runJava(['-cp', classes, 'JitNullCasts']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, { KOMORIUM_TRACE_JIT: '1' });
  assert.equal(jit.stdout, hs.stdout);
  assert.equal(compilations(jit.stderr, 'cast(I)I'), 1, jit.stderr);
  assert.equal(compilations(jit.stderr, 'test(Ljava/lang/Object;I)I'), 1, jit.stderr);
  // The object after compilation left to the interpreter (which resolved Late), then the
  // method was compiled again with the class bound.
  assert.ok(compilations(jit.stderr, 'late(Ljava/lang/Object;I)I') >= 1, jit.stderr);
  const old = await run(classes, { KOMORIUM_TRACE_JIT: '1', KOMORIUM_JIT_NULL_CASTS: '0' });
  assert.equal(old.stdout, hs.stdout);
  assert.equal(compilations(old.stderr, 'cast(I)I'), 4, `the old exits recompile cast 3 times:\n${old.stderr}`);
  assert.equal(old.bytecodes, jit.bytecodes, 'bytecodes executed differ with the old exits');
  const off = await run(classes, { KOMORIUM_JIT: '0' });
  assert.equal(off.stdout, hs.stdout);
  assert.equal(off.bytecodes, jit.bytecodes, 'bytecodes executed differ with the JIT off');
});
