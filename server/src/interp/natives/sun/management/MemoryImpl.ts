// Natives of sun.management.MemoryImpl (MemoryMXBean): the pools and managers (memory.ts) and
// the heap and non-heap usage.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { beans, heapUsage, managers, memoryUsage, pools, type Usage } from './memory';
import { managementState } from './state';

/** The sum of the pools' usage (heap or non-heap), as HotSpot's MemoryService adds them up. */
function total(vm: VM, heap: boolean): Usage {
  const sum: Usage = { init: 0, used: 0, committed: 0, max: 0 };
  for (const p of pools(vm)) {
    if (p.heap !== heap) continue;
    const u = p.usage(vm);
    sum.init += u.init;
    sum.used += u.used;
    sum.committed += u.committed;
    // Undefined (-1) when any pool's is.
    sum.max = sum.max < 0 || u.max < 0 ? -1 : sum.max + u.max;
  }
  return sum;
}

export const natives: NativeTable = {
  'getMemoryPools0()[Ljava/lang/management/MemoryPoolMXBean;': (vm: VM, t: JThread) =>
    beans(vm, t, pools(vm).map((p) => p.name), (b: JObject[]) => vm.newObjectArray(vm.classes.loadBoot('java/lang/management/MemoryPoolMXBean'), b)),
  'getMemoryManagers0()[Ljava/lang/management/MemoryManagerMXBean;': (vm: VM, t: JThread) =>
    beans(vm, t, managers(vm).map((m) => m.name), (b: JObject[]) => vm.newObjectArray(vm.classes.loadBoot('java/lang/management/MemoryManagerMXBean'), b)),
  // The heap as a whole (its max is the heap's, not the pools' sum); non-heap: the pools' sum.
  'getMemoryUsage0(Z)Ljava/lang/management/MemoryUsage;': (vm: VM, t: JThread, _self: JObject, heap: number) => memoryUsage(vm, t, heap !== 0 ? heapUsage(vm) : total(vm, false)),
  // -verbose:gc output: no collection ever runs here, so there is nothing to print.
  'setVerboseGC(Z)V': (vm: VM, _t: JThread, _self: JObject, on: number) => {
    managementState(vm).verboseGC = on !== 0;
  },
};
