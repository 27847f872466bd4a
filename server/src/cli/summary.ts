// The one-line summary `komorium run` writes on stderr after a run, from a light reading of the
// profile (its totals and the threads' node counts) without the full loader: what the warm paths
// (run-fast.ts, run-embedded-entry.ts) print, as commands/run.ts does from the loaded profile.

import { readFileSync } from 'node:fs';
import { runSummary } from '../profile/group';

/** The summary line of the profile `out`; a profile without that shape is reported as unreadable. */
export function summaryLine(out: string): string {
  try {
    const p = JSON.parse(readFileSync(out, 'utf8')) as { format?: unknown; meta?: { totalSamples?: unknown; totalBytecodes?: unknown }; threads?: unknown };
    const samples = p.meta?.totalSamples;
    const bytecodes = p.meta?.totalBytecodes;
    if (p.format !== 'komorium-profile' || typeof samples !== 'number' || typeof bytecodes !== 'number' || !Array.isArray(p.threads)) {
      throw new Error('not a Komorium profile with totals and threads');
    }
    let contexts = 0;
    for (const t of p.threads as { nodes?: unknown }[]) {
      if (!Array.isArray(t?.nodes) || t.nodes.length === 0) throw new Error('a thread without nodes');
      contexts += t.nodes.length - 1;
    }
    return runSummary(samples, bytecodes, contexts, p.threads.length, out);
  } catch (e) {
    return `komorium: the profile ${out} could not be read: ${(e as Error).message}\n`;
  }
}
