// Natives of sun.nio.ch.NativeThread: blocking I/O is never interrupted by a signal here.

import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';

/**
 * A token of the current thread, not 0 (no signals) and not -1 (JDK 21+: a virtual thread), as
 * HotSpot's pthread_t is: NativeThreadSet records the thread in its array then, counted Java code
 * that takes another path for 0 (JDK 17: a line, JDK 25: `otherThreads`).
 */
const current = (_vm: VM, t: JThread): number => 0x1000 + t.id;

export const natives: NativeTable = {
  'init()V': () => undefined,
  'current()J': current,
  'signal(J)V': () => undefined,
  // JDK 21+ names (current() and signal() became Java wrappers that know virtual threads).
  'current0()J': current,
  'signal0(J)V': () => undefined,
  // Linux can leave a signal pending (JDK 17.0.x updates ask before closing a channel).
  'supportPendingSignals0()Z': () => 1,
};
