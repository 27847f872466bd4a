// The pure parts of the embedded-engine benchmark (bench/interp.ts): parsing /usr/bin/time's
// output, the per-iteration cost from runs with a small and a large iteration count, ratios
// between engines, and the markdown tables.

import { geomean, median } from './stats';

export class InterpBenchError extends Error {
  override name = 'InterpBenchError';
}

/** One process as /usr/bin/time reports it (-f '%e %U %S %M'). */
export interface ProcessTimes {
  /** Wall time, milliseconds. */
  wallMs: number;
  /** User + system CPU time of the process and the children it waited for, milliseconds. */
  cpuMs: number;
  /** Peak resident set size, KiB. */
  maxRssKb: number;
}

/** The format string bench/interp.ts passes to /usr/bin/time (-f). */
export const TIME_FORMAT = 'komorium-time %e %U %S %M';

/**
 * Parses what `/usr/bin/time -f TIME_FORMAT -o FILE` wrote. The file can begin with a line
 * "Command exited with non-zero status N"; the last line with the marker counts.
 */
export function parseTimeOutput(text: string): ProcessTimes {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('komorium-time '))
    .pop();
  if (line === undefined) throw new InterpBenchError(`no 'komorium-time' line in the output of /usr/bin/time: '${text.trim().slice(0, 200)}'`);
  const parts = line.split(/\s+/).slice(1);
  if (parts.length !== 4 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) throw new InterpBenchError(`bad /usr/bin/time line '${line}'`);
  const [e, u, s, m] = parts.map(Number) as [number, number, number, number];
  return { wallMs: e * 1000, cpuMs: (u + s) * 1000, maxRssKb: m };
}

/** The runs of one engine on one program: `lo` and `hi` iterations of the workload. */
export interface PairSamples {
  lo: readonly ProcessTimes[];
  hi: readonly ProcessTimes[];
}

export interface PerIteration {
  /** CPU time of one iteration: (median CPU of the hi runs - median of the lo runs) / (hi - lo). */
  cpuMs: number;
  /** The same for wall time (for information: the machine is shared, CPU time is the measure). */
  wallMs: number;
  /** Median CPU time of the lo runs: start-up, class loading and the first iteration(s). */
  loCpuMs: number;
  /** Median peak RSS of the hi runs, KiB. */
  hiRssKb: number;
  /**
   * False when the difference is too small to trust: below `minShare` of the lo runs' CPU time,
   * or not positive (start-up noise then dominates).
   */
  reliable: boolean;
}

/**
 * The cost of one iteration of the workload, with start-up cancelled out: the difference of the
 * medians of the runs with `hiIters` and with `loIters` iterations, divided by the difference of
 * the counts. Undefined without samples on both sides.
 */
export function perIteration(s: PairSamples, loIters: number, hiIters: number, minShare = 0.1): PerIteration | undefined {
  if (!(hiIters > loIters)) throw new InterpBenchError(`the large iteration count (${hiIters}) must exceed the small one (${loIters})`);
  if (s.lo.length === 0 || s.hi.length === 0) return undefined;
  const loCpu = median(s.lo.map((x) => x.cpuMs));
  const hiCpu = median(s.hi.map((x) => x.cpuMs));
  const loWall = median(s.lo.map((x) => x.wallMs));
  const hiWall = median(s.hi.map((x) => x.wallMs));
  const n = hiIters - loIters;
  const cpuMs = (hiCpu - loCpu) / n;
  return {
    cpuMs,
    wallMs: (hiWall - loWall) / n,
    loCpuMs: loCpu,
    hiRssKb: median(s.hi.map((x) => x.maxRssKb)),
    reliable: cpuMs > 0 && hiCpu - loCpu >= minShare * loCpu,
  };
}

/** A column of the ratio table: engine `id` divided by engine `over`. */
export interface RatioColumn {
  id: string;
  over: string;
  label: string;
}

export interface ProgramResult {
  name: string;
  /** Per-iteration costs by engine id (missing: the engine failed on this program). */
  perIteration: Record<string, PerIteration | undefined>;
  errors: string[];
}

function fmtRatio(r: number): string {
  return r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2);
}

function fmtMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

/** The ratio a / b of two per-iteration costs, undefined when either is missing or unreliable. */
export function ratioOf(a: PerIteration | undefined, b: PerIteration | undefined): number | undefined {
  if (!a || !b || !a.reliable || !b.reliable) return undefined;
  return a.cpuMs / b.cpuMs;
}

/**
 * A markdown table: per program the per-iteration CPU time of each engine in `engines`, then the
 * ratios of `columns`; a last row with the geometric mean of each ratio over the programs that
 * have it (marked * when some program lacks it). Unreliable per-iteration times are shown in
 * parentheses and left out of the ratios.
 */
export function ratioTable(results: readonly ProgramResult[], engines: readonly { id: string; label: string }[], columns: readonly RatioColumn[]): string {
  const header = `| program | ${engines.map((e) => `${e.label} (ms/iter)`).join(' | ')} | ${columns.map((c) => c.label).join(' | ')} |`;
  const rule = `|---|${engines.map(() => '---:').join('|')}|${columns.map(() => '---:').join('|')}|`;
  const lines = [header, rule];
  const perColumn: number[][] = columns.map(() => []);
  for (const r of results) {
    const times = engines.map((e) => {
      const p = r.perIteration[e.id];
      if (!p) return r.errors.some((x) => x.startsWith(`${e.id}:`)) ? 'error' : '–';
      return p.reliable ? fmtMs(p.cpuMs) : `(${fmtMs(p.cpuMs)})`;
    });
    const ratios = columns.map((c, i) => {
      const q = ratioOf(r.perIteration[c.id], r.perIteration[c.over]);
      if (q === undefined) return '–';
      perColumn[i]!.push(q);
      return fmtRatio(q);
    });
    lines.push(`| ${r.name} | ${times.join(' | ')} | ${ratios.join(' | ')} |`);
  }
  const geo = columns.map((_, i) => {
    const xs = perColumn[i]!;
    if (xs.length === 0) return '–';
    return `**${fmtRatio(geomean(xs))}${xs.length < results.length ? '*' : ''}**`;
  });
  lines.push(`| **geo. mean** | ${engines.map(() => '').join(' | ')} | ${geo.join(' | ')} |`);
  return lines.join('\n');
}

