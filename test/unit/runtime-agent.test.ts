// The runtime and default agent on HotSpot, driven by test/java/runtime/rtdemo: a hand-written
// copy of what the transformer emits (see Orig.java for the original program and its lines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProfile } from '../../server/src/profile/load';
import { profileDifferences, profilesEqualIgnoringTimes } from '../../server/src/profile/equal';
import type { CctNode, Profile, ThreadProfile } from '../../server/src/profile/schema';
import { freshDir, runDemoAsync, type JavaRun } from './runtime-fixtures';

const N = 1000;
const R = 100;

function run(dir: string, extra: Record<string, string> = {}, args: string[] = ['normal']): Promise<JavaRun & { out: string }> {
  const out = join(dir, 'profile.json');
  return runDemoAsync({ 'komorium.granularity': String(N), 'komorium.random': String(R), 'komorium.seed': '7', 'komorium.out': out, ...extra }, args).then((r) => ({ ...r, out }));
}

const label = (n: CctNode): string => (n.method ? `${n.method.className}.${n.method.name}@${n.callLine}` : '<root>');

function child(n: CctNode, name: string, callLine: number): CctNode {
  const c = n.children.find((k) => k.method?.name === name && k.callLine === callLine);
  assert.ok(c, `${label(n)} has a child ${name}@${callLine}; children: ${n.children.map(label).join(', ')}`);
  return c;
}

function thread(p: Profile, name: string): ThreadProfile {
  const t = p.threads.find((x) => x.name === name);
  assert.ok(t, `thread ${name} in ${p.threads.map((x) => x.name).join(', ')}`);
  return t;
}

function checkTotals(p: Profile, expected: Map<string, number>): void {
  for (const t of p.threads) {
    assert.equal(t.bytecodes, expected.get(t.name), `thread ${t.name}: exact bytecodes (sum of intervals + pending)`);
    // Each interval is N + r (r < R) plus the overshoot of one block (< 10 here); the pending
    // part of the last interval is below one interval.
    assert.ok(t.samples * N <= t.bytecodes, `${t.name}: ${t.samples} samples × ${N} <= ${t.bytecodes}`);
    assert.ok(t.bytecodes < (t.samples + 1) * (N + R + 10), `${t.name}: ${t.bytecodes} < (${t.samples} + 1) × ${N + R + 10}`);
    const expectedSamples = t.bytecodes / (N + (R - 1) / 2 + 4);
    assert.ok(Math.abs(t.samples - expectedSamples) <= 0.02 * expectedSamples + 2, `${t.name}: ${t.samples} samples ≈ ${expectedSamples.toFixed(1)}`);
    const est = t.nodes.reduce((s, n) => s + n.selfBytecodes, 0);
    assert.ok(Math.abs(est - t.bytecodes) < 1e-6 * t.bytecodes, 'estimated bytecodes add up to the total');
  }
}

// Every JVM run starts here, two at a time; the tests await the ones they check.
const dir = freshDir('komorium-rt-');
const runs = {
  base: run(dir),
  stack4: run(freshDir('komorium-rt-'), { 'komorium.stackSize': '4' }),
  stack13: run(freshDir('komorium-rt-'), { 'komorium.stackSize': '13' }),
  seed8: run(freshDir('komorium-rt-'), { 'komorium.seed': '8' }),
  exit: run(freshDir('komorium-rt-'), {}, ['exit']),
  throw: run(freshDir('komorium-rt-'), {}, ['throw']),
  atomic: (async () => {
    const d = freshDir('komorium-rt-');
    const target = join(d, 'sub', 'dir', 'p.json');
    const r1 = await runDemoAsync({ 'komorium.granularity': '5000', 'komorium.out': target });
    const existed = existsSync(target);
    writeFileSync(target, 'garbage');
    const r2 = await runDemoAsync({ 'komorium.granularity': '5000', 'komorium.out': target });
    return { d, target, r1, r2, existed };
  })(),
  agents: (async () => {
    const d = freshDir('komorium-rt-');
    const [counting, none, bad] = await Promise.all([
      runDemoAsync({ 'komorium.agent': 'rtdemo.CountingAgent', 'komorium.out': join(d, 'counts.txt') }),
      runDemoAsync({ 'komorium.agent': 'none', 'komorium.out': join(d, 'none.json') }),
      runDemoAsync({ 'komorium.agent': 'no.such.Agent', 'komorium.out': join(d, 'bad.json') }),
    ]);
    return { d, counting, none, bad };
  })(),
  many: Promise.all([1, 2].map(() => {
    const out = join(freshDir('komorium-rt-'), 'p.json');
    return runDemoAsync({ 'komorium.granularity': '997', 'komorium.out': out }, [], 'rtdemo.Many').then((r) => ({ ...r, out }));
  })),
  protocol: runDemoAsync({ 'komorium.agent': 'none' }, [], 'rtdemo.Protocol'),
  suspended: runDemoAsync({ 'komorium.agent': 'rtdemo.Suspended' }, [], 'rtdemo.Suspended'),
  invalid: (async () => {
    const out = join(freshDir('komorium-rt-'), 'p.json');
    return { out, r: await runDemoAsync({ 'komorium.granularity': 'lots', 'komorium.random': '-5', 'komorium.out': out }) };
  })(),
};

