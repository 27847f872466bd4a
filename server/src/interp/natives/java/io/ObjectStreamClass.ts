// Natives of java.io.ObjectStreamClass.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { classOf } from '../../util';

export const natives: NativeTable = {
  'initNative()V': () => undefined,
  // Whether the class declares <clinit> (part of the default serialVersionUID).
  'hasStaticInitializer(Ljava/lang/Class;)Z': (vm: VM, _t: JThread, c: JObject | null) => (classOf(vm, c).declared.has('<clinit>()V') ? 1 : 0),
};
