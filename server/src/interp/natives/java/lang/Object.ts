// Natives of java.lang.Object: identity, clone, monitors (wait/notify).

import { JArray, arrayBytes, makeArray, type JObject } from '../../../object';
import { instantiate } from '../../../klass';
import { BLOCK, VmError } from '../../../signals';
import * as mon from '../../../monitor';
import type { JThread, PendingNative } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import type { Long } from '../../../long';
import { deadlineIn } from '../../../clock';
import { getField, setField } from '../../util';

export function cloneObject(vm: VM, o: JObject): JObject {
  if (o instanceof JArray) {
    const d = o.data;
    vm.allocate(arrayBytes(o.klass.elemDesc, d.length));
    return makeArray(o.klass, d.slice());
  }
  const cloneable = vm.classes.loadBoot('java/lang/Cloneable');
  if (!o.klass.supers.has(cloneable)) throw new VmError('java/lang/CloneNotSupportedException', o.klass.javaName);
  const c = vm.allocObject(o.klass) as unknown as Record<string, unknown>;
  const src = o as unknown as Record<string, unknown>;
  for (const f of o.klass.instanceFields) c[f.key] = src[f.key];
  // VM-private properties ($vm, $js) are not copied, except a MemberName's target (HotSpot's
  // injected vmindex/vmtarget are copied with the object).
  if (o.klass.name === 'java/lang/invoke/MemberName') c.$vm = src.$vm;
  return c as unknown as JObject;
}

/** Object.wait(timeoutMillis) for green threads (0 = forever). */
export function waitOn(vm: VM, t: JThread, o: JObject, millis: number): unknown {
  if (!mon.owns(t, o)) throw new VmError('java/lang/IllegalMonitorStateException', 'current thread is not owner');
  if (millis < 0) throw new VmError('java/lang/IllegalArgumentException', 'timeout value is negative');
  if (isInterrupted(vm, t)) {
    t.interrupted = false;
    setInterruptedField(vm, t, false);
    throw new VmError('java/lang/InterruptedException', null);
  }
  mon.beginWait(t, o, millis > 0);
  if (millis > 0) t.wakeAt = deadlineIn(vm, millis * 1e6);
  t.pendingNative = waitResume(vm, t, o);
  throw BLOCK;
}

/** What a thread waiting in Object.wait on `o` does when woken (also rebuilt by a boot snapshot's restore). */
export function waitResume(vm: VM, t: JThread, o: JObject): PendingNative {
  return {
    resume: () => {
      if (!mon.reacquire(t, o)) throw BLOCK;
      if (isInterrupted(vm, t)) {
        t.interrupted = false;
        setInterruptedField(vm, t, false);
        throw new VmError('java/lang/InterruptedException', null);
      }
      return undefined;
    },
  };
}

/** The Java-level interrupt status (Thread.interrupted field), which Java code reads and clears. */
export function isInterrupted(vm: VM, t: JThread): boolean {
  if (!t.jthread) return t.interrupted;
  return getField(vm, t.jthread, 'java/lang/Thread', 'interrupted') === 1;
}

export function setInterruptedField(vm: VM, t: JThread, v: boolean): void {
  if (t.jthread) setField(vm, t.jthread, 'java/lang/Thread', 'interrupted', v ? 1 : 0);
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'getClass()Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => vm.mirrorOf(self.klass),
  'hashCode()I': (vm: VM, _t: JThread, self: JObject) => vm.identityHash(self),
  'clone()Ljava/lang/Object;': (vm: VM, _t: JThread, self: JObject) => cloneObject(vm, self),
  'notify()V': (_vm: VM, t: JThread, self: JObject) => {
    if (!mon.owns(t, self)) throw new VmError('java/lang/IllegalMonitorStateException', 'current thread is not owner');
    mon.notify(self, false);
  },
  'notifyAll()V': (_vm: VM, t: JThread, self: JObject) => {
    if (!mon.owns(t, self)) throw new VmError('java/lang/IllegalMonitorStateException', 'current thread is not owner');
    mon.notify(self, true);
  },
  'wait(J)V': (vm: VM, t: JThread, self: JObject, millis: Long) => waitOn(vm, t, self, Number(millis)),
  // JDK 21+: Object.wait(long) checks the timeout, then calls wait0 on platform threads.
  'wait0(J)V': (vm: VM, t: JThread, self: JObject, millis: Long) => waitOn(vm, t, self, Number(millis)),
};

export { instantiate };
