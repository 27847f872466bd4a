// Validating loader: profile JSON (text or parsed value) -> Profile model. Every problem is a
// ProfileFormatError naming the JSON path; nothing else escapes (no TypeError on odd input).

import { describeForeignJson, EXPECTED_PROFILE } from './foreign';
import { readFileSync, statSync } from 'node:fs';
import { ProfileLimitError, type ProfileLimits } from './limits';
import { childLists, type FlatProfile, type FlatThread } from './flat';
import { checkedThread, splitProfileText } from './read-text';
import {
  PROFILE_FORMAT,
  PROFILE_VERSION,
  ProfileFormatError,
  type CctNode,
  type LineHits,
  type MethodInfo,
  type Profile,
  type ProfileMeta,
  type ThreadProfile,
} from './schema';

type Json = unknown;

export class Checker {
  constructor(
    readonly source: string,
    readonly limits: Partial<ProfileLimits>,
  ) {}

  fail(path: string, problem: string): never {
    throw new ProfileFormatError(this.source, path, problem);
  }

  object(v: Json, path: string): Record<string, Json> {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.fail(path, `expected an object, found ${describe(v)}`);
    return v as Record<string, Json>;
  }

  limitFail(path: string, limit: keyof ProfileLimits, max: number, found: number, what: string): never {
    throw new ProfileLimitError(this.source, path, limit, max, found, what);
  }

  array(v: Json, path: string): Json[] {
    if (!Array.isArray(v)) this.fail(path, `expected an array, found ${describe(v)}`);
    return v;
  }

  string(v: Json, path: string): string {
    if (typeof v !== 'string') this.fail(path, `expected a string, found ${describe(v)}`);
    return v;
  }

  int(v: Json, path: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) this.fail(path, `expected an integer, found ${describe(v)}`);
    if (v < min) this.fail(path, `expected an integer >= ${min}, found ${v}`);
    if (v > max) this.fail(path, `expected an integer <= ${max}, found ${v}`);
    return v;
  }

  field(o: Record<string, Json>, key: string, path: string): Json {
    if (!(key in o)) this.fail(path, `missing field '${key}'`);
    return o[key];
  }
}

/** Shared by nodes without line counts (never mutated). */
const NO_LINES: LineHits[] = [];

function describe(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

export interface LoadOptions {
  /** Reject profiles over these limits with a ProfileLimitError (default: no limits). */
  limits?: Partial<ProfileLimits>;
}

/** Parses and validates profile JSON text. `source` names the file in errors. */
export function parseProfile(text: string, source = '<profile>', opts: LoadOptions = {}): Profile {
  return objectModel(parseFlatProfile(text, source, opts));
}

/** parseProfile into the flat form (flat.ts): the same checks and errors, no object per node. */
export function parseFlatProfile(text: string, source = '<profile>', opts: LoadOptions = {}): FlatProfile {
  return fastFlatProfile(text, source, opts) ?? flatProfileFromJson(parseJson(text, source), source, opts);
}

/**
 * The flat profile through read-text.ts (the nodes read straight into the columns), or null
 * when that reader gives up or anything is wrong (the general path then reports it).
 */
export function fastFlatProfile(text: string, source: string, opts: LoadOptions = {}): FlatProfile | null {
  const split = splitProfileText(text);
  if (split === null) return null;
  let value: Json;
  try {
    value = JSON.parse(split.skeleton) as Json;
  } catch {
    return null;
  }
  // the skeleton's threads are those whose nodes were read, each nodes field the 0 put in its place
  const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value) || !Array.isArray(value.threads) || value.threads.length !== split.nodes.length) return null;
  for (const t of value.threads as Json[]) if (!isObject(t) || !Object.hasOwn(t, 'nodes') || t.nodes !== 0) return null;
  const maxNodes = opts.limits?.maxNodes;
  if (maxNodes !== undefined && split.nodes.reduce((a, n) => a + n.count, 0) > maxNodes) return null;
  try {
    return flatProfileFromJson(value, source, opts, (c, head, ti, methodCount) => checkedThread(c, head, split.nodes[ti]!, methodCount));
  } catch {
    return null;
  }
}

/** JSON.parse of a profile file's text; a ProfileFormatError naming `source` when it is not JSON. */
export function parseJson(text: string, source: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    const head = text.trimStart().slice(0, 1);
    const what = head === '{' || head === '[' ? `invalid JSON: ${(e as Error).message}` : `not a Komorium profile: the file is not JSON (${(e as Error).message}); ${EXPECTED_PROFILE}`;
    throw new ProfileFormatError(source, '$', what);
  }
}

