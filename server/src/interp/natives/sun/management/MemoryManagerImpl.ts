// Natives of sun.management.MemoryManagerImpl: the pools a memory manager (or collector) manages.

import type { JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { beanName, beans, managers } from './memory';

export const natives: NativeTable = {
  'getMemoryPools0()[Ljava/lang/management/MemoryPoolMXBean;': (vm: VM, t: JThread, self: JObject) => {
    const name = beanName(vm, self);
    const m = managers(vm).find((x) => x.name === name);
    if (m === undefined) throw new VmError('java/lang/InternalError', `not a memory manager: ${name}`);
    return beans(vm, t, m.pools(vm.opts.jdk.feature), (b: JObject[]) => vm.newObjectArray(vm.classes.loadBoot('java/lang/management/MemoryPoolMXBean'), b));
  },
};
