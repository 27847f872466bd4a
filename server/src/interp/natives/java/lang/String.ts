// Natives of java.lang.String.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

export const natives: NativeTable = {
  'intern()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => vm.strings.internObject(self),
};

export const utf16Natives: NativeTable = {
  // StringUTF16 stores chars little-endian here (strings.ts).
  'isBigEndian()Z': () => 0,
};
