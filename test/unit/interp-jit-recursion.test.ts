// Recursive methods in the embedded JVM's JIT (jit/inline.ts): a recursive call is not inlined
// (its copies nested 5 deep, 2^5 bodies for fib, and the innermost left to the interpreter on
// every deeper call until the method was compiled again without speculation). Each recursive
// method of test/java/interp/jit-recursion is compiled once, and stays invisible: HotSpot's
// output (stack traces of an exception thrown at the bottom of a recursion included) and the
// same bytecodes as with the JIT off, and with a JS stack budget (jit/js-stack.ts) so small
// that direct calls leave to the interpreter.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, runJava } from '../helpers/java';
import { runEmbeddedWithEnv, type EnvRunOut } from '../helpers/interp-env-run';

function run(classes: string, env: Record<string, string>): Promise<EnvRunOut> {
  return runEmbeddedWithEnv(classes, 'JitRecursion', env);
}

test('recursive methods are compiled once, without inlining themselves, and stay invisible', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-recursion'));
  const hs = runJava(['-cp', classes, 'JitRecursion']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, { KOMORIUM_TRACE_JIT: '1' });
  assert.equal(jit.stdout, hs.stdout);
  for (const m of ['fib(I)I', 'ack(II)I', 'tak(III)I', 'sumTo(I)I', 'even(I)Z', 'odd(I)Z']) {
    const n = jit.stderr.split('\n').filter((l) => l.startsWith(`[jit] JitRecursion.${m} (`)).length;
    assert.equal(n, 1, `JitRecursion.${m} compiled ${n} times:\n${jit.stderr}`);
  }
  const off = await run(classes, { KOMORIUM_JIT: '0' });
  assert.equal(off.stdout, hs.stdout);
  assert.equal(off.bytecodes, jit.bytecodes, 'bytecodes executed differ with the JIT off');
  // A JS stack budget of 1 KB: nearly every direct call between compiled methods leaves to
  // the interpreter (the path deep recursion takes at the end of the budget).
  const shallow = await run(classes, { KOMORIUM_JIT_JS_STACK_KB: '1' });
  assert.equal(shallow.stdout, hs.stdout);
  assert.equal(shallow.bytecodes, jit.bytecodes, 'bytecodes executed differ with a 1 KB JS stack budget');
});
