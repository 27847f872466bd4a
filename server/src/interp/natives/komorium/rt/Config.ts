// Natives of the profiler runtime's komorium.rt.Config (runtime/java/komorium/rt/Config.java):
// the real wall clock for the profile's start and end times, also when the VM's clock is
// virtual (clock.ts).

import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'wallClock0()J': () => Date.now(),
};
