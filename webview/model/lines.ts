// Which source line to open for a context or a method: the line where its samples are. A
// context's samples at a line of its method are its own samples there (the profile's `lines`)
// plus its callees' totals by the call line they were called from.

import type { ProfileData } from './profile';
import type { Tree } from './tree';

/** Adds node i's samples by line of its own method into `acc`. */
function addContextLines(p: ProfileData, t: Tree, i: number, acc: Map<number, number>): void {
  const src = t.sources();
  for (let k = src.start[i]!; k < src.start[i + 1]!; k++) {
    const lines = p.threads[src.thread[k]!]!.lines[src.node[k]!];
    if (!lines) continue;
    for (let j = 0; j + 1 < lines.length; j += 2) acc.set(lines[j]!, (acc.get(lines[j]!) ?? 0) + lines[j + 1]!);
  }
  for (let c = i + 1; c < t.end[i]!; c = t.end[c]!) acc.set(t.callLine[c]!, (acc.get(t.callLine[c]!) ?? 0) + t.total[c]!);
}

/** The known line (> 0) with the most samples, or 0. Ties: the lower line. */
export function heaviestLine(acc: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [line, count] of acc) {
    if (line <= 0) continue;
    if (count > bestCount || (count === bestCount && line < best)) {
      best = line;
      bestCount = count;
    }
  }
  return best;
}

/** Samples of context i by line of its method. */
export function contextLines(p: ProfileData, t: Tree, i: number): Map<number, number> {
  const acc = new Map<number, number>();
  if (i > 0) addContextLines(p, t, i, acc);
  return acc;
}

/** The hottest line of context i (0 if unknown). */
export function contextHotLine(p: ProfileData, t: Tree, i: number): number {
  return heaviestLine(contextLines(p, t, i));
}

/** The hottest line of a method over all its contexts in the tree (0 if unknown). */
export function methodHotLine(p: ProfileData, t: Tree, method: number): number {
  const acc = new Map<number, number>();
  for (let i = 1; i < t.size; i++) if (t.method[i] === method) addContextLines(p, t, i, acc);
  return heaviestLine(acc);
}
