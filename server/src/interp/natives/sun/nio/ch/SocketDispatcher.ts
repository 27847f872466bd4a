// Natives of sun.nio.ch.SocketDispatcher: reads from the in-VM loopback sockets (writes and
// closes go through FileDispatcherImpl, which hands virtual descriptors to host/loopback.ts).

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { loopbackOf, type VSocket } from '../../../host/loopback';
import { IOS_EOF, IOS_UNAVAILABLE, socketOf, waitFor } from './Net';
import { iovecs } from './FileDispatcherImpl';

/** Reads into the (base, length) buffers in turn; blocks (blocking socket) until some bytes or the end. */
function readInto(vm: VM, t: JThread, s: VSocket, bufs: { base: number; len: number }[]): unknown {
  const total = bufs.reduce((n, b) => n + b.len, 0);
  if (total === 0) return 0;
  const net = loopbackOf(vm);
  const attempt = (): number | null => {
    let n = 0;
    for (const b of bufs) {
      if (b.len === 0) continue;
      const r = net.read(s, memory.bytes(b.base, b.len));
      if (r === null) return n > 0 ? n : null;
      if (r === 0) return n > 0 ? n : IOS_EOF;
      n += r;
      if (r < b.len) break;
    }
    return n;
  };
  if (!s.blocking) return attempt() ?? IOS_UNAVAILABLE;
  return waitFor(vm, t, s, attempt, -1, () => IOS_UNAVAILABLE, (n) => n);
}

export const natives: NativeTable = {
  'read0(Ljava/io/FileDescriptor;JI)I': (vm: VM, t: JThread, fdo: JObject | null, addr: Long, len: number) => readInto(vm, t, socketOf(vm, fdo), [{ base: toNumber(addr), len }]),
  'readv0(Ljava/io/FileDescriptor;JI)J': (vm: VM, t: JThread, fdo: JObject | null, addr: Long, count: number) => readInto(vm, t, socketOf(vm, fdo), iovecs(addr, count)),
};
