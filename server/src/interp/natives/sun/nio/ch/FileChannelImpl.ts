// Natives of sun.nio.ch.FileChannelImpl: read-only mappings (copied in at map time) and the
// transfer capabilities (none: the JDK falls back to copying through buffers).

import type { JObject } from '../../../../object';
import { VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { getField } from '../../../util';
import { toNumber, type Long } from '../../../../long';
import { memory } from '../../../jdk/internal/misc/memory';
import { fdValue } from '../../../java/io/stdio';

// FileChannelImpl.MAP_RO / MAP_RW / MAP_PV; IOStatus.UNSUPPORTED.
const MAP_RO = 0;
const UNSUPPORTED = -4;

export const natives: NativeTable = {
  'initIDs()J': () => 4096,
  'maxDirectTransferSize0()I': () => 0x7ffff000,
  'transferTo0(Ljava/io/FileDescriptor;JJLjava/io/FileDescriptor;)J': () => UNSUPPORTED,
  'map0(IJJZ)J': (vm: VM, _t: JThread, self: JObject, prot: number, pos: Long, len: Long) => {
    if (prot !== MAP_RO) throw new VmError('java/lang/UnsupportedOperationException', 'the embedded JVM maps files read-only only (FileChannel.MapMode.READ_ONLY)');
    const fd = fdValue(vm, getField(vm, self, 'sun/nio/ch/FileChannelImpl', 'fd') as JObject | null);
    return memory.mapFile(fd, toNumber(pos), toNumber(len), false);
  },
  'unmap0(JJ)I': (_vm: VM, _t: JThread, addr: Long) => {
    memory.free(toNumber(addr));
    return 0;
  },
};
