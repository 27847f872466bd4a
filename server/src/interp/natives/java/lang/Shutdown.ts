// Natives of java.lang.Shutdown: halt0 ends the VM at once (after the hooks ran in Java).

import { EXIT } from '../../../signals';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'beforeHalt()V': () => undefined,
  'halt0(I)V': (vm: VM, _t, status: number) => {
    vm.exitCode = status;
    throw EXIT;
  },
};
