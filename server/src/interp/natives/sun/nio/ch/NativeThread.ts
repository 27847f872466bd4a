// Natives of sun.nio.ch.NativeThread: blocking I/O is never interrupted by a signal here.

import type { NativeTable } from '../../../registry';

export const natives: NativeTable = {
  'init()V': () => undefined,
  'current()J': () => 0,
  'signal(J)V': () => undefined,
  // JDK 21+ names (current() and signal() became Java wrappers that know virtual threads).
  'current0()J': () => 0,
  'signal0(J)V': () => undefined,
  // Linux can leave a signal pending (JDK 17.0.x updates ask before closing a channel).
  'supportPendingSignals0()Z': () => 1,
};
