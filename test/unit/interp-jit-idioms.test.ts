// The profiler runtime's wrapper protocol in the embedded JIT (jit/inline.ts): TC.getTC is
// inlined like enter/exit, and Thread.currentThread() (its native) runs in place, without a
// call or a frame, so a compiled wrapper runs the whole protocol in its own code. It stays
// invisible: HotSpot's output, and the same bytecodes and profile as with the JIT off. Inlined
// bodies of several blocks are straight code (codegen.ts STRAIGHT_INLINE); the counter sync and the
// line store are one JS statement each (jit/idioms.ts).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, runJava, tempDir } from '../helpers/java';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { loadProfile } from '../../server/src/profile/index';
import { profileDifferences } from '../../server/src/profile/equal';

interface Out {
  stdout: string;
  stderr: string;
  profile: string;
}

/**
 * `mainClass` run again (granularity 101, virtual clock) under each variant's environment prints
 * the same lines (its output, then what it records, then the engine's bytecode clock) and gives
 * the same profile as the reference run.
 */
async function sameUnderVariants(classes: string, work: string, mainClass: string, stdout: string, ref: ReturnType<typeof loadProfile>, variants: readonly (readonly [string, Record<string, string>])[]): Promise<void> {
  for (const [name, env] of variants) {
    const o = await run(classes, work, mainClass, name, env, 101, ['clock']);
    assert.deepEqual(o.stdout.split('\n'), stdout.split('\n'), `output, records or engine bytecodes differ (${name})`);
    const b = loadProfile(o.profile);
    assert.equal(b.meta.totalBytecodes, ref.meta.totalBytecodes, `bytecodes differ (${name})`);
    assert.deepEqual(profileDifferences(ref, b), [], `profile differs (${name})`);
  }
}

const WRAPPER = 'JitIdioms$ByLastDigit.compare(Ljava/lang/Object;Ljava/lang/Object;)I';

