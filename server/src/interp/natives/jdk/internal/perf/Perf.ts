// Natives of jdk.internal.perf.Perf: HotSpot's performance counters (jvmstat). The JDK creates
// a few (ZipFile's open counts and times, class-loading times) and updates them through the
// direct ByteBuffer the VM returns; nothing outside the process reads them here, so each
// counter is a block of off-heap memory of its own (natives/jdk/internal/misc/memory.ts),
// wrapped as JNI's NewDirectByteBuffer does (the DirectByteBuffer(long, int) constructor runs,
// as on HotSpot).

import { directBufferConstructor } from '../../../util';
import type { JArray, JObject } from '../../../../object';
import { PENDING, VmError } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { pushCall } from '../../../../calls';
import { memory } from '../misc/memory';
import * as L from '../../../../long';
import type { Long } from '../../../../long';

/** A direct ByteBuffer over `size` fresh bytes of off-heap memory, filled by `init`. */
function directBuffer(vm: VM, t: JThread, size: number, init: (view: DataView, offset: number) => void): never {
  const k = vm.classes.loadBoot('java/nio/DirectByteBuffer');
  return vm.initializeThen(t, k, () => {
    const addr = memory.allocate(size);
    init(memory.view(addr, size), memory.offsetIn(addr));
    const buf = vm.allocObject(k);
    pushCall(vm, t, directBufferConstructor(vm, k), [buf, addr, size], { kind: 'L', resumePc: -1, base: -1, onReturn: () => buf });
    throw PENDING;
  }) as never;
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'createLong(Ljava/lang/String;IIJ)Ljava/nio/ByteBuffer;': (vm: VM, t: JThread, _self: JObject, name: JObject | null, _variability: number, _units: number, value: Long) => {
    if (name === null) throw new VmError('java/lang/NullPointerException', null);
    return directBuffer(vm, t, 8, (dv, off) => dv.setBigInt64(off, L.toBig(value), true));
  },
  'createByteArray(Ljava/lang/String;II[BI)Ljava/nio/ByteBuffer;': (vm: VM, t: JThread, _self: JObject, name: JObject | null, _variability: number, _units: number, value: JObject | null, maxLength: number) => {
    if (name === null || value === null) throw new VmError('java/lang/NullPointerException', null);
    const src = (value as JArray).data as Int8Array;
    const size = Math.max(maxLength, src.length);
    return directBuffer(vm, t, size, (dv, off) => {
      for (let i = 0; i < src.length; i++) dv.setInt8(off + i, src[i]);
    });
  },
  'highResCounter()J': (vm: VM) => vm.clockNs,
  'highResFrequency()J': () => 1_000_000_000,
};
