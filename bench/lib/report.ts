// Markdown tables of the results: overhead per benchmark and setting, and the geometric mean.

import { geomeanOverhead, median, overhead } from './stats';
import type { Setting } from './settings';

/** One JVM run of one benchmark in one setting. */
export interface Sample {
  /** What the program printed as its result. */
  checksum: string;
  processMs: number;
  /** In-program steady-state wall time of one iteration. */
  steadyMs: number;
  /** The same for the main thread's CPU time (undefined if the JVM can't measure it). */
  steadyCpuMs?: number;
  /** The same for the CPU time of the whole process (all threads, including JIT and GC). */
  steadyProcCpuMs?: number;
}

export interface BenchResult {
  name: string;
  /** The baseline's checksum. */
  checksum?: string;
  samples: Record<string, Sample[]>;
  errors: string[];
}

export type Metric = 'steadyMs' | 'steadyCpuMs' | 'steadyProcCpuMs' | 'processMs';

export const METRIC_TITLES: Record<Metric, string> = {
  steadyMs: 'in-program steady-state time (wall clock, median of the last half of the iterations)',
  steadyCpuMs: "in-program steady-state CPU time of the main thread (median of the last half of the iterations; hardly affected by other processes' load, but leaves out GC and JIT threads)",
  steadyProcCpuMs: 'in-program steady-state CPU time of the whole JVM process, all threads including GC and JIT (mean over the last half of the iterations)',
  processMs: 'whole JVM process wall time (JVM startup, class loading, JIT warm-up and all iterations; the classes were transformed beforehand)',
};

/** The median of a metric over the runs of one setting; undefined without (complete) samples. */
export function medianOf(samples: readonly Sample[] | undefined, metric: Metric): number | undefined {
  if (!samples || samples.length === 0) return undefined;
  const values = samples.map((s) => s[metric]);
  if (values.some((v) => v === undefined)) return undefined;
  return median(values as number[]);
}

function pct(o: number): string {
  const v = o * 100;
  return `${v >= 0 ? '+' : ''}${Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1)}%`;
}

/**
 * A markdown table: one row per benchmark (baseline time in ms, then the overhead of each
 * profiled setting), and a geo. mean row over the benchmarks that have every value.
 */
export function overheadTable(results: readonly BenchResult[], settings: readonly Setting[], metric: Metric): string {
  const [base, ...rest] = settings;
  if (!base) return '';
  const header = `| benchmark | ${base.label} (ms) | ${rest.map((s) => s.label).join(' | ')} |`;
  const rule = `|---|---:|${rest.map(() => '---:').join('|')}|`;
  const lines = [header, rule];
  const perSetting: number[][] = rest.map(() => []);
  const complete: boolean[] = rest.map(() => true);
  for (const r of results) {
    const b = medianOf(r.samples[base.id], metric);
    const cells = rest.map((s, i) => {
      const t = medianOf(r.samples[s.id], metric);
      if (b === undefined || t === undefined) {
        complete[i] = false;
        return r.errors.some((e) => e.startsWith(`${s.id}:`)) ? 'error' : '–';
      }
      const o = overhead(t, b);
      perSetting[i]!.push(o);
      return pct(o);
    });
    lines.push(`| ${r.name} | ${b === undefined ? '–' : b.toFixed(b >= 100 ? 0 : 1)} | ${cells.join(' | ')} |`);
  }
  const geo = rest.map((_, i) => (perSetting[i]!.length > 0 ? pct(geomeanOverhead(perSetting[i]!)) + (complete[i] ? '' : '*') : '–'));
  lines.push(`| **geo. mean** | | ${geo.map((g) => `**${g}**`).join(' | ')} |`);
  return lines.join('\n');
}
