// Natives of java.lang.Module: the VM records module names of packages so that classes get
// their java.lang.Module and stack traces their module names. Access checks are not enforced.

import type { JObject } from '../../../object';
import { JArray } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'defineModule0(Ljava/lang/Module;ZLjava/lang/String;Ljava/lang/String;[Ljava/lang/Object;)V': (vm: VM, _t: JThread, module: JObject | null, _open: number, _version: JObject | null, _location: JObject | null, pns: JObject | null) => {
    if (module === null) return;
    const packages = pns === null ? [] : ((pns as JArray).data as (JObject | null)[]).map((p) => (p === null ? '' : vm.jsString(p).replace(/\./g, '/')));
    vm.defineModule(module, packages);
  },
  'addReads0(Ljava/lang/Module;Ljava/lang/Module;)V': () => undefined,
  'addExports0(Ljava/lang/Module;Ljava/lang/String;Ljava/lang/Module;)V': () => undefined,
  'addExportsToAll0(Ljava/lang/Module;Ljava/lang/String;)V': () => undefined,
  'addExportsToAllUnnamed0(Ljava/lang/Module;Ljava/lang/String;)V': () => undefined,
};
