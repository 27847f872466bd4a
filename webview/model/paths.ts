// Context identity across updates: a context is its path of (method, call line) from the root.
// Method indices change as a live profile grows, so paths use the stable method key.

import type { Tree } from './tree';

/** [methodKey, callLine] */
export type PathStep = readonly [string, number];

/** The path of context i (root excluded; [] for the root). */
export function contextPath(t: Tree, keys: readonly string[], i: number): PathStep[] {
  const out: PathStep[] = [];
  for (let k = i; k > 0; k = t.parent[k]!) out.push([keys[t.method[k]!]!, t.callLine[k]!]);
  return out.reverse();
}

export interface Resolved {
  /** The context with that path, or the deepest one along it. */
  node: number;
  /** True when the whole path was found. */
  exact: boolean;
}

/** Finds a path in a tree (root = 0 for the empty path). */
export function resolvePath(t: Tree, keys: readonly string[], path: readonly PathStep[]): Resolved {
  let cur = 0;
  for (const [key, line] of path) {
    let found = -1;
    for (let c = cur + 1; c < t.end[cur]!; c = t.end[c]!) {
      if (t.callLine[c] === line && keys[t.method[c]!] === key) {
        found = c;
        break;
      }
    }
    if (found < 0) return { node: cur, exact: false };
    cur = found;
  }
  return { node: cur, exact: true };
}

/** Validates a persisted path (from getState), or null. */
export function asPath(v: unknown): PathStep[] | null {
  if (!Array.isArray(v)) return null;
  const out: PathStep[] = [];
  for (const s of v) {
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || typeof s[1] !== 'number') return null;
    out.push([s[0], s[1]]);
  }
  return out;
}
