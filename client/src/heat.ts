// The colour scale of the hotness decorations: a share of all samples (0..100 %) to one of a
// few heat levels, from a faint yellow to a strong red. Pure (no vscode), shared by the gutter
// marks, the overview ruler and the inline bars.

/** Lower bounds (percent of all samples) of the heat levels 1..N; level 0 = below the first. */
export const HEAT_THRESHOLDS = [0.1, 0.5, 1, 2.5, 5, 10, 20, 40] as const;

/** RGB of each level 1..N (index 0 = level 1). */
export const HEAT_COLOURS: readonly [number, number, number][] = [
  [255, 236, 160],
  [255, 214, 110],
  [255, 190, 80],
  [255, 160, 60],
  [250, 125, 45],
  [240, 90, 40],
  [225, 55, 35],
  [200, 20, 30],
];

export function heatLevel(pct: number): number {
  let level = 0;
  for (let i = 0; i < HEAT_THRESHOLDS.length; i++) if (pct >= HEAT_THRESHOLDS[i]!) level = i + 1;
  return level;
}

export function rgba(level: number, alpha: number): string {
  const [r, g, b] = HEAT_COLOURS[Math.max(0, Math.min(HEAT_COLOURS.length - 1, level - 1))]!;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** A gutter mark: a rounded bar as an SVG data URI. */
export function gutterSvg(level: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect x="5" y="0" width="6" height="16" rx="2" fill="${rgba(level, 1)}"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * CSS for the bar behind the inline text: a strong part for self, a lighter part up to total,
 * each as wide as its share (the element is a fixed number of characters wide).
 */
export function barBackground(selfPct: number, totalPct: number, level: number): string {
  const s = Math.max(0, Math.min(100, selfPct)).toFixed(1);
  const t = Math.max(0, Math.min(100, totalPct)).toFixed(1);
  return `linear-gradient(90deg, ${rgba(level, 0.34)} 0%, ${rgba(level, 0.34)} ${s}%, ${rgba(level, 0.14)} ${s}%, ${rgba(level, 0.14)} ${t}%, transparent ${t}%)`;
}
