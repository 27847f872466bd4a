// Natives of java.io.RandomAccessFile.

import * as fs from 'node:fs';
import type { JArray, JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { checkBounds, nonNull, str } from '../../util';
import { toNumber, type Long } from '../../../long';
import { position, seek } from '../../host/fds';
import { errorText } from '../../host/errno';
import { byteView, hostPath, openForStream, readDescriptor, setStreamFd, streamFd, writeDescriptor } from './stdio';

// RandomAccessFile's mode bits (O_RDONLY = 1, O_RDWR = 2, O_SYNC = 4, O_DSYNC = 8).
const O_RDWR = 2;

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'open0(Ljava/lang/String;I)V': (vm: VM, _t: JThread, self: JObject, path: JObject | null, mode: number) => {
    const p = str(vm, path);
    const flags = mode & O_RDWR ? (fs.existsSync(hostPath(vm, p)) ? 'r+' : 'w+') : 'r';
    setStreamFd(vm, self, openForStream(vm, p, flags));
  },
  'read0()I': (vm: VM, _t: JThread, self: JObject) => {
    const b = new Uint8Array(1);
    return readDescriptor(vm, streamFd(vm, self), b) <= 0 ? -1 : b[0];
  },
  'readBytes([BII)I': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    if (len === 0) return 0;
    const n = readDescriptor(vm, streamFd(vm, self), byteView(arr, off, len));
    return n <= 0 ? -1 : n;
  },
  'write0(I)V': (vm: VM, _t: JThread, self: JObject, b: number) => writeDescriptor(vm, streamFd(vm, self), Uint8Array.of(b & 0xff)),
  'writeBytes([BII)V': (vm: VM, _t: JThread, self: JObject, b: JObject | null, off: number, len: number) => {
    const arr = (nonNull(b) as JArray).data as Int8Array;
    checkBounds(arr.length, off, len);
    writeDescriptor(vm, streamFd(vm, self), byteView(arr, off, len).slice());
  },
  'getFilePointer()J': (vm: VM, _t: JThread, self: JObject) => position(streamFd(vm, self)),
  'seek0(J)V': (vm: VM, _t: JThread, self: JObject, pos: Long) => {
    const p = toNumber(pos);
    if (p < 0) throw new VmError('java/io/IOException', 'Negative seek offset');
    seek(streamFd(vm, self), p);
  },
  'length()J': (vm: VM, _t: JThread, self: JObject) => fs.fstatSync(streamFd(vm, self)).size,
  'setLength(J)V': (vm: VM, _t: JThread, self: JObject, len: Long) => {
    const fd = streamFd(vm, self);
    try {
      fs.ftruncateSync(fd, toNumber(len));
    } catch (e) {
      throw new VmError('java/io/IOException', errorText(e));
    }
    if (position(fd) > toNumber(len)) seek(fd, toNumber(len));
  },
};
