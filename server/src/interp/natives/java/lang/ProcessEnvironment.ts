// Natives of java.lang.ProcessEnvironment (Unix): the process environment of the run, as the
// JDK reads it from `environ`: name and value bytes, alternating. The run's environment is
// VmOptions.env (the environment `komorium run` started with, or the editor's launch
// configuration merged over the server's).

import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

function bytes(vm: VM, s: string): ReturnType<VM['newArray']> {
  const b = Buffer.from(s, 'utf8');
  return vm.newArray('B', new Int8Array(b.buffer, b.byteOffset, b.length).slice());
}

export const natives: NativeTable = {
  'environ()[[B': (vm: VM, _t: JThread) => {
    const items: ReturnType<VM['newArray']>[] = [];
    for (const [name, value] of Object.entries(vm.opts.env)) {
      // environ entries are NAME=VALUE; a name holding '=' or NUL cannot come back from the host.
      if (value === undefined || name.includes('=') || name.includes('\0') || value.includes('\0')) continue;
      items.push(bytes(vm, name), bytes(vm, value));
    }
    return vm.newObjectArray(vm.classes.arrayOf(vm.classes.primitive('B')), items);
  },
};
