// The differential view in the webview: the server's union tree (profile/diff-view.ts, through
// LSP) matched to the webview's tree by (parent, method key, call line), giving each context its
// baseline bytecodes; colours by growth (red grew, blue shrank; widths stay the new profile's).

import type { ProfileData } from './profile';
import { ChildIndex, type Tree } from './tree';
import type { DiffTree } from '../../server/src/profile/diff-tree';

/** The payload's tree (built by server/src/profile/diff-view.ts). */
export type DiffTreeData = DiffTree;

export interface DiffData {
  baseTitle: string;
  baseBytecodes: number;
  newBytecodes: number;
  warnings: string[];
  all: DiffTreeData;
  focused?: DiffTreeData;
}

function isNumbers(v: unknown): v is number[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'number') return false;
  return true;
}

function asTree(v: unknown): DiffTreeData | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (!Array.isArray(o.methods) || !o.methods.every((m) => typeof m === 'string')) return null;
  const fields = ['parent', 'method', 'callLine', 'baseSelf', 'baseTotal'] as const;
  for (const f of fields) if (!isNumbers(o[f]) || (o[f] as number[]).length !== (o.parent as unknown[])?.length) return null;
  return o as unknown as DiffTreeData;
}

/** Validates a diff payload (anything odd: null, no differential view). */
export function asDiff(v: unknown): DiffData | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const all = asTree(o.all);
  if (!all || typeof o.baseBytecodes !== 'number' || typeof o.newBytecodes !== 'number') return null;
  const focused = o.focused === undefined ? undefined : (asTree(o.focused) ?? undefined);
  return {
    baseTitle: typeof o.baseTitle === 'string' ? o.baseTitle : 'baseline',
    baseBytecodes: o.baseBytecodes,
    newBytecodes: o.newBytecodes,
    warnings: Array.isArray(o.warnings) ? o.warnings.filter((w): w is string => typeof w === 'string') : [],
    all,
    ...(focused ? { focused } : {}),
  };
}

/** Per context of the webview's tree: baseline total and self bytecodes (0 for new contexts). */
export interface DiffMatch {
  baseTotal: Float64Array;
  baseSelf: Float64Array;
  baseBytecodes: number;
  newBytecodes: number;
}

/** Matches the webview tree (all threads) to the payload tree. */
export function matchDiff(p: ProfileData, t: Tree, d: DiffTreeData, baseBytecodes: number, newBytecodes: number): DiffMatch {
  const keyIds = new Map<string, number>();
  d.methods.forEach((k, i) => keyIds.set(k, i));
  const methodId = p.methods.map((m) => keyIds.get(`${m.className}\u0000${m.name}\u0000${m.descriptor}`) ?? -1);
  // (parent, method, call line) of the payload's contexts, in a typed hash table (no string key per context)
  const child = new ChildIndex(d.parent.length);
  const int = (x: number): boolean => (x | 0) === x;
  for (let i = 1; i < d.parent.length; i++) {
    const pp = d.parent[i]!;
    const m = d.method[i]!;
    const line = d.callLine[i]!;
    if (int(pp) && int(m) && int(line)) child.put(pp, m, line, i);
  }
  const at = new Int32Array(t.size).fill(-1);
  at[0] = 0;
  const baseTotal = new Float64Array(t.size);
  const baseSelf = new Float64Array(t.size);
  baseTotal[0] = d.baseTotal[0] ?? 0;
  baseSelf[0] = d.baseSelf[0] ?? 0;
  for (let i = 1; i < t.size; i++) {
    const pp = at[t.parent[i]!]!;
    const m = methodId[t.method[i]!]!;
    if (pp < 0 || m < 0) continue;
    const k = child.get(pp, m, t.callLine[i]!);
    if (k < 0) continue;
    at[i] = k;
    baseTotal[i] = d.baseTotal[k]!;
    baseSelf[i] = d.baseSelf[k]!;
  }
  return { baseTotal, baseSelf, baseBytecodes, newBytecodes };
}

/** Shade steps each way: -STEPS (shrank most) .. 0 (unchanged) .. +STEPS (grew most). */
export const SHADE_STEPS = 6;

/** Per context: growth of its self bytecodes as a shade, relative to the largest change. */
export function shades(t: Tree, m: DiffMatch): Int8Array {
  const out = new Int8Array(t.size);
  let max = 0;
  for (let i = 1; i < t.size; i++) max = Math.max(max, Math.abs(t.selfBytecodes[i]! - m.baseSelf[i]!), Math.abs(t.totalBytecodes[i]! - m.baseTotal[i]!) / 4);
  if (max < 0.5) return out;
  for (let i = 1; i < t.size; i++) {
    // own work first; a frame whose callees changed gets a lighter shade of their change
    const self = t.selfBytecodes[i]! - m.baseSelf[i]!;
    const d = Math.abs(self) >= 0.5 ? self : (t.totalBytecodes[i]! - m.baseTotal[i]!) / 4;
    if (Math.abs(d) < 0.5) continue;
    const s = Math.max(1, Math.round((SHADE_STEPS * Math.abs(d)) / max));
    out[i] = Math.sign(d) * Math.min(SHADE_STEPS, s);
  }
  return out;
}

export { deltaText } from '../../server/src/profile/delta-text';
