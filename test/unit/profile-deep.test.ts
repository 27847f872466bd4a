// Pathological profiles: a 1,000,000-deep chain of calls and a profile with 490,000
// contexts go through the loader, the report, every export (streamed to files), the
// comparison helpers and the language server's load and export path (a worker thread), with
// correct content; profiles over the server's limits get an error naming the limit and the
// server stays alive. Before the fix the collapsed and speedscope exports died with a V8 fatal
// OOM and profileDifferences ran out of memory (O(depth²) paths).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, createProtocolConnection, ProposedFeatures, type ProtocolConnection } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/lsp/server';
import * as P from '../../server/src/lsp/protocol';
import { profileJob } from '../../server/src/lsp/profile-job';
import { callersOf, lineCallers } from '../../server/src/lsp/hotness';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { loadProfile } from '../../server/src/profile/load';
import { exportChunks, writeExport } from '../../server/src/profile/export';
import { reportChunks } from '../../server/src/profile/report';
import { profileDifferences } from '../../server/src/profile/equal';
import { overlap } from '../../server/src/profile/overlap';
import { ProfileLimitError } from '../../server/src/profile/limits';
import { MAX_STACK_DEPTH } from '../../server/src/profile/stacks';
import type { Profile } from '../../server/src/profile/schema';
import type { SpeedscopeFile } from '../../server/src/profile/export-speedscope';
import { tempDir } from '../helpers/java';

const dir = tempDir('profile-deep');
const DEPTH = 1_000_000;
const WIDE = 700; // WIDE children of main, each with WIDE - 1 leaves: about 490,000 contexts

function header(samples: number, methods: string[]): string {
  return (
    `{"format":"komorium-profile","version":1,\n"meta":{"engine":"test","vm":"","jdk":"17","granularity":1000,"random":0,"seed":1,"program":"a.Deep","args":[],"scope":"app","agent":"test",` +
    `"startTime":0,"endTime":0,"totalBytecodes":${samples * 1000},"totalSamples":${samples}},\n"methods":[\n${methods.join(',\n')}],\n` +
    `"threads":[\n{"name":"main","seq":0,"bytecodes":${samples * 1000},"samples":${samples},"nodes":[\n[-1,-1,0,0]`
  );
}

/** main calls rec, which calls itself depth - 2 times; one sample in every frame. */
function deepChain(depth = DEPTH): string {
  const parts = [header(depth, ['["a.Deep","rec","(I)V","Deep.java"]', '["a.Deep","main","([Ljava/lang/String;)V","Deep.java"]'])];
  parts.push(',\n[0,1,0,1,[3,1]]');
  for (let i = 2; i <= depth; i++) parts.push(`,\n[${i - 1},0,${i === 2 ? 4 : 7},1,[7,1]]`);
  parts.push(']}]}\n');
  return parts.join('');
}

/** main with WIDE children, each with WIDE - 1 leaf children of one sample. */
function wideTree(): { text: string; nodes: number; samples: number } {
  const methods = ['["a.Wide","main","([Ljava/lang/String;)V","Wide.java"]'];
  for (let m = 0; m < 100; m++) methods.push(`["a.Wide","m${m}","()V","Wide.java"]`);
  const samples = WIDE * (WIDE - 1);
  const parts = [header(samples, methods), ',\n[0,0,0,0]'];
  let id = 2;
  for (let i = 0; i < WIDE; i++) {
    const mid = id++;
    parts.push(`,\n[1,${1 + (i % 100)},${i + 1},0]`);
    for (let j = 0; j < WIDE - 1; j++, id++) parts.push(`,\n[${mid},${1 + (j % 100)},${j + 1},1,[5,1]]`);
  }
  parts.push(']}]}\n');
  return { text: parts.join(''), nodes: id, samples };
}

const deepFile = join(dir, 'deep.json');
writeFileSync(deepFile, deepChain());
const wide = wideTree();
const wideFile = join(dir, 'wide.json');
writeFileSync(wideFile, wide.text);

/** Occurrences of each needle in a file, read as a stream in one pass. */
async function countInFile(path: string, needles: string[]): Promise<number[]> {
  const counts = needles.map(() => 0);
  const keep = Math.max(...needles.map((n) => n.length)) - 1;
  let carry = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const s = carry + (chunk as string);
    // Matches starting in the carried tail were counted with the previous chunk.
    const from = carry.length;
    needles.forEach((needle, k) => {
      for (let i = s.indexOf(needle, Math.max(0, from - needle.length + 1)); i >= 0; i = s.indexOf(needle, i + needle.length)) counts[k]!++;
    });
    carry = s.slice(Math.max(s.length - keep, 0));
  }
  return counts;
}

function collapsedLines(text: string): { frames: string[]; weight: number }[] {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => {
      const sp = l.lastIndexOf(' ');
      return { frames: l.slice(0, sp).split(';'), weight: Number(l.slice(sp + 1)) };
    });
}

