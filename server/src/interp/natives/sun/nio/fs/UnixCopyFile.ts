// Natives of sun.nio.fs.UnixCopyFile: transfer(dst, src, cancelAddress), the copy loop of
// Files.copy between two open descriptors (the JDK's UnixCopyFile.c: sendfile, else read/write
// in 8 KiB pieces), here read/write in 64 KiB pieces at each descriptor's position. A failure
// throws sun.nio.fs.UnixException(errno). The cancel address (a cancellable copy,
// ExtendedCopyOption.INTERRUPTIBLE) is polled between pieces as the JDK does.

import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { JavaThrow } from '../../../../signals';
import { setField } from '../../../util';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { errnoOf } from '../../../host/errno';
import { readHost, writeHost } from '../../../host/fds';

const ECANCELED = 125;

function unixError(vm: VM, t: JThread, errno: number): never {
  const e = vm.newThrowable(t, 'sun/nio/fs/UnixException', null);
  setField(vm, e, 'sun/nio/fs/UnixException', 'errno', errno);
  throw new JavaThrow(e);
}

export const natives: NativeTable = {
  'transfer(IIJ)V': (vm: VM, t: JThread, dst: number, src: number, cancel: Long) => {
    const cancelAt = toNumber(cancel);
    const buf = new Uint8Array(65536);
    for (;;) {
      if (cancelAt !== 0 && memory.view(cancelAt, 4).getInt32(0, true) !== 0) unixError(vm, t, ECANCELED);
      let n: number;
      try {
        n = readHost(src, buf);
        if (n === 0) return;
        writeHost(dst, buf.subarray(0, n));
      } catch (e) {
        unixError(vm, t, errnoOf(e));
      }
    }
  },
};
