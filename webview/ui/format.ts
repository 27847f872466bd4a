// Number formatting for cells, tooltips and the status line (no DOM).

/** `12.3%`, `0.05%`, `<0.01%`, `0%`. */
export function pct(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const p = (100 * part) / whole;
  if (p >= 99.95 && part < whole) return '99.9%';
  if (p >= 10) return `${p.toFixed(1)}%`;
  if (p >= 0.01) return `${p.toFixed(2)}%`;
  return '<0.01%';
}

/** Integer with thousands separators: `1,234,567`. */
export function count(n: number): string {
  const s = Math.round(n).toString();
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Compact magnitude: `950`, `12.3 k`, `4.56 M`, `7.8 G`. */
export function compact(n: number): string {
  const a = Math.abs(n);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [v, u] of units) {
    if (a >= v) {
      const x = n / v;
      return `${x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)} ${u}`;
    }
  }
  return Math.round(n).toString();
}
