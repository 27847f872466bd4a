// The default agent's profile (docs/PROFILE_FORMAT.md, version 1) as the runtime's
// ProfileWriter.render writes it (runtime/java/komorium/rt/ProfileWriter.java, ExportNode.java),
// in TypeScript: the embedded engine's native render (ProfileWriter.ts) builds the export trees
// from the runtime's objects and this writes them, byte for byte as the Java code does. Any
// change here must be made there too (test/unit/interp-profile-writer.test.ts compares them).

import { ladd, type Long } from '../../../long';

/** A node of an export tree (ExportNode.java): one per method key and call line under its parent. */
export class ExportNode {
  self: Long = 0;
  /** Children in creation order. */
  readonly kids: ExportNode[] = [];
  private index: Map<number, ExportNode> | null = null;
  /** Samples per line (an int). */
  private lines: Map<number, Long> | null = null;

  constructor(
    readonly key: number,
    readonly line: number,
  ) {}

  /** The child for key `k` called at line `l` (ints), created on first use. */
  child(k: number, l: number): ExportNode {
    let ix = this.index;
    if (ix === null) ix = this.index = new Map();
    const id = k * 4294967296 + (l >>> 0);
    let n = ix.get(id);
    if (n === undefined) {
      n = new ExportNode(k, l);
      ix.set(id, n);
      this.kids.push(n);
    }
    return n;
  }

  /** Adds `count` samples at `line` (as an int, as Java's `(int) line`). */
  addLine(line: number, count: Long): void {
    let ls = this.lines;
    if (ls === null) ls = this.lines = new Map();
    const key = line | 0;
    const c = ls.get(key);
    ls.set(key, c === undefined ? count : ladd(c, count));
  }

  get nLines(): number {
    return this.lines === null ? 0 : this.lines.size;
  }

  /** The lines with samples, ascending, each with its count. */
  sortedLines(): [number, Long][] {
    if (this.lines === null) return [];
    return [...this.lines].sort((a, b) => a[0] - b[0]);
  }

  /** Adds this node's lines into `d`. */
  addLinesTo(d: ExportNode): void {
    if (this.lines !== null) for (const [l, c] of this.lines) d.addLine(l, c);
  }

  /** Sorts the children by their key's rank, then call line: distinct pairs, so a total order. */
  sortKids(rank: Int32Array): void {
    if (this.kids.length < 2) return;
    this.kids.sort((x, y) => rank[x.key] - rank[y.key] || x.line - y.line);
  }
}

/** A thread's part of the profile (ProfileWriter.Out). */
export interface ThreadOut {
  name: string;
  seq: number;
  samples: Long;
  bytecodes: Long;
  merged: number;
  tree: ExportNode;
}

/** A method key's names, as MIDImpl's getters give them. */
export interface MethodNames {
  className: string;
  methodName: string;
  descriptor: string;
  sourceFile: string | null;
}

/** The profile's "meta" values the Java writer reads from komorium.rt.Config. */
export interface ProfileMeta {
  engine: string;
  vm: string;
  jdk: string;
  granularity: number;
  random: number;
  seed: Long;
  program: string;
  args: string[];
  scope: string;
  startup: string | null;
  agent: string;
  startTime: Long;
  endTime: Long;
  maxThreads: number;
}

/** What render writes: the threads in registration order and the method keys in first-use order. */
export interface ProfileInput {
  meta: ProfileMeta;
  outs: ThreadOut[];
  keyStrings: string[];
  keyNames: MethodNames[];
}

