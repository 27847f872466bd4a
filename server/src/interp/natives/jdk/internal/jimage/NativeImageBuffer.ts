// Natives of jdk.internal.jimage.NativeImageBuffer: the JDK image (lib/modules) mapped for the
// Java-side image reader (platform and app loaders reading classes of non-boot modules), as a
// direct ByteBuffer over a lazily paged mapping (natives/jdk/internal/misc/memory.ts). With the
// JDK counted as on HotSpot's instrumented copy, the image Java code reads is indexed as the
// copy's (VmOptions.javaImage, engine/java-image.ts): that view's index, the JDK's content, its
// tree nodes, mapped from the view's file and the JDK's.

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

/** The view file's prefix (engine/java-image.ts). */
const VIEW_PREFIX = 16;

const mapped = new WeakMap<VM, { addr: number; size: number }>();

function imageMapping(vm: VM): { addr: number; size: number } {
  let m = mapped.get(vm);
  if (m === undefined) {
    const view = vm.opts.javaImage?.();
    if (view !== undefined) {
      // The descriptors stay open: pages are read when first touched.
      const vfd = fs.openSync(view.file, 'r');
      const jfd = fs.openSync(view.jdkImage, 'r');
      const size = view.indexLength + view.contentLength + view.tailLength;
      const pieces = [
        { at: 0, fd: vfd, offset: VIEW_PREFIX, length: view.indexLength },
        { at: view.indexLength, fd: jfd, offset: view.jdkOffset, length: view.contentLength },
        { at: view.indexLength + view.contentLength, fd: vfd, offset: VIEW_PREFIX + view.indexLength, length: view.tailLength },
      ];
      m = { addr: memory.mapPieces(pieces, size, true), size };
    } else {
      const path = join(vm.opts.jdk.home, 'lib', 'modules');
      const fd = fs.openSync(path, 'r');
      const size = fs.fstatSync(fd).size;
      // The descriptor stays open: pages are read when first touched.
      m = { addr: memory.mapFile(fd, 0, size, true), size };
    }
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