/** The geometric mean of one ratio column over the programs that have it (undefined if none). */
export function geomeanRatio(results: readonly ProgramResult[], column: RatioColumn): { value: number; count: number } | undefined {
  const xs = results.map((r) => ratioOf(r.perIteration[column.id], r.perIteration[column.over])).filter((x): x is number => x !== undefined);
  return xs.length === 0 ? undefined : { value: geomean(xs), count: xs.length };
}

/** Start-up of one engine: medians over the runs of a hello-world program. */
export interface StartupRow {
  id: string;
  label: string;
  runs: readonly ProcessTimes[];
}

/** A markdown table of hello-world start-up: median wall, CPU and peak RSS, and each against `baseId`. */
export function startupTable(rows: readonly StartupRow[], baseId: string): string {
  const base = rows.find((r) => r.id === baseId);
  const med = (r: StartupRow, k: keyof ProcessTimes): number | undefined => (r.runs.length === 0 ? undefined : median(r.runs.map((x) => x[k])));
  const lines = ['| engine | wall (ms) | CPU user+sys (ms) | peak RSS (MiB) | wall ÷ base | CPU ÷ base | RSS ÷ base |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const w = med(r, 'wallMs');
    const c = med(r, 'cpuMs');
    const m = med(r, 'maxRssKb');
    if (w === undefined || c === undefined || m === undefined) {
      lines.push(`| ${r.label} | error | | | | | |`);
      continue;
    }
    const rel = (v: number, k: keyof ProcessTimes): string => {
      const b = base ? med(base, k) : undefined;
      return b === undefined || !(b > 0) ? '–' : fmtRatio(v / b);
    };
    lines.push(`| ${r.label} | ${w.toFixed(0)} | ${c.toFixed(0)} | ${(m / 1024).toFixed(0)} | ${rel(w, 'wallMs')} | ${rel(c, 'cpuMs')} | ${rel(m, 'maxRssKb')} |`);
  }
  return lines.join('\n');
}

/** A markdown table of the peak RSS (MiB) of the runs with the large iteration count, per engine. */
export function rssTable(results: readonly ProgramResult[], engines: readonly { id: string; label: string }[]): string {
  const lines = [`| program | ${engines.map((e) => `${e.label} (MiB)`).join(' | ')} |`, `|---|${engines.map(() => '---:').join('|')}|`];
  for (const r of results) {
    const cells = engines.map((e) => {
      const p = r.perIteration[e.id];
      return p ? (p.hiRssKb / 1024).toFixed(0) : '–';
    });
    lines.push(`| ${r.name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** One program's whole runs (start-up included) with one iteration count, per engine. */
export interface WholeRunRow {
  name: string;
  iterations: number;
  runs: Readonly<Record<string, readonly ProcessTimes[]>>;
}

/**
 * A markdown table of whole runs, start-up included (issue 18: "on runs of 0.1–0.5 s under
 * -Xint, no slower than -Xint"): per program and iteration count, each engine's median wall
 * and CPU time, and each other engine's median wall and CPU ÷ the base engine's. `window`
 * marks the rows whose base wall time is in [lo, hi] ms.
 */
export function wholeRunTable(rows: readonly WholeRunRow[], engines: readonly { id: string; label: string }[], baseId: string, window: [number, number]): string {
  const others = engines.filter((e) => e.id !== baseId);
  const lines = [
    `| program | iterations | ${engines.map((e) => `${e.label} wall / CPU (ms)`).join(' | ')} | ${others.map((e) => `${e.label} ÷ ${baseId} wall / CPU`).join(' | ')} | ${baseId} wall in ${window[0] / 1000}–${window[1] / 1000} s |`,
    `|---|---:|${engines.map(() => '---:').join('|')}|${others.map(() => '---:').join('|')}|---|`,
  ];
  const med = (r: WholeRunRow, id: string, k: keyof ProcessTimes): number | undefined => {
    const xs = r.runs[id] ?? [];
    return xs.length === 0 ? undefined : median(xs.map((x) => x[k]));
  };
  for (const r of rows) {
    const cells = engines.map((e) => {
      const w = med(r, e.id, 'wallMs');
      const c = med(r, e.id, 'cpuMs');
      return w === undefined || c === undefined ? '–' : `${w.toFixed(0)} / ${c.toFixed(0)}`;
    });
    const bw = med(r, baseId, 'wallMs');
    const bc = med(r, baseId, 'cpuMs');
    const ratios = others.map((e) => {
      const w = med(r, e.id, 'wallMs');
      const c = med(r, e.id, 'cpuMs');
      return w === undefined || c === undefined || !(bw! > 0) || !(bc! > 0) ? '–' : `${fmtRatio(w / bw!)} / ${fmtRatio(c / bc!)}`;
    });
    const inWindow = bw !== undefined && bw >= window[0] && bw <= window[1] ? 'yes' : 'no';
    lines.push(`| ${r.name} | ${r.iterations} | ${cells.join(' | ')} | ${ratios.join(' | ')} | ${inWindow} |`);
  }
  return lines.join('\n');
}
