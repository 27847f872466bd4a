// The differential view of a profile against a baseline (Compare with Baseline… in the editor):
// the union of both calling context trees (all threads merged), each context with its
// estimated bytecodes in the base and in the new profile, plus the per-method and per-line
// differences for code lenses and line marks. Computed on the server (profile worker), sent
// through LSP, drawn by the webview (red grew, blue shrank, width = new).

import { changedIds, diffCollected } from './diff';
import { DiffKeys, type Costs, type Side } from './diff-collect';
import { collectSide, type DiffInput } from './diff-side';
import { foldFramework } from './focus';
import { methodKey } from './format';
import { profileFromJson } from './load';
import type { MethodInfo, Profile } from './schema';
import { toProfileFile } from './serialize';
import { flatProfile } from './flat';

export type { DiffColumns, DiffTree } from './diff-tree';
import type { DiffColumns, DiffTree } from './diff-tree';

/** A changed method or line: estimated bytecodes in base and new (total; lines: self + calls from there). */
export interface CodeDelta {
  className: string;
  name: string;
  descriptor: string;
  /** Lines only (1-based). */
  line?: number;
  base: number;
  new: number;
}

/**
 * The changed methods or lines in columns (moved, not copied, from the profile worker): row `i`
 * is method `names[method[i]]` (`className \0 name \0 descriptor`), line `line[i]` (0 for a
 * method), with total bytecodes `base[i]` and `new[i]`; rows in the order of the diff.
 */
export interface DeltaColumns {
  names: string[];
  method: Int32Array;
  line: Int32Array;
  base: Float64Array;
  new: Float64Array;
}

export interface DiffView {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
  /** All frames. */
  all: DiffColumns;
  /** Framework frames folded (profile/focus.ts), when the new profile has a focus. */
  focused?: DiffColumns;
  methods: DeltaColumns;
  lines: DeltaColumns;
}

/** The rows of delta columns as objects (tests, small views). */
export function codeDeltaList(d: DeltaColumns, withLine: boolean): CodeDelta[] {
  const out: CodeDelta[] = [];
  for (let i = 0; i < d.method.length; i++) {
    const [className, name, descriptor] = d.names[d.method[i]!]!.split('\u0000') as [string, string, string];
    out.push(withLine ? { className, name, descriptor, line: d.line[i]!, base: d.base[i]!, new: d.new[i]! } : { className, name, descriptor, base: d.base[i]!, new: d.new[i]! });
  }
  return out;
}

/** The buffers of a view's typed arrays, each once (the profile worker moves them to the server). */
export function viewBuffers(v: DiffView): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const group of [v.all, v.focused, v.methods, v.lines]) {
    if (group === undefined) continue;
    for (const x of Object.values(group)) if (ArrayBuffer.isView(x) && x.buffer instanceof ArrayBuffer) out.add(x.buffer);
  }
  return [...out];
}

/** The union of both sides' merged context trees, from the collected costs (numbers shared by both sides, parents first). */
function unionTree(keys: DiffKeys, b: Side, n: Side): DiffColumns {
  const count = keys.contextCount;
  const bc = b.contexts!;
  const nc = n.contexts!;
  const col = (c: Costs, col: Float64Array, root: number): Float64Array => {
    const out = new Float64Array(count);
    out[0] = root;
    const m = Math.min(count, c.present.length);
    for (let i = 1; i < m; i++) if (c.present[i] === 1) out[i] = col[i]!;
    return out;
  };
  const inNew = new Uint8Array(count);
  inNew[0] = 1;
  const m = Math.min(count, nc.present.length);
  for (let i = 1; i < m; i++) inNew[i] = nc.present[i]!;
  return {
    methods: keys.methodInfo.map(methodKey),
    parent: Int32Array.from(keys.ctxParent.slice(0, count)),
    method: Int32Array.from(keys.ctxMethod.slice(0, count)),
    callLine: Float64Array.from(keys.ctxLine.slice(0, count)),
    baseSelf: col(bc, bc.selfB.a, b.rootSelfB),
    baseTotal: col(bc, bc.totalB.a, b.rootTotalB),
    newSelf: col(nc, nc.selfB.a, n.rootSelfB),
    newTotal: col(nc, nc.totalB.a, n.rootTotalB),
    inNew,
  };
}

/** Builds the union tree of two profiles (all threads merged). */
export function diffTree(base: Profile, next: Profile): DiffColumns {
  const keys = new DiffKeys();
  const b = collectSide(flatProfile(base), undefined, keys, true, false);
  const n = collectSide(flatProfile(next), undefined, keys, true, false);
  return unionTree(keys, b, n);
}

/** Method keys numbered once each (the names of delta columns). */
class Names {
  readonly list: string[] = [];
  private readonly byKey = new Map<string, number>();
  of(m: MethodInfo): number {
    const key = methodKey(m);
    let no = this.byKey.get(key);
    if (no === undefined) this.byKey.set(key, (no = this.list.push(key) - 1));
    return no;
  }
}

