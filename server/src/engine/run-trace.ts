// KOMORIUM_TRACE_RUN=1: where the time of a run goes before its first live snapshot (docs/
// BENCHMARKS.md part E, "Run with Profile to the first decorations"). Each step is one log line
// (RunOptions.onLog: the editor's Komorium output) with the milliseconds since the trace began.

/** A function logging `komorium: trace <ms> ms: <step>` lines, or a no-op unless KOMORIUM_TRACE_RUN is set. */
export function runTrace(log: (line: string) => void, what: string): (step: string) => void {
  if (!process.env.KOMORIUM_TRACE_RUN) return () => {};
  const t0 = performance.now();
  return (step) => log(`komorium: trace ${what} +${Math.round(performance.now() - t0)} ms: ${step}`);
}
