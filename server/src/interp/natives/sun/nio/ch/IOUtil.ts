// Natives of sun.nio.ch.IOUtil.

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField, nonNull, setField } from '../../../util';
import { loopbackOf } from '../../../host/loopback';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'iovMax()I': () => 1024,
  'fdLimit()I': () => 1 << 20,
  'fdVal(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => getField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd') as number,
  'setfdVal(Ljava/io/FileDescriptor;I)V': (vm: VM, _t: JThread, fdo: JObject | null, v: number) => setField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd', v),
  // Host files are always blocking; the in-VM loopback sockets follow the setting.
  'configureBlocking(Ljava/io/FileDescriptor;Z)V': (vm: VM, _t: JThread, fdo: JObject | null, blocking: number) => {
    const net = loopbackOf(vm);
    const fd = getField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd') as number;
    if (net.isVirtual(fd)) net.get(fd).blocking = blocking !== 0;
  },
};
