// The thread picker's entries.

import { threadKey, type ProfileData } from '../model/profile';
import { ALL_THREADS } from '../state';
import { pct } from '../ui/format';

/**
 * The thread picker's entries: all threads (with the number that took samples), then each
 * thread with its share of the samples. Threads that ran instrumented code but took no sample
 * are not listed (nor counted), except the one chosen.
 */
export function threadOptions(p: ProfileData, chosen: string): { value: string; label: string }[] {
  const total = p.totalSamples;
  return [
    { value: ALL_THREADS, label: `All threads (${p.threads.filter((t) => t.samples > 0).length})` },
    ...p.threads.filter((t) => t.samples > 0 || threadKey(t) === chosen).map((t) => ({
      value: threadKey(t),
      label: `${t.name}${t.seq > 0 ? ` #${t.seq}` : ''}${t.merged > 0 ? ` (${t.merged} threads)` : ''} — ${pct(t.samples, total)}`,
    })),
  ];
}
