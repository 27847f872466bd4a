// Natives of java.lang.NullPointerException: the helpful message (JEP 358) of an NPE, from the
// method and pc of the top frame of its backtrace (npe.ts); none when that frame was hidden.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { isBacktrace } from '../../../throwables';
import { helpfulNpeMessage } from '../../../npe';

export const natives: NativeTable = {
  'getExtendedNPEMessage()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => {
    const bt = (self as unknown as { backtrace: unknown }).backtrace;
    // HotSpot (java_lang_Throwable::get_top_method_and_bci): no message when the frame that
    // threw was hidden from the trace (LambdaForm code of a method handle call).
    if (!isBacktrace(bt) || bt.methods.length === 0 || bt.hiddenTop === true) return null;
    const msg = helpfulNpeMessage(bt.methods[0], bt.pcs[0]);
    return msg === null ? null : vm.newString(msg);
  },
};
