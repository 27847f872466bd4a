// Natives of sun.management.ClassLoadingImpl: -verbose:class switched on or off by a program.
// The setting is kept (ClassLoadingMXBean.isVerbose reports it); this VM prints no class-loading
// log for it (KOMORIUM_TRACE_CLASSES does, on stderr).

import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { managementState } from './state';

export const natives: NativeTable = {
  'setVerboseClass(Z)V': (vm: VM, _t: JThread, on: number) => {
    managementState(vm).verboseClass = on !== 0;
  },
};
