// Natives of sun.management.MemoryPoolImpl: one pool's usage, peak, usage after the last
// collection (none ever runs: the usage a pool starts with, empty), thresholds (kept; no
// collection or measurement crosses them, so no notification is sent) and managers.

import type { JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { beanName, beans, memoryUsage, peakOf, poolByName, type PoolDef } from './memory';
import { managementState } from './state';

function poolOf(vm: VM, self: JObject): PoolDef {
  const p = poolByName(vm, beanName(vm, self));
  if (p === undefined) throw new VmError('java/lang/InternalError', `not a memory pool: ${beanName(vm, self)}`);
  return p;
}

export const natives: NativeTable = {
  'getUsage0()Ljava/lang/management/MemoryUsage;': (vm: VM, t: JThread, self: JObject) => {
    const p = poolOf(vm, self);
    const u = p.usage(vm);
    peakOf(vm, p, u);
    return memoryUsage(vm, t, u);
  },
  'getPeakUsage0()Ljava/lang/management/MemoryUsage;': (vm: VM, t: JThread, self: JObject) => {
    const p = poolOf(vm, self);
    return memoryUsage(vm, t, peakOf(vm, p, p.usage(vm)));
  },
  'getCollectionUsage0()Ljava/lang/management/MemoryUsage;': (vm: VM, t: JThread, self: JObject) => {
    const p = poolOf(vm, self);
    if (!p.collectionThreshold) return null;
    const u = p.usage(vm);
    return memoryUsage(vm, t, { init: u.init, used: 0, committed: 0, max: u.max });
  },
  'setUsageThreshold0(JJ)V': () => undefined,
  'setCollectionThreshold0(JJ)V': () => undefined,
  'resetPeakUsage0()V': (vm: VM, _t: JThread, self: JObject) => {
    managementState(vm).peakUsed.delete(poolOf(vm, self).name);
  },
  'getMemoryManagers0()[Ljava/lang/management/MemoryManagerMXBean;': (vm: VM, t: JThread, self: JObject) =>
    beans(vm, t, poolOf(vm, self).managers(vm.opts.jdk.feature), (b: JObject[]) => vm.newObjectArray(vm.classes.loadBoot('java/lang/management/MemoryManagerMXBean'), b)),
  'setPoolUsageSensor(Lsun/management/Sensor;)V': () => undefined,
  'setPoolCollectionSensor(Lsun/management/Sensor;)V': () => undefined,
};
