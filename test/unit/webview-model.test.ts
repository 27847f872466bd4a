// The webview's profile model: reading the format, merging threads, totals, method totals,
// callers inversion, search, context paths. Checked against the server's validating loader
// and tree code (an independent implementation) and against brute force over samples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { profileFromJson } from '../../server/src/profile/load';
import { mergeThreads } from '../../server/src/profile/tree';
import { methodStats } from '../../server/src/profile/lines';
import type { CctNode, ProfileFile } from '../../server/src/profile/schema';
import { readProfile, ProfileError, type ProfileData } from '../../webview/model/profile';
import { buildTree, childrenOf, type Tree } from '../../webview/model/tree';
import { methodTotals } from '../../webview/model/hot';
import { callersOf } from '../../webview/model/callers';
import { matchMethods, searchTree } from '../../webview/model/search';
import { contextPath, resolvePath } from '../../webview/model/paths';
import { methodKey } from '../../webview/model/methods';
import { contextHotLine, methodHotLine } from '../../webview/model/lines';
import { frameTooltip } from '../../webview/views/describe';
import { generateProfile, rng } from './webview/gen';

function small(): ProfileFile {
  return new ProfileBuilder({ granularity: 100, program: 'demo.Main' })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 30, count: 5 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { line: 31, count: 2 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:14'], { line: 30, count: 1 })
    .sample(['demo.Main.main([Ljava/lang/String;)V'], { line: 9, count: 2 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12', 'demo.Main.work(I)I:33', 'demo.Util.sq(I)I:35'], { line: 3, count: 4 })
    .sample(['demo.Worker.run()V', 'demo.Main.work(I)I:40'], { thread: 'pool-1', line: 30, count: 4 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12'], { thread: 'pool-1', line: 31, count: 3 })
    .bytecodes('main', 1234)
    .bytecodes('pool-1', 700)
    .toFile();
}

/** Random profiles from explicit samples (recursion, several threads, shared prefixes). */
function randomFile(seed: number): ProfileFile {
  const r = rng(seed);
  const names = ['a.A.f', 'a.A.g', 'a.B.f', 'b.C.h', 'java.util.List.get', 'a.A.rec'];
  const b = new ProfileBuilder({ granularity: 50 });
  for (let s = 0; s < 60; s++) {
    const depth = 1 + Math.floor(r() * 6);
    const frames: string[] = ['m.Main.main([Ljava/lang/String;)V'];
    for (let d = 0; d < depth; d++) frames.push(`${names[Math.floor(r() * names.length)]}()V:${1 + Math.floor(r() * 3)}`);
    b.sample(frames, { thread: ['main', 't1', 't2'][Math.floor(r() * 3)]!, line: Math.floor(r() * 4), count: 1 + Math.floor(r() * 5) });
  }
  return b.toFile();
}

/** Map from context path (method key + call line, root excluded) to [self, total, totalBytecodes]. */
function serverPaths(root: CctNode): Map<string, [number, number, number]> {
  const out = new Map<string, [number, number, number]>();
  const walk = (n: CctNode, path: string): void => {
    out.set(path, [n.self, n.total, n.totalBytecodes]);
    for (const k of n.children) walk(k, `${path}/${k.method!.className}.${k.method!.name}${k.method!.descriptor}:${k.callLine}`);
  };
  walk(root, '');
  return out;
}

function webviewPaths(p: ProfileData, t: Tree): Map<string, [number, number, number]> {
  const out = new Map<string, [number, number, number]>();
  const paths: string[] = new Array<string>(t.size);
  paths[0] = '';
  for (let i = 0; i < t.size; i++) {
    if (i > 0) {
      const m = p.methods[t.method[i]!]!;
      paths[i] = `${paths[t.parent[i]!]}/${m.className}.${m.name}${m.descriptor}:${t.callLine[i]}`;
    }
    out.set(paths[i]!, [t.self[i]!, t.total[i]!, t.totalBytecodes[i]!]);
  }
  return out;
}

function assertClose(a: number, b: number, what: string): void {
  assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);
}

function samePaths(a: Map<string, [number, number, number]>, b: Map<string, [number, number, number]>): void {
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
  for (const [k, [s, t, bc]] of a) {
    const [s2, t2, bc2] = b.get(k)!;
    assert.equal(s, s2, `self of ${k}`);
    assert.equal(t, t2, `total of ${k}`);
    assertClose(bc, bc2, `bytecodes of ${k}`);
  }
}

test('reads a profile and merges all threads like the server model', () => {
  for (const file of [small(), randomFile(1), randomFile(2), randomFile(3), generateProfile({ contexts: 3000, samples: 40000, seed: 5 })]) {
    const server = profileFromJson(file);
    const p = readProfile(file);
    assert.equal(p.totalSamples, server.meta.totalSamples);
    const t = buildTree(p);
    samePaths(webviewPaths(p, t), serverPaths(mergeThreads(server).root));
    // Each thread alone.
    p.threads.forEach((_, i) => samePaths(webviewPaths(p, buildTree(p, [i])), serverPaths(server.threads[i]!.root)));
    // Structure: preorder, subtree ends, depth, packed x.
    for (let i = 1; i < t.size; i++) {
      assert.ok(t.parent[i]! < i);
      assert.equal(t.depth[i], t.depth[t.parent[i]!]! + 1);
      assert.ok(t.end[i]! <= t.end[t.parent[i]!]!);
    }
    for (let i = 0; i < t.size; i++) {
      let x = t.x[i]!;
      let kidsTotal = 0;
      for (const c of childrenOf(t, i)) {
        assert.equal(t.x[c], x);
        x += t.total[c]!;
        kidsTotal += t.total[c]!;
      }
      assert.equal(t.total[i], t.self[i]! + kidsTotal);
    }
  }
});

test('children keep the format order (class, name, descriptor, call line) when threads merge', () => {
  const p = readProfile(small());
  const t = buildTree(p);
  const main = childrenOf(t, 0).map((c) => p.methods[t.method[c]!]!.className);
  assert.deepEqual(main, ['demo.Main', 'demo.Worker']);
  const mainNode = childrenOf(t, 0)[0]!;
  assert.deepEqual(
    childrenOf(t, mainNode).map((c) => t.callLine[c]),
    [12, 14],
  );
  // The single-thread tree of an unmerged profile has exactly the file's node order.
  const file = generateProfile({ contexts: 500, samples: 5000, threads: 1, seed: 9 });
  const q = readProfile(file);
  const one = buildTree(q, [0]);
  const nodes = file.threads[0]!.nodes;
  assert.equal(one.size, nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    assert.equal(one.parent[i], nodes[i]![0]);
    assert.equal(one.method[i], nodes[i]![1]);
    assert.equal(one.callLine[i], nodes[i]![2]);
  }
});

test('method totals count a sample once per method, recursion included (as the server does)', () => {
  for (const file of [small(), randomFile(4), randomFile(5), generateProfile({ contexts: 2000, samples: 20000, seed: 11 })]) {
    const server = profileFromJson(file);
    const stats = methodStats(mergeThreads(server));
    const p = readProfile(file);
    const mt = methodTotals(buildTree(p), p.methods.length);
    assert.equal(mt.present.length, stats.length);
    for (const s of stats) {
      assert.equal(mt.self[s.method.index], s.self, `self ${s.method.name}`);
      assert.equal(mt.total[s.method.index], s.total, `total ${s.method.name}`);
    }
  }
});

/** Every sample of a tree as its stack of method indices (bottom first) and its count. */
function samples(t: Tree): { stack: number[]; count: number }[] {
  const out: { stack: number[]; count: number }[] = [];
  for (let i = 1; i < t.size; i++) {
    if (t.self[i] === 0) continue;
    const stack: number[] = [];
    for (let k = i; k > 0; k = t.parent[k]!) stack.push(t.method[k]!);
    out.push({ stack: stack.reverse(), count: t.self[i]! });
  }
  return out;
}

test('callers tree: totals and selves by chain of callers match brute force over samples', () => {
  for (const file of [small(), randomFile(6), randomFile(7)]) {
    const p = readProfile(file);
    const t = buildTree(p);
    const all = samples(t);
    const mt = methodTotals(t, p.methods.length);
    for (const m of mt.present) {
      const nodes = callersOf(t, m);
      assert.equal(nodes[0]!.total, mt.total[m]);
      assert.equal(nodes[0]!.self, mt.self[m]);
      // For each callers node: its chain [m, c1, c2, ...]; brute force: samples whose stack has
      // m (first occurrence from the bottom) directly called by c1, called by c2, ...
      for (const n of nodes) {
        const chain: number[] = [];
        for (let k = nodes.indexOf(n); k >= 0; k = nodes[k]!.parent) chain.push(nodes[k]!.method);
        // chain is [cK, ..., c1, m] read from n up to the root: reverse to [m, c1, ...].
        chain.reverse();
        let total = 0;
        let self = 0;
        for (const s of all) {
          const at = s.stack.indexOf(m);
          if (at < 0) continue;
          let ok = at - (chain.length - 1) >= 0;
          for (let j = 1; ok && j < chain.length; j++) ok = s.stack[at - j] === chain[j];
          if (!ok) continue;
          total += s.count;
          if (s.stack[s.stack.length - 1] === m) self += s.count;
        }
        assert.equal(n.total, total, `callers total of ${chain.join('<-')}`);
        assert.equal(n.self, self, `callers self of ${chain.join('<-')}`);
      }
      // Children sum to at most the parent.
      for (const n of nodes) assert.ok(n.children.reduce((a, c) => a + nodes[c]!.total, 0) <= n.total);
    }
  }
});

test('callers tree of a small profile, with call lines', () => {
  const p = readProfile(small());
  const t = buildTree(p);
  const work = p.methods.findIndex((m) => m.name === 'work');
  const nodes = callersOf(t, work);
  const name = (i: number): string => p.methods[nodes[i]!.method]!.name;
  assert.equal(name(0), 'work');
  // work: main thread 5+2+1+4 (+ recursion counted once) + pool-1 4+3 = 19.
  assert.equal(nodes[0]!.total, 19);
  assert.deepEqual(
    nodes[0]!.children.map((c) => [name(c), nodes[c]!.total, nodes[c]!.line]).sort(),
    [
      ['main', 15, 12],
      ['run', 4, 40],
    ],
  );
  const sq = p.methods.findIndex((m) => m.name === 'sq');
  const s = callersOf(t, sq);
  assert.deepEqual(s.map((n) => [p.methods[n.method]!.name, n.total, n.line]), [
    ['sq', 4, 0],
    ['work', 4, 35],
    ['work', 4, 33],
    ['main', 4, 12],
  ]);
});

test('search: plain text, case-insensitive, matched samples counted once per sample', () => {
  for (const file of [small(), randomFile(8), randomFile(9)]) {
    const p = readProfile(file);
    const t = buildTree(p);
    for (const q of ['a.A', 'F', 'rec', '.', 'java.util', 'nothing-like-this', '(', '.*', '']) {
      const mm = matchMethods(p.methods, q);
      const r = searchTree(t, mm);
      const ql = q.trim().toLowerCase();
      const match = (m: number): boolean => ql !== '' && `${p.methods[m]!.className}.${p.methods[m]!.name}`.toLowerCase().includes(ql);
      let expected = 0;
      for (const s of samples(t)) if (s.stack.some(match)) expected += s.count;
      assert.equal(r.matchedSamples, expected, `query ${q}`);
      for (let i = 1; i < t.size; i++) assert.equal(r.nodeMatch[i] === 1, match(t.method[i]!));
    }
  }
  // Regex metacharacters are literal.
  const p = readProfile(small());
  assert.equal(searchTree(buildTree(p), matchMethods(p.methods, '.*')).matchedSamples, 0);
});

test('context paths survive a re-indexed methods table; missing paths resolve to the deepest prefix', () => {
  const a = readProfile(small());
  const ta = buildTree(a);
  const keysA = a.methods.map(methodKey);
  const sq = ta.method.findIndex((m) => m >= 0 && a.methods[m]!.name === 'sq');
  const path = contextPath(ta, keysA, sq);
  assert.equal(path.length, 4);
  // A later profile where new methods come first (indices shift) and more contexts exist.
  const later = new ProfileBuilder({ granularity: 100 })
    .sample(['demo.Aaa.first()V', 'demo.Aaa.second()V'], { count: 3 })
    .sample(['demo.Main.main([Ljava/lang/String;)V', 'demo.Main.work(I)I:12', 'demo.Main.work(I)I:33', 'demo.Util.sq(I)I:35'], { count: 9 })
    .toFile();
  const b = readProfile(later);
  const tb = buildTree(b);
  const keysB = b.methods.map(methodKey);
  const r = resolvePath(tb, keysB, path);
  assert.equal(r.exact, true);
  assert.equal(b.methods[tb.method[r.node]!]!.name, 'sq');
  assert.equal(tb.total[r.node], 9);
  const missing = resolvePath(tb, keysB, [...path.slice(0, 2), ['x\u0000y\u0000()V', 1]]);
  assert.equal(missing.exact, false);
  assert.equal(b.methods[tb.method[missing.node]!]!.name, 'work');
});

test('hottest lines: of a context (own lines and call lines) and of a method', () => {
  const p = readProfile(small());
  const t = buildTree(p);
  const main = childrenOf(t, 0)[0]!;
  // main: self at line 9 (2); calls work from 12 (5+2+4+3 = 14) and 14 (1).
  assert.equal(contextHotLine(p, t, main), 12);
  const work = p.methods.findIndex((m) => m.name === 'work');
  // work: line 30: 5+1+4 = 10, line 31: 2+3 = 5, line 33: 4 (call to work), 35: 4 (call to sq).
  assert.equal(methodHotLine(p, t, work), 30);
});

test('frame tooltips give shares with their 95% interval, or "exact" for an exact profile', () => {
  const p = readProfile(small());
  const t = buildTree(p);
  const main = childrenOf(t, 0)[0]!;
  // main: 17 of 21 samples on the stack (both threads), 2 on top; Wilson [60.0%, 92.3%] and [2.7%, 28.9%].
  const rows = new Map(frameTooltip(p, t, main, 'all').rows);
  assert.equal(rows.get('Total'), '81.0% (95% CI 60.0–92.3%, 17 of 21 samples)');
  assert.equal(rows.get('Self'), '9.5% (95% CI 2.7–28.9%, 2 of 21 samples)');
  const file = small();
  file.meta = { ...file.meta, engine: 'interp-exact', agent: 'exact', granularity: 1 };
  const e = readProfile(file);
  assert.equal(new Map(frameTooltip(e, buildTree(e), main, 'all').rows).get('Total'), '81.0% (exact, 17 of 21 bytecodes)');
});

test('invalid profiles are rejected with the JSON path of the problem', () => {
  const bad = (v: unknown, re: RegExp): void => {
    assert.throws(() => readProfile(v), (e: unknown) => e instanceof ProfileError && re.test(e.message), String(re));
  };
  bad(null, /\$: expected an object, found null/);
  bad('{not json', /invalid JSON/);
  bad({ format: 'other' }, /format: expected "komorium-profile"/);
  bad({ format: 'komorium-profile', version: 2 }, /newer than this viewer reads/);
  const f = small() as unknown as { threads: { nodes: unknown[] }[]; methods: unknown[] };
  const clone = (): typeof f => JSON.parse(JSON.stringify(f)) as typeof f;
  let g = clone();
  (g.threads[0]!.nodes[2] as number[])[0] = 5;
  bad(g, /threads\[0\]\.nodes\[2\]\[0\]: parent must be an index before 2/);
  g = clone();
  (g.threads[0]!.nodes[1] as number[])[1] = 99;
  bad(g, /threads\[0\]\.nodes\[1\]\[1\]: method index out of range/);
  g = clone();
  g.methods[0] = ['a', 'b'];
  bad(g, /methods\[0\]: expected \[className/);
  g = clone();
  (g.threads[1]!.nodes[1] as unknown[])[3] = 'x';
  bad(g, /threads\[1\]\.nodes\[1\]\[3\]: expected an integer/);
  // An empty profile is valid: no threads, no samples.
  const empty = readProfile({ format: 'komorium-profile', version: 1, meta: {}, methods: [], threads: [] });
  assert.equal(empty.totalSamples, 0);
  assert.equal(buildTree(empty).size, 1);
});

test('a 50k-context profile builds quickly', () => {
  const file = generateProfile({ contexts: 50000, samples: 1000000, seed: 3 });
  const t0 = performance.now();
  const p = readProfile(file);
  const t1 = performance.now();
  const t = buildTree(p);
  const t2 = performance.now();
  methodTotals(t, p.methods.length);
  const t3 = performance.now();
  assert.equal(t.total[0], 1000000);
  assert.ok(t.size >= 45000 && t.size <= 50000, `size ${t.size}`);
  console.log(`webview model, 50k contexts: read ${(t1 - t0).toFixed(1)} ms, tree ${(t2 - t1).toFixed(1)} ms, method totals ${(t3 - t2).toFixed(1)} ms (${t.size} merged contexts, depth ${t.maxDepth})`);
});
