// Natives of java.io.FileOutputStream (descriptors 1 and 2 are the program's stdout/stderr).

import type { JArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { checkBounds, nonNull, str } from '../../util';
import { byteView, openForStream, setStreamFd, streamFd, writeDescriptor } from './stdio';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;Z)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null, append: number) => setStreamFd(vm, self, openForStream(vm, str(vm, path), append ? 'a' : 'w')),
  'write(IZ)V': (vm: VM, _t: JThread, self: JObject, b: number) => writeDescriptor(vm, streamFd(vm, self), Uint8Array.of(b & 0xff)),
  'writeBytes([BIIZ)V': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    writeDescriptor(vm, streamFd(vm, self), byteView(arr, off, len).slice());
  },
};
