// Access control at resolution on the embedded JVM (JVMS 5.4.4, interp/access.ts) against
// HotSpot: test/java/interp/access/v1 is compiled, then v2's lib classes (the same classes with
// narrower access: a class no longer public, members private, package-private, protected) are
// compiled over it, so app.Main refers to what it may no longer use, as after a library update
// without recompiling. Every forbidden reference (new, static call, arrays, class literal,
// instanceof, fields, methods, constructors, an abstract method) must fail with java's
// IllegalAccessError, message for message, and the allowed ones (a subclass's protected access,
// nestmates' private access, an array's clone, a null checkcast) must run; uninstrumented and
// profiled (the profiler's extended methods must be reported as their originals).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import type { Instrument } from '../../server/src/engine/interp-transform';

const SRC = join(REPO, 'test', 'java', 'interp', 'access');

function compile(): string {
  const out = tempDir('interp-access');
  const javac = join(javaHome(), 'bin', 'javac');
  execFileSync(javac, ['-g', '-encoding', 'UTF-8', '-d', out, ...javaFiles(join(SRC, 'v1'))], { stdio: 'pipe' });
  execFileSync(javac, ['-g', '-encoding', 'UTF-8', '-cp', out, '-d', out, ...javaFiles(join(SRC, 'v2'))], { stdio: 'pipe' });
  return out;
}

const classes = compile();
const INSTRUMENTS: Instrument[] = ['none', 'app'];

test('access checks at resolution match HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    INSTRUMENTS.map((instrument) =>
      t.test(`app.Main against narrowed lib (${instrument})`, async () => {
        const p: CorpusProgram = { name: 'access/Main', dir: SRC, sources: [], mainClass: 'app.Main', args: [], jvmArgs: [], javacArgs: [] };
        const r = await compareWithHotSpot(p, classes, { instrument, timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
        assert.match(r.hotspot.stdout, /failed to access class lib\.Hidden/);
      }),
    ),
  );
});
