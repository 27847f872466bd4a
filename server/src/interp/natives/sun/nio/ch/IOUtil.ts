// Natives of sun.nio.ch.IOUtil.

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { bool, getField, nonNull, setField } from '../../../util';
import { VmError } from '../../../../signals';
import { loopbackOf } from '../../../host/loopback';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  // JDK 21+: the most bytes one writev may take (Linux: no limit but the type's, Long.MAX_VALUE).
  'writevMax()J': () => 9223372036854775807n,
  'iovMax()I': () => 1024,
  'fdLimit()I': () => 1 << 20,
  'fdVal(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => getField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd') as number,
  // A Selector's wake-up: the in-VM eventfd (sun/nio/ch/EPoll.ts).
  'drain(I)Z': (vm: VM, _t: JThread, fd: number) => {
    const net = loopbackOf(vm);
    if (!net.isVirtual(fd)) throw new VmError('java/lang/UnsatisfiedLinkError', 'sun.nio.ch.IOUtil.drain of a host descriptor');
    return bool(net.drain(net.get(fd)));
  },
  'setfdVal(Ljava/io/FileDescriptor;I)V': (vm: VM, _t: JThread, fdo: JObject | null, v: number) => setField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd', v),
  // Host files are always blocking; the in-VM loopback sockets follow the setting.
  'configureBlocking(Ljava/io/FileDescriptor;Z)V': (vm: VM, _t: JThread, fdo: JObject | null, blocking: number) => {
    const net = loopbackOf(vm);
    const fd = getField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd') as number;
    if (net.isVirtual(fd)) net.get(fd).blocking = blocking !== 0;
  },
};
