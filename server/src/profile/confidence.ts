// How sure a sampled share is: the binomial 95% confidence interval of a share of k samples out
// of n, by the Wilson score interval (E. B. Wilson 1927). Unlike the normal approximation
// p ± z·sqrt(p(1-p)/n) it stays inside [0, 1] and does not shrink to nothing at k = 0 or k = n,
// which is where profile shares of rarely sampled lines live. An exact profile (`--exact`,
// every bytecode counted) has no sampling error: its shares are shown as "exact".
//
// No DOM and no Node APIs: the language server's hovers and the webview's tooltip both use it.

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal distribution. */
export const Z95 = 1.959963984540054;

/** An interval of proportions, both ends in [0, 1]. */
export interface Interval {
  lo: number;
  hi: number;
}

/**
 * The Wilson score interval of k successes in n trials at the given z (default 95%):
 *   center = (p + z²/2n) / (1 + z²/n),  half = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²),  p = k/n.
 * n = 0 says nothing: [0, 1].
 */
export function wilsonInterval(k: number, n: number, z: number = Z95): Interval {
  if (!Number.isFinite(k) || !Number.isFinite(n) || n < 0 || k < 0 || k > n) throw new RangeError(`wilsonInterval: need 0 <= k <= n, got k = ${k}, n = ${n}`);
  if (n === 0) return { lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp rounding noise; the ends are exactly 0 and 1 at k = 0 and k = n.
  return { lo: k === 0 ? 0 : Math.max(0, center - half), hi: k === n ? 1 : Math.min(1, center + half) };
}

/** Whether a profile's meta describes an exact profile (`komorium run --exact`): its shares have no sampling error. */
export function isExactProfile(meta: { agent?: string; engine?: string }): boolean {
  return meta.agent === 'exact' || meta.engine === 'interp-exact';
}

function thousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Decimals for percentages p, lo, hi (in percent): one, more (up to three) while the two ends
 * would print alike or the share would print as 0 though it is not.
 */
function decimals(p: number, lo: number, hi: number): number {
  let d = 1;
  while (d < 3 && (lo.toFixed(d) === hi.toFixed(d) || (p > 0 && Number(p.toFixed(d)) === 0))) d++;
  return d;
}

/** A percentage with d decimals; `<0.001%` rather than `0.000%` for a share that is not zero. */
function percent(p: number, d: number): string {
  return p > 0 && Number(p.toFixed(d)) === 0 ? `<${(10 ** -d).toFixed(d)}%` : `${p.toFixed(d)}%`;
}

export interface ShareText {
  /** `34.2%` */
  share: string;
  /** `95% CI 33.1–35.3%`, or `exact`. */
  interval: string;
  /** `1,234 of 3,607 samples` (bytecodes for an exact profile). */
  counts: string;
}

/** The parts of a share's text: point estimate, interval (or "exact") and counts. */
export function shareParts(k: number, n: number, exact: boolean): ShareText {
  const unit = exact ? 'bytecodes' : n === 1 ? 'sample' : 'samples';
  const counts = `${thousands(k)} of ${thousands(n)} ${unit}`;
  const p = n > 0 ? (100 * k) / n : 0;
  if (exact) {
    const d = decimals(p, 0, 1);
    return { share: percent(p, d), interval: 'exact', counts };
  }
  const { lo, hi } = wilsonInterval(Math.min(k, n), n);
  const d = decimals(p, 100 * lo, 100 * hi);
  return { share: percent(p, d), interval: `95% CI ${(100 * lo).toFixed(d)}–${(100 * hi).toFixed(d)}%`, counts };
}

/** `34.2% (95% CI 33.1–35.3%, 1,234 of 3,607 samples)`; for an exact profile `34.2% (exact, 1,234 of 3,607 bytecodes)`. */
export function shareWithInterval(k: number, n: number, exact: boolean): string {
  const s = shareParts(k, n, exact);
  return `${s.share} (${s.interval}, ${s.counts})`;
}
