// HotSpot's options for comparing its profiles with the embedded engine's (issue 15 item 2,
// branch id25m; docs/RUNTIME.md "The collector in comparisons"). The embedded engine has no
// collector of its own (V8 collects): a weak or soft reference is never cleared, the Reference
// Handler never enqueues one. HotSpot's G1 collects when its young generation fills, and sizes
// that generation from measured pause times, so when (and whether) a short run collects differs
// from run to run; a collection clears the JDK's weakly held entries (JDK 25's MethodType intern
// set, ReferencedKeyMap), whose counted lookups then expunge them (removeStaleReferences,
// ConcurrentHashMap.replaceNode). With a young generation fixed at a size no short comparison
// fills and a metaspace threshold no such run reaches, HotSpot does not collect either: the two
// engines run the same Java code. The program's own System.gc() still collects on HotSpot.

import { totalmem } from 'node:os';

const MiB = 1024 * 1024;

/**
 * `-Xmn` of half HotSpot's default maximum heap (a quarter of the memory), at most 1 GiB, and a
 * metaspace GC threshold of 512 MiB: no young collection before the program allocates that much,
 * no "Metadata GC Threshold" collection. Options for java (`komorium run -J<option>`: prefix them);
 * none when the program's own options (`programArgs`) size the heap or choose a collector.
 */
export function hotspotNoCollectionArgs(programArgs: readonly string[] = []): string[] {
  // A program that sizes the heap or picks a collector itself keeps its own settings.
  if (programArgs.some((a) => /^-(Xm[nsx]|XX:(\+Use\w+GC|(Max)?NewSize|MaxHeapSize|MetaspaceSize))/.test(a))) return [];
  const young = Math.min(1024, Math.floor(totalmem() / 4 / 2 / MiB));
  return [`-Xmn${young}m`, '-XX:MetaspaceSize=512m'];
}
