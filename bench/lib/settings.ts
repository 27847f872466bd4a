// The profiler settings one benchmark is run with (paper Section 7.4, Figures 12-14).

export interface Setting {
  /** Key in the results: 'baseline', 'g10000', 'none'. */
  id: string;
  /** Column heading. */
  label: string;
  /** Runs the transformed classes (else the original ones). */
  transformed: boolean;
  /** -D options for the JVM. */
  properties: string[];
}

export const PAPER_GRANULARITIES = [500, 1000, 5000, 10000, 50000, 100000, 500000, 1000000] as const;

export const BASELINE: Setting = { id: 'baseline', label: 'original', transformed: false, properties: [] };

export function granularitySetting(g: number, profileFile: string): Setting {
  return {
    id: `g${g}`,
    label: g.toLocaleString('en-US'),
    transformed: true,
    properties: [`-Dkomorium.granularity=${g}`, '-Dkomorium.random=0', `-Dkomorium.out=${profileFile}`],
  };
}

/** Instrumented, no agent: the paper's 'No Prof.' (the lowest overhead of the transformation). */
export const NO_AGENT: Setting = { id: 'none', label: 'No Prof.', transformed: true, properties: ['-Dkomorium.agent=none'] };

export function settingsFor(granularities: readonly number[], profileFile: string, noAgent: boolean): Setting[] {
  return [BASELINE, ...granularities.map((g) => granularitySetting(g, profileFile)), ...(noAgent ? [NO_AGENT] : [])];
}
