// Subprocesses, ProcessHandle and identity hash codes on the embedded JVM against HotSpot: the
// Java programs under test/java/interp/process are compiled with javac, run on HotSpot and on
// the embedded engine, and must print the same bytes and exit the same way.
// - Subprocesses: ProcessBuilder/Runtime.exec over pipes (reading while the child runs, more
//   than a pipe holds, writing its stdin), redirectErrorStream, file redirects, inheritIO (the
//   child's output in order with the program's), directory and environment, waitFor with a
//   timeout, destroy/destroyForcibly, ProcessHandle of a child (children, parent, info,
//   onExit), startPipeline, and java's errors (no such program, not executable, no directory).
// - InheritedChildren: 40 short-lived inheritIO children, each waited for once it has probably
//   exited (the wait drains its output pump; the scheduler's poll must not run that pump again
//   on a closed or reused descriptor: "not a pipe"), some closing their output early.
// - IdentityHashes: a single-threaded program's identity hash codes (HotSpot's per-thread
//   xor-shift generator), uninstrumented and profiled with `app` (the runtime's own hashes must
//   not shift the program's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';
import type { Instrument } from '../../server/src/engine/interp-transform';

const SRC = join(REPO, 'test', 'java', 'interp', 'process');

interface Case {
  main: string;
  instrument: Instrument;
  args?: string[];
  input?: string;
  clock?: 'real' | 'virtual';
}

const CASES: Case[] = [
  { main: 'Subprocesses', instrument: 'none' },
  // Waiting for a child with the virtual clock: waitFor(timeout) still waits for it.
  { main: 'Subprocesses', instrument: 'none', clock: 'virtual' },
  { main: 'InheritedChildren', instrument: 'none' },
  { main: 'IdentityHashes', instrument: 'none' },
  { main: 'IdentityHashes', instrument: 'app' },
  // With `all` the embedded engine's hashes follow HotSpot's instrumented copy of the JDK, not
  // java (its own CDS archive, 5 draws before main where java 17 makes 7): hotspot-all.test.ts
  // compares them there (PrintHashes; branch ident15k).
];

function compile(): string {
  const out = tempDir('interp-process');
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-encoding', 'UTF-8', '-d', out, ...javaFiles(SRC)], { stdio: 'pipe' });
  return out;
}

const classes = compile();

test('subprocesses and identity hashes match HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    CASES.map((c) =>
      t.test(`${c.main} (${c.instrument}${c.clock ? `, ${c.clock} clock` : ''})`, async () => {
        const p: CorpusProgram = { name: `process/${c.main}`, dir: SRC, sources: [], mainClass: c.main, args: c.args ?? [], jvmArgs: [], javacArgs: [], ...(c.input === undefined ? {} : { input: c.input }) };
        const r = await compareWithHotSpot(p, classes, { instrument: c.instrument, timeoutMs: 150_000, ...(c.clock === undefined ? {} : { clock: c.clock }) });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
      }),
    ),
  );
});
