// Natives of sun.management.GarbageCollectorImpl. The embedded JVM's objects live in V8's heap
// and V8 collects them; no Java collector runs, so every collector has run 0 times, for 0 ms.

import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'getCollectionCount()J': () => 0,
  'getCollectionTime()J': () => 0,
};
