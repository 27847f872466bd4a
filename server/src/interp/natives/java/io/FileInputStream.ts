// Natives of java.io.FileInputStream (descriptor 0 is the program's standard input).

import * as fs from 'node:fs';
import type { JArray, JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { bool, checkBounds, nonNull, str } from '../../util';
import { toNumber, type Long } from '../../../long';
import { position, seek } from '../../host/fds';
import { isPipe, pipeAvailable, pipeRead, pipeReadable } from '../../host/pipes';
import { waitForHost } from '../../../hostwait';
import { VmError } from '../../../signals';
import { errorText } from '../../host/errno';
import { byteView, fdValue, openForStream, readDescriptor, setStreamFd, streamFd } from './stdio';

/** Reads a pipe to a subprocess, parking the thread until data or the end arrive. */
function readPipe(vm: VM, t: JThread, fd: number, into: Uint8Array, finish: (n: number) => number): unknown {
  return waitForHost(
    vm,
    t,
    () => {
      try {
        return pipeRead(fd, into);
      } catch (e) {
        throw new VmError('java/io/IOException', errorText(e));
      }
    },
    () => pipeReadable(fd),
    finish,
  );
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null) => setStreamFd(vm, self, openForStream(vm, str(vm, path), 'r')),
  'read0()I': (vm: VM, t: JThread, self: JObject) => {
    const b = new Uint8Array(1);
    const fd = streamFd(vm, self);
    if (isPipe(fd)) return readPipe(vm, t, fd, b, (n) => (n <= 0 ? -1 : b[0]));
    return readDescriptor(vm, fd, b) <= 0 ? -1 : b[0];
  },
  'readBytes([BII)I': (vm: VM, t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    if (len === 0) return 0;
    const fd = streamFd(vm, self);
    if (isPipe(fd)) return readPipe(vm, t, fd, byteView(arr, off, len), (n) => (n <= 0 ? -1 : n));
    const n = readDescriptor(vm, fd, byteView(arr, off, len));
    return n <= 0 ? -1 : n;
  },
  // JDK 25 (FileInputStream.isRegularFile, asked by transferTo, readAllBytes, readNBytes, skip):
  // fstat's S_ISREG of the descriptor; the program's standard streams are not files here (the
  // engine's own stdin, out and err), nor is a pipe to a subprocess.
  'isRegularFile0(Ljava/io/FileDescriptor;)Z': (vm: VM, _t: JThread, _self: JObject, fdo: JObject | null) => {
    const fd = fdValue(vm, fdo);
    if (fd <= 2 || isPipe(fd)) return 0;
    try {
      return bool(fs.fstatSync(fd).isFile());
    } catch {
      return 0;
    }
  },
  'length0()J': (vm: VM, _t: JThread, self: JObject) => fs.fstatSync(streamFd(vm, self)).size,
  'position0()J': (vm: VM, _t: JThread, self: JObject) => {
    const fd = streamFd(vm, self);
    return fd <= 2 ? 0 : position(fd);
  },
  'skip0(J)J': (vm: VM, _t: JThread, self: JObject, n: Long) => {
    const fd = streamFd(vm, self);
    const want = toNumber(n);
    if (fd > 2) {
      seek(fd, position(fd) + want);
      return want;
    }
    const buf = new Uint8Array(Math.min(Math.max(want, 0), 65536));
    let skipped = 0;
    while (skipped < want) {
      const r = readDescriptor(vm, fd, buf.subarray(0, Math.min(buf.length, want - skipped)));
      if (r <= 0) break;
      skipped += r;
    }
    return skipped;
  },
  'available0()I': (vm: VM, _t: JThread, self: JObject) => {
    const fd = streamFd(vm, self);
    if (fd === 0) return vm.stdinAvailable();
    if (fd <= 2) return 0;
    if (isPipe(fd)) return pipeAvailable(fd);
    const st = fs.fstatSync(fd);
    return st.isFile() ? Math.max(0, Math.min(0x7fffffff, st.size - position(fd))) : 0;
  },
};
