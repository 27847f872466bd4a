// Natives of jdk.internal.util.SystemProps$Raw: the platform and VM properties, as HotSpot 17
// on Linux reports them (versions from the JDK's `release` file).

import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';

export const natives: NativeTable = {
  'platformProperties()[Ljava/lang/String;': (vm: VM, _t: JThread) => {
    const p = vm.platformProperties();
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), p.map((s) => (s === null ? null : vm.newString(s))));
  },
  'vmProperties()[Ljava/lang/String;': (vm: VM) => {
    const kv: (string | null)[] = [];
    for (const [k, v] of vm.allVmProperties()) kv.push(k, v);
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), kv.map((s) => (s === null ? null : vm.newString(s))));
  },
};