let deep: Profile;

test('a 1,000,000-deep chain loads', () => {
  deep = loadProfile(deepFile);
  const t = deep.threads[0]!;
  assert.equal(t.nodes.length, DEPTH + 1);
  assert.equal(t.nodes[DEPTH]!.depth, DEPTH);
  assert.equal(t.root.total, DEPTH);
  assert.equal(t.nodes[1]!.total, DEPTH);
  assert.equal(t.nodes[DEPTH / 2]!.total, DEPTH / 2 + 1);
});

test('the deep chain: report with tree and lines, streamed', () => {
  let lines = 0;
  let contexts = 0;
  let deepest = '';
  let text = '';
  for (const chunk of reportChunks(deep, { tree: true, lines: true })) {
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) lines++;
    if (chunk.includes('a.Deep.rec (I)V  [line 7]')) {
      contexts++;
      deepest = chunk;
    }
    // Keep the small sections: everything but the tree's lines.
    if (!chunk.includes('[depth ') && text.length < 100_000) text += chunk;
  }
  assert.equal(contexts, DEPTH - 2, 'every rec context below the first is a line of the tree');
  assert.match(deepest, /\[depth 1000000\] a\.Deep\.rec/);
  assert.match(text, /CPU SAMPLES BEGIN \(total = 1000000\)/);
  assert.match(text, /^ {3}1 100\.00% 100\.00% {2}999999 a\.Deep\.rec \(I\)V$/m);
  assert.match(text, /^ {3}2 {2}0\.00% 100\.00% {7}1 a\.Deep\.main/m);
  assert.match(text, /a\.Deep\.rec \(I\)V {2}self 999999 \(100\.00%\) {2}total 999999 \(100\.00%\)/);
  assert.match(text, /Deep\.java:7 +self +999999 +100\.00% +total +999999/);
  assert.ok(lines > DEPTH);
});

test('the deep chain: collapsed stacks are cut at MAX_STACK_DEPTH frames with a [truncated] frame', async () => {
  const out = join(dir, 'deep.collapsed');
  await writeExport(deep, 'collapsed', out);
  const lines = collapsedLines(readFileSync(out, 'utf8'));
  assert.equal(lines.length, MAX_STACK_DEPTH + 1);
  assert.deepEqual(lines[0], { frames: ['a.Deep.main'], weight: 1 });
  lines.forEach((l, i) => {
    assert.equal(l.frames.length, i + 1);
    if (i > 0) assert.equal(l.frames[i], i < MAX_STACK_DEPTH ? 'a.Deep.rec' : '[truncated]');
  });
  assert.equal(lines.at(-1)!.weight, DEPTH - MAX_STACK_DEPTH);
  assert.equal(
    lines.reduce((s, l) => s + l.weight, 0),
    DEPTH,
    'no sample lost',
  );
});

test('the deep chain: speedscope, streamed, same stacks and weights', async () => {
  const out = join(dir, 'deep.speedscope.json');
  await writeExport(deep, 'speedscope', out);
  const s = JSON.parse(readFileSync(out, 'utf8')) as SpeedscopeFile;
  assert.deepEqual(
    s.shared.frames.map((f) => f.name),
    ['a.Deep.main', 'a.Deep.rec', '[truncated]'],
  );
  const pr = s.profiles[0]!;
  assert.equal(pr.samples.length, MAX_STACK_DEPTH + 1);
  assert.equal(pr.weights.reduce((a, b) => a + b, 0), DEPTH);
  assert.equal(pr.endValue, DEPTH);
  assert.deepEqual(pr.samples.at(-1)!.slice(-2), [1, 2]);
  assert.equal(pr.samples.at(-1)!.length, MAX_STACK_DEPTH + 1);
});

test('the deep chain: cpuprofile, streamed: every node and every sample', async () => {
  const out = join(dir, 'deep.cpuprofile');
  await writeExport(deep, 'cpuprofile', out);
  const needles = ['"callFrame":', '"hitCount":1,', '"positionTicks":[{"line":7,"ticks":1}]', ',"endTime":1000000,"samples":[2,3,4,', `,${DEPTH + 1}],"timeDeltas":[1,1,1,`];
  // Every node; one sample per hit: the ids 2 .. DEPTH + 1 each once in "samples".
  assert.deepEqual(await countInFile(out, needles), [DEPTH + 1, DEPTH, DEPTH - 1, 1, 1]);
  const tail = await countInFile(out, ['1,1,1,1,1]}\n']);
  assert.deepEqual(tail, [1]);
});

test('the deep chain: comparisons stay linear', () => {
  assert.deepEqual(profileDifferences(deep, deep), []);
  assert.equal(overlap(deep, deep, { lines: true }), 100);
});

