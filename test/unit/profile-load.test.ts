import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { parseProfile, profileFromJson, loadProfile } from '../../server/src/profile/load';
import { stringifyProfile, toProfileFile } from '../../server/src/profile/serialize';
import { ProfileFormatError, type ProfileFile } from '../../server/src/profile/schema';
import { profileDifferences, profilesEqualIgnoringTimes } from '../../server/src/profile/equal';
import { mergeThreads } from '../../server/src/profile/tree';

function sample(): ProfileBuilder {
  return new ProfileBuilder({ granularity: 100, program: 'demo.Main', startTime: 1000, endTime: 2000 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 30, count: 5 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 31, count: 2 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:14'], { line: 30, count: 1 })
    .sample(['demo.Main.main([Ljava/lang/String;)V'], { line: 9, count: 2 })
    .sample(['demo.Worker.run()V', 'demo.Main.work(I)I:40'], { thread: 'pool-1', line: 30, count: 4 })
    .bytecodes('main', 1234)
    .bytecodes('pool-1', 432);
}

test('the builder produces a valid profile with derived totals and estimated bytecodes', () => {
  const p = sample().build();
  assert.deepEqual(
    p.threads.map((t) => [t.name, t.samples, t.bytecodes]),
    [
      ['main', 10, 1234],
      ['pool-1', 4, 432],
    ],
  );
  assert.equal(p.meta.totalSamples, 14);
  assert.equal(p.meta.totalBytecodes, 1666);
  const main = p.threads[0]!;
  const m = main.root.children[0]!;
  assert.equal(m.method!.name, 'main');
  assert.equal(m.method!.sourceFile, 'Main.java');
  assert.equal(m.self, 2);
  assert.equal(m.total, 10);
  assert.deepEqual(
    m.children.map((c) => [c.method!.name, c.callLine, c.self, c.total]),
    [
      ['work', 12, 7, 7],
      ['work', 14, 1, 1],
    ],
  );
  assert.deepEqual(m.children[0]!.lines, [
    { line: 30, count: 5 },
    { line: 31, count: 2 },
  ]);
  // Paper Section 2: relative frequency × total bytecodes, per thread.
  assert.equal(m.children[0]!.selfBytecodes, (7 * 1234) / 10);
  assert.equal(main.root.totalBytecodes, 1234);
  assert.equal(main.nodes.length, 4);
  main.nodes.forEach((n, i) => assert.equal(n.id, i));
});

test('serialize -> parse is the identity, and the text is stable', () => {
  const p = sample().build();
  const text = stringifyProfile(p);
  const q = parseProfile(text, 'x.json');
  assert.deepEqual(toProfileFile(q), toProfileFile(p));
  assert.equal(stringifyProfile(q), text);
  assert.ok(profilesEqualIgnoringTimes(p, q));
  assert.match(text, /^\{"format":"komorium-profile","version":1,\n"meta":\{"engine":/);
});

test('profilesEqualIgnoringTimes ignores times, method order and node order, nothing else', () => {
  const a = sample().build();
  const f = toProfileFile(a);
  f.meta.startTime = 5;
  f.meta.endTime = 99999;
  assert.ok(profilesEqualIgnoringTimes(a, profileFromJson(f)));

  // The same trees with the method table reversed and children in the other order.
  const g = toProfileFile(a);
  const n = g.methods.length;
  g.methods.reverse();
  for (const t of g.threads) for (const node of t.nodes) if (node[1] >= 0) node[1] = n - 1 - node[1];
  const t0 = g.threads[0]!;
  // main's children are nodes 2 and 3 (parent 1): swap them (both leaves).
  [t0.nodes[2], t0.nodes[3]] = [t0.nodes[3]!, t0.nodes[2]!];
  assert.ok(profilesEqualIgnoringTimes(a, profileFromJson(g)));

  const h = toProfileFile(a);
  h.threads[0]!.nodes[2]![2] = 13; // another call line
  const d = profileDifferences(a, profileFromJson(h));
  assert.ok(d.length > 0);
  assert.match(d.join('\n'), /only in the (first|second) profile/);

  const k = toProfileFile(a);
  k.meta.seed = 2;
  assert.deepEqual(profileDifferences(a, profileFromJson(k)), ['meta.seed: 1 != 2']);
});

test('mergeThreads merges equal paths across threads and keeps per-thread estimates', () => {
  const p = new ProfileBuilder({ granularity: 10 })
    .sample(['a.A.m()V', 'a.A.n()V:3'], { thread: 't1', count: 2 })
    .sample(['a.A.m()V', 'a.A.n()V:3'], { thread: 't2', count: 1 })
    .bytecodes('t1', 100)
    .bytecodes('t2', 10)
    .build();
  const m = mergeThreads(p);
  assert.equal(m.samples, 3);
  assert.equal(m.nodes.length, 3);
  const n = m.nodes[2]!;
  assert.equal(n.self, 3);
  assert.equal(n.selfBytecodes, 110);
  assert.equal(m.root.totalBytecodes, 110);
});

function bad(mutate: (f: ProfileFile) => void, path: RegExp, problem: RegExp): void {
  const f = structuredClone(toProfileFile(sample().build())) as ProfileFile;
  mutate(f);
  assert.throws(
    () => profileFromJson(JSON.parse(JSON.stringify(f)), 'p.json'),
    (e: unknown) => {
      assert.ok(e instanceof ProfileFormatError, `ProfileFormatError, got ${String(e)}`);
      assert.match(e.path, path);
      assert.match(e.problem, problem);
      assert.match(e.message, /^p\.json: /);
      return true;
    },
  );
}

test('malformed profiles give ProfileFormatError naming the JSON path and the problem', () => {
  assert.throws(() => parseProfile('{"format":', 'p.json'), /p\.json: \$: invalid JSON/);
  assert.throws(() => parseProfile('[]', 'p.json'), /\$: not a Komorium profile: this is a JSON array of 0 elements; a Komorium profile is the JSON file `komorium run` writes/);
  // Other profilers' files and text say what they are.
  assert.throws(() => parseProfile('{"$schema":"https://www.speedscope.app/file-format-schema.json","profiles":[]}', 's.json'), /s\.json: \$: not a Komorium profile: this is a speedscope profile;/);
  assert.throws(() => parseProfile('{"nodes":[],"startTime":0,"endTime":1,"samples":[]}', 'c.cpuprofile'), /this is a Chrome\/V8 CPU profile/);
  assert.throws(() => parseProfile('main;work 12\nmain 3\n', 'stacks.txt'), /stacks\.txt: \$: not a Komorium profile: the file is not JSON/);
  assert.throws(() => parseProfile('{"a":1,"b":2}', 'x.json'), /this is a JSON object with "a", "b"; a Komorium profile is/);
  bad((f) => ((f as { format: string }).format = 'hprof'), /^format$/, /expected "komorium-profile"/);
  bad((f) => (f.version = 2), /^version$/, /newer than this Komorium reads \(1\)/);
  bad((f) => delete (f.meta as Partial<ProfileFile['meta']>).granularity, /^meta$/, /missing field 'granularity'/);
  bad((f) => (f.meta.granularity = 0), /^meta\.granularity$/, /integer >= 1, found 0/);
  bad((f) => ((f.meta as { seed: unknown }).seed = '7'), /^meta\.seed$/, /expected an integer, found the string "7"/);
  bad((f) => (f.methods[0]![2] = 'I'), /^methods\[0\]\[2\]$/, /not a method descriptor/);
  bad((f) => ((f.methods[1] as unknown[]).length = 3), /^methods\[1\]$/, /found an array of 3/);
  bad((f) => (f.threads[0]!.nodes[2]![1] = 99), /^threads\[0\]\.nodes\[2\]\[1\]$/, /method index 99 out of range \(\d+ methods\)/);
  bad((f) => (f.threads[0]!.nodes[1]![0] = 3), /^threads\[0\]\.nodes\[1\]\[0\]$/, /must come before node 1/);
  bad((f) => (f.threads[0]!.nodes[0]![0] = 0), /^threads\[0\]\.nodes\[0\]\[0\]$/, /root's parent must be -1/);
  bad((f) => (f.threads[0]!.nodes[2]![3] = 8), /^threads\[0\]\.nodes\[2\]\[4\]$/, /line counts sum to 7 but self is 8/);
  bad((f) => ((f.threads[0]!.nodes[2]![4] as number[])[0] = 40), /^threads\[0\]\.nodes\[2\]\[4\]\[2\]$/, /lines must ascend, 31 follows 40/);
  bad((f) => (f.threads[0]!.samples = 11), /^threads\[0\]\.samples$/, /is 11 but the nodes' self samples sum to 10/);
  bad((f) => (f.meta.totalSamples = 15), /^meta\.totalSamples$/, /is 15 but the threads have 14 samples/);
  bad((f) => (f.meta.totalBytecodes = 1), /^meta\.totalBytecodes$/, /threads have 1666 bytecodes/);
  bad((f) => (f.threads[1]!.nodes = []), /^threads\[1\]\.nodes$/, /at least the root/);
  bad((f) => (f.threads[1]!.bytecodes = 1.5), /^threads\[1\]\.bytecodes$/, /expected an integer, found number 1.5/);
  assert.throws(() => loadProfile('/nonexistent/komorium.json'), (e: unknown) => e instanceof ProfileFormatError && /cannot read the file/.test(e.message));
});

test('random corruption of a valid file yields a profile or a ProfileFormatError, nothing else', () => {
  const text = stringifyProfile(sample().build());
  let seed = 12345;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const junk = ['0', '-1', '1e9', 'null', '"x"', '[]', '{}', '[1,2]', '1.5', 'true', ''];
  let errors = 0;
  for (let i = 0; i < 1500; i++) {
    let t = text;
    for (let k = 0; k <= rnd(3); k++) {
      const at = rnd(t.length);
      const op = rnd(3);
      if (op === 0) t = t.slice(0, at) + t.slice(at + 1 + rnd(8));
      else if (op === 1) t = t.slice(0, at) + junk[rnd(junk.length)]! + t.slice(at);
      else {
        // Replace a number.
        const m = /-?\d+/.exec(t.slice(at));
        if (m) t = t.slice(0, at + m.index) + junk[rnd(junk.length)]! + t.slice(at + m.index + m[0].length);
      }
    }
    try {
      parseProfile(t, 'fuzz');
    } catch (e) {
      assert.ok(e instanceof ProfileFormatError, `case ${i}: ${String(e)}`);
      errors++;
    }
  }
  assert.ok(errors > 1000, `${errors} corrupted files rejected`);
});
