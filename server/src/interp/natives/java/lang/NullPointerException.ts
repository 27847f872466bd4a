// Natives of java.lang.NullPointerException: the helpful message (JEP 358) of an NPE, from the
// method and pc of the top frame of its backtrace (npe.ts).

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { isBacktrace } from '../../../throwables';
import { helpfulNpeMessage } from '../../../npe';

export const natives: NativeTable = {
  'getExtendedNPEMessage()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => {
    const bt = (self as unknown as { backtrace: unknown }).backtrace;
    if (!isBacktrace(bt) || bt.methods.length === 0) return null;
    const msg = helpfulNpeMessage(bt.methods[0], bt.pcs[0]);
    return msg === null ? null : vm.newString(msg);
  },
};
