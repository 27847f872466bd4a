// Natives of sun.nio.ch.IOUtil.

import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField, nonNull, setField } from '../../../util';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'iovMax()I': () => 1024,
  'fdLimit()I': () => 1 << 20,
  'fdVal(Ljava/io/FileDescriptor;)I': (vm: VM, _t: JThread, fdo: JObject | null) => getField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd') as number,
  'setfdVal(Ljava/io/FileDescriptor;I)V': (vm: VM, _t: JThread, fdo: JObject | null, v: number) => setField(vm, nonNull(fdo), 'java/io/FileDescriptor', 'fd', v),
  // Host files are always blocking.
  'configureBlocking(Ljava/io/FileDescriptor;Z)V': () => undefined,
};
