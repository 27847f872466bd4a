// komorium diff on random profiles (several threads, recursion, repeated call lines, lines on
// the stack more than once, contexts only on one side, different granularities): the same
// result, to the last bit of every estimate and in the same order, as the straightforward
// version it replaced (profile-diff-reference.ts), with and without contexts and per thread.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allEntries, diffFlat, diffProfiles } from '../../server/src/profile/diff';
import { collectLocal, type DiffInput } from '../../server/src/profile/diff-side';
import { collected } from '../../server/src/profile/diff-side-cache';
import { flatProfile } from '../../server/src/profile/flat';
import { profileFromJson } from '../../server/src/profile/load';
import type { NodeEntry, Profile, ProfileFile, ThreadFile } from '../../server/src/profile/schema';
import { referenceDiff } from './profile-diff-reference';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines far apart, at and beyond LINE_SPACE's clamp (diff-collect.ts: the dense tables of lines per method give way to the hash tables). */
const FAR_LINES = [1, 2, 65533, 65534, 65535, 65536, 70000, 1e6];

/** A random profile; `variant` changes some weights and shapes of the same seed's profile; call lines and lines from `far` when given. */
function randomProfile(seed: number, variant: number, granularity: number, far: number[] | null = seed % 4 === 0 ? FAR_LINES : null): ProfileFile {
  const r = rng(seed);
  const v = rng(seed * 31 + variant);
  const int = (n: number): number => Math.floor(r() * n);
  const nMethods = 3 + int(12);
  const methods: ProfileFile['methods'] = [];
  for (let m = 0; m < nMethods; m++) methods.push([`p.C${m % 4}`, `m${m % 7}`, m % 3 === 0 ? '()V' : '(I)I', m % 5 === 4 ? null : `C${m % 4}.java`]);
  const threads: ThreadFile[] = [];
  const nThreads = 1 + int(4);
  for (let t = 0; t < nThreads; t++) {
    const n = 1 + int(60);
    const nodes: NodeEntry[] = [[-1, -1, 0, 0]];
    let samples = 0;
    for (let i = 1; i < n; i++) {
      const parent = r() < 0.6 ? i - 1 : int(i);
      // few methods and lines: recursion and repeated (method, line) pairs on one stack
      const method = v() < 0.05 ? int(nMethods) : int(nMethods);
      const callLine = far ? far[int(far.length)]! : int(4);
      let self = r() < 0.3 ? 0 : 1 + int(20);
      if (variant > 0 && v() < 0.3) self = int(25);
      if (self === 0) {
        nodes.push([parent, method, callLine, 0]);
        continue;
      }
      const a = far ? far[int(far.length)]! : 1 + int(3);
      const lines = r() < 0.5 || self < 2 ? [a, self] : [a, self - 1, a + 1 + int(2), 1];
      nodes.push(r() < 0.1 ? [parent, method, callLine, self] : [parent, method, callLine, self, lines]);
      samples += self;
    }
    threads.push({ name: `t${t % 2}`, seq: t >> 1, bytecodes: samples * granularity + int(granularity), samples, nodes });
  }
  const totalSamples = threads.reduce((s, t) => s + t.samples, 0);
  const totalBytecodes = threads.reduce((s, t) => s + t.bytecodes, 0);
  return {
    format: 'komorium-profile',
    version: 1,
    meta: { engine: 'test', vm: '', jdk: '17', granularity, random: 0, seed: 1, program: 'p.Main', args: [], scope: 'all', agent: 'test', startTime: 0, endTime: 1, totalBytecodes, totalSamples },
    methods,
    threads,
  };
}

/** A profile's side collected on its own (the side cache's form). */
function collectedSide(p: Profile): DiffInput {
  const flat = flatProfile(p);
  return collected(flat, collectLocal(flat)!);
}

test('komorium diff equals the reference on 400 random pairs of profiles', () => {
  let changed = 0;
  for (let seed = 1; seed <= 400; seed++) {
    const a = profileFromJson(randomProfile(seed, 0, 1000));
    const b = profileFromJson(randomProfile(seed, 1 + (seed % 3), seed % 7 === 0 ? 3000 : 1000));
    for (const opts of [{}, { contexts: false }, { thread: 't1' }]) {
      const got = diffProfiles(a, b, opts);
      assert.equal(JSON.stringify(got), JSON.stringify(referenceDiff(a, b, opts)), `seed ${seed} ${JSON.stringify(opts)}`);
      // the first rows alone (text and Markdown: sorted by the deltas, label order only among equal deltas) are the full list's first rows
      const lazy = diffFlat(flatProfile(a), flatProfile(b), opts);
      for (const k of [1, 2, 5]) for (const key of ['methods', 'lines', 'contexts'] as const) assert.equal(JSON.stringify(lazy[key].slice(0, k)), JSON.stringify(got[key].slice(0, k)), `seed ${seed} ${key} first ${k}`);
      // both sides collected on their own first (the side cache's form)
      if (opts.thread === undefined) assert.equal(JSON.stringify(allEntries(diffFlat(collectedSide(a), collectedSide(b), opts))), JSON.stringify(got), `seed ${seed} ${JSON.stringify(opts)} collected`);
      changed += got.contexts.length;
    }
    assert.equal(JSON.stringify(diffProfiles(b, b)), JSON.stringify(referenceDiff(b, b)), `seed ${seed}: itself`);
  }
  assert.ok(changed > 1000, `only ${changed} changed contexts: the profiles do not differ enough`);
});

test('both sides collected on their own give the one-pass diff, lines beyond the line keys (2^21) included', () => {
  const far = [1, 2, 65535, 65536, 2 ** 21 - 2, 2 ** 21 + 5, 5e6];
  for (let seed = 1; seed <= 100; seed++) {
    const a = profileFromJson(randomProfile(seed, 0, 1000, far));
    const b = profileFromJson(randomProfile(seed, 1 + (seed % 3), 1000, far));
    for (const opts of [{}, { contexts: false }]) assert.equal(JSON.stringify(allEntries(diffFlat(collectedSide(a), collectedSide(b), opts))), JSON.stringify(diffProfiles(a, b, opts)), `seed ${seed} ${JSON.stringify(opts)}`);
  }
});
