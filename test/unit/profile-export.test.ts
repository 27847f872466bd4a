import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { exportCollapsed } from '../../server/src/profile/export-collapsed';
import { exportSpeedscope } from '../../server/src/profile/export-speedscope';
import { exportCpuProfile } from '../../server/src/profile/export-cpuprofile';
import { exportProfile } from '../../server/src/profile/export';
import { javaParameters } from '../../server/src/profile/format';
import { ProfileQueryError } from '../../server/src/profile/schema';

function profile() {
  return new ProfileBuilder({ granularity: 1000, program: 'p.Main' })
    .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Work.run(ILjava/util/List;)J:12'], { line: 40, count: 3 })
    .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Work.run(ILjava/util/List;)J:12'], { line: 41, count: 1 })
    .sample(['p.Main.main([Ljava/lang/String;)V'], { line: 9, count: 2 })
    .sample(['p.Pool.loop()V', 'p.Work.run(ILjava/util/List;)J:77'], { line: 40, count: 4, thread: 'pool' })
    .bytecodes('main', 6000)
    .bytecodes('pool', 2000)
    .build();
}

test('collapsed: one line per stack with self samples, merged over threads', () => {
  assert.equal(exportCollapsed(profile()), ['p.Main.main 2', 'p.Main.main;p.Work.run 4', 'p.Pool.loop;p.Work.run 4', ''].join('\n'));
});

test('collapsed with signatures writes Java parameter types (no ";" inside a frame)', () => {
  const text = exportCollapsed(profile(), { signatures: true });
  assert.equal(
    text,
    ['p.Main.main(java.lang.String[]) 2', 'p.Main.main(java.lang.String[]);p.Work.run(int,java.util.List) 4', 'p.Pool.loop();p.Work.run(int,java.util.List) 4', ''].join('\n'),
  );
  for (const line of text.trim().split('\n')) {
    const frames = line.slice(0, line.lastIndexOf(' ')).split(';');
    for (const f of frames) assert.match(f, /^[\w.$]+\.[\w$<>]+\([\w.$,[\]]*\)$/);
  }
  assert.equal(javaParameters('([[IJLjava/lang/Object;Z)V'), '(int[][],long,java.lang.Object,boolean)');
  assert.match(exportCollapsed(profile(), { threads: true }), /^main;p\.Main\.main 2$/m);
  assert.match(exportCollapsed(profile(), { weight: 'bytecodes' }), /^p\.Pool\.loop;p\.Work\.run 2000$/m);
});

test('speedscope: sampled profiles per thread with shared frames and weights', () => {
  const s = exportSpeedscope(profile());
  assert.equal(s.$schema, 'https://www.speedscope.app/file-format-schema.json');
  assert.deepEqual(
    s.shared.frames.map((f) => [f.name, f.file]),
    [
      ['p.Main.main', 'p/Main.java'],
      ['p.Work.run', 'p/Work.java'],
      ['p.Pool.loop', 'p/Pool.java'],
    ],
  );
  assert.equal(s.profiles.length, 2);
  for (const pr of s.profiles) {
    assert.equal(pr.type, 'sampled');
    assert.equal(pr.samples.length, pr.weights.length);
    assert.equal(pr.endValue, pr.weights.reduce((a, b) => a + b, 0));
    for (const st of pr.samples) for (const i of st) assert.ok(i >= 0 && i < s.shared.frames.length);
  }
  assert.deepEqual(s.profiles[0]!.samples, [[0], [0, 1]]);
  assert.deepEqual(s.profiles[0]!.weights, [2, 4]);
  assert.equal(s.profiles[1]!.name, 'pool');
  const merged = exportSpeedscope(profile(), { merge: true, signatures: true });
  assert.equal(merged.profiles.length, 1);
  assert.equal(merged.profiles[0]!.endValue, 10);
  assert.equal(merged.shared.frames[0]!.name, 'p.Main.main([Ljava/lang/String;)V');
});

test('cpuprofile: Chrome Profiler.Profile nodes, hit counts, position ticks, samples and time deltas', () => {
  const c = exportCpuProfile(profile());
  const ids = new Set(c.nodes.map((n) => n.id));
  assert.equal(ids.size, c.nodes.length);
  assert.equal(c.nodes[0]!.callFrame.functionName, '(root)');
  assert.equal(c.nodes[0]!.id, 1);
  for (const n of c.nodes) {
    assert.equal(typeof n.callFrame.scriptId, 'string');
    for (const k of n.children ?? []) assert.ok(ids.has(k));
  }
  // Every node except the root is exactly one node's child.
  const childCount = new Map<number, number>();
  for (const n of c.nodes) for (const k of n.children ?? []) childCount.set(k, (childCount.get(k) ?? 0) + 1);
  for (const n of c.nodes.slice(1)) assert.equal(childCount.get(n.id), 1);
  assert.equal(c.nodes.reduce((s, n) => s + n.hitCount, 0), 10);
  assert.equal(c.samples.length, 10);
  assert.equal(c.timeDeltas.length, 10);
  for (const id of c.samples) assert.ok(ids.has(id));
  for (const n of c.nodes) assert.equal(c.samples.filter((s) => s === n.id).length, n.hitCount);
  // 1 bytecode = 1 ns: 8000 bytecodes = 8 µs.
  assert.equal(c.startTime, 0);
  assert.equal(c.endTime, 8);
  assert.equal(c.timeDeltas.reduce((a, b) => a + b, 0), c.endTime);
  const run = c.nodes.find((n) => n.callFrame.functionName === 'p.Work.run' && n.hitCount === 4 && n.positionTicks?.length === 2)!;
  assert.deepEqual(run.positionTicks, [
    { line: 40, ticks: 3 },
    { line: 41, ticks: 1 },
  ]);
  assert.equal(run.callFrame.url, 'p/Work.java');
  assert.equal(run.callFrame.lineNumber, 39, 'first line seen, 0-based');
  const main = c.nodes.find((n) => n.callFrame.functionName === 'p.Main.main')!;
  assert.equal(main.callFrame.lineNumber, 8);
  const custom = exportCpuProfile(profile(), { resolveUrl: (m) => `file:///src/${m.className}.java`, thread: 'pool' });
  assert.equal(custom.samples.length, 4);
  assert.ok(custom.nodes.some((n) => n.callFrame.url === 'file:///src/p.Pool.java'));
});

test('exportProfile dispatches by name and rejects unknown formats', () => {
  const p = profile();
  assert.equal(exportProfile(p, 'collapsed'), exportCollapsed(p));
  assert.deepEqual(JSON.parse(exportProfile(p, 'speedscope', { signatures: true })), exportSpeedscope(p, { signatures: true }));
  assert.deepEqual(JSON.parse(exportProfile(p, 'cpuprofile', { thread: 'pool' })).samples.length, 4);
  assert.equal(exportProfile(p, 'collapsed', { thread: 'pool' }), 'p.Pool.loop;p.Work.run 4\n');
  assert.throws(() => exportProfile(p, 'jfr'), (e: unknown) => e instanceof ProfileQueryError && /unknown export format 'jfr' \(expected collapsed, speedscope, cpuprofile, pprof, callgrind, hprof\)/.test(e.message));
});