async function run(classes: string, work: string, mainClass: string, name: string, env: Record<string, string>, granularity?: number, args: string[] = []): Promise<Out> {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  try {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const profile = join(work, `${name}.json`);
    const r = startInterpreterRun({
      classpath: [classes],
      mainClass,
      args,
      cwd: work,
      clock: args.includes('clock') ? 'virtual' : undefined,
      profilePath: profile,
      instrument: 'app',
      bootSnapshot: false,
      granularity,
      random: 17,
      seed: 3,
      onStdout: (b) => out.push(b),
      onStderr: (b) => err.push(b),
    });
    r.endStdin();
    const o = await r.done;
    assert.equal(o.exitCode, 0, `${name}: ${o.error ?? ''}`);
    return { stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), profile };
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

test('the wrapper protocol is compiled in place (getTC inlined, currentThread without a call) and stays invisible', async () => {
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-idioms');
  const hs = runJava(['-cp', classes, 'JitIdioms']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitIdioms', 'jit', { KOMORIUM_JIT_DUMP: WRAPPER }, 211);
  assert.equal(jit.stdout, hs.stdout);
  // The last compilation of the wrapper (the original-signature copy, docs/TRANSFORM.md).
  const dumps = jit.stderr.split(`[jit] ${WRAPPER}\n`);
  assert.ok(dumps.length > 1, `${WRAPPER} not compiled:\n${jit.stderr.slice(0, 2000)}`);
  const src = dumps[dumps.length - 1];
  assert.match(src, /= t\.jthread;/, 'Thread.currentThread() (TC.getTC inlined) is not run in place');
  // Inlined bodies of several blocks (getTC, enter, exit) are straight code: no dispatch loop.
  assert.match(src, /break I\d+_L\d+;/, 'no inlined body with forward jumps');
  assert.doesNotMatch(src, /continue I\d+_L;/, 'an inlined body dispatches its jumps through a switch');
  // The transformer's counter sync and `tc.lines[sp] = line` are one JS statement each
  // (jit/idioms.ts), not their instructions' stack shuffles (fails with KOMORIUM_JIT_IDIOMS=0).
  assert.match(src, /= \(o\["instrCounter"\][^;]* - -?\d+\) \| 0; o\["instrCounter"\] = /, 'the counter sync is not one statement');
  assert.match(src, /o = o\["lines"\]; P = \d+; if \(o === null\) throw E\.npe\(\); d = o\.data;/, 'tc.lines[sp] = line is not one statement');
  const off = await run(classes, work, 'JitIdioms', 'off', { KOMORIUM_JIT: '0' }, 211);
  assert.equal(off.stdout, hs.stdout);
  const a = loadProfile(jit.profile);
  const b = loadProfile(off.profile);
  assert.ok(a.meta.totalSamples > 100, `samples: ${a.meta.totalSamples}`);
  assert.equal(b.meta.totalBytecodes, a.meta.totalBytecodes, 'bytecodes differ with the JIT off');
  assert.deepEqual(profileDifferences(a, b), [], 'profile differs with the JIT off');
});

test('an inlined callee whose sampling call was unresolved at compile time stays inlined', async () => {
  // JitSampled: main is compiled before Counter.increment ever ran, then compiled again with
  // increment (get and set) inlined, before a sample was taken in them. Each sample there leaves
  // compiled code at the unresolved sampling call; those exits used to count towards compiling
  // main again without speculation (after 200), and increment became a call of its own.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-sampled');
  const hs = runJava(['-cp', classes, 'JitSampled']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitSampled', 'sampled', { KOMORIUM_TRACE_JIT: '1' });
  assert.equal(jit.stdout, hs.stdout);
  assert.match(jit.stderr, /\[jit\] JitSampled\.main\(/, 'main not compiled');
  assert.doesNotMatch(jit.stderr, /\[jit\] JitSampled\$Counter\.increment\(/, 'increment was compiled on its own: main lost its inlined callees');
  const off = await run(classes, work, 'JitSampled', 'sampled-off', { KOMORIUM_JIT: '0' });
  const a = loadProfile(jit.profile);
  const b = loadProfile(off.profile);
  assert.ok(a.meta.totalSamples > 1000, `samples: ${a.meta.totalSamples}`);
  assert.equal(b.meta.totalBytecodes, a.meta.totalBytecodes, 'bytecodes differ with the JIT off');
  assert.deepEqual(profileDifferences(a, b), [], 'profile differs with the JIT off');
  // The engine's bytecodes (virtual clock): the sampling calls' blocks left at their start (in
  // main and in the inlined increment) count as with the JIT off and as left at the call.
  const clock = await run(classes, work, 'JitSampled', 'sampled-clock', {}, undefined, ['clock']);
  assert.match(clock.stdout, /clock \d+/);
  for (const [name, env] of [
    ['sampled-clock-off', { KOMORIUM_JIT: '0' }],
    ['sampled-clock-in-place', { KOMORIUM_JIT_SAMPLE_BLOCK: '0', KOMORIUM_JIT_MAT_OUT: '0' }],
  ] as const) {
    const o = await run(classes, work, 'JitSampled', name, env, undefined, ['clock']);
    assert.equal(o.stdout, clock.stdout, `engine bytecodes differ (${name})`);
    assert.deepEqual(profileDifferences(loadProfile(clock.profile), loadProfile(o.profile)), [], `profile differs (${name})`);
  }
});

test('samples and an exception inside a chain of four inlined instrumented callees stay invisible', async () => {
  // JitDeepSampled: main inlines a > b > c > d (each an extended callee with its reified-stack
  // push). A sample taken in d must show the whole context, with each call-site line; a
  // NullPointerException thrown in d (compiled code) must leave the reified stack and the
  // counter as the handlers of d, c, b and a left them. Same output as HotSpot, same profile
  // as with the JIT off and as without inlining.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-deep');
  const hs = runJava(['-cp', classes, 'JitDeepSampled']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitDeepSampled', 'deep', { KOMORIUM_TRACE_JIT: '1', KOMORIUM_TRACE_INLINE: '1' }, 97);
  assert.equal(jit.stdout, hs.stdout);
  assert.match(jit.stderr, /\[jit\] JitDeepSampled\.main\(/, 'main not compiled');
  assert.doesNotMatch(jit.stderr, /not inlined into JitDeepSampled\.main\([^\n]*JitDeepSampled\$Chain/, 'a callee of the chain was not inlined into main');
  const a = loadProfile(jit.profile);
  assert.ok(a.meta.totalSamples > 10_000, `samples: ${a.meta.totalSamples}`);
  // The deepest context, main > a > b > c > d, has samples (the file's nodes: [parent, method, call line, samples, ...]).
  const raw = JSON.parse(readFileSync(jit.profile, 'utf8')) as { methods: string[][]; threads: { nodes: number[][] }[] };
  const chain = (node: number[], nodes: number[][]): string => (node[0] < 0 ? '' : `${chain(nodes[node[0]], nodes)}>${raw.methods[node[1]][1]}`);
  const deep = raw.threads.some((th) => th.nodes.some((nd) => nd[1] >= 0 && nd[3] > 0 && chain(nd, th.nodes) === '>main>a>b>c>d'));
  assert.ok(deep, 'no samples in the context main > a > b > c > d');
  for (const [name, env] of [
    ['deep-off', { KOMORIUM_JIT: '0' }],
    ['deep-noinline', { KOMORIUM_JIT_INLINE: '0' }],
    // The sampling call's block counted and left at the call, the inlined frames built in the
    // exit (before prof18m: the default leaves at the block's start, frames built out of line).
    ['deep-exits-in-place', { KOMORIUM_JIT_SAMPLE_BLOCK: '0', KOMORIUM_JIT_MAT_OUT: '0' }],
  ] as const) {
    const o = await run(classes, work, 'JitDeepSampled', name, env, 97);
    assert.equal(o.stdout, hs.stdout, name);
    const b = loadProfile(o.profile);
    assert.equal(b.meta.totalBytecodes, a.meta.totalBytecodes, `bytecodes differ (${name})`);
    assert.deepEqual(profileDifferences(a, b), [], `profile differs (${name})`);
  }
});

test('method-handle trampolines call their compiled targets directly and stay invisible', async () => {
  // JitHandles: invokeExact of static, bound, virtual (synchronized), interface and constant
  // handles, lambdas with and without captures, a handle whose target throws, a null handle.
  // Compiled code calls the target of a call site's shell, of invokeBasic and of linkTo*
  // directly (invoke/sigpoly.ts tailTarget). The engine's bytecodes (nanoTime under the
  // virtual clock), the output and the profile are those of the JIT off and of the natives.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-handles');
  const hs = runJava(['-cp', classes, 'JitHandles', 'x']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitHandles', 'handles', { KOMORIUM_JIT_DUMP: 'JitHandles.main(' }, 101, ['clock']);
  const [hash, clock] = jit.stdout.split('\n');
  assert.equal(hash + '\n', hs.stdout);
  assert.match(jit.stderr, /E\.tail\(vm, t, y, sb \+ \d+\)/, 'main calls no trampoline through E.tail');
  const a = loadProfile(jit.profile);
  assert.ok(a.meta.totalSamples > 1000, `samples: ${a.meta.totalSamples}`);
  for (const [name, env] of [
    ['handles-off', { KOMORIUM_JIT: '0' }],
    ['handles-native', { KOMORIUM_JIT_TAIL: '0' }],
  ] as const) {
    const o = await run(classes, work, 'JitHandles', name, env, 101, ['clock']);
    const [h2, c2] = o.stdout.split('\n');
    assert.equal(h2, hash, name);
    assert.equal(c2, clock, `engine bytecodes differ (${name})`);
    const b = loadProfile(o.profile);
    assert.equal(b.meta.totalBytecodes, a.meta.totalBytecodes, `bytecodes differ (${name})`);
    assert.deepEqual(profileDifferences(a, b), [], `profile differs (${name})`);
  }
});

test('monitors entered and exited in compiled code stay invisible, a blocking monitorenter left to the interpreter', async () => {
  // JitMonitors: two threads contend for one lock in compiled loops (a time slice ends inside
  // a block, so the other thread blocks at its monitorenter), re-entry, an exception leaving a
  // block, a null lock. monitorenter / monitorexit run in place in the compiled method
  // (codegen.ts MONITORS); same output as HotSpot, and the same engine bytecodes (nanoTime
  // under the virtual clock) and profile as with the JIT off and with the monitors left.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-monitors');
  const hs = runJava(['-cp', classes, 'JitMonitors', 'x']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitMonitors', 'monitors', { KOMORIUM_JIT_DUMP: 'JitMonitors.work(' }, 101, ['clock']);
  const [out, clock] = jit.stdout.split('\n');
  assert.equal(out + '\n', hs.stdout);
  assert.match(jit.stderr, /if \(!E\.menter\(t, o\)\)/, 'work enters no monitor in compiled code');
  const a = loadProfile(jit.profile);
  for (const [name, env] of [
    ['monitors-off', { KOMORIUM_JIT: '0' }],
    ['monitors-left', { KOMORIUM_JIT_MONITORS: '0' }],
  ] as const) {
    const o = await run(classes, work, 'JitMonitors', name, env, 101, ['clock']);
    const [o2, c2] = o.stdout.split('\n');
    assert.equal(o2, out, name);
    assert.equal(c2, clock, `engine bytecodes differ (${name})`);
    const b = loadProfile(o.profile);
    assert.equal(b.meta.totalBytecodes, a.meta.totalBytecodes, `bytecodes differ (${name})`);
    assert.deepEqual(profileDifferences(a, b), [], `profile differs (${name})`);
  }
});

test('forward branches compiled as if regions stay invisible: samples, exceptions and a loop falling out into one', async () => {
  // JitRegions: in the compiled method, a forward conditional branch over code that nothing
  // else enters is `if (!cond) { ... }` (codegen.ts IF_REGIONS): the counter checks over their
  // sampling calls (samples at granularity 101 leave from inside the region), an array access
  // that throws inside one, and `next`, whose loop copy falls out of its range at the counter
  // code after its back edge, inside a region (HashMap.HashIterator.nextNode's shape: before
  // that pc was kept as a dispatch target, the switch had no case for it and collections'
  // checksum changed). Same output as HotSpot; same engine bytecodes and profile as with the
  // JIT off and without the regions.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-regions');
  const hs = runJava(['-cp', classes, 'JitRegions', 'x']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitRegions', 'regions', { KOMORIUM_JIT_DUMP: 'JitRegions.' }, 101, ['clock']);
  const [out] = jit.stdout.split('\n');
  assert.equal(out + '\n', hs.stdout);
  // The last compilation of `nested` (counter checks inside the program's ifs): regions nest.
  const nestedSrc = jit.stderr.split(/\[jit\] JitRegions\.nested\([^\n]*\n/).pop()?.split(/\n\[jit\] /)[0] ?? '';
  assert.match(nestedSrc, /if \(!\([^\n]*\)\) \{\n(?:(?!\} \/\/ if)[\s\S])*?if \(!\([^\n]*\)\) \{\n/, `nested has no nested if region:\n${nestedSrc.slice(0, 3000)}`);
  const dumps = jit.stderr.split(/\[jit\] JitRegions\.next\([^\n]*\n/);
  assert.ok(dumps.length > 1, `next not compiled:\n${jit.stderr.slice(0, 2000)}`);
  const src = dumps[dumps.length - 1].split(/\n\[jit\] /)[0];
  assert.match(src, /if \(!\([^\n]*\)\) \{\n[\s\S]*?\} \/\/ if \d+\n/, 'next has no if region');
  assert.match(src, /L\d+: for \(;;\)/, 'next has no loop copy');
  const a = loadProfile(jit.profile);
  assert.ok(a.meta.totalSamples > 1000, `samples: ${a.meta.totalSamples}`);
  await sameUnderVariants(classes, work, 'JitRegions', jit.stdout, a, [
    ['regions-off', { KOMORIUM_JIT: '0' }],
    ['regions-dispatch', { KOMORIUM_JIT_IF_REGIONS: '0' }],
    ['regions-flat', { KOMORIUM_JIT_NESTED_REGIONS: '0' }],
  ]);
});

test('time slices continued in place and direct sampling calls in loop-free methods stay invisible', async () => {
  // JitStay: a sampled deep recursion (loop-free: its compiled code calls the sampler directly, out of line (jit/outline.ts); =0 leaves there; =2 calls it also in methods with loops)
  // with a small loop at every level (slices end at its back edges, deep in the JS stack, and
  // continue in place: jit/stay.ts), while a second thread wakes from timed sleeps and records
  // the recursion's progress (virtual clock: at fixed bytecode counts, so a slice continued past
  // a due wake-up records other values). Same output as HotSpot; same records, engine bytecodes
  // and profile with the JIT off, without continued slices and with direct sampling calls.
  const classes = compileJava(join(REPO, 'test', 'java', 'interp', 'jit-idioms'));
  const work = tempDir('interp-jit-stay');
  const hs = runJava(['-cp', classes, 'JitStay']);
  assert.equal(hs.status, 0, hs.stderr);
  const jit = await run(classes, work, 'JitStay', 'stay', {}, 101, ['clock']);
  const [out, seen] = jit.stdout.split('\n');
  assert.equal(out + '\n', hs.stdout);
  assert.match(seen, /^seen( \d+){12}$/);
  const a = loadProfile(jit.profile);
  assert.ok(a.meta.totalSamples > 1000, `samples: ${a.meta.totalSamples}`);
  await sameUnderVariants(classes, work, 'JitStay', jit.stdout, a, [
    ['stay-off', { KOMORIUM_JIT: '0' }],
    ['stay-leave', { KOMORIUM_JIT_STAY: '0' }],
    ['stay-sample-leave', { KOMORIUM_JIT_SAMPLE_DIRECT: '0' }],
    ['stay-sample-inline', { KOMORIUM_JIT_SAMPLE_OUTLINE: '0' }],
    ['stay-sample-direct-loops', { KOMORIUM_JIT_SAMPLE_DIRECT: '2' }],
  ]);
});
