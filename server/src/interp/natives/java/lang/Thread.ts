// Natives of java.lang.Thread for green threads (scheduler.ts): start, sleep, yield, interrupt.

import type { JObject } from '../../../object';
import { BLOCK, VmError } from '../../../signals';
import { ThreadState, type JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import type { Long } from '../../../long';
import { bool, getField, jdkField, setField } from '../../util';
import { isInterrupted, setInterruptedField } from './Object';
import { threadEnd } from '../../../boot';
import * as mon from '../../../monitor';
import { deadlineIn } from '../../../clock';

/** Thread.eetop: non-zero while the thread is alive (isAlive() reads it in JDK 17 updates). */
export function setEetop(vm: VM, self: JObject, v: number): void {
  setField(vm, self, 'java/lang/Thread', 'eetop', v);
}

/** Thread.start0: a new green thread that runs this.run(), then exits like HotSpot's JavaThread. */
export function startThread(vm: VM, self: JObject): void {
  const sched = vm.scheduler!;
  if (vm.threadOf(self)) throw new VmError('java/lang/IllegalThreadStateException', null);
  const t = vm.newThread(false);
  if (vm.exact !== null && vm.current) vm.exact.threadStarted(vm.current, t);
  (self as unknown as Record<string, unknown>).$vm = t;
  t.jthread = self;
  const nameObj = getField(vm, self, 'java/lang/Thread', 'name') as JObject | null;
  t.name = nameObj ? vm.jsString(nameObj) : `Thread-${t.id}`;
  // The runtime's live-snapshot writer (runtime/java/komorium/rt/LiveSnapshots.java).
  const creator = vm.current;
  const caller = creator && creator.depth >= 2 ? creator.frames[creator.depth - 2].m : null;
  t.system = t.name === 'komorium-live' && caller !== null && caller.klass.name.startsWith('komorium/rt/');
  if (!t.system) vm.seedHash(t);
  t.daemon = getField(vm, self, 'java/lang/Thread', 'daemon') === 1;
  const statusKey = jdkField(vm, 'java/lang/Thread', 'threadStatus').key;
  (self as unknown as Record<string, unknown>)[statusKey] = 5; // RUNNABLE
  t.statusKey = statusKey;
  setEetop(vm, self, t.id);
  const run = self.klass.vmap.get('run()V');
  if (!run) throw new VmError('java/lang/InternalError', `${self.klass.javaName} has no run()`);
  sched.call(t, {
    method: run,
    args: [self],
    done: (r, threw) => threadEnd(vm, sched, t, threw ? (r as JObject) : null, () => undefined),
  });
  t.onExit = () => {
    (self as unknown as Record<string, unknown>)[statusKey] = 2; // TERMINATED
    setEetop(vm, self, 0);
    // join() waits on the Thread object: wake the joiners.
    mon.notify(self, true);
  };
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'currentThread()Ljava/lang/Thread;': (_vm: VM, t: JThread) => t.jthread,
  'start0()V': (vm: VM, _t: JThread, self: JObject) => startThread(vm, self),
  'setPriority0(I)V': () => undefined,
  'setNativeName(Ljava/lang/String;)V': (vm: VM, _t: JThread, self: JObject, name: JObject | null) => {
    // Thread.setName: the VM's copy of the name (used in the VM's own messages).
    const th = vm.threadOf(self);
    if (th !== undefined && name !== null) th.name = vm.jsString(name);
  },
  'isAlive()Z': (vm: VM, _t: JThread, self: JObject) => {
    const t = vm.threadOf(self);
    return bool(t !== undefined && t.state !== ThreadState.Terminated);
  },
  'holdsLock(Ljava/lang/Object;)Z': (_vm: VM, t: JThread, o: JObject | null) => {
    if (o === null) throw new VmError('java/lang/NullPointerException', null);
    return bool(mon.owns(t, o));
  },
  'yield()V': (_vm: VM, t: JThread) => {
    // End the time slice: the thread stays runnable. The scheduler notes the yield: when every
    // runnable thread only spins in yield, the virtual clock moves to the next deadline.
    t.yielded = true;
    t.pendingNative = { resume: () => undefined };
    throw BLOCK;
  },
  'sleep(J)V': (vm: VM, t: JThread, millis: Long) => {
    const ms = Number(millis);
    if (ms < 0) throw new VmError('java/lang/IllegalArgumentException', 'timeout value is negative');
    if (isInterrupted(vm, t)) {
      t.interrupted = false;
      setInterruptedField(vm, t, false);
      throw new VmError('java/lang/InterruptedException', 'sleep interrupted');
    }
    t.state = ThreadState.TimedWaiting;
    t.wakeAt = deadlineIn(vm, ms * 1e6);
    if (t.system) t.wakeAtReal = Date.now() + ms;
    t.pendingNative = {
      resume: () => {
        if (isInterrupted(vm, t)) {
          t.interrupted = false;
          setInterruptedField(vm, t, false);
          throw new VmError('java/lang/InterruptedException', 'sleep interrupted');
        }
        return undefined;
      },
    };
    throw BLOCK;
  },
  'interrupt0()V': (vm: VM, _t: JThread, self: JObject) => {
    const t = vm.threadOf(self);
    if (!t) return;
    t.interrupted = true;
    if (t.parked) t.permit = true;
    if (t.state === ThreadState.Waiting || t.state === ThreadState.TimedWaiting) {
      if (t.pendingNative !== null) t.state = ThreadState.Runnable;
    }
  },
  'clearInterruptEvent()V': () => undefined,
  'getThreads()[Ljava/lang/Thread;': (vm: VM) => {
    const live = vm.threads.filter((t) => t.jthread && t.state !== ThreadState.Terminated && t.state !== ThreadState.New).map((t) => t.jthread);
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/Thread'), live);
  },
  'stop0(Ljava/lang/Object;)V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', null);
  },
  'suspend0()V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', null);
  },
  'resume0()V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', null);
  },
};
