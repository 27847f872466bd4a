// The embedded engine renders the default agent's profile in TypeScript
// (natives/komorium/rt/ProfileWriter.ts, profile-json.ts) in place of the runtime's Java
// ProfileWriter.render, which ran 1.7 M uncounted bytecodes at a hello-world's shutdown with the
// JDK instrumented. The bytes must be the Java writer's: the same runs with
// KOMORIUM_JAVA_PROFILE_WRITER=1 (the Java render) give the same file but for its times, on a
// program whose thread, class and method names need every JSON escape and UTF-8 length, with
// threads merged (komorium.maxThreads), in scopes all and app; and at a shutdown where the
// writer must wait for a context's monitor that another thread holds (PwHold).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';

interface Result {
  bytes: string;
  stdout: string;
  bytecodes: number;
}

test('the embedded engine writes the same profile bytes as the runtime\'s Java writer', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'profile-writer'), ['-encoding', 'UTF-8']);
  const dir = tempDir('interp-profile-writer');
  interface Case {
    name: string;
    instrument: 'all' | 'app';
    vmArgs: string[];
    threads: number;
    mainClass?: string;
    args?: string[];
    clock?: 'virtual';
    granularity?: number;
  }
  const run = async (name: string, javaWriter: boolean, c: Case): Promise<Result> => {
    let stdout = '';
    let bytecodes = -1;
    const profilePath = join(dir, `${name}.json`);
    const prev = process.env.KOMORIUM_JAVA_PROFILE_WRITER;
    // The worker thread starts with a copy of this environment.
    process.env.KOMORIUM_JAVA_PROFILE_WRITER = javaWriter ? '1' : '0';
    try {
      const r = startInterpreterRun({
        classpath: [classes],
        mainClass: c.mainClass ?? 'PwNames',
        args: c.args ?? ['20'],
        vmArgs: c.vmArgs,
        cwd: dir,
        profilePath,
        instrument: c.instrument,
        clock: c.clock,
        granularity: c.granularity ?? 997,
        onStdout: (b) => (stdout += b.toString()),
        onStats: (s) => (bytecodes = s.bytecodes),
      });
      r.endStdin();
      const o = await r.done;
      assert.equal(o.exitCode, 0, `${name}: ${o.error ?? ''}`);
    } finally {
      if (prev === undefined) delete process.env.KOMORIUM_JAVA_PROFILE_WRITER;
      else process.env.KOMORIUM_JAVA_PROFILE_WRITER = prev;
    }
    // The file's bytes, one char per byte, without the wall-clock times.
    const bytes = readFileSync(profilePath).toString('latin1').replace(/"(startTime|endTime)":\d+/g, '"$1":0');
    return { bytes, stdout, bytecodes };
  };
  const cases: Case[] = [
    { name: 'all', instrument: 'all', vmArgs: [], threads: 11 },
    { name: 'all-merged', instrument: 'all', vmArgs: ['-Dkomorium.maxThreads=4'], threads: 4 },
    { name: 'app', instrument: 'app', vmArgs: [], threads: 9 },
    // The writer reaches the holder's context while the holder holds its monitor (virtual clock,
    // main sleeping 7 ms: seen with a debug print in the native's wait at cf81220 + this branch).
    { name: 'held-monitor', instrument: 'all', vmArgs: [], threads: 4, mainClass: 'PwHold', args: ['7'], clock: 'virtual', granularity: 10000 },
  ];
  for (const c of cases) {
    const ts = await run(`${c.name}-ts`, false, c);
    const java = await run(`${c.name}-java`, true, c);
    assert.equal(ts.stdout, java.stdout, `${c.name}: output`);
    assert.equal(ts.bytes, java.bytes, `${c.name}: the profile's bytes`);
    const p = JSON.parse(Buffer.from(ts.bytes, 'latin1').toString('utf8')) as { threads: { name: string; merged?: number }[]; methods: string[][] };
    assert.equal(p.threads.length, c.threads, `${c.name}: threads ${p.threads.map((t) => t.name).join(', ')}`);
    if (c.mainClass === 'PwHold') {
      assert.ok(p.threads.some((t) => t.name === 'holder'), `${c.name}: the holder's thread`);
    } else {
      assert.ok(p.threads.some((t) => t.name === 'é中文\uD83D\uDE00') || c.threads === 4, `${c.name}: the non-ASCII thread name`);
      assert.ok(p.methods.some((m) => m[0] === 'PwNames$Ärger' && m[1] === 'tief'), `${c.name}: the non-ASCII class name`);
      if (c.threads === 4) assert.ok((p.threads.find((t) => t.name === '(other threads)')?.merged ?? 0) > 0, `${c.name}: threads merged`);
    }
    // The Java render ran in one run and not in the other (else this test compares nothing).
    assert.ok(java.bytecodes - ts.bytecodes > 20_000, `${c.name}: bytecodes run with the Java render ${java.bytecodes}, without ${ts.bytecodes}`);
  }
});
