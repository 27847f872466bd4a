// Texts of the standard LSP features: code-lens titles on profiled method declarations and
// Markdown hovers on hot lines and methods, with the breakdown by caller.

import { isExactProfile, shareParts } from '../profile/confidence';
import type { MethodInfo } from '../profile/schema';
import { callersOf, hotStat, lineCallers, methodLabel, type CallerShare, type LocatedMethod, type ProfileIndex } from './hotness';
import { approx, count, pct } from './numbers';
import type { HotStat } from './protocol';

/** `self 12.3% · total 40.1% · 1,234 samples` (samples with the method on the stack). */
export function codeLensTitle(h: HotStat): string {
  return `self ${pct(h.selfPct)} · total ${pct(h.totalPct)} · ${count(h.totalSamples)} sample${h.totalSamples === 1 ? '' : 's'}`;
}

const MAX_CALLERS = 8;

function md(s: string): string {
  return s.replace(/([\\`*_{}[\]<>|#])/g, '\\$1');
}

/**
 * Self and total of a method or line: the share with its binomial 95% interval (Wilson; "exact"
 * for an exact profile), the samples out of all, and the estimated bytecodes.
 */
function statTable(index: ProfileIndex, h: HotStat): string[] {
  const exact = isExactProfile(index.meta);
  const row = (what: string, k: number, bytecodes: number): string => {
    const s = shareParts(k, index.samples, exact);
    return `| ${what} | ${s.share} (${s.interval}) | ${count(k)} of ${count(index.samples)} | ${approx(bytecodes)} |`;
  };
  return [
    `| | share | ${exact ? 'bytecodes' : 'samples'} | est. bytecodes |`,
    '|---|---:|---:|---:|',
    row('self', h.selfSamples, h.selfBytecodes),
    row('total', h.totalSamples, h.totalBytecodes),
  ];
}

function callerTable(index: ProfileIndex, shares: CallerShare[], heading: string): string[] {
  if (shares.length === 0) return [];
  const out = ['', heading, '', '| caller | line | samples | share |', '|---|---:|---:|---:|'];
  for (const s of shares.slice(0, MAX_CALLERS)) {
    out.push(`| ${md(s.caller)} | ${s.callLine > 0 ? s.callLine : '–'} | ${count(s.samples)} | ${pct(index.samples > 0 ? (100 * s.samples) / index.samples : 0)} |`);
  }
  const rest = shares.slice(MAX_CALLERS).reduce((a, s) => a + s.samples, 0);
  if (rest > 0) out.push(`| *${shares.length - MAX_CALLERS} more* | | ${count(rest)} | ${pct((100 * rest) / index.samples)} |`);
  return out;
}

function footer(index: ProfileIndex): string {
  const m = index.meta;
  if (isExactProfile(m)) return `*${md(m.program)} on ${md(m.engine)}: exact profile, every one of ${count(index.bytecodes)} bytecodes counted*`;
  return `*${md(m.program)} on ${md(m.engine)}: ${count(index.samples)} samples, ${approx(index.bytecodes)} bytecodes, 1 sample per ~${count(m.granularity)} bytecodes*`;
}

/** Hover on a profiled method's declaration. */
export function methodHover(index: ProfileIndex, m: MethodInfo): string {
  const s = index.stats.get(m.index);
  if (!s) return '';
  const h = hotStat(index, s.self, s.total);
  return [`**${md(methodLabel(m))}**`, '', ...statTable(index, h), ...callerTable(index, callersOf(index, m.index), '**Called from** (samples with this method on the stack)'), '', footer(index)].join('\n');
}

/** Hover on a hot line (1-based `line`): the line's cost in each method that has samples there. */
export function lineHover(index: ProfileIndex, located: readonly LocatedMethod[], line: number): string {
  const parts: string[] = [];
  for (const { method, stat } of located) {
    const l = stat.lines.find((x) => x.line === line);
    if (!l || l.total === 0) continue;
    const h = hotStat(index, l.self, l.total);
    if (parts.length > 0) parts.push('', '---', '');
    parts.push(`**line ${line}** in **${md(methodLabel(method))}**`, '', ...statTable(index, h));
    const shares = lineCallers(index, method.index, line);
    if (shares.length > 1 || (shares.length === 1 && shares[0]!.caller !== '(thread start)')) {
      parts.push(...callerTable(index, shares, `**By caller of ${md(methodLabel(method))}**`));
    }
  }
  if (parts.length === 0) return '';
  parts.push('', footer(index));
  return parts.join('\n');
}
