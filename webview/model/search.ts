// Search: a plain-text, case-insensitive match on `pkg.Class.method` (never a regular
// expression). The matched share counts each sample once: the totals of matching contexts that
// have no matching ancestor.

import { qualifiedLabel } from './methods';
import type { MethodRef } from './profile';
import type { Tree } from './tree';

/** matches[m] = 1 when method m matches the query (all 0 for an empty query). */
export function matchMethods(methods: readonly MethodRef[], query: string): Uint8Array {
  const out = new Uint8Array(methods.length);
  const q = query.trim().toLowerCase();
  if (q === '') return out;
  for (let m = 0; m < methods.length; m++) if (qualifiedLabel(methods[m]!).toLowerCase().includes(q)) out[m] = 1;
  return out;
}

export interface SearchResult {
  /** Per context: 1 when its method matches. */
  nodeMatch: Uint8Array;
  /** Samples with a matching frame anywhere on the stack. */
  matchedSamples: number;
  /** Contexts that match. */
  matchedContexts: number;
}

export function searchTree(t: Tree, methodMatch: Uint8Array): SearchResult {
  const nodeMatch = new Uint8Array(t.size);
  let matchedSamples = 0;
  let matchedContexts = 0;
  let coveredUntil = 0; // inside the subtree of a counted match until this index
  for (let i = 1; i < t.size; i++) {
    if (methodMatch[t.method[i]!] !== 1) continue;
    nodeMatch[i] = 1;
    matchedContexts++;
    if (i >= coveredUntil) {
      matchedSamples += t.total[i]!;
      coveredUntil = t.end[i]!;
    }
  }
  return { nodeMatch, matchedSamples, matchedContexts };
}
