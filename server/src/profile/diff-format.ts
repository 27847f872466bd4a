// Printing a profile diff: plain text (terminal), JSON (tools) and Markdown (a CI job summary,
// e.g. GitHub's $GITHUB_STEP_SUMMARY).

import type { DiffEntry, LazyDiff } from './diff';

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function isDiffFormat(s: string): s is DiffFormat {
  return (DIFF_FORMATS as readonly string[]).includes(s);
}

export interface DiffFormatOptions {
  /** Rows per section (default 20 in text and Markdown, all in JSON). */
  top?: number;
}

/** `+1,234` / `-56` / `0`: whole estimated bytecodes, signed. */
export function signed(n: number): string {
  const r = Math.round(n);
  const s = Math.abs(r).toLocaleString('en-US');
  return r > 0 ? `+${s}` : r < 0 ? `-${s}` : '0';
}

/** Relative change: `+12.3%`, `new` when the base is 0, `-100.0%` when gone. */
export function relative(delta: number, base: number): string {
  if (Math.abs(base) < 0.5) return Math.abs(delta) < 0.5 ? '0.0%' : 'new';
  const r = (100 * delta) / base;
  return `${r >= 0 ? '+' : ''}${r.toFixed(1)}%`;
}

function pp(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(2)} pp`;
}

function whole(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function headline(d: LazyDiff): string {
  return `bytecodes ${whole(d.base.totalBytecodes)} -> ${whole(d.new.totalBytecodes)} (${signed(d.deltaBytecodes)}, ${relative(d.deltaBytecodes, d.base.totalBytecodes)}); samples ${d.base.totalSamples} -> ${d.new.totalSamples} (${signed(d.deltaSamples)})`;
}

const SECTIONS: [keyof Pick<LazyDiff, 'methods' | 'lines' | 'contexts'>, string][] = [
  ['methods', 'METHODS'],
  ['lines', 'LINES'],
  ['contexts', 'CALLING CONTEXTS'],
];

/** The diff as text; `d` a ProfileDiff or a LazyDiff (whose entries are built when printed: text and Markdown build only the rows they show). */
export function formatDiff(d: LazyDiff, format: DiffFormat, opts: DiffFormatOptions = {}): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ ...d, methods: d.methods.slice(0, opts.top), lines: d.lines.slice(0, opts.top), contexts: d.contexts.slice(0, opts.top) }, null, 1)}\n`;
    case 'text':
      return formatText(d, opts.top ?? 20);
    case 'markdown':
      return formatMarkdown(d, opts.top ?? 20);
  }
}

function formatText(d: LazyDiff, top: number): string {
  const out: string[] = [];
  out.push(`Komorium profile diff: ${d.base.program} -> ${d.new.program}`);
  for (const w of d.warnings) out.push(`warning: ${w}`);
  out.push(headline(d));
  if (d.identical) {
    out.push('no differences');
    return `${out.join('\n')}\n`;
  }
  for (const [key, title] of SECTIONS) {
    const rows = d[key];
    out.push('');
    out.push(`${title} (${rows.length} changed; estimated bytecodes, new - base; share in percentage points)`);
    if (rows.length === 0) continue;
    out.push(`${'self'.padStart(14)} ${'self%'.padStart(8)} ${'rel'.padStart(8)} ${'total'.padStart(14)} ${'total%'.padStart(10)} ${'rel'.padStart(8)}  ${key === 'contexts' ? 'context' : key === 'lines' ? 'line' : 'method'}`);
    for (const e of rows.slice(0, top)) {
      out.push(
        `${signed(e.deltaSelf).padStart(14)} ${pp(e.deltaSelfShare).padStart(8)} ${relative(e.deltaSelf, e.base.selfBytecodes).padStart(8)} ${signed(e.deltaTotal).padStart(14)} ${pp(e.deltaTotalShare).padStart(10)} ${relative(e.deltaTotal, e.base.totalBytecodes).padStart(8)}  ${e.label}`,
      );
    }
    if (rows.length > top) out.push(`(${rows.length - top} more)`);
  }
  return `${out.join('\n')}\n`;
}

/** Markdown table cells: pipes and backticks would break the table. */
function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/`/g, "'");
}

function mdRow(e: DiffEntry): string {
  return `| ${signed(e.deltaSelf)} | ${pp(e.deltaSelfShare)} | ${relative(e.deltaSelf, e.base.selfBytecodes)} | ${signed(e.deltaTotal)} | ${pp(e.deltaTotalShare)} | ${relative(e.deltaTotal, e.base.totalBytecodes)} | \`${cell(e.label)}\` |`;
}

function formatMarkdown(d: LazyDiff, top: number): string {
  const out: string[] = [];
  out.push(`### Komorium profile diff: \`${cell(d.new.program)}\``);
  out.push('');
  for (const w of d.warnings) out.push(`> **Warning:** ${w}`, '');
  out.push(`**${headline(d)}**`);
  out.push('');
  if (d.identical) {
    out.push('No differences: the same work was done.');
    return `${out.join('\n')}\n`;
  }
  for (const [key, title] of SECTIONS) {
    const rows = d[key];
    const name = title.charAt(0) + title.slice(1).toLowerCase();
    if (rows.length === 0) {
      out.push(`#### ${name}: no changes`, '');
      continue;
    }
    const body = [
      '| Δ self | Δ self share | self rel. | Δ total | Δ total share | total rel. | ' + (key === 'contexts' ? 'context' : key === 'lines' ? 'line' : 'method') + ' |',
      '|---:|---:|---:|---:|---:|---:|:---|',
      ...rows.slice(0, top).map(mdRow),
    ];
    if (rows.length > top) body.push('', `_${rows.length - top} more not shown._`);
    // Contexts are long: folded so the summary stays short.
    if (key === 'contexts') out.push(`<details><summary>${name} (${rows.length} changed)</summary>`, '', ...body, '', '</details>', '');
    else out.push(`#### ${name} (${rows.length} changed)`, '', ...body, '');
  }
  out.push('_Estimated bytecodes (Komorium counts bytecodes, not time: the same program and input give the same profile)._');
  return `${out.join('\n')}\n`;
}
