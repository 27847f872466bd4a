// The profiler settings one benchmark is run with (paper Section 7.4, Figures 12-14).

import { HOTSPOT_JIT_OPTIONS } from '../../server/src/runtime/contract';

export interface Setting {
  /** Key in the results: 'baseline', 'g10000', 'none'. */
  id: string;
  /** Column heading. */
  label: string;
  /** Which classes run: the original ones, or transformed with or without line attribution. */
  classes: 'original' | 'transformed' | 'transformed-no-lines';
  /** JVM options: -D options, and the runtime's JIT options (HOTSPOT_JIT_OPTIONS) where it samples. */
  properties: string[];
}

export const PAPER_GRANULARITIES = [500, 1000, 5000, 10000, 50000, 100000, 500000, 1000000] as const;

export const BASELINE: Setting = { id: 'baseline', label: 'original', classes: 'original', properties: [] };

export function granularitySetting(g: number, profileFile: string): Setting {
  return {
    id: `g${g}`,
    label: g.toLocaleString('en-US'),
    classes: 'transformed',
    properties: [...HOTSPOT_JIT_OPTIONS, `-Dkomorium.granularity=${g}`, '-Dkomorium.random=0', `-Dkomorium.out=${profileFile}`],
  };
}

/** Instrumented, no agent: the paper's 'No Prof.' (the lowest overhead of the transformation). */
export const NO_AGENT: Setting = { id: 'none', label: 'No Prof.', classes: 'transformed', properties: ['-Dkomorium.agent=none'] };

/** The same setting on classes transformed with `--no-lines` (no source-line attribution). */
export function withoutLines(s: Setting): Setting {
  return { ...s, id: `${s.id}-nl`, label: `${s.label} no lines`, classes: 'transformed-no-lines' };
}

/**
 * The original program, each granularity, no agent; then, if `noLinesFor` names settings
 * (granularities or 'none'), those again without line attribution.
 */
export function settingsFor(granularities: readonly number[], profileFile: string, noLinesFor: readonly (number | 'none')[] = []): Setting[] {
  const main = [BASELINE, ...granularities.map((g) => granularitySetting(g, profileFile)), NO_AGENT];
  const extra = noLinesFor.map((k) => withoutLines(k === 'none' ? NO_AGENT : granularitySetting(k, profileFile)));
  return [...main, ...extra];
}
