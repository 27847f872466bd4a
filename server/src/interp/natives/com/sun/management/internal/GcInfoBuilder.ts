// Natives of com.sun.management.internal.GcInfoBuilder (GarbageCollectorMXBean.getLastGcInfo):
// HotSpot's one extra attribute (GcThreadCount), and no last collection (none ever runs here).

import type { JArray, JObject } from '../../../../../object';
import type { JThread } from '../../../../../thread';
import type { VM } from '../../../../../vm';
import type { NativeTable } from '../../../../registry';
import { nonNull } from '../../../../util';

export const natives: NativeTable = {
  'getNumGcExtAttributes(Ljava/lang/management/GarbageCollectorMXBean;)I': () => 1,
  'fillGcAttributeInfo(Ljava/lang/management/GarbageCollectorMXBean;I[Ljava/lang/String;[C[Ljava/lang/String;)V': (vm: VM, _t: JThread, _self: JObject, _gc: JObject | null, n: number, names: JObject | null, types: JObject | null, descriptions: JObject | null) => {
    if (n < 1) return;
    ((nonNull(names) as JArray).data as (JObject | null)[])[0] = vm.newString('GcThreadCount');
    ((nonNull(types) as JArray).data as Uint16Array)[0] = 'I'.charCodeAt(0);
    ((nonNull(descriptions) as JArray).data as (JObject | null)[])[0] = vm.newString('Number of GC threads');
  },
  'getLastGcInfo0(Ljava/lang/management/GarbageCollectorMXBean;I[Ljava/lang/Object;[C[Ljava/lang/management/MemoryUsage;[Ljava/lang/management/MemoryUsage;)Lcom/sun/management/GcInfo;': () => null,
};
