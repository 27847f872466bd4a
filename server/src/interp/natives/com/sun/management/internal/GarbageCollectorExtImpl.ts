// Natives of com.sun.management.internal.GarbageCollectorExtImpl: GC notifications switched on
// when a listener is added. No Java collector runs in the embedded JVM (V8 collects), so none
// is ever sent.

import type { NativeTable } from '../../../../registry';

export const natives: NativeTable = {
  'setNotificationEnabled(Lcom/sun/management/GarbageCollectorMXBean;Z)V': () => undefined,
};
