// Natives of java.io.FileDescriptor.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { getField, setField } from '../../util';
import { closeHostFd } from '../../host/fds';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'getHandle(I)J': () => -1,
  'getAppend(I)Z': () => 0,
  'sync()V': () => undefined,
  'close0()V': (vm: VM, _t: JThread, self: JObject) => {
    const fd = getField(vm, self, 'java/io/FileDescriptor', 'fd') as number;
    if (fd < 0) return;
    setField(vm, self, 'java/io/FileDescriptor', 'fd', -1);
    try {
      closeHostFd(fd);
    } catch {
      // already closed
    }
  },
};