/** Reads a profile file's text, checking its size against `limits.maxFileBytes` first. */
export function readProfileText(path: string, opts: LoadOptions = {}): string {
  try {
    const max = opts.limits?.maxFileBytes;
    if (max !== undefined) {
      const size = statSync(path).size;
      if (size > max) throw new ProfileLimitError(path, '$', 'maxFileBytes', max, size, 'file size in bytes');
    }
    return readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof ProfileFormatError) throw e;
    throw new ProfileFormatError(path, '$', `cannot read the file: ${(e as Error).message}`);
  }
}

/** Reads and validates a profile file. */
export function loadProfile(path: string, opts: LoadOptions = {}): Profile {
  return parseProfile(readProfileText(path, opts), path, opts);
}

/** loadProfile into the flat form (flat.ts). */
export function loadFlatProfile(path: string, opts: LoadOptions = {}): FlatProfile {
  return parseFlatProfile(readProfileText(path, opts), path, opts);
}

/** Validates an already parsed JSON value and builds the model. */
export function profileFromJson(value: Json, source = '<profile>', opts: LoadOptions = {}): Profile {
  return objectModel(flatProfileFromJson(value, source, opts));
}

/** The object model of a validated flat profile. */
export function objectModel(flat: FlatProfile): Profile {
  return { version: flat.version, meta: flat.meta, methods: flat.methods, threads: flat.threads.map((t) => threadObjects(t, flat.methods)) };
}

/** How fastFlatProfile builds a thread whose nodes it read already. */
type ReadNodes = (c: Checker, head: ThreadHead, ti: number, methodCount: number) => FlatThread;

/** profileFromJson into the flat form (flat.ts): the same checks and errors, no object per node. */
export function flatProfileFromJson(value: Json, source = '<profile>', opts: LoadOptions = {}, readNodes?: ReadNodes): FlatProfile {
  const c = new Checker(source, opts.limits ?? {});
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('format' in value)) {
    // Not a Komorium profile at all: say what it is and what was expected.
    throw new ProfileFormatError(source, '$', `not a Komorium profile: this is ${describeForeignJson(value)}; ${EXPECTED_PROFILE}`);
  }
  const top = c.object(value, '$');
  const format = c.field(top, 'format', '$');
  if (format !== PROFILE_FORMAT) c.fail('format', `expected "${PROFILE_FORMAT}", found ${describe(format)}: not a Komorium profile; ${EXPECTED_PROFILE}`);
  const version = c.int(c.field(top, 'version', '$'), 'version', 1);
  if (version > PROFILE_VERSION) c.fail('version', `version ${version} is newer than this Komorium reads (${PROFILE_VERSION})`);

  const meta = readMeta(c, c.object(c.field(top, 'meta', '$'), 'meta'));
  const methods = c.array(c.field(top, 'methods', '$'), 'methods').map((m, i) => readMethod(c, m, i));
  const rawThreads = c.array(c.field(top, 'threads', '$'), 'threads');
  const maxNodes = c.limits.maxNodes;
  if (maxNodes !== undefined) {
    // Counted before any node is built, so an oversized profile costs no more memory.
    let count = 0;
    for (const t of rawThreads) {
      const nodes = typeof t === 'object' && t !== null && !Array.isArray(t) ? (t as Record<string, Json>).nodes : undefined;
      if (Array.isArray(nodes)) count += nodes.length;
    }
    if (count > maxNodes) c.limitFail('threads', 'maxNodes', maxNodes, count, 'calling-context nodes (all threads)');
  }
  const threads = rawThreads.map((t, i) => (readNodes ? readNodes(c, readThreadHead(c, t, i), i, methods.length) : readThread(c, t, i, methods.length)));

  let samples = 0;
  let bytecodes = 0;
  for (const t of threads) {
    samples += t.samples;
    bytecodes += t.bytecodes;
  }
  if (samples !== meta.totalSamples) c.fail('meta.totalSamples', `is ${meta.totalSamples} but the threads have ${samples} samples`);
  if (bytecodes !== meta.totalBytecodes) c.fail('meta.totalBytecodes', `is ${meta.totalBytecodes} but the threads have ${bytecodes} bytecodes`);
  return { version, meta, methods, threads };
}

export function readMeta(c: Checker, o: Record<string, Json>): ProfileMeta {
  const s = (k: string): string => c.string(c.field(o, k, 'meta'), `meta.${k}`);
  const n = (k: string, min = 0): number => c.int(c.field(o, k, 'meta'), `meta.${k}`, min);
  const args = c.array(c.field(o, 'args', 'meta'), 'meta.args').map((a, i) => c.string(a, `meta.args[${i}]`));
  const vm = o.vm === undefined ? '' : c.string(o.vm, 'meta.vm');
  return {
    engine: s('engine'),
    vm,
    jdk: s('jdk'),
    granularity: n('granularity', 1),
    random: n('random'),
    seed: c.int(c.field(o, 'seed', 'meta'), 'meta.seed'),
    program: s('program'),
    args,
    scope: s('scope'),
    ...(o.startup === undefined ? {} : { startup: c.string(o.startup, 'meta.startup') }),
    agent: s('agent'),
    ...(o.test === undefined ? {} : { test: readTest(c, o.test) }),
    ...(o.focus === undefined ? {} : { focus: { hide: c.array(c.field(c.object(o.focus, 'meta.focus'), 'hide', 'meta.focus'), 'meta.focus.hide').map((h, i) => c.string(h, `meta.focus.hide[${i}]`)) } }),
    startTime: n('startTime'),
    endTime: n('endTime'),
    totalBytecodes: n('totalBytecodes'),
    totalSamples: n('totalSamples'),
  };
}

