// Natives of java.lang.ref.Reference. There is no garbage collector to talk to: referents stay
// strongly reachable, so the pending list is always empty and the Reference Handler waits.

import type { JObject } from '../../../../object';
import { BLOCK } from '../../../../signals';
import { ThreadState, type JThread, type PendingNative } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField, setField, bool } from '../../../util';

export const natives: NativeTable = {
  'refersTo0(Ljava/lang/Object;)Z': (vm: VM, _t: JThread, self: JObject, o: JObject | null) => bool(getField(vm, self, 'java/lang/ref/Reference', 'referent') === o),
  'clear0()V': (vm: VM, _t: JThread, self: JObject) => setField(vm, self, 'java/lang/ref/Reference', 'referent', null),
  'getAndClearReferencePendingList()Ljava/lang/ref/Reference;': () => null,
  'hasReferencePendingList()Z': () => 0,
  'waitForReferencePendingList()V': (_vm: VM, t: JThread) => {
    // Never woken: nothing is ever enqueued by the VM. RUNNABLE to Thread.getState(), as on
    // HotSpot (the thread waits in native code, not in Object.wait).
    t.inIo = true;
    t.state = ThreadState.Waiting;
    t.pendingNative = waitingForPendingList(t);
    throw BLOCK;
  },
};

/** The Reference Handler's endless wait (also rebuilt by a boot snapshot's restore). */
export function waitingForPendingList(t: JThread): PendingNative {
  return {
    resume: () => {
      t.state = ThreadState.Waiting;
      throw BLOCK;
    },
  };
}

export const phantomNatives: NativeTable = {
  'clear0()V': (vm: VM, _t: JThread, self: JObject) => setField(vm, self, 'java/lang/ref/Reference', 'referent', null),
  'refersTo0(Ljava/lang/Object;)Z': (vm: VM, _t: JThread, self: JObject, o: JObject | null) => bool(getField(vm, self, 'java/lang/ref/Reference', 'referent') === o),
};

/** JDK 18+: finalization can be turned off (--finalization=disabled); HotSpot's default is on. */
export const finalizerNatives: NativeTable = {
  'isFinalizationEnabled()Z': () => 1,
  // JFR's FinalizerStatistics: nothing records them.
  'reportComplete(Ljava/lang/Object;)V': () => undefined,
};
