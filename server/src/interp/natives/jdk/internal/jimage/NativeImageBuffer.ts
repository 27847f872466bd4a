// Natives of jdk.internal.jimage.NativeImageBuffer: the JDK image (lib/modules) mapped for the
// Java-side image reader (platform and app loaders reading classes of non-boot modules), as a
// direct ByteBuffer over a lazily paged mapping (natives/jdk/internal/misc/memory.ts).

import * as fs from 'node:fs';
import { join, resolve } from 'node:path';
import type { JObject } from '../../../../object';
import { PENDING } from '../../../../signals';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { directBufferConstructor, str } from '../../../util';
import { pushCall } from '../../../../calls';
import { memory } from '../misc/memory';

const mapped = new WeakMap<VM, { addr: number; size: number }>();

function imageMapping(vm: VM): { addr: number; size: number } {
  let m = mapped.get(vm);
  if (m === undefined) {
    const path = join(vm.opts.jdk.home, 'lib', 'modules');
    const fd = fs.openSync(path, 'r');
    const size = fs.fstatSync(fd).size;
    // The descriptor stays open: pages are read when first touched.
    m = { addr: memory.mapFile(fd, 0, size, true), size };
    mapped.set(vm, m);
  }
  return m;
}

export const natives: NativeTable = {
  'getNativeMap(Ljava/lang/String;)Ljava/nio/ByteBuffer;': (vm: VM, t: JThread, name: JObject | null) => {
    if (name === null || resolve(str(vm, name)) !== resolve(vm.opts.jdk.home, 'lib', 'modules')) return null;
    const k = vm.classes.loadBoot('java/nio/DirectByteBuffer');
    return vm.initializeThen(t, k, () => {
      const { addr, size } = imageMapping(vm);
      const buf = vm.allocObject(k);
      // DirectByteBuffer(long addr, int|long cap): the constructor JNI's NewDirectByteBuffer uses.
      pushCall(vm, t, directBufferConstructor(vm, k), [buf, addr, size], { kind: 'L', resumePc: -1, base: -1, onReturn: () => buf });
      throw PENDING;
    });
  },
};
