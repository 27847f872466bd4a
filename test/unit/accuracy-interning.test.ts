// The instrumentation interns no string the program might (docs/ACCURACY.md, "δb in scope all"):
// a transformed class creates its MIDs from one NUL-joined string constant per method
// (transform/clazz.ts midNames), not from the class name, method name and source file as
// constants of their own. Before, loading those constants interned them, so a program's own
// String.intern() of an equal string returned the runtime's object: java prints `true` for
// `s.intern() == s` where a sampled run printed `false`, and in scope all the JDK's package map
// matched the bench package `dispatch` (a method of jdk.internal.misc.Signal) by equals where the
// exact run matched it by identity (δb 3.6e-4 on bench dispatch).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, runCli, runJava, tempDir } from '../helpers/java';

const MAIN = 'acc.Interned';

function classes(): string {
  return compileJava(join(REPO, 'test', 'java', 'interning'));
}

function sampled(cp: string, engine: 'interpreter' | 'jvm', scope: 'app' | 'all'): string {
  const out = join(tempDir(`interning-${engine}-${scope}`), 'p.json');
  const r = runCli(['run', '--engine', engine, '--instrument', scope, '--granularity', '1000', '-o', out, '-cp', cp, MAIN]);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('scope app: a sampled run on either engine interns no name of the program (java prints the same)', () => {
  const cp = classes();
  const java = runJava(['-cp', cp, MAIN]);
  assert.equal(java.status, 0, java.stderr);
  assert.equal(java.stdout, '56 method true class true source true jdk true\n');
  for (const engine of ['interpreter', 'jvm'] as const) assert.equal(sampled(cp, engine, 'app'), java.stdout, `${engine}, scope app`);
});

test('scope all: the instrumented JDK interns no method name of its own (jdk.internal.misc.Signal.dispatch)', () => {
  process.env.KOMORIUM_JDK_MODULES ??= 'java.base';
  const cp = classes();
  const java = runJava(['-cp', cp, MAIN]);
  assert.equal(sampled(cp, 'interpreter', 'all'), java.stdout);
});