/** Java's `String.compareTo`: UTF-16 code units, as JS compares strings. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The profile's bytes (ProfileWriter.render after the trees were copied). */
export function renderProfile(input: ProfileInput): Uint8Array {
  const { meta, keyStrings, keyNames } = input;
  // Array.prototype.sort is stable, as the runtime's Sort.
  let outs = [...input.outs].sort((a, b) => compareStrings(a.name, b.name) || (a.seq < b.seq ? -1 : a.seq === b.seq ? 0 : 1));
  if (outs.length > meta.maxThreads) outs = mergeSmallest(outs, meta.maxThreads);
  let totalSamples: Long = 0;
  let totalBytecodes: Long = 0;
  for (const o of outs) {
    totalSamples = ladd(totalSamples, o.samples);
    totalBytecodes = ladd(totalBytecodes, o.bytecodes);
  }

  const j: string[] = [];
  j.push('{"format":"komorium-profile","version":1', ',\n"meta":{"engine":', str(meta.engine), ',"vm":', str(meta.vm), ',"jdk":', str(meta.jdk));
  j.push(',"granularity":', String(meta.granularity), ',"random":', String(meta.random), ',"seed":', String(meta.seed), ',"program":', str(meta.program), ',"args":[');
  j.push(meta.args.map(str).join(','), '],"scope":', str(meta.scope));
  if (meta.startup !== null) j.push(',"startup":', str(meta.startup));
  j.push(',"agent":', str(meta.agent), ',"startTime":', String(meta.startTime), ',"endTime":', String(meta.endTime));
  j.push(',"totalBytecodes":', String(totalBytecodes), ',"totalSamples":', String(totalSamples), '},\n');

  // Canonical order: children by the rank of their key string, then call line; method indices
  // in order of first appearance.
  const sorted = keyStrings.map((s, i) => [s, i] as const).sort((a, b) => compareStrings(a[0], b[0]));
  const rank = new Int32Array(keyStrings.length);
  for (let i = 0; i < sorted.length; i++) rank[sorted[i][1]] = i;
  const methodIndex = new Int32Array(keyStrings.length).fill(-1);
  const methodOrder: number[] = [];
  const threads: string[] = [];
  for (let t = 0; t < outs.length; t++) {
    const o = outs[t];
    if (t > 0) threads.push(',\n');
    threads.push('{"name":', str(o.name), ',"seq":', String(o.seq));
    if (o.merged > 0) threads.push(',"merged":', String(o.merged));
    threads.push(',"bytecodes":', String(o.bytecodes), ',"samples":', String(o.samples), ',"nodes":[\n');
    // Preorder with an explicit stack of (node, parent index).
    const stack: ExportNode[] = [o.tree];
    const parents: number[] = [-1];
    let next = 0;
    while (stack.length > 0) {
      const n = stack.pop() as ExportNode;
      const parent = parents.pop() as number;
      const id = next++;
      let m = -1;
      if (parent >= 0) {
        m = methodIndex[n.key];
        if (m < 0) {
          m = methodIndex[n.key] = methodOrder.length;
          methodOrder.push(n.key);
        }
      }
      if (id > 0) threads.push(',\n');
      threads.push(`[${parent},${m},${parent >= 0 ? n.line : 0},${String(n.self)}`);
      if (n.nLines > 0) threads.push(',[', n.sortedLines().map(([l, c]) => `${l},${String(c)}`).join(','), ']');
      threads.push(']');
      n.sortKids(rank);
      for (let i = n.kids.length - 1; i >= 0; i--) {
        stack.push(n.kids[i]);
        parents.push(id);
      }
    }
    threads.push(']}');
  }

  j.push('"methods":[\n');
  for (let i = 0; i < methodOrder.length; i++) {
    const m = keyNames[methodOrder[i]];
    if (i > 0) j.push(',\n');
    j.push('[', str(m.className.replace(/\//g, '.')), ',', str(m.methodName), ',', str(m.descriptor), ',', m.sourceFile === null ? 'null' : str(m.sourceFile), ']');
  }
  j.push('],\n"threads":[\n', threads.join(''), ']}\n');
  // Lone surrogates were escaped by str, so UTF-8 encodes every char as the Java writer does.
  return Buffer.from(j.join(''), 'utf8');
}

/** Keeps the max - 1 threads with most samples; merges the others into one entry (ProfileWriter.mergeSmallest). */
function mergeSmallest(canon: ThreadOut[], max: number): ThreadOut[] {
  const rank = new Map<ThreadOut, number>();
  canon.forEach((o, i) => rank.set(o, i));
  const bySamples = [...canon].sort((a, b) => {
    if (a.samples !== b.samples) return a.samples > b.samples ? -1 : 1;
    return (rank.get(a) as number) - (rank.get(b) as number);
  });
  const keep = max > 1 ? max - 1 : 0;
  const kept = new Set(bySamples.slice(0, keep));
  const r: ThreadOut[] = [];
  const other: ThreadOut = { name: '(other threads)', seq: 0, samples: 0, bytecodes: 0, merged: 0, tree: new ExportNode(-1, 0) };
  for (const o of canon) {
    if (kept.has(o)) r.push(o);
    else {
      other.samples = ladd(other.samples, o.samples);
      other.bytecodes = ladd(other.bytecodes, o.bytecodes);
      other.merged++;
      mergeInto(other.tree, o.tree);
    }
  }
  r.push(other);
  return r;
}

/** Adds the export tree `src` into `dst` (same method key and call line = same node). */
function mergeInto(dst: ExportNode, src: ExportNode): void {
  const from: ExportNode[] = [src];
  const to: ExportNode[] = [dst];
  while (from.length > 0) {
    const s = from.pop() as ExportNode;
    const d = to.pop() as ExportNode;
    d.self = ladd(d.self, s.self);
    s.addLinesTo(d);
    for (const k of s.kids) {
      from.push(k);
      to.push(d.child(k.key, k.line));
    }
  }
}

const SHORT_ESCAPES: Record<number, string> = { 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

/** `\uXXXX`, lowercase hex. */
function hex(c: number): string {
  return `\\u${c.toString(16).padStart(4, '0')}`;
}

/** A JSON string as ProfileWriter.Json.str writes it (before UTF-8). */
export function str(s: string): string {
  let out = '"';
  let from = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let esc: string | null = null;
    if (c === 0x22 || c === 0x5c) esc = c === 0x22 ? '\\"' : '\\\\';
    else if (c < 0x20) esc = SHORT_ESCAPES[c] ?? hex(c);
    else if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      esc = hex(c); // a lone surrogate: not encodable in UTF-8, escaped
    }
    if (esc !== null) {
      out += s.slice(from, i) + esc;
      from = i + 1;
    }
  }
  return out + s.slice(from) + '"';
}