test('a normal run writes a valid profile with exact per-thread bytecode totals', async () => {
  const base = await runs.base;
  assert.equal(base.status, 0, base.stderr);
  assert.equal(base.stderr, '');
  const p = loadProfile(base.out);
  assert.deepEqual(
    p.threads.map((t) => t.name),
    ['main', 'worker'],
  );
  assert.equal(p.meta.granularity, N);
  assert.equal(p.meta.random, R);
  assert.equal(p.meta.seed, 7);
  assert.equal(p.meta.program, 'rtdemo.Orig');
  assert.deepEqual(p.meta.args, ['normal']);
  assert.equal(p.meta.engine, 'hotspot');
  assert.equal(p.meta.agent, 'komorium.rt.DefaultAgent');
  checkTotals(p, base.expected);
  assert.equal(p.meta.totalBytecodes, base.expected.get('main')! + base.expected.get('worker')!);
  assert.ok(p.meta.totalSamples > 2500, `${p.meta.totalSamples} samples`);
  assert.deepEqual(readdirSync(dir).filter((f) => f !== 'profile.json'), [], 'no temporary file left behind');
});

test('the calling context tree has the program structure, call-site lines and current lines', async () => {
  const base = await runs.base;
  const p = loadProfile(base.out);
  const main = thread(p, 'main');
  const rootKids = main.root.children.map(label).sort();
  // main, and sqSum entered by the implicit callback (no outgoing call pending: a fresh stack).
  assert.deepEqual(rootKids, ['rtdemo.Orig.main@0', 'rtdemo.Orig.sqSum@0']);
  const m = child(main.root, 'main', 0);
  assert.deepEqual(m.children.map(label).sort(), ['rtdemo.Orig.deep@42', 'rtdemo.Orig.sortWork@43', 'rtdemo.Orig.sqSum@41']);

  // sq is a leaf (triggerSamplingLeaf): all its samples at line 3, called at line 8.
  const sq = child(child(m, 'sqSum', 41), 'sq', 8);
  assert.ok(sq.self > 0);
  assert.deepEqual(sq.lines, [{ line: 3, count: sq.self }]);
  const sqSum = child(m, 'sqSum', 41);
  for (const l of sqSum.lines) assert.ok([7, 8, 11].includes(l.line), `sqSum line ${l.line}`);

  // deep(300) is 301 frames, one chain, intact although the implicit callback ran at its top.
  let d = child(m, 'deep', 42);
  let depth = 1;
  while (d.children.some((k) => k.method?.name === 'deep')) {
    assert.equal(d.children.length, 1, `deep at depth ${depth} has one child`);
    d = child(d, 'deep', 15);
    depth++;
  }
  assert.equal(depth, 301);
  assert.equal(main.nodes.filter((n) => n.method?.name === 'deep').length, 301);
  child(child(d, 'sqSum', 14), 'sq', 8);

  // The comparator, called by Arrays.sort (uninstrumented), continues sortWork's stack at line 21.
  const cmp = child(child(m, 'sortWork', 43), 'compare', 21);
  assert.equal(cmp.method!.className, 'rtdemo.Cmp');
  assert.equal(cmp.method!.sourceFile, 'Cmp.java');
  child(child(cmp, 'sqSum', 18), 'sq', 8);
  child(cmp, 'sqSum', 19);
  assert.ok(cmp.total > 0.5 * main.samples, 'the sort dominates');
  assert.equal(main.nodes.filter((n) => n.method?.name === 'compare').length, 1, 'every callback under the same context');

  // The worker thread continues main's stack at the Thread.start() call (line 44).
  const w = thread(p, 'worker');
  assert.deepEqual(w.root.children.map(label), ['rtdemo.Orig.main@0']);
  const run = child(child(w.root, 'main', 0), 'run', 44);
  assert.equal(run.method!.className, 'rtdemo.Worker');
  child(child(run, 'sqSum', 31), 'sq', 8);
  assert.equal(w.root.total, w.samples);
});

