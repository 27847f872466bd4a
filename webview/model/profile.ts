// A small reader of the profile JSON (docs/PROFILE_FORMAT.md, version 1) into flat typed
// arrays. It checks the structure the views rely on (types, indices, preorder) and names the
// JSON path of the first problem; it does not re-check every derived sum like the server's
// loader does.

export const FORMAT = 'komorium-profile';
export const MAX_VERSION = 1;

export interface MethodRef {
  /** Binary class name with dots (`java.util.HashMap$Node`). */
  className: string;
  name: string;
  descriptor: string;
  sourceFile: string | null;
}

export interface ProfileMetaView {
  engine: string;
  vm: string;
  jdk: string;
  granularity: number;
  random: number;
  seed: number;
  program: string;
  args: string[];
  scope: string;
  /** The agent that wrote the profile (`exact` for `komorium run --exact`). */
  agent: string;
  startTime: number;
  endTime: number;
}

export interface ThreadData {
  name: string;
  seq: number;
  /** > 0 on the "(other threads)" entry. */
  merged: number;
  bytecodes: number;
  samples: number;
  /** Number of nodes; node 0 is the root. */
  size: number;
  parent: Int32Array;
  method: Int32Array;
  callLine: Int32Array;
  self: Float64Array;
  /** Flat `[line, count, ...]` self samples by line, or null. */
  lines: (readonly number[] | null)[];
}

export interface ProfileData {
  meta: ProfileMetaView;
  methods: MethodRef[];
  threads: ThreadData[];
  totalSamples: number;
  totalBytecodes: number;
}

/** A profile that cannot be shown; `path` is the JSON path of the problem. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`Not a valid Komorium profile: ${path}: ${problem}`);
  }
}

function fail(path: string, problem: string): never {
  throw new ProfileError(path, problem);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

function obj(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, `expected an object, found ${describe(v)}`);
  return v as Record<string, unknown>;
}

function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) fail(path, `expected an array, found ${describe(v)}`);
  return v;
}

function str(v: unknown, path: string): string {
  if (typeof v !== 'string') fail(path, `expected a string, found ${describe(v)}`);
  return v;
}

function int(v: unknown, path: string, min: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) fail(path, `expected an integer, found ${describe(v)}`);
  if (v < min) fail(path, `expected an integer >= ${min}, found ${v}`);
  return v;
}

/** Optional meta fields: the wrong type is an error, a missing one takes the default. */
function optStr(o: Record<string, unknown>, k: string): string {
  return o[k] === undefined ? '' : str(o[k], `meta.${k}`);
}
function optInt(o: Record<string, unknown>, k: string): number {
  return o[k] === undefined ? 0 : int(o[k], `meta.${k}`, Number.MIN_SAFE_INTEGER);
}

function readMeta(v: unknown): ProfileMetaView {
  const o = obj(v, 'meta');
  const args = o.args === undefined ? [] : arr(o.args, 'meta.args').map((a, i) => str(a, `meta.args[${i}]`));
  return {
    engine: optStr(o, 'engine'),
    vm: optStr(o, 'vm'),
    jdk: optStr(o, 'jdk'),
    granularity: optInt(o, 'granularity'),
    random: optInt(o, 'random'),
    seed: optInt(o, 'seed'),
    program: optStr(o, 'program'),
    args,
    scope: optStr(o, 'scope'),
    agent: optStr(o, 'agent'),
    startTime: optInt(o, 'startTime'),
    endTime: optInt(o, 'endTime'),
  };
}

function readMethod(v: unknown, i: number): MethodRef {
  const path = `methods[${i}]`;
  const a = arr(v, path);
  if (a.length !== 4) fail(path, `expected [className, methodName, descriptor, sourceFile], found an array of ${a.length}`);
  return {
    className: str(a[0], `${path}[0]`),
    name: str(a[1], `${path}[1]`),
    descriptor: str(a[2], `${path}[2]`),
    sourceFile: a[3] === null ? null : str(a[3], `${path}[3]`),
  };
}

