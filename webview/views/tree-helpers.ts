// Helpers of the panel's model of a tree: method totals on first use, and the hot path a fresh
// call tree expands.

import type { Tree } from '../model/tree';
import { methodTotals } from '../model/hot';
import type { CallTreeModel, ViewData } from './models';

/** Method totals computed on first use (the flame graph does not need them). */
export function lazyTotals(tree: Tree, methodCount: number): ViewData['totals'] {
  let v: ViewData['totals'] | null = null;
  const get = (): ViewData['totals'] => (v ??= methodTotals(tree, methodCount));
  return {
    get self() {
      return get().self;
    },
    get total() {
      return get().total;
    },
    get selfBytecodes() {
      return get().selfBytecodes;
    },
    get totalBytecodes() {
      return get().totalBytecodes;
    },
    get present() {
      return get().present;
    },
  };
}

/** Keys to expand in a fresh call tree: the hot path while a child carries at least 5% of all samples. */
export function hotPathKeys(t: Tree, model: CallTreeModel): string[] {
  const keys: string[] = [];
  const min = t.total[0]! * 0.05;
  let cur = 0;
  for (let depth = 0; depth < 40; depth++) {
    let best = -1;
    for (let c = cur + 1; c < t.end[cur]!; c = t.end[c]!) if (best < 0 || t.total[c]! > t.total[best]!) best = c;
    if (best < 0 || t.total[best]! < min) break;
    if (cur > 0) keys.push(model.key(cur));
    cur = best;
  }
  return keys;
}
