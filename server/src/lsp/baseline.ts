// Compare with Baseline…: the differential view's per-method and per-line deltas on a
// document's hotness payload and code lenses (`+12.3% (+1.2M bytecodes)`).

import type { DiffView } from '../profile/diff-view';
import { deltaText } from '../profile/delta-text';
import type { JavaSource } from './java-scan';
import type { DocumentHotness } from './protocol';

function methodKey(c: { className: string; name: string; descriptor: string }): string {
  return `${c.className}\u0000${c.name}\u0000${c.descriptor}`;
}

/** Delta text of a method, or undefined when it did not change. */
export function methodDelta(diff: DiffView, m: { className: string; name: string; descriptor: string }): string | undefined {
  const d = diff.methods;
  const no = d.names.indexOf(methodKey(m));
  if (no < 0) return undefined;
  const i = d.method.indexOf(no);
  return i < 0 ? undefined : deltaText(d.base[i]!, d.new[i]!);
}

/** The hotness payload with `delta` on changed methods and lines (lines summed over the document's classes). */
export function withDeltas(h: DocumentHotness, diff: DiffView, src: JavaSource): DocumentHotness {
  const declared = new Set(src.classes.map((c) => c.className));
  const mine = (className: string) => declared.has(className) || declared.has(className.split('$')[0]!);
  // which of the deltas' methods are this document's
  const ofDoc = (names: string[]): Uint8Array => Uint8Array.from(names, (k) => (mine(k.slice(0, k.indexOf('\u0000'))) ? 1 : 0));
  const ms = diff.methods;
  const msMine = ofDoc(ms.names);
  const byMethod = new Map<string, string>();
  for (let i = 0; i < ms.method.length; i++) if (msMine[ms.method[i]!] === 1) byMethod.set(ms.names[ms.method[i]!]!, deltaText(ms.base[i]!, ms.new[i]!));
  const ls = diff.lines;
  const lsMine = ofDoc(ls.names);
  const byLine = new Map<number, { base: number; new: number }>();
  for (let i = 0; i < ls.method.length; i++) {
    const line = ls.line[i]!;
    if (lsMine[ls.method[i]!] !== 1 || !line) continue;
    const e = byLine.get(line) ?? { base: 0, new: 0 };
    e.base += ls.base[i]!;
    e.new += ls.new[i]!;
    byLine.set(line, e);
  }
  return {
    ...h,
    methods: h.methods.map((m) => {
      const t = byMethod.get(methodKey(m));
      return t ? { ...m, delta: t } : m;
    }),
    lines: h.lines.map((l) => {
      const e = byLine.get(l.line + 1);
      return e && Math.abs(e.new - e.base) >= 0.5 ? { ...l, delta: deltaText(e.base, e.new) } : l;
    }),
  };
}
