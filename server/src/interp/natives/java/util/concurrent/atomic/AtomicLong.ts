// Natives of java.util.concurrent.atomic.AtomicLong.

import type { NativeTable } from '../../../../registry';

export const natives: NativeTable = {
  // Longs are compared and set atomically (green threads switch only between instructions).
  'VMSupportsCS8()Z': () => 1,
};
