// Other threads' stacks and the list of live threads on the embedded JVM against HotSpot, on
// each test JDK (17, 25): test/java/interp/threads/ThreadDumps.java reads the stacks of a
// waiting, a blocked (HotSpot shows it past its monitorenter), an unstarted and an ended thread
// (Thread.getStackTrace: dumpThreads on JDK 17, getStackTrace0 on 25), Thread.getAllStackTraces
// (getThreads, dumpThreads: hidden frames shown), and enumerates every thread with its id,
// state, daemon flag, priority and group, HotSpot's Signal Dispatcher and Notification Thread
// among them (RUNNABLE, no frames, their ids as java gives them). Before: UnsatisfiedLinkError
// for dumpThreads (and getStackTrace0), and two threads fewer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir, testJdks } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'interp', 'threads');

function compile(): string {
  const out = tempDir('interp-threads');
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-encoding', 'UTF-8', '-d', out, ...javaFiles(SRC)], { stdio: 'pipe' });
  return out;
}

const classes = compile();

test('thread stacks and the live threads match HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    testJdks().map((jdk) =>
      t.test(`ThreadDumps (JDK ${jdk.feature})`, async () => {
        const p: CorpusProgram = { name: 'threads/ThreadDumps', dir: SRC, sources: [], mainClass: 'ThreadDumps', args: [], jvmArgs: [], javacArgs: [] };
        const r = await compareWithHotSpot(p, classes, { instrument: 'none', timeoutMs: 150_000, jdk: jdk.home });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
        assert.match(r.hotspot.stdout, /Signal Dispatcher RUNNABLE/);
      }),
    ),
  );
});
