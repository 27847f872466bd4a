// Digit grouping for messages, without ICU (toLocaleString's first call loads its data).

/** 1234567 -> "1,234,567". */
export function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The CLI's one-line summary after a profiled run (commands/run.ts and the warm start, run-fast.ts). */
export function runSummary(samples: number, bytecodes: number, contexts: number, threads: number, out: string): string {
  // group(), not toLocaleString: its first call loads ICU's data (0.04-0.1 s of the start-up).
  return `komorium: ${group(samples)} samples, ${group(bytecodes)} bytecodes, ${group(contexts)} contexts, ${threads} thread(s) -> ${out}\n`;
}
