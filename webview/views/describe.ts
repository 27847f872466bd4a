// Text for tooltips, the details line and the status line (no DOM).

import { isExactProfile, shareWithInterval } from '../../server/src/profile/confidence';
import type { ProfileData } from '../model/profile';
import type { Tree } from '../model/tree';
import { javaParameters, qualifiedLabel, shortLabel } from '../model/methods';
import { compact, count, pct } from '../ui/format';
import type { TooltipContent } from '../ui/tooltip-content';
import { engineText, totalsText } from '../../server/src/lsp/live-numbers';

export function rootLabel(threadName: string | null, samples: number): string {
  return `${threadName ?? 'all threads'} — ${count(samples)} samples`;
}

/**
 * A frame's tooltip. Total and self shares come with their binomial 95% interval (Wilson score,
 * server/src/profile/confidence.ts), or "exact" for an exact profile.
 */
export function frameTooltip(p: ProfileData, t: Tree, i: number, rootName: string): TooltipContent {
  const all = t.total[0]!;
  const exact = isExactProfile(p.meta);
  const rows: [string, string][] = [
    ['Total', shareWithInterval(t.total[i]!, all, exact)],
    ['Self', shareWithInterval(t.self[i]!, all, exact)],
    ['Est. bytecodes', `${compact(t.totalBytecodes[i]!)} total · ${compact(t.selfBytecodes[i]!)} self`],
  ];
  if (i === 0) return { title: rootName, rows };
  const m = p.methods[t.method[i]!]!;
  rows.unshift(['Method', `${m.name}${javaParameters(m.descriptor)}`]);
  if (t.callLine[i]! > 0) rows.push(['Called from', `line ${t.callLine[i]} of the caller`]);
  rows.push(['Source', m.sourceFile ?? 'unknown']);
  rows.push(['Depth', String(t.depth[i])]);
  return { title: shortLabel(m), subtitle: m.className, rows, hint: 'Click: zoom · Ctrl/Cmd-click: open source' };
}

export function contextDetails(p: ProfileData, t: Tree, i: number): string {
  const all = t.total[0]!;
  const stats = `total ${pct(t.total[i]!, all)} (${count(t.total[i]!)}) · self ${pct(t.self[i]!, all)} (${count(t.self[i]!)})`;
  if (i === 0) return `All samples · ${stats}`;
  const m = p.methods[t.method[i]!]!;
  const line = t.callLine[i]! > 0 ? ` · called from line ${t.callLine[i]}` : '';
  return `${qualifiedLabel(m)}${javaParameters(m.descriptor)} · ${stats}${line}`;
}

export function methodDetails(p: ProfileData, m: number, self: number, total: number, all: number): string {
  const ref = p.methods[m]!;
  return `${qualifiedLabel(ref)}${javaParameters(ref.descriptor)} · self ${pct(self, all)} (${count(self)}) · total ${pct(total, all)} (${count(total)})`;
}

export function statusLine(p: ProfileData, t: Tree | null): string {
  const m = p.meta;
  const parts: string[] = [];
  // Engine, scope and totals read and formatted as the status bar does (lsp/live-numbers.ts).
  const eng = engineText({ engine: m.engine, scope: m.scope });
  if (eng) parts.push(eng);
  if (m.jdk) parts.push(`JDK ${m.jdk}`);
  if (m.granularity > 0) parts.push(`every ${count(m.granularity)} bytecodes${m.random > 0 ? ` (+ random < ${count(m.random)})` : ''}`);
  parts.push(totalsText({ samples: p.totalSamples, bytecodes: p.totalBytecodes }));
  const sampled = p.threads.filter((x) => x.samples > 0).length;
  const idle = p.threads.length - sampled;
  parts.push(`${sampled} thread${sampled === 1 ? '' : 's'}${idle > 0 ? ` (+${idle} without samples)` : ''}`);
  if (t) parts.push(`${count(t.size - 1)} contexts`);
  return parts.join(' · ');
}