function readTest(c: Checker, v: Json): { framework: string; selectors: string[] } {
  const o = c.object(v, 'meta.test');
  return {
    framework: c.string(c.field(o, 'framework', 'meta.test'), 'meta.test.framework'),
    selectors: c.array(c.field(o, 'selectors', 'meta.test'), 'meta.test.selectors').map((x, i) => c.string(x, `meta.test.selectors[${i}]`)),
  };
}

export function readMethod(c: Checker, v: Json, i: number): MethodInfo {
  const path = `methods[${i}]`;
  const a = c.array(v, path);
  if (a.length !== 4) c.fail(path, `expected [className, methodName, descriptor, sourceFile], found an array of ${a.length}`);
  const className = c.string(a[0], `${path}[0]`);
  const name = c.string(a[1], `${path}[1]`);
  const descriptor = c.string(a[2], `${path}[2]`);
  if (className === '') c.fail(`${path}[0]`, 'empty class name');
  if (name === '') c.fail(`${path}[1]`, 'empty method name');
  if (!descriptor.startsWith('(') || !descriptor.includes(')')) c.fail(`${path}[2]`, `not a method descriptor: ${JSON.stringify(descriptor)}`);
  const sourceFile = a[3] === null ? null : c.string(a[3], `${path}[3]`);
  return { index: i, className, name, descriptor, sourceFile };
}

/** A thread's fields other than its nodes, checked; `nodes` is the raw value of its nodes field. */
export interface ThreadHead {
  name: string;
  seq: number;
  merged: number;
  bytecodes: number;
  samples: number;
  nodes: Json;
}

export function readThreadHead(c: Checker, v: Json, ti: number): ThreadHead {
  const path = `threads[${ti}]`;
  const o = c.object(v, path);
  const name = c.string(c.field(o, 'name', path), `${path}.name`);
  const seq = c.int(c.field(o, 'seq', path), `${path}.seq`, 0);
  const merged = o.merged === undefined ? 0 : c.int(o.merged, `${path}.merged`, 0);
  const bytecodes = c.int(c.field(o, 'bytecodes', path), `${path}.bytecodes`, 0);
  const samples = c.int(c.field(o, 'samples', path), `${path}.samples`, 0);
  return { name, seq, merged, bytecodes, samples, nodes: c.field(o, 'nodes', path) };
}

