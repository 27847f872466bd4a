// The embedded engine's promise (docs/INTERPRETER.md, "Time and hangs", "The JIT"): the same
// program and input give the same profile, and the JIT is invisible. A short program that does
// not read the clock, profiled with the JDK instrumented (`all`), three ways: with the real
// clock running 100,000 times as fast (KOMORIUM_REAL_CLOCK_RATE: a millisecond of the run is
// 100 s of nanoTime, so the JDK's Common-Cleaner thread, waiting in ReferenceQueue.remove(60 s),
// reaches its timeout many times), at the normal rate, and with the JIT off. The profiles
// (without their start and end times) and the bytecode totals must be identical. Before the
// scheduler kept a Cleaner's timeout from ending its wait on the real clock, every timeout
// added ~108 bytecodes to the Common-Cleaner thread: a run that took a minute longer on a loaded
// machine gave another profile. And a program of two threads gives the same output and profile
// with the JIT off, without inlining and with it (the time slices end at the same bytecodes).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

interface Thread {
  name: string;
  bytecodes: number;
}

test('all: the same profile with a fast real clock, the normal one and the JIT off; two threads switch at the same points', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'determinism'));
  const dir = tempDir('interp-determinism');
  const run = async (name: string, env: Record<string, string>, mainClass = 'Det'): Promise<{ text: string; total: number; threads: Thread[]; stdout: string }> => {
    const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
    Object.assign(process.env, env);
    try {
      let stdout = '';
      const profilePath = join(dir, `${name}.json`);
      const r = startInterpreterRun({
        classpath: [classes],
        mainClass,
        args: ['3000'],
        cwd: dir,
        profilePath,
        instrument: 'all',
        clock: 'real',
        onStdout: (b) => (stdout += b.toString()),
      });
      r.endStdin();
      const o = await r.done;
      assert.equal(o.exitCode, 0, `${name}: ${o.error ?? ''}`);
      assert.match(stdout, /^\d+ -?\d+\n$/);
      const p = JSON.parse(readFileSync(profilePath, 'utf8')) as { meta: Record<string, unknown>; threads: Thread[] };
      delete p.meta.startTime;
      delete p.meta.endTime;
      return { text: JSON.stringify(p), total: p.meta.totalBytecodes as number, threads: p.threads, stdout };
    } finally {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const fast = await run('fast', { KOMORIUM_REAL_CLOCK_RATE: '100000' });
  const normal = await run('normal', {});
  const noJit = await run('nojit', { KOMORIUM_JIT: '0' });
  // Two threads on a shared log: the interpreter ends a time slice only where compiled code can
  // (a taken backward jump once the slice's bytecodes ran), so they switch at the same points
  // without the JIT as with it. Before, the interpreter ended slices at any instruction: the
  // output and the profile differed between KOMORIUM_JIT=0 and KOMORIUM_JIT_INLINE=0. With
  // inlining: an inlined callee with the transformer's catch-all handler (DetThreads.slot)
  // counted the handler's 7 instructions on every return into the slice's bytecodes, so its
  // slices ended earlier (the output and profile differed from both).
  const tNoJit = await run('threads-nojit', { KOMORIUM_JIT: '0' }, 'DetThreads');
  const tNoInline = await run('threads-noinline', { KOMORIUM_JIT_INLINE: '0' }, 'DetThreads');
  const tJit = await run('threads-jit', {}, 'DetThreads');
  assert.equal(tNoInline.stdout, tNoJit.stdout, 'two threads: output without inlining against the JIT off');
  assert.equal(tNoInline.text, tNoJit.text, 'two threads: profile without inlining against the JIT off');
  assert.equal(tJit.stdout, tNoJit.stdout, 'two threads: output with inlining against the JIT off');
  assert.equal(tJit.text, tNoJit.text, 'two threads: profile with inlining against the JIT off');
  const counts = (x: { threads: Thread[] }): string => x.threads.map((t) => `${t.name} ${t.bytecodes}`).join(', ');
  assert.ok(normal.total > 100_000, `bytecodes: ${normal.total}`);
  assert.equal(counts(fast), counts(normal), 'threads: fast real clock against the normal one');
  assert.equal(counts(noJit), counts(normal), 'threads: JIT off against on');
  assert.equal(fast.text, normal.text, 'profile: fast real clock against the normal one');
  assert.equal(noJit.text, normal.text, 'profile: JIT off against on');
});
