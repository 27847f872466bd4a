// Validating loader: profile JSON (text or parsed value) -> Profile model. Every problem is a
// ProfileFormatError naming the JSON path; nothing else escapes (no TypeError on odd input).

import { describeForeignJson, EXPECTED_PROFILE } from './foreign';
import { readFileSync, statSync } from 'node:fs';
import { ProfileLimitError, type ProfileLimits } from './limits';
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

class Checker {
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
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (e) {
    const head = text.trimStart().slice(0, 1);
    const what = head === '{' || head === '[' ? `invalid JSON: ${(e as Error).message}` : `not a Komorium profile: the file is not JSON (${(e as Error).message}); ${EXPECTED_PROFILE}`;
    throw new ProfileFormatError(source, '$', what);
  }
  return profileFromJson(value, source, opts);
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

/** Validates an already parsed JSON value and builds the model. */
export function profileFromJson(value: Json, source = '<profile>', opts: LoadOptions = {}): Profile {
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
  const threads = rawThreads.map((t, i) => readThread(c, t, i, methods));

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

function readMeta(c: Checker, o: Record<string, Json>): ProfileMeta {
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

function readMethod(c: Checker, v: Json, i: number): MethodInfo {
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

function readThread(c: Checker, v: Json, ti: number, methods: MethodInfo[]): ThreadProfile {
  const path = `threads[${ti}]`;
  const o = c.object(v, path);
  const name = c.string(c.field(o, 'name', path), `${path}.name`);
  const seq = c.int(c.field(o, 'seq', path), `${path}.seq`, 0);
  const merged = o.merged === undefined ? 0 : c.int(o.merged, `${path}.merged`, 0);
  const bytecodes = c.int(c.field(o, 'bytecodes', path), `${path}.bytecodes`, 0);
  const samples = c.int(c.field(o, 'samples', path), `${path}.samples`, 0);
  const raw = c.array(c.field(o, 'nodes', path), `${path}.nodes`);
  if (raw.length === 0) c.fail(`${path}.nodes`, 'expected at least the root node');

  const nodes: CctNode[] = [];
  const maxDepth = c.limits.maxDepth ?? Number.MAX_SAFE_INTEGER;
  let selfSum = 0;
  for (let i = 0; i < raw.length; i++) {
    const np = `${path}.nodes[${i}]`;
    const a = c.array(raw[i], np);
    if (a.length !== 4 && a.length !== 5) c.fail(np, `expected [parent, method, callLine, self(, lines)], found an array of ${a.length}`);
    let parent: CctNode | null = null;
    let method: MethodInfo | null = null;
    if (i === 0) {
      if (a[0] !== -1) c.fail(`${np}[0]`, `the root's parent must be -1, found ${describe(a[0])}`);
      if (a[1] !== -1) c.fail(`${np}[1]`, `the root's method must be -1, found ${describe(a[1])}`);
    } else {
      const p = c.int(a[0], `${np}[0]`, 0);
      if (p >= i) c.fail(`${np}[0]`, `parent ${p} must come before node ${i} (preorder)`);
      parent = nodes[p]!;
      const m = c.int(a[1], `${np}[1]`, 0);
      if (m >= methods.length) c.fail(`${np}[1]`, `method index ${m} out of range (${methods.length} methods)`);
      method = methods[m]!;
    }
    const callLine = c.int(a[2], `${np}[2]`, 0);
    const self = c.int(a[3], `${np}[3]`, 0);
    let lines: LineHits[] = NO_LINES;
    if (a.length === 5) {
      const l = c.array(a[4], `${np}[4]`);
      if (l.length % 2 !== 0) c.fail(`${np}[4]`, `expected [line, count, ...] pairs, found ${l.length} numbers`);
      // Exact-size arrays: a million nodes with a grown array each cost a lot of memory.
      lines = new Array<LineHits>(l.length / 2);
      let sum = 0;
      for (let k = 0; k < l.length; k += 2) {
        const line = c.int(l[k], `${np}[4][${k}]`, 0);
        const count = c.int(l[k + 1], `${np}[4][${k + 1}]`, 1);
        if (k > 0 && line <= lines[k / 2 - 1]!.line) c.fail(`${np}[4][${k}]`, `lines must ascend, ${line} follows ${lines[k / 2 - 1]!.line}`);
        lines[k / 2] = { line, count };
        sum += count;
      }
      if (sum !== self) c.fail(`${np}[4]`, `line counts sum to ${sum} but self is ${self}`);
    }
    selfSum += self;
    const depth = parent === null ? 0 : parent.depth + 1;
    if (depth > maxDepth) c.limitFail(np, 'maxDepth', maxDepth, depth, 'calling-context depth');
    const node: CctNode = {
      id: i,
      parent,
      method,
      callLine,
      self,
      lines,
      children: [],
      total: self,
      selfBytecodes: 0,
      totalBytecodes: 0,
      depth,
    };
    if (parent) parent.children.push(node);
    nodes.push(node);
  }
  // Children arrays of exact size (the nodes were pushed as they came).
  for (const n of nodes) if (n.children.length > 0) n.children = n.children.slice();
  if (selfSum !== samples) c.fail(`${path}.samples`, `is ${samples} but the nodes' self samples sum to ${selfSum}`);
  const thread: ThreadProfile = { name, seq, merged, bytecodes, samples, root: nodes[0]!, nodes };
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
