// Natives of jdk.internal.misc.VM, Signal and ScopedMemoryAccess (CDS: CDS.ts).

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { str } from '../../../util';
import { epochNanos } from '../../../../clock';

export const vmNatives: NativeTable = {
  'initialize()V': () => undefined,
  'latestUserDefinedLoader0()Ljava/lang/ClassLoader;': (vm: VM, t: JThread) => vm.latestUserDefinedLoader(t),
  'getuid()J': () => 1000,
  'geteuid()J': () => 1000,
  'getgid()J': () => 1000,
  'getegid()J': () => 1000,
  'getNanoTimeAdjustment(J)J': (vm: VM, _t: JThread, offset: number | bigint) => {
    // Nanoseconds of the wall clock (real or virtual) relative to `offset` seconds.
    const nowNs = epochNanos(vm);
    const diff = nowNs - Number(offset) * 1e9;
    if (Math.abs(diff) > 4e18) return -1;
    return Math.round(diff);
  },
  'getRuntimeArguments()[Ljava/lang/String;': (vm: VM) => vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), []),
};

const SIGNALS: Record<string, number> = { HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12, PIPE: 13, ALRM: 14, TERM: 15 };

export const signalNatives: NativeTable = {
  'findSignal0(Ljava/lang/String;)I': (vm: VM, _t: JThread, name: JObject | null) => SIGNALS[str(vm, name)] ?? -1,
  'handle0(IJ)J': () => 0,
  'raise0(I)V': () => undefined,
};

export const scopedMemoryNatives: NativeTable = {
  'registerNatives()V': () => undefined,
};

/**
 * JDK 21+: no VM continuations (as HotSpot with -XX:-VMContinuations): virtual threads are
 * each bound to a green thread of their own (ThreadBuilders.BoundVirtualThread).
 */
export const continuationSupportNatives: NativeTable = {
  'isSupported0()Z': () => 0,
};
