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
  const k = methodKey(m);
  const d = diff.methods.find((e) => methodKey(e) === k);
  return d ? deltaText(d.base, d.new) : undefined;
}

/** The hotness payload with `delta` on changed methods and lines (lines summed over the document's classes). */
export function withDeltas(h: DocumentHotness, diff: DiffView, src: JavaSource): DocumentHotness {
  const declared = new Set(src.classes.map((c) => c.className));
  const mine = (className: string) => declared.has(className) || declared.has(className.split('$')[0]!);
  const byMethod = new Map<string, string>();
  for (const d of diff.methods) if (mine(d.className)) byMethod.set(methodKey(d), deltaText(d.base, d.new));
  const byLine = new Map<number, { base: number; new: number }>();
  for (const d of diff.lines) {
    if (!mine(d.className) || !d.line) continue;
    const e = byLine.get(d.line) ?? { base: 0, new: 0 };
    e.base += d.base;
    e.new += d.new;
    byLine.set(d.line, e);
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