function readThread(c: Checker, v: Json, ti: number, methodCount: number): FlatThread {
  const path = `threads[${ti}]`;
  const { name, seq, merged, bytecodes, samples, nodes } = readThreadHead(c, v, ti);
  const raw = c.array(nodes, `${path}.nodes`);
  if (raw.length === 0) c.fail(`${path}.nodes`, 'expected at least the root node');

  const count = raw.length;
  const parents = new Int32Array(count);
  const methodOf = new Int32Array(count);
  const callLines = new Float64Array(count);
  const selfs = new Float64Array(count);
  const depths = new Int32Array(count);
  const lineStart = new Int32Array(count + 1);
  let lineNo: Float64Array = new Float64Array(1024);
  let lineCount: Float64Array = new Float64Array(1024);
  let lineTop = 0;
  const maxDepth = c.limits.maxDepth ?? Number.MAX_SAFE_INTEGER;
  let selfSum = 0;
  for (let i = 0; i < count; i++) {
    const np = `${path}.nodes[${i}]`;
    const a = c.array(raw[i], np);
    if (a.length !== 4 && a.length !== 5) c.fail(np, `expected [parent, method, callLine, self(, lines)], found an array of ${a.length}`);
    let parent = -1;
    let method = -1;
    if (i === 0) {
      if (a[0] !== -1) c.fail(`${np}[0]`, `the root's parent must be -1, found ${describe(a[0])}`);
      if (a[1] !== -1) c.fail(`${np}[1]`, `the root's method must be -1, found ${describe(a[1])}`);
    } else {
      parent = c.int(a[0], `${np}[0]`, 0);
      if (parent >= i) c.fail(`${np}[0]`, `parent ${parent} must come before node ${i} (preorder)`);
      method = c.int(a[1], `${np}[1]`, 0);
      if (method >= methodCount) c.fail(`${np}[1]`, `method index ${method} out of range (${methodCount} methods)`);
    }
    const callLine = c.int(a[2], `${np}[2]`, 0);
    const self = c.int(a[3], `${np}[3]`, 0);
    lineStart[i] = lineTop;
    if (a.length === 5) {
      const l = c.array(a[4], `${np}[4]`);
      if (l.length % 2 !== 0) c.fail(`${np}[4]`, `expected [line, count, ...] pairs, found ${l.length} numbers`);
      if (lineTop + l.length / 2 > lineNo.length) {
        const grow = (x: Float64Array): Float64Array => {
          const y = new Float64Array(Math.max(2 * x.length, lineTop + l.length / 2));
          y.set(x);
          return y;
        };
        lineNo = grow(lineNo);
        lineCount = grow(lineCount);
      }
      let sum = 0;
      for (let k = 0; k < l.length; k += 2) {
        const line = c.int(l[k], `${np}[4][${k}]`, 0);
        const n = c.int(l[k + 1], `${np}[4][${k + 1}]`, 1);
        if (k > 0 && line <= lineNo[lineTop - 1]!) c.fail(`${np}[4][${k}]`, `lines must ascend, ${line} follows ${lineNo[lineTop - 1]!}`);
        lineNo[lineTop] = line;
        lineCount[lineTop++] = n;
        sum += n;
      }
      if (sum !== self) c.fail(`${np}[4]`, `line counts sum to ${sum} but self is ${self}`);
    }
    selfSum += self;
    const depth = parent < 0 ? 0 : depths[parent]! + 1;
    if (depth > maxDepth) c.limitFail(np, 'maxDepth', maxDepth, depth, 'calling-context depth');
    parents[i] = parent;
    methodOf[i] = method;
    callLines[i] = callLine;
    selfs[i] = self;
    depths[i] = depth;
  }
  lineStart[count] = lineTop;
  if (selfSum !== samples) c.fail(`${path}.samples`, `is ${samples} but the nodes' self samples sum to ${selfSum}`);
  return { name, seq, merged, bytecodes, samples, count, parent: parents, method: methodOf, callLine: callLines, self: selfs, depth: depths, lineStart, lineNo: lineNo.slice(0, lineTop), lineCount: lineCount.slice(0, lineTop) };
}

/** The object model of a validated flat thread. */
function threadObjects(t: FlatThread, methods: readonly MethodInfo[]): ThreadProfile {
  const nodes: CctNode[] = new Array<CctNode>(t.count);
  // Children arrays of exact size, in index order.
  const { start, kids } = childLists(t);
  for (let i = 0; i < t.count; i++) {
    const p = t.parent[i]!;
    const from = t.lineStart[i]!;
    const to = t.lineStart[i + 1]!;
    let lines: LineHits[] = NO_LINES;
    if (to > from) {
      // Exact-size arrays: a million nodes with a grown array each cost a lot of memory.
      lines = new Array<LineHits>(to - from);
      for (let k = from; k < to; k++) lines[k - from] = { line: t.lineNo[k]!, count: t.lineCount[k]! };
    }
    const m = t.method[i]!;
    nodes[i] = {
      id: i,
      parent: p < 0 ? null : nodes[p]!,
      method: m < 0 ? null : methods[m]!,
      callLine: t.callLine[i]!,
      self: t.self[i]!,
      lines,
      children: start[i + 1]! > start[i]! ? new Array<CctNode>(start[i + 1]! - start[i]!) : [],
      total: t.self[i]!,
      selfBytecodes: 0,
      totalBytecodes: 0,
      depth: t.depth[i]!,
    };
  }
  for (let i = 0; i < t.count; i++) {
    const ch = nodes[i]!.children;
    for (let k = 0; k < ch.length; k++) ch[k] = nodes[kids[start[i]! + k]!]!;
  }
  const thread: ThreadProfile = { name: t.name, seq: t.seq, merged: t.merged, bytecodes: t.bytecodes, samples: t.samples, root: nodes[0]!, nodes };
  deriveTotals(thread);
  return thread;
}

/** Computes total, selfBytecodes and totalBytecodes of every node (nodes in preorder). */
export function deriveTotals(thread: ThreadProfile): void {
  const est = (samples: number): number => (thread.samples > 0 ? (samples * thread.bytecodes) / thread.samples : 0);
  const nodes = thread.nodes;
  for (const n of nodes) {
    n.total = n.self;
    n.selfBytecodes = est(n.self);
  }
  for (let i = nodes.length - 1; i > 0; i--) {
    const n = nodes[i]!;
    n.parent!.total += n.total;
  }
  for (const n of nodes) n.totalBytecodes = est(n.total);
}
