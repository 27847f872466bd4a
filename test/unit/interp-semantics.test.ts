// VM semantics of the embedded JVM against HotSpot: small Java programs under test/java/interp/
// (long/int/float/double arithmetic and conversions, array checks, casts and instanceof, class
// initialisation order and failures, StrictMath bits, catchable OutOfMemoryError and
// StackOverflowError, exceptions thrown inside callees the JIT inlined, compares the JIT fuses
// with their branch, long operations compiled code runs in place, calls that leave compiled code
// and come back with values live below them (after a signal, or an exception the callee caught), casts and store checks at sites that cache the class that passed, helpful NullPointerException messages
// with and without -g, StackWalker) are compiled with javac, run on HotSpot and on the
// embedded engine (uninstrumented), and must print the same bytes and exit the same way.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'interp');

function compile(group: string, debug: boolean): string {
  const out = tempDir(`interp-${group}`);
  execFileSync(join(javaHome(), 'bin', 'javac'), [...(debug ? ['-g'] : []), '-encoding', 'UTF-8', '-d', out, ...javaFiles(join(SRC, group))], { stdio: 'pipe' });
  return out;
}

/** Extra JVM options of some programs (both VMs get them). */
const JVM_ARGS: Record<string, string[]> = { MemoryErrors: ['-Xmx256m'], JitInlining: ['-XX:-OmitStackTraceInFastThrow'], JitCasts: ['-XX:-OmitStackTraceInFastThrow'], JitReentryUpcalls: ['-Dsun.reflect.inflationThreshold=100000000'] };

function program(name: string, mainClass: string): CorpusProgram {
  return { name, dir: SRC, sources: [], mainClass, args: [], jvmArgs: JVM_ARGS[mainClass] ?? [], javacArgs: [] };
}

const CASES: { group: string; debug: boolean; mains: string[] }[] = [
  { group: 'semantics', debug: true, mains: ['LongArith', 'IntArith', 'FloatDouble', 'ArraysChecks', 'CastsChecks', 'ClassInitOrder', 'StrictMathBits', 'MemoryErrors', 'UncaughtHandlerThrows', 'JitInlining', 'JitCompares', 'JitReentry', 'JitReentryUpcalls', 'JitLongArith', 'JitCasts', 'JitCaughtBelow'] },
  { group: 'npe', debug: true, mains: ['NpeCases'] },
  { group: 'npe', debug: false, mains: ['NpeCases'] },
  { group: 'walk', debug: true, mains: ['StackWalks'] },
];

test('embedded JVM semantics match HotSpot', { concurrency: 2 }, async (t) => {
  const runs: Promise<void>[] = [];
  for (const c of CASES) {
    const dir = compile(c.group, c.debug);
    for (const main of c.mains) {
      const name = `${c.group}/${main}${c.debug ? '' : ' (no -g)'}`;
      runs.push(
        t.test(name, async () => {
          const r = await compareWithHotSpot(program(name, main), dir, { instrument: 'none', timeoutMs: 150_000 });
          assert.deepEqual(r.problems, [], describeInterpComparison(r));
        }),
      );
    }
  }
  await Promise.all(runs);
});