/** The changed methods or lines (numbers `ids`) as delta columns: total bytecodes in base and new (lines without a line number left out); `name` numbers the row's method. */
function codeDeltas(ids: Int32Array, b: Costs, n: Costs, names: Names, name: (id: number, fromNew: boolean) => number, line: ((id: number, fromNew: boolean) => number) | null): DeltaColumns {
  const method = new Int32Array(ids.length);
  const lineNo = new Int32Array(ids.length);
  const base = new Float64Array(ids.length);
  const next = new Float64Array(ids.length);
  let k = 0;
  for (const id of ids) {
    const inBase = id < b.present.length && b.present[id] === 1;
    const inNew = id < n.present.length && n.present[id] === 1;
    const l = line === null ? 0 : line(id, inNew);
    if (line !== null && l <= 0) continue;
    method[k] = name(id, inNew);
    lineNo[k] = l;
    base[k] = inBase ? b.totalB.a[id]! : 0;
    next[k] = inNew ? n.totalB.a[id]! : 0;
    k++;
  }
  return { names: names.list, method: method.slice(0, k), line: lineNo.slice(0, k), base: base.slice(0, k), new: next.slice(0, k) };
}

/** `of(key, m)`: the name number of method `m` cached under the small integer `key` (a cache of `size` keys). */
function cachedNames(names: Names, size: number): (key: number, m: () => MethodInfo) => number {
  const cache = new Int32Array(size).fill(-1);
  return (key, m) => {
    const c = cache[key]!;
    return c >= 0 ? c : (cache[key] = names.of(m()));
  };
}

/** The profile with its framework frames folded (profile/focus.ts). */
export function folded(p: Profile): Profile {
  return profileFromJson(foldFramework(toProfileFile(p), p.meta.focus?.hide));
}

/** What the flame graph draws (the profile notification's `diff`): the view without the method and line deltas, which stay on the server (lenses, line marks). */
export interface DiffPayload {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
  all: DiffTree;
  focused?: DiffTree;
}

/** What the webview draws of a union tree: the new profile's contexts (renumbered, parents first) with their baseline bytecodes. */
export function drawnTree(c: DiffColumns): DiffTree {
  const count = c.parent.length;
  const at = new Int32Array(count).fill(-1);
  // plain arrays: the payload goes through JSON (LSP)
  const t: DiffTree = { methods: c.methods, parent: [], method: [], callLine: [], baseSelf: [], baseTotal: [] };
  let k = 0;
  for (let i = 0; i < count; i++) {
    if (c.inNew[i] !== 1) continue;
    at[i] = k++;
    t.parent.push(i === 0 ? -1 : at[c.parent[i]!]!);
    t.method.push(c.method[i]!);
    t.callLine.push(c.callLine[i]!);
    t.baseSelf.push(c.baseSelf[i]!);
    t.baseTotal.push(c.baseTotal[i]!);
  }
  return t;
}

const payloads = new WeakMap<DiffView, DiffPayload>();

/** The view's payload (built once per view: the server sends it with each profile notification). */
export function diffPayload(v: DiffView): DiffPayload {
  let p = payloads.get(v);
  if (p === undefined) payloads.set(v, (p = { baseTitle: v.baseTitle, baseBytecodes: v.baseBytecodes, newBytecodes: v.newBytecodes, warnings: v.warnings, all: drawnTree(v.all), ...(v.focused ? { focused: drawnTree(v.focused) } : {}) }));
  return p;
}

/** The differential view of `next` against `base`. */
export function diffView(base: Profile, next: Profile, baseTitle: string): DiffView {
  return diffViewFlat(flatProfile(base), flatProfile(next), baseTitle, () => diffTree(folded(base), folded(next)));
}

/**
 * diffView of the flat forms (load.ts: parseFlatProfile); `focusedTree` builds the union tree
 * with framework frames folded, asked for only when the new profile has a focus.
 */
export function diffViewFlat(base: DiffInput, next: DiffInput, baseTitle: string, focusedTree: () => DiffColumns): DiffView {
  const { diff: d, keys, base: b, next: n } = diffCollected(base, next, { contexts: false }, true, false);
  const samples = base.meta.granularity === next.meta.granularity && base.meta.random === next.meta.random;
  const methodCount = Math.max(b.methodInfo.length, n.methodInfo.length);
  // each row's method numbered through small caches (by shared method number; by each side's profile method)
  const methodNames = new Names();
  const methodName = cachedNames(methodNames, methodCount);
  const lineNames = new Names();
  const baseLineName = cachedNames(lineNames, b.profileMethods.length);
  const newLineName = cachedNames(lineNames, n.profileMethods.length);
  return {
    baseTitle,
    baseBytecodes: d.base.totalBytecodes,
    newBytecodes: d.new.totalBytecodes,
    warnings: d.warnings,
    all: unionTree(keys, b, n),
    ...(next.meta.focus ? { focused: focusedTree() } : {}),
    methods: codeDeltas(changedIds(b.methods, n.methods, methodCount, samples), b.methods, n.methods, methodNames, (id, fromNew) => methodName(id, () => (fromNew ? n : b).methodInfo[id]!), null),
    lines: codeDeltas(changedIds(b.lines, n.lines, keys.lineCount, samples), b.lines, n.lines, lineNames, (id, fromNew) => {
      const side = fromNew ? n : b;
      const pm = side.lineMethod.a[id]!;
      return (fromNew ? newLineName : baseLineName)(pm, () => side.profileMethods[pm]!);
    }, (id, fromNew) => (fromNew ? n : b).lineNo.a[id]!),
  };
}

export { deltaText, compactCount } from './delta-text';
