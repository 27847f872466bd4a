// Natives of java.io.FileOutputStream (descriptors 1 and 2 are the program's stdout/stderr).

import type { JArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { checkBounds, nonNull, str } from '../../util';
import { isPipe, pipeWrite } from '../../host/pipes';
import { waitForHost } from '../../../hostwait';
import { VmError } from '../../../signals';
import { errorText } from '../../host/errno';
import { byteView, openForStream, setStreamFd, streamFd, writeDescriptor } from './stdio';

/** Writes all of `data`; to a subprocess's pipe, parking the thread while the pipe is full. */
function write(vm: VM, t: JThread, fd: number, data: Uint8Array): unknown {
  if (!isPipe(fd)) return writeDescriptor(vm, fd, data);
  let done = 0;
  const attempt = (): true | null => {
    while (done < data.length) {
      let n: number | null;
      try {
        n = pipeWrite(fd, data.subarray(done));
      } catch (e) {
        throw new VmError('java/io/IOException', errorText(e));
      }
      if (n === null) return null;
      done += n;
    }
    return true;
  };
  return waitForHost(vm, t, attempt, () => true, () => undefined);
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;Z)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null, append: number) => setStreamFd(vm, self, openForStream(vm, str(vm, path), append ? 'a' : 'w')),
  'write(IZ)V': (vm: VM, t: JThread, self: JObject, b: number) => write(vm, t, streamFd(vm, self), Uint8Array.of(b & 0xff)),
  'writeBytes([BIIZ)V': (vm: VM, t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    return write(vm, t, streamFd(vm, self), byteView(arr, off, len).slice());
  },
};