test('a profile with about 490,000 contexts: load, report, exports', async () => {
  const p = loadProfile(wideFile);
  assert.equal(p.threads[0]!.nodes.length, wide.nodes);
  let rows = 0;
  for (const chunk of reportChunks(p, { tree: true })) if (/\ba\.Wide\.m\d+ \(\)V {2}\[line \d+\]\n$/.test(chunk)) rows++;
  assert.equal(rows, wide.nodes - 2);
  // Collapsed: contexts with the same methods merge (call lines are not part of a frame).
  let lines = 0;
  let sum = 0;
  for (const chunk of exportChunks(p, 'collapsed')) {
    lines++;
    sum += Number(chunk.slice(chunk.lastIndexOf(' ') + 1));
  }
  assert.equal(lines, 100 * 100);
  assert.equal(sum, wide.samples);
  const out = join(dir, 'wide.speedscope.json');
  await writeExport(p, 'speedscope', out);
  const s = JSON.parse(readFileSync(out, 'utf8')) as SpeedscopeFile;
  assert.equal(s.profiles[0]!.samples.length, 100 * 100);
  assert.equal(s.profiles[0]!.endValue, wide.samples);
});

test('the server-side loader: limits with a clear error naming the limit', () => {
  const path = join(dir, 'chain.json');
  writeFileSync(path, deepChain(3000));
  const r = profileJob({ kind: 'load', path, limits: { maxDepth: 3000, maxNodes: 3001 } });
  assert.ok(r);
  // The index the hovers use, computed linearly (it walked up from every context before).
  const ix = r.index;
  assert.equal(ix.samples, 3000);
  assert.equal(ix.stats.get(0)!.total, 2999);
  assert.equal(ix.stats.get(0)!.self, 2999);
  assert.deepEqual(callersOf(ix, 0), [{ caller: 'Deep.main(String[])', callLine: 4, samples: 2999 }]);
  // Per context: its own sample at line 7 plus its callee's (below the first, called by rec).
  assert.deepEqual(lineCallers(ix, 0, 7), [
    { caller: 'Deep.rec(int)', callLine: 7, samples: (2998 * 2999) / 2 },
    { caller: 'Deep.main(String[])', callLine: 4, samples: 2999 },
  ]);
  const limited = (limits: Parameters<typeof profileJob>[0]['limits'], re: RegExp) =>
    assert.throws(() => profileJob({ kind: 'load', path, limits }), (e: unknown) => e instanceof ProfileLimitError && re.test(e.message));
  limited({ maxDepth: 2999 }, /chain\.json: threads\[0\]\.nodes\[3000\]: calling-context depth: 3,000 is over the limit of 2,999 \(maxDepth\)/);
  limited({ maxNodes: 3000 }, /chain\.json: threads: calling-context nodes \(all threads\): 3,001 is over the limit of 3,000 \(maxNodes\)/);
  limited({ maxFileBytes: 1024 }, /chain\.json: \$: file size in bytes: [\d,]+ is over the limit of 1,024 \(maxFileBytes\)/);
});

// The language server on in-process streams, loading in its worker thread.
function server(limits?: Parameters<typeof startServer>[1]): ProtocolConnection {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startServer(createConnection(ProposedFeatures.all, toServer, toClient), limits);
  const client = createProtocolConnection(toClient, toServer);
  client.listen();
  after(() => client.dispose());
  return client;
}

test('the language server loads and exports the deep chain; over a limit it answers with the limit and stays alive', async () => {
  const client = server();
  await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
  const loading = client.sendRequest<P.ProfileSummary>(P.LoadProfileRequest, { path: deepFile });
  // Answered while the profile loads (the load runs in a worker thread).
  assert.deepEqual(await client.sendRequest<P.ProfileParams>(P.CurrentProfileRequest), { profile: null, live: false, title: '', summary: null });
  const summary = await loading;
  assert.equal(summary.samples, DEPTH);
  assert.equal(summary.methods, 2);
  const cur = await client.sendRequest<P.ProfileParams>(P.CurrentProfileRequest);
  assert.equal(typeof cur.profile, 'string');
  const out = join(dir, 'server.collapsed');
  await client.sendRequest(P.ExportProfileRequest, { format: 'collapsed', path: out });
  const lines = collapsedLines(readFileSync(out, 'utf8'));
  assert.equal(lines.length, MAX_STACK_DEPTH + 1);
  assert.equal(lines.reduce((s, l) => s + l.weight, 0), DEPTH);

  const strict = server({ profileLimits: { maxDepth: 1000 } });
  await strict.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
  await assert.rejects(strict.sendRequest(P.LoadProfileRequest, { path: deepFile }), /calling-context depth: 1,001 is over the limit of 1,000 \(maxDepth\)/);
  const small = join(dir, 'small.json');
  writeFileSync(small, JSON.stringify(new ProfileBuilder().sample(['a.Deep.main([Ljava/lang/String;)V', 'a.Deep.rec(I)V:4'], { count: 3 }).toFile()));
  assert.equal((await strict.sendRequest<P.ProfileSummary>(P.LoadProfileRequest, { path: small })).samples, 3, 'the server still answers');
});
