// Natives of sun.nio.ch.FileKey: a file's identity (device and inode) for the JVM-wide table of
// file locks (FileChannel.lock, and so java.util.logging.FileHandler).

import * as fs from 'node:fs';
import type { JObject } from '../../../../object';
import type { JThread } from '../../../../thread';
import type { VM } from '../../../../vm';
import type { NativeTable } from '../../../registry';
import { setField } from '../../../util';
import { longOf } from '../../../../long';
import { VmError } from '../../../../signals';
import { errorText } from '../../../host/errno';
import { fdValue } from '../../../java/io/stdio';

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'init(Ljava/io/FileDescriptor;)V': (vm: VM, _t: JThread, self: JObject, fdo: JObject | null) => {
    let st: fs.BigIntStats;
    try {
      st = fs.fstatSync(fdValue(vm, fdo), { bigint: true });
    } catch (e) {
      throw new VmError('java/io/IOException', errorText(e));
    }
    setField(vm, self, 'sun/nio/ch/FileKey', 'st_dev', longOf(st.dev));
    setField(vm, self, 'sun/nio/ch/FileKey', 'st_ino', longOf(st.ino));
  },
};
