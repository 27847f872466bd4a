// The side cache: a profile's collected side of a diff (diff-side.ts: LocalSide) with the
// profile's head, stored in Komorium's cache under the SHA-256 of the profile file's text (and
// the format of the entry and the limits it was checked against), so that a profile read again
// (a baseline compared many times, `komorium check --baseline`, a CI job diffing the same base)
// is a load of typed arrays: no parse, no walk of its trees. Keyed by content, an entry never
// answers for another text; a damaged entry (transform/cache-store.ts checks its digest) is
// ignored and written again.

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { cacheRoot } from '../engine/cache';
import { readCacheEntry, writeCacheEntry } from '../transform/cache-store';
import type { FlatProfile } from './flat';
import { readProfileText, parseFlatProfile, type LoadOptions } from './load';
import type { MergedTree } from './diff-merge';
import { collectLocal, type CollectedProfile, type DiffInput, type LocalSide, type ThreadSummary } from './diff-side';

/** Bumped whenever what a LocalSide holds, or how it is computed, changes. */
const FORMAT = 'komorium-diff-side-1';

/** The directory of the side cache ($KOMORIUM_CACHE/diff-sides by default). */
export function sideCacheDir(): string {
  return join(cacheRoot(), 'diff-sides');
}

/** The entry's key: the profile's text, as checked against `limits`. */
export function sideCacheKey(text: string, opts: LoadOptions = {}): string {
  return createHash('sha256').update(`${FORMAT}\n${JSON.stringify(opts.limits ?? {})}\n`).update(text).digest('hex');
}

interface Head {
  version: number;
  meta: CollectedProfile['meta'];
  methods: CollectedProfile['methods'];
  threads: ThreadSummary[];
  total: number;
  slots: number;
  nodes: number;
}

type Field = Float64Array | Int32Array | Uint8Array;

/** The side's arrays in one fixed order (8-byte ones first, so that every view is aligned). */
function fields(s: LocalSide): Field[] {
  const m = s.methods;
  const l = s.lines;
  const c = s.contexts!;
  return [m.selfB, m.totalB, m.self, m.total, l.key, l.selfB, l.totalB, l.self, l.total, c.callLine, c.self, c.selfB, c.total, c.totalB, l.method, l.line, c.parent, c.method, m.present, l.present];
}

/** The entry's data: the side's arrays one after another. */
function encode(s: LocalSide): Uint8Array {
  const fs = fields(s);
  const out = new Uint8Array(fs.reduce((a, f) => a + f.byteLength, 0));
  let at = 0;
  for (const f of fs) {
    out.set(new Uint8Array(f.buffer, f.byteOffset, f.byteLength), at);
    at += f.byteLength;
  }
  return out;
}

/** The side from an entry's data, or undefined when its size does not fit the head. */
function decode(h: Head, data: Uint8Array): LocalSide | undefined {
  const mc = h.methods.length;
  const sc = h.slots;
  const nc = h.nodes;
  const size = 8 * (4 * mc + 5 * sc + 5 * nc) + 4 * (2 * sc + 2 * nc) + mc + sc;
  if (data.length !== size) return undefined;
  const buf = new ArrayBuffer(size);
  new Uint8Array(buf).set(data);
  let at = 0;
  const f64 = (n: number): Float64Array => {
    const a = new Float64Array(buf, at, n);
    at += 8 * n;
    return a;
  };
  const i32 = (n: number): Int32Array => {
    const a = new Int32Array(buf, at, n);
    at += 4 * n;
    return a;
  };
  const u8 = (n: number): Uint8Array => {
    const a = new Uint8Array(buf, at, n);
    at += n;
    return a;
  };
  const mSelfB = f64(mc), mTotalB = f64(mc), mSelf = f64(mc), mTotal = f64(mc);
  const lKey = f64(sc), lSelfB = f64(sc), lTotalB = f64(sc), lSelf = f64(sc), lTotal = f64(sc);
  const cCallLine = f64(nc), cSelf = f64(nc), cSelfB = f64(nc), cTotal = f64(nc), cTotalB = f64(nc);
  const lMethod = i32(sc), lLine = i32(sc), cParent = i32(nc), cMethod = i32(nc);
  const mPresent = u8(mc), lPresent = u8(sc);
  const contexts: MergedTree = { count: nc, parent: cParent, method: cMethod, callLine: cCallLine, self: cSelf, selfB: cSelfB, total: cTotal, totalB: cTotalB };
  return {
    total: h.total,
    methods: { present: mPresent, selfB: mSelfB, totalB: mTotalB, self: mSelf, total: mTotal },
    lines: { count: sc, method: lMethod, line: lLine, key: lKey, present: lPresent, selfB: lSelfB, totalB: lTotalB, self: lSelf, total: lTotal },
    contexts,
  };
}

/** The collected profile stored under `key`, or undefined. */
export function readCollected(key: string, dir = sideCacheDir()): CollectedProfile | undefined {
  const e = readCacheEntry(dir, key);
  if (e === undefined) return undefined;
  let h: Head;
  try {
    h = JSON.parse(e.meta) as Head;
  } catch {
    return undefined;
  }
  const side = decode(h, e.data);
  if (side === undefined) return undefined;
  return { version: h.version, meta: h.meta, methods: h.methods, threads: h.threads, side };
}

/** Stores the profile's collected side (all threads, contexts included) under `key` (best effort). */
export function writeCollected(key: string, p: CollectedProfile, dir = sideCacheDir()): void {
  if (p.side.contexts === null) throw new Error('only a side with its contexts is cached');
  const h: Head = { version: p.version, meta: p.meta, methods: p.methods, threads: p.threads, total: p.side.total, slots: p.side.lines.count, nodes: p.side.contexts.count };
  writeCacheEntry(dir, key, encode(p.side), JSON.stringify(h));
}

/** The head of a flat profile with its side. */
export function collected(p: FlatProfile, side: LocalSide): CollectedProfile {
  return { version: p.version, meta: p.meta, methods: p.methods, threads: p.threads.map((t) => ({ name: t.name, seq: t.seq, merged: t.merged, bytecodes: t.bytecodes, samples: t.samples })), side };
}

export interface SideCacheOptions extends LoadOptions {
  /** false: neither read nor write the cache (default: both). */
  cache?: boolean;
  /** The cache's directory (default sideCacheDir()). */
  dir?: string;
}

/**
 * A profile file as the diff reads it (all threads): from the side cache when its text has an
 * entry, else parsed and collected, and stored. The same checks and errors as loadFlatProfile
 * on a miss; a hit is a text that passed them (with the same limits) before. Profiles that list
 * a method twice have no collected side: their flat form.
 */
export function loadDiffInput(path: string, opts: SideCacheOptions = {}): DiffInput {
  const text = readProfileText(path, opts);
  return diffInputOfText(text, path, opts);
}

/** loadDiffInput of a profile's text already read. */
export function diffInputOfText(text: string, source: string, opts: SideCacheOptions = {}): DiffInput {
  const useCache = opts.cache !== false;
  const dir = opts.dir ?? sideCacheDir();
  const key = useCache ? sideCacheKey(text, opts) : '';
  if (useCache) {
    const hit = readCollected(key, dir);
    if (hit !== undefined) return hit;
  }
  const flat = parseFlatProfile(text, source, opts);
  const side = collectLocal(flat);
  if (side === null) return flat;
  const p = collected(flat, side);
  if (useCache) writeCollected(key, p, dir);
  return p;
}