function readThread(v: unknown, ti: number, methodCount: number): ThreadData {
  const path = `threads[${ti}]`;
  const o = obj(v, path);
  const name = str(o.name, `${path}.name`);
  const seq = o.seq === undefined ? 0 : int(o.seq, `${path}.seq`, 0);
  const merged = o.merged === undefined ? 0 : int(o.merged, `${path}.merged`, 0);
  const bytecodes = o.bytecodes === undefined ? 0 : int(o.bytecodes, `${path}.bytecodes`, 0);
  const raw = arr(o.nodes, `${path}.nodes`);
  if (raw.length === 0) fail(`${path}.nodes`, 'expected at least the root node');
  const size = raw.length;
  const parent = new Int32Array(size);
  const method = new Int32Array(size);
  const callLine = new Int32Array(size);
  const self = new Float64Array(size);
  const lines: (readonly number[] | null)[] = new Array<readonly number[] | null>(size);
  let samples = 0;
  for (let i = 0; i < size; i++) {
    const a = raw[i];
    if (!Array.isArray(a) || (a.length !== 4 && a.length !== 5)) {
      fail(`${path}.nodes[${i}]`, `expected [parent, method, callLine, self(, lines)], found ${describe(a)}`);
    }
    const p = a[0];
    const m = a[1];
    if (i === 0) {
      if (p !== -1 || m !== -1) fail(`${path}.nodes[0]`, 'the root must be [-1, -1, ...]');
    } else {
      if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= i) {
        fail(`${path}.nodes[${i}][0]`, `parent must be an index before ${i} (preorder), found ${describe(p)}`);
      }
      if (typeof m !== 'number' || !Number.isInteger(m) || m < 0 || m >= methodCount) {
        fail(`${path}.nodes[${i}][1]`, `method index out of range (${methodCount} methods): ${describe(m)}`);
      }
    }
    parent[i] = p as number;
    method[i] = m as number;
    callLine[i] = int(a[2], `${path}.nodes[${i}][2]`, 0);
    const s = int(a[3], `${path}.nodes[${i}][3]`, 0);
    self[i] = s;
    samples += s;
    if (a.length === 5) {
      const l = a[4];
      if (!Array.isArray(l) || l.length % 2 !== 0) fail(`${path}.nodes[${i}][4]`, `expected [line, count, ...] pairs, found ${describe(l)}`);
      for (const x of l) if (typeof x !== 'number') fail(`${path}.nodes[${i}][4]`, `expected numbers, found ${describe(x)}`);
      lines[i] = l as number[];
    } else {
      lines[i] = null;
    }
  }
  return { name, seq, merged, bytecodes, samples, size, parent, method, callLine, self, lines };
}

/** Reads a profile JSON value (already parsed) or JSON text. Throws ProfileError. */
export function readProfile(value: unknown): ProfileData {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch (e) {
      fail('$', `invalid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  const top = obj(value, '$');
  if (top.format !== FORMAT) fail('format', `expected "${FORMAT}", found ${describe(top.format)}`);
  const version = int(top.version, 'version', 1);
  if (version > MAX_VERSION) fail('version', `version ${version} is newer than this viewer reads (${MAX_VERSION}); update Komorium`);
  const meta = readMeta(top.meta);
  const methods = arr(top.methods, 'methods').map(readMethod);
  const threads = arr(top.threads, 'threads').map((t, i) => readThread(t, i, methods.length));
  let totalSamples = 0;
  let totalBytecodes = 0;
  for (const t of threads) {
    totalSamples += t.samples;
    totalBytecodes += t.bytecodes;
  }
  return { meta, methods, threads, totalSamples, totalBytecodes };
}

/** A stable key of a thread across live updates: `name#seq`. */
export function threadKey(t: { name: string; seq: number }): string {
  return `${t.name}#${t.seq}`;
}
