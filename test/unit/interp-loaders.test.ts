// Class loaders of the program on the embedded JVM (server/src/interp/vm.ts): a loader that
// defines classes itself and delegates nothing but java.* (as plugin systems and test
// frameworks do) still runs instrumented code, whose references to the profiler's runtime
// resolve from any loader; and a catch clause matches the class its own loader resolves, not
// any class of the same name; superinterfaces load before the superclass, a name that is no
// class name never reaches a loader, and setSigners is kept. test/java/interp-loaders, against
// HotSpot.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'interp-loaders');
const classes = tempDir('interp-loaders');
execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-d', classes, ...javaFiles(SRC)], { stdio: 'pipe' });

const program = (main: string): CorpusProgram => ({ name: `loaders/${main}`, dir: SRC, sources: [], mainClass: `ld.${main}`, args: [], jvmArgs: [], javacArgs: [] });

test('isolating class loaders: same output as HotSpot, uninstrumented and profiled (app, all)', { concurrency: 3 }, async (t) => {
  await Promise.all(
    (['none', 'app', 'all'] as const).map((instrument) =>
      t.test(instrument, async () => {
        const r = await compareWithHotSpot(program('Loaders'), classes, { instrument, timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
        // The isolated classes ran instrumented: they are in the profile.
        if (instrument !== 'none') assert.match(r.interp.profile ?? '', /"ld\.iso\.Work"/);
        assert.match(r.hotspot.stdout, /^not my Oops: thrown by B's class$/m, 'the program checks what it should');
      }),
    ),
  );
});

test('what a loader is asked: superinterfaces first, no invalid names; signers kept (as HotSpot)', { concurrency: 2 }, async (t) => {
  await Promise.all(
    (['none', 'app'] as const).map((instrument) =>
      t.test(instrument, async () => {
        const r = await compareWithHotSpot(program('Names'), classes, { instrument, timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
        assert.match(r.hotspot.stdout, /^order \[ld\.Names\$Child, ld\.Names\$I1, ld\.Names\$I2, ld\.Names\$Base\]$/m, 'the program checks what it should');
      }),
    ),
  );
});

// HotSpot verifies a class's methods in its method array's order (sorted by the name Symbols'
// addresses: the CDS archive's names first, then new ones; interp/method-order.ts), and each check
// of a subclass against a declared type asks the class's loader for both. The embedded engine
// verified in the class file's order: before, `asked [Target, BaseA, SubA, BaseB, SubB, BaseD,
// SubD, BaseC, SubC]` (the corpus' release7-classfiles and exceptions-finally: the loader's lock
// map resized at another load, 160 and 80 main-thread bytecodes on JDK 25; branch pos25).
test('what a verification asks its loader, in HotSpot\'s method order', async () => {
  const r = await compareWithHotSpot(program('VerifyOrder'), classes, { instrument: 'none', timeoutMs: 150_000 });
  assert.deepEqual(r.problems, [], describeInterpComparison(r));
  assert.match(r.hotspot.stdout, /^asked \[Target, BaseC, SubC, BaseD, SubD, BaseB, SubB, BaseA, SubA\]$/m, 'the program checks what it should');
});
