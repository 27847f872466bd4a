// Nothing gathered is lost when the agent cannot go on (issue 17):
//   - a program that recurses until it catches a StackOverflowError leaves the agent too little
//     stack at its deepest samples: those samples are skipped (their bytecodes go to the next
//     sample), the agent stays, and the profile is written (before: at granularity 1 the agent
//     was dropped as failed and no profile was written, on both engines, with no message);
//   - an agent that throws stops sampling, and at shutdown still writes what it took, naming
//     the failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { javaHome, REPO, runCli, runJava, tempDir } from '../helpers/java';
import { runtimeClasses } from './runtime-fixtures';

const SRC = join(REPO, 'test', 'java', 'agent-failure');
const classes = tempDir('agent-failure');
execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-cp', runtimeClasses().classesDir, '-d', classes, join(SRC, 'DeepCatch.java'), join(SRC, 'FailingAgent.java')], { stdio: 'pipe' });

interface P {
  meta: { totalSamples: number; totalBytecodes: number };
  methods: string[][];
  threads: { name: string; samples: number; nodes: [number, number, number, number][] }[];
}

const ENGINES = [
  ['--engine', 'jvm', '--instrument', 'app'],
  ['--engine', 'interpreter', '--instrument', 'app'],
];

for (const engine of ENGINES) {
  test(`${engine[1]}: a StackOverflowError caught by the program, granularity 1: the profile is written, with the work after it`, () => {
    const java = runJava(['-cp', classes, 'DeepCatch']);
    const out = join(classes, `deep-${engine[1]}.json`);
    const r = runCli(['run', ...engine, '--granularity', '1', '--random', '0', '-o', out, '-cp', classes, 'DeepCatch']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, java.stdout);
    assert.doesNotMatch(r.stderr, /failed/);
    assert.ok(existsSync(out), r.stderr);
    const p = JSON.parse(readFileSync(out, 'utf8')) as P;
    const work = p.methods.findIndex((m) => m[0] === 'DeepCatch' && m[1] === 'work');
    assert.ok(work >= 0, 'DeepCatch.work in the profile');
    const main = p.threads.find((t) => t.name === 'main')!;
    const workSelf = main.nodes.filter((n) => n[1] === work).reduce((s, n) => s + n[3], 0);
    // work(20000) alone runs over 200,000 bytecodes: thousands of samples at granularity 1.
    assert.ok(workSelf > 10_000, `self samples in work: ${workSelf}`);
  });

  test(`${engine[1]}: an agent that throws: the samples before are written, and the failure is named`, () => {
    const out = join(classes, `failing-${engine[1]}.json`);
    const r = runCli(['run', ...engine, '--agent', 'FailingAgent', '-o', out, '-cp', classes, 'DeepCatch']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /the profile ends where agent FailingAgent failed: java\.lang\.IllegalStateException: agent bug at sample 5/);
    const p = JSON.parse(readFileSync(out, 'utf8')) as P;
    assert.equal(p.meta.totalSamples, 4);
  });
}
