// Small statistics for the benchmark runner: medians, steady-state times, overheads, geomeans.

export class BenchStatsError extends Error {
  override name = 'BenchStatsError';
}

/** The median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new BenchStatsError('median of an empty list');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The steady-state time of one run from its per-iteration times: the median of the last half
 * of the iterations (rounded up), so that the JIT warm-up in the first iterations is left out.
 */
export function steadyState(iterationTimes: readonly number[]): number {
  if (iterationTimes.length === 0) throw new BenchStatsError('no iteration times');
  const keep = Math.ceil(iterationTimes.length / 2);
  return median(iterationTimes.slice(iterationTimes.length - keep));
}

/**
 * The steady-state time per iteration from cumulative times at the iteration boundaries
 * (iterations + 1 values): the mean over the same last half of the iterations. A mean, not a
 * median, because the cumulative clock (process CPU time) ticks in coarse steps.
 */
export function steadyStateCumulative(boundaries: readonly number[]): number {
  const n = boundaries.length - 1;
  if (n < 1) throw new BenchStatsError('need at least two boundary times');
  const keep = Math.ceil(n / 2);
  return (boundaries[n]! - boundaries[n - keep]!) / keep;
}

/** time / baseline - 1 (0.25 = 25% slower). */
export function overhead(time: number, baseline: number): number {
  if (!(baseline > 0) || !(time >= 0)) throw new BenchStatsError(`bad times for an overhead: ${time} / ${baseline}`);
  return time / baseline - 1;
}

/** The geometric mean of positive ratios. */
export function geomean(ratios: readonly number[]): number {
  if (ratios.length === 0) throw new BenchStatsError('geomean of an empty list');
  let sum = 0;
  for (const r of ratios) {
    if (!(r > 0)) throw new BenchStatsError(`geomean of a non-positive ratio ${r}`);
    sum += Math.log(r);
  }
  return Math.exp(sum / ratios.length);
}

/** The geometric mean of overheads, taken over the ratios (1 + overhead), as an overhead again. */
export function geomeanOverhead(overheads: readonly number[]): number {
  return geomean(overheads.map((o) => 1 + o)) - 1;
}
