// Natives of java.lang.Throwable: the backtrace (see throwables.ts).

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { fillInStackTrace } from '../../../throwables';

export const natives: NativeTable = {
  'fillInStackTrace(I)Ljava/lang/Throwable;': (vm: VM, t: JThread, self: JObject) => {
    fillInStackTrace(vm, t, self, true);
    return self;
  },
};
