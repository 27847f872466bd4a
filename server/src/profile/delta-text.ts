// `+12.3% (+1.2M bytecodes)`: the text of a change against a baseline, for code lenses, line
// marks (language server) and the differential flame graph's tooltip (webview). No imports.

/** 1.2M, 34.5k, 999. */
export function compactCount(n: number): string {
  const r = Math.round(n);
  if (r >= 1e9) return `${(r / 1e9).toFixed(1)}G`;
  if (r >= 1e6) return `${(r / 1e6).toFixed(1)}M`;
  if (r >= 1e4) return `${(r / 1e3).toFixed(1)}k`;
  return String(r);
}

/** `+12.3% (+1.2M bytecodes)`; `new (+1.2M bytecodes)` when the base had none. */
export function deltaText(base: number, next: number): string {
  const d = next - base;
  const b = `${d >= 0 ? '+' : '−'}${compactCount(Math.abs(d))} bytecodes`;
  if (base <= 0) return `new (${b})`;
  const pct = (100 * d) / base;
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}% (${b})`;
}
