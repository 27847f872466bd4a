// Number formatting shared by code lenses, hovers and the client's decorations.

/** `12.3%`; `<0.1%` for small non-zero values; `0%` for zero. */
export function pct(v: number): string {
  if (v <= 0) return '0%';
  if (v < 0.05) return '<0.1%';
  return `${v.toFixed(1)}%`;
}
/** `1,234,567`. */
export function count(n: number): string {
  // Not toLocaleString: its first call loads ICU's data (about 0.1 s on a loaded machine).
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `950`, `12.3K`, `4.56M`, `7.89G` (estimates: three significant digits). */
export function approx(n: number): string {
  const a = Math.abs(n);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [scale, unit] of units) {
    if (a >= scale) return `${(n / scale).toPrecision(3)}${unit}`;
  }
  return `${Math.round(n)}`;
}

/** `850 ms`, `12.3 s`, `2 min 5 s`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
