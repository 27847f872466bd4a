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

export type { DiffTree } from './diff-tree';
import type { DiffTree } from './diff-tree';

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

export interface DiffView {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
  /** All frames. */
  all: DiffTree;
  /** Framework frames folded (profile/focus.ts), when the new profile has a focus. */
  focused?: DiffTree;
  methods: CodeDelta[];
  lines: CodeDelta[];
}

/** The union of both sides' merged context trees, from the collected costs (numbers shared by both sides, parents first). */
function unionTree(keys: DiffKeys, b: Side, n: Side): DiffTree {
  const count = keys.contextCount;
  const bc = b.contexts!;
  const nc = n.contexts!;
  const col = (c: Costs, col: Float64Array, root: number): number[] => {
    const out = new Array<number>(count);
    out[0] = root;
    for (let i = 1; i < count; i++) out[i] = i < c.present.length && c.present[i] === 1 ? col[i]! : 0;
    return out;
  };
  return {
    methods: keys.methodInfo.map(methodKey),
    parent: keys.ctxParent.slice(0, count),
    method: keys.ctxMethod.slice(0, count),
    callLine: keys.ctxLine.slice(0, count),
    baseSelf: col(bc, bc.selfB.a, b.rootSelfB),
    baseTotal: col(bc, bc.totalB.a, b.rootTotalB),
    newSelf: col(nc, nc.selfB.a, n.rootSelfB),
    newTotal: col(nc, nc.totalB.a, n.rootTotalB),
  };
}

/** Builds the union tree of two profiles (all threads merged). */
export function diffTree(base: Profile, next: Profile): DiffTree {
  const keys = new DiffKeys();
  const b = collectSide(flatProfile(base), undefined, keys, true, false);
  const n = collectSide(flatProfile(next), undefined, keys, true, false);
  return unionTree(keys, b, n);
}

/** The changed methods or lines (numbers `ids`) as code deltas: total bytecodes in base and new. */
function codeDeltas(ids: Int32Array, b: Costs, n: Costs, info: (id: number, fromNew: boolean) => MethodInfo, line: ((id: number, fromNew: boolean) => number) | null): CodeDelta[] {
  const out: CodeDelta[] = [];
  for (const id of ids) {
    const inBase = id < b.present.length && b.present[id] === 1;
    const inNew = id < n.present.length && n.present[id] === 1;
    const m = info(id, inNew);
    const base = inBase ? b.totalB.a[id]! : 0;
    const next = inNew ? n.totalB.a[id]! : 0;
    if (line === null) out.push({ className: m.className, name: m.name, descriptor: m.descriptor, base, new: next });
    else {
      const l = line(id, inNew);
      if (l > 0) out.push({ className: m.className, name: m.name, descriptor: m.descriptor, line: l, base, new: next });
    }
  }
  return out;
}

/** The profile with its framework frames folded (profile/focus.ts). */
export function folded(p: Profile): Profile {
  return profileFromJson(foldFramework(toProfileFile(p), p.meta.focus?.hide));
}

/** What the flame graph draws (the profile notification's `diff`): the view without the method and line deltas, which stay on the server (lenses, line marks). */
export type DiffPayload = Omit<DiffView, 'methods' | 'lines'>;

export function diffPayload(v: DiffView): DiffPayload {
  return { baseTitle: v.baseTitle, baseBytecodes: v.baseBytecodes, newBytecodes: v.newBytecodes, warnings: v.warnings, all: v.all, ...(v.focused ? { focused: v.focused } : {}) };
}

/** The differential view of `next` against `base`. */
export function diffView(base: Profile, next: Profile, baseTitle: string): DiffView {
  return diffViewFlat(flatProfile(base), flatProfile(next), baseTitle, () => diffTree(folded(base), folded(next)));
}

/**
 * diffView of the flat forms (load.ts: parseFlatProfile); `focusedTree` builds the union tree
 * with framework frames folded, asked for only when the new profile has a focus.
 */
export function diffViewFlat(base: DiffInput, next: DiffInput, baseTitle: string, focusedTree: () => DiffTree): DiffView {
  const { diff: d, keys, base: b, next: n } = diffCollected(base, next, { contexts: false }, true, false);
  const samples = base.meta.granularity === next.meta.granularity && base.meta.random === next.meta.random;
  const methodCount = Math.max(b.methodInfo.length, n.methodInfo.length);
  return {
    baseTitle,
    baseBytecodes: d.base.totalBytecodes,
    newBytecodes: d.new.totalBytecodes,
    warnings: d.warnings,
    all: unionTree(keys, b, n),
    ...(next.meta.focus ? { focused: focusedTree() } : {}),
    methods: codeDeltas(changedIds(b.methods, n.methods, methodCount, samples), b.methods, n.methods, (id, fromNew) => (fromNew ? n : b).methodInfo[id]!, null),
    lines: codeDeltas(changedIds(b.lines, n.lines, keys.lineCount, samples), b.lines, n.lines, (id, fromNew) => {
      const side = fromNew ? n : b;
      return side.profileMethods[side.lineMethod.a[id]!]!;
    }, (id, fromNew) => (fromNew ? n : b).lineNo.a[id]!),
  };
}

export { deltaText, compactCount } from './delta-text';