test('profiles are reproducible: same seed gives the same profile for any reified stack size', async () => {
  const a = loadProfile((await runs.base).out);
  for (const [stackSize, pending] of [['4', runs.stack4], ['13', runs.stack13]] as const) {
    const r = await pending;
    assert.equal(r.status, 0, r.stderr);
    const b = loadProfile(r.out);
    assert.deepEqual(profileDifferences(a, b), [], `stackSize ${stackSize}`);
    assert.ok(profilesEqualIgnoringTimes(a, b));
  }
  const other = await runs.seed8;
  const c = loadProfile(other.out);
  assert.equal(profilesEqualIgnoringTimes(a, c), false, 'another seed samples elsewhere');
  assert.equal(c.meta.totalBytecodes, a.meta.totalBytecodes, 'but counts the same bytecodes');
});

test('System.exit and an uncaught exception still write the profile, with exact totals', async () => {
  const ex = await runs.exit;
  assert.equal(ex.status, 3, ex.stderr);
  const pe = loadProfile(ex.out);
  checkTotals(pe, ex.expected);

  const th = await runs.throw;
  assert.equal(th.status, 1);
  assert.match(th.stderr, /IllegalStateException: boom/);
  const pt = loadProfile(th.out);
  checkTotals(pt, th.expected);
  assert.deepEqual(pt.meta.args, ['throw']);
});

test('the profile replaces an existing file atomically and its directory is created', async () => {
  const { d, target, r1, r2, existed } = await runs.atomic;
  assert.equal(r1.status, 0, r1.stderr);
  assert.ok(existed);
  assert.equal(r2.status, 0, r2.stderr);
  assert.equal(loadProfile(target).meta.granularity, 5000);
  assert.deepEqual(readdirSync(join(d, 'sub', 'dir')), ['p.json']);
});

test('a user agent from komorium.agent gets every sample; "none" runs without one', async () => {
  const { d, counting: r, none, bad } = await runs.agents;
  assert.equal(r.status, 0, r.stderr);
  const out = join(d, 'counts.txt');
  const text = readFileSync(out, 'utf8');
  const total = r.expected.get('main')! + r.expected.get('worker')!;
  assert.match(text, new RegExp(`bytecodes=${total} `));
  // main + 301 deep + sqSum + sq (the leaf stores its MID at the top for the sample).
  assert.match(text, /maxDepth=304 deepestTop=sq threads=2/);
  const samples = Number(/samples=(\d+)/.exec(text)![1]);
  assert.ok(Math.abs(samples - total / 504) < 0.02 * samples, `${samples} samples at granularity 500`);

  assert.equal(none.status, 0, none.stderr);
  assert.equal(existsSync(join(d, 'none.json')), false);

  assert.equal(bad.status, 0, 'a missing agent does not stop the program');
  assert.match(bad.stderr, /komorium: initialisation failed, profiling disabled: java\.lang\.ClassNotFoundException: no\.such\.Agent/);
});

test('invalid configuration values are reported and replaced by the defaults', async () => {
  const { out, r } = await runs.invalid;
  assert.equal(r.status, 0);
  assert.match(r.stderr, /komorium: invalid komorium\.granularity 'lots' \(expected an integer >= 1\); using 10000/);
  assert.match(r.stderr, /komorium: invalid komorium\.random '-5'/);
  const p = loadProfile(out);
  assert.equal(p.meta.granularity, 10000);
  assert.equal(p.meta.random, 100);
});

test('threads that start together and register in a racy order still give a reproducible profile', async () => {
  const [a, b] = await runs.many;
  for (const r of [a!, b!]) assert.equal(r.status, 0, r.stderr);
  const pa = loadProfile(a!.out);
  const pb = loadProfile(b!.out);
  assert.deepEqual(
    pa.threads.map((t) => `${t.name}#${t.seq}`),
    ['even#0', 'even#1', 'even#2', 'main#0', 'odd#0', 'odd#1', 'odd#2'],
  );
  for (const t of pa.threads) {
    if (t.name === 'main') continue;
    assert.equal(t.bytecodes, a!.expected.get(t.name));
    // Each worker continues main's stack at its start() call (line 5).
    const run = child(child(t.root, 'main', 0), 'run', 5);
    child(run, 'sqSum', 31);
  }
  assert.deepEqual(profileDifferences(pa, pb), []);
});

test('wrapper protocol edge cases (continuation, cancellation, skipped exits, growth, thread start)', async () => {
  const r = await runs.protocol;
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /PROTOCOL OK/);
});

test('wrappers entered while suspended (agent code) leave the thread segment and pending out-call intact', async () => {
  const r = await runs.suspended;
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /SUSPENDED OK/);
});
