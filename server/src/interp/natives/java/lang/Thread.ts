// Natives of java.lang.Thread for green threads (scheduler.ts): start, sleep, yield, interrupt,
// the live threads and their stacks (getThreads, dumpThreads: Thread.getAllStackTraces).

import type { JArray, JObject } from '../../../object';
import { hotSpotThreads, isHotSpotThread } from '../../../hotspot-threads';
import { isHiddenFrame, isTrampoline } from '../../../invoke/frames';
import { fillElement } from './StackTraceElement';
import { BLOCK, VmError } from '../../../signals';
import { ThreadState, type JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { JMethod } from '../../../klass';
import type { Scheduler, TopCall } from '../../../scheduler';
import type { NativeTable } from '../../registry';
import { ladd, type Long } from '../../../long';
import { bool, getField, jdkField, setField } from '../../util';
import { isInterrupted, setInterruptedField } from './Object';
import { threadEnd } from '../../../boot';
import * as mon from '../../../monitor';
import { deadlineIn } from '../../../clock';
import { memory } from '../../jdk/internal/misc/memory';

/** Thread.eetop: non-zero while the thread is alive (isAlive() reads it in JDK 17 updates). */
export function setEetop(vm: VM, self: JObject, v: number): void {
  setField(vm, self, 'java/lang/Thread', 'eetop', v);
}

/**
 * The object that holds a Thread's group, priority, daemon and threadStatus fields, and its
 * class: the Thread itself up to JDK 18, its `holder` (Thread$FieldHolder) from JDK 19 on
 * (null while the constructor has not yet run).
 */
export function threadHolder(vm: VM, self: JObject): { obj: JObject | null; cls: string } {
  if (vm.opts.jdk.feature < 19) return { obj: self, cls: 'java/lang/Thread' };
  return { obj: getField(vm, self, 'java/lang/Thread', 'holder') as JObject | null, cls: 'java/lang/Thread$FieldHolder' };
}

/** Points `t`'s status mirror at its Thread's threadStatus field and sets it to `status`. */
export function bindThreadStatus(vm: VM, t: JThread, self: JObject, status: number): void {
  const h = threadHolder(vm, self);
  if (h.obj === null) throw new VmError('java/lang/InternalError', `${self.klass.javaName} has no FieldHolder`);
  const key = jdkField(vm, h.cls, 'threadStatus').key;
  (h.obj as unknown as Record<string, unknown>)[key] = status;
  t.statusObj = h.obj;
  t.statusKey = key;
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
  t.system = t.name === 'komorium-live' && startedByRuntime(vm.current);
  if (!t.system) vm.seedHash(t);
  const holder = threadHolder(vm, self);
  if (holder.obj === null) throw new VmError('java/lang/InternalError', `${self.klass.javaName} has no FieldHolder`);
  t.daemon = getField(vm, holder.obj, holder.cls, 'daemon') === 1;
  bindThreadStatus(vm, t, self, 5); // RUNNABLE
  setEetop(vm, self, t.id);
  const run = self.klass.vmap.get('run()V');
  if (!run) throw new VmError('java/lang/InternalError', `${self.klass.javaName} has no run()`);
  sched.call(t, threadRunCall(vm, sched, t, self, run));
  t.onExit = threadOnExit(vm, t, self);
}

/**
 * Whether the caller of Thread.start() on `creator` is the profiler runtime (`komorium/rt/`).
 * Thread's own frames are skipped: start0 and start, and with the JDK instrumented also
 * start0's extended copy (`start0(TC, MID[], int)`, which calls the native), so the caller is
 * not at a fixed depth (it was taken at depth - 2: in `all` that was the extended start0, and
 * the live-snapshot thread ran as a program thread).
 */
function startedByRuntime(creator: JThread | null): boolean {
  if (creator === null) return false;
  for (const f of creator.javaFrames()) {
    const k = (f.m as JMethod).klass.name;
    if (k !== 'java/lang/Thread') return k.startsWith('komorium/rt/');
  }
  return false;
}

/** The top-level call of a started thread: run(), then the thread's end (also rebuilt by a boot snapshot's restore). */
export function threadRunCall(vm: VM, sched: Scheduler, t: JThread, self: JObject, run: JMethod): TopCall {
  return {
    method: run,
    args: [self],
    done: (r, threw) => threadEnd(vm, sched, t, threw ? (r as JObject) : null, () => undefined),
  };
}

/** What a started thread does once terminated (also rebuilt by a boot snapshot's restore). */
export function threadOnExit(vm: VM, t: JThread, self: JObject): () => void {
  const statusObj = t.statusObj as unknown as Record<string, unknown>;
  const statusKey = t.statusKey as string;
  return () => {
    statusObj[statusKey] = 2; // TERMINATED
    setEetop(vm, self, 0);
    // join() waits on the Thread object: wake the joiners.
    mon.notify(self, true);
  };
}

/** Sleeps `ns` nanoseconds (green threads: the scheduler wakes the thread); interruptible. */
function sleepNanos(vm: VM, t: JThread, ns: number): unknown {
  const interrupted = (): void => {
    if (!isInterrupted(vm, t)) return;
    t.interrupted = false;
    setInterruptedField(vm, t, false);
    throw new VmError('java/lang/InterruptedException', 'sleep interrupted');
  };
  interrupted();
  t.state = ThreadState.TimedWaiting;
  t.wakeAt = deadlineIn(vm, ns);
  if (t.system) t.wakeAtReal = Date.now() + ns / 1e6;
  t.pendingNative = {
    resume: () => {
      interrupted();
      return undefined;
    },
  };
  throw BLOCK;
}

function yieldNow(t: JThread): never {
  // End the time slice: the thread stays runnable. The scheduler notes the yield: when every
  // runnable thread only spins in yield, the virtual clock moves to the next deadline.
  t.yielded = true;
  t.pendingNative = { resume: () => undefined };
  throw BLOCK;
}

/**
 * HotSpot's next thread id (ThreadIdentifier), read and advanced by Java through Unsafe at the
 * address Thread.getNextThreadIdOffset returns (JDK 19+). The main thread is 3; HotSpot 25 on
 * 2 processors (as Runtime.availableProcessors says here), with CDS, gives ids 4-11 to threads
 * of its own (the garbage collector's among them) before the Reference Handler gets 12.
 */
const FIRST_JAVA_TID = 12;

/**
 * Skips `n` thread ids: those HotSpot (2 processors) gives the threads it starts itself, hidden
 * from Java (hotspot-threads.ts), so that later threads get java's ids.
 */
export function skipThreadIds(vm: VM, n: number): void {
  if (vm.opts.jdk.feature < 19) {
    vm.setStatic('java/lang/Thread', 'threadSeqNumber', ladd(vm.getStatic('java/lang/Thread', 'threadSeqNumber') as Long, n));
    return;
  }
  const addr = vm.nextTidAddress;
  if (addr === 0) throw new VmError('java/lang/InternalError', 'thread ids: Thread.getNextThreadIdOffset was not called before the Finalizer started');
  const view = memory.view(addr, 8);
  const at = memory.offsetIn(addr);
  view.setBigInt64(at, view.getBigInt64(at, true) + BigInt(n), true);
}

const MONITORENTER = 0xc2;

/**
 * The stack of a live thread, top first: as HotSpot's thread dumps show it (hidden frames too),
 * or without hidden frames, as Thread.getStackTrace0 (JDK 19+) gives it.
 */
function stackTrace(vm: VM, t: JThread, hidden: boolean): JObject {
  const steClass = vm.classes.loadBoot('java/lang/StackTraceElement');
  const elements: JObject[] = [];
  for (let d = t.depth; d >= 0; d--) {
    const m = t.frames[d].m;
    if (m === null || isTrampoline(m) || (!hidden && isHiddenFrame(m))) continue;
    let pc = t.frames[d].pc;
    // HotSpot's interpreter moves past a monitorenter before it blocks in it.
    if (d === t.depth && t.state === ThreadState.Blocked && m.code !== null && m.code[pc] === MONITORENTER) pc++;
    const e = vm.allocObject(steClass);
    fillElement(vm, e, m.klass, m.name, m.isNative ? -2 : m.lineAt(pc), m.klass.sourceFile);
    elements.push(e);
  }
  return vm.newObjectArray(steClass, elements);
}

/** Thread.dumpThreads: each thread's stack (null when it is not alive). */
function dumpThreads(vm: VM, threads: JObject | null): JObject {
  if (threads === null) throw new VmError('java/lang/NullPointerException', null);
  const steArray = vm.classes.arrayOf(vm.classes.loadBoot('java/lang/StackTraceElement'));
  const out = ((threads as JArray).data as (JObject | null)[]).map((th): JObject | null => {
    if (th === null) throw new VmError('java/lang/NullPointerException', null);
    if (isHotSpotThread(vm, th)) return vm.newObjectArray(vm.classes.loadBoot('java/lang/StackTraceElement'), []);
    const t = vm.threadOf(th);
    if (t === undefined || t.state === ThreadState.Terminated || t.state === ThreadState.New) return null;
    return stackTrace(vm, t, true);
  });
  return vm.newObjectArray(steArray, out);
}

/** The natives JDK 19+ adds to Thread (virtual-thread support; none is pinned to a carrier here). */
export const natives25: NativeTable = {
  'currentCarrierThread()Ljava/lang/Thread;': (_vm: VM, t: JThread) => t.jthread,
  'setCurrentThread(Ljava/lang/Thread;)V': () => {
    throw new VmError('java/lang/UnsatisfiedLinkError', "'void java.lang.Thread.setCurrentThread(java.lang.Thread)': virtual threads are not mounted on carriers by the embedded JVM");
  },
  'scopedValueCache()[Ljava/lang/Object;': (_vm: VM, t: JThread) => t.scopedValueCache,
  'setScopedValueCache([Ljava/lang/Object;)V': (_vm: VM, t: JThread, cache: JObject | null) => {
    t.scopedValueCache = cache;
  },
  'findScopedValueBindings()Ljava/lang/Object;': () => {
    throw new VmError('java/lang/UnsatisfiedLinkError', "'java.lang.Object java.lang.Thread.findScopedValueBindings()' is not implemented by the embedded JVM");
  },
  'ensureMaterializedForStackWalk(Ljava/lang/Object;)V': () => undefined,
  // Another platform thread's stack (Thread.getStackTrace); null once it has ended.
  'getStackTrace0()Ljava/lang/Object;': (vm: VM, _t: JThread, self: JObject) => {
    const t = vm.threadOf(self);
    if (t === undefined || t.state === ThreadState.Terminated || t.state === ThreadState.New) return null;
    return stackTrace(vm, t, false);
  },
  'yield0()V': (_vm: VM, t: JThread) => yieldNow(t),
  'sleepNanos0(J)V': (vm: VM, t: JThread, nanos: Long) => sleepNanos(vm, t, Number(nanos)),
  'getNextThreadIdOffset()J': (vm: VM) => {
    const addr = memory.allocate(8);
    memory.view(addr, 8).setBigInt64(memory.offsetIn(addr), BigInt(FIRST_JAVA_TID), true);
    vm.nextTidAddress = addr;
    return addr;
  },
};

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
    return bool((t !== undefined && t.state !== ThreadState.Terminated) || isHotSpotThread(vm, self));
  },
  'holdsLock(Ljava/lang/Object;)Z': (_vm: VM, t: JThread, o: JObject | null) => {
    if (o === null) throw new VmError('java/lang/NullPointerException', null);
    return bool(mon.owns(t, o));
  },
  'yield()V': (_vm: VM, t: JThread) => yieldNow(t),
  'sleep(J)V': (vm: VM, t: JThread, millis: Long) => {
    const ms = Number(millis);
    if (ms < 0) throw new VmError('java/lang/IllegalArgumentException', 'timeout value is negative');
    return sleepNanos(vm, t, ms * 1e6);
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
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/Thread'), [...live, ...hotSpotThreads(vm)]);
  },
  'dumpThreads([Ljava/lang/Thread;)[[Ljava/lang/StackTraceElement;': (vm: VM, _t: JThread, threads: JObject | null) => dumpThreads(vm, threads),
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
