// Natives of sun.management.ThreadImpl (ThreadMXBean): the live threads, ThreadInfo (state,
// lock, lock owner, stack, locked monitors and synchronizers), CPU times, deadlocks.
//
// CPU time is the virtual clock's: a thread's CPU time is the bytecodes it executed (1 ns
// each), user time the same. Blocked/waited counts are not counted (0) and contention times
// are not measured (-1: contention monitoring is not supported). Allocated bytes are not
// counted per thread (not supported). Locked ownable synchronizers are those some thread is
// parked on (the VM cannot search the heap for uncontended ones).

import { JArray, JLongArray, type JObject } from '../../../object';
import { isTrampoline } from '../../../invoke/frames';
import { fillElement } from '../../java/lang/StackTraceElement';
import { VmError } from '../../../signals';
import { ThreadState, type JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { aload, astore, toNumber, type Long } from '../../../long';
import { getField } from '../../util';
import { isHotSpotThread } from '../../../hotspot-threads';
import { callInOrder, initializedThen, type JavaCall } from './upcalls';
import { liveThreads, managementState, threadById, threadCpuNs, threadStatus } from './state';

const MONITORENTER = 0xc2;
/** JMM_THREAD_STATE_FLAG_NATIVE: the thread runs native code (here: waits in I/O). */
const FLAG_NATIVE = 0x400000;

/** What a thread waits for: the object (monitor, wait object or park blocker) and its owner. */
interface Want {
  lock: JObject | null;
  owner: JObject | null;
  kind: 'monitor' | 'sync' | 'none';
}

function wantOf(vm: VM, th: JObject): Want {
  const t = vm.threadOf(th);
  if (t === undefined || isHotSpotThread(vm, th)) return { lock: null, owner: null, kind: 'none' };
  const m = t.waitingOn;
  if (t.state === ThreadState.Blocked && m !== null) return { lock: m.obj, owner: m.owner?.jthread ?? null, kind: 'monitor' };
  if (m !== null && !t.parked) return { lock: m.obj, owner: null, kind: 'none' };
  if (t.parked) {
    const blocker = getField(vm, th, 'java/lang/Thread', 'parkBlocker') as JObject | null;
    if (blocker === null) return { lock: null, owner: null, kind: 'none' };
    const owner = ownerOfSynchronizer(vm, blocker);
    return { lock: blocker, owner, kind: owner === null ? 'none' : 'sync' };
  }
  return { lock: null, owner: null, kind: 'none' };
}

/** The owner of an AbstractOwnableSynchronizer (a ReentrantLock's sync, a write lock), else null. */
function ownerOfSynchronizer(vm: VM, o: JObject): JObject | null {
  const aos = [...o.klass.supers].find((s) => s.name === 'java/util/concurrent/locks/AbstractOwnableSynchronizer' && s.loader === null);
  if (aos === undefined) return null;
  return getField(vm, o, 'java/util/concurrent/locks/AbstractOwnableSynchronizer', 'exclusiveOwnerThread') as JObject | null;
}

interface Dumped {
  stack: JObject;
  /** Monitors held and the index in `stack` of the frame that holds each. */
  monitors: JObject[];
  depths: number[];
}

/** A thread's stack as HotSpot's thread dumps show it (at most `maxDepth` frames; -1: all), with its monitors. */
function dumpStack(vm: VM, th: JObject, maxDepth: number): Dumped {
  const steClass = vm.classes.loadBoot('java/lang/StackTraceElement');
  const t = vm.threadOf(th);
  const elements: JObject[] = [];
  const monitors: JObject[] = [];
  const depths: number[] = [];
  if (t === undefined || isHotSpotThread(vm, th)) return { stack: vm.newObjectArray(steClass, []), monitors, depths };
  const frames: number[] = [];
  for (let d = t.depth; d >= 0 && (maxDepth < 0 || frames.length < maxDepth); d--) {
    const m = t.frames[d].m;
    if (m === null || isTrampoline(m)) continue;
    let pc = t.frames[d].pc;
    // HotSpot's interpreter moves past a monitorenter before it blocks in it.
    if (d === t.depth && t.state === ThreadState.Blocked && m.code !== null && m.code[pc] === MONITORENTER) pc++;
    const e = vm.allocObject(steClass);
    fillElement(vm, e, m.klass, m.name, m.isNative ? -2 : m.lineAt(pc), m.klass.sourceFile);
    elements.push(e);
    frames.push(d);
  }
  // A synchronized method's monitor belongs to its own frame; a synchronized block's to the
  // frame that entered it (the monitor records the depth it was taken at).
  const frameLocks = new Set<JObject>();
  const add = (d: number, o: JObject): void => {
    const i = frames.findIndex((x) => x <= d);
    if (i < 0 || monitors.includes(o)) return;
    monitors.push(o);
    depths.push(i);
  };
  for (const d of frames) {
    const l = t.frames[d].lock;
    if (l !== null) {
      frameLocks.add(l);
      add(d, l);
    }
  }
  for (const m of t.held) if (!frameLocks.has(m.obj)) add(m.depth, m.obj);
  // Top frame first, as HotSpot lists them.
  const order = monitors.map((_, i) => i).sort((a, b) => depths[a] - depths[b]);
  return { stack: vm.newObjectArray(steClass, elements), monitors: order.map((i) => monitors[i]), depths: order.map((i) => depths[i]) };
}

/** The ownable synchronizers `th` holds that some thread is parked on (in thread order). */
function lockedSynchronizers(vm: VM, th: JObject, live: JObject[]): JObject[] {
  const out: JObject[] = [];
  for (const other of live) {
    const w = wantOf(vm, other);
    if (w.kind === 'sync' && w.owner === th && w.lock !== null && !out.includes(w.lock)) out.push(w.lock);
  }
  return out;
}

function state(vm: VM, th: JObject): number {
  const t = vm.threadOf(th);
  // In I/O (a socket, stdin): in native code on HotSpot. (The Reference Handler waits in the VM.)
  const top = t === undefined || t.depth < 0 ? null : t.frames[t.depth].m;
  const inNative = t !== undefined && t.inIo && top !== null && top.isNative && top.name !== 'waitForReferencePendingList';
  return threadStatus(vm, th) | (inNative ? FLAG_NATIVE : 0);
}

/**
 * Makes a ThreadInfo per thread (null stays null) with its Java constructor, as HotSpot does;
 * `withLocks`: the constructor with locked monitors and synchronizers. Then `done(infos)`.
 */
function threadInfos(vm: VM, t: JThread, threads: (JObject | null)[], maxDepth: number, withLocks: { monitors: boolean; synchronizers: boolean } | null, done: (infos: (JObject | null)[]) => unknown): unknown {
  const infoClass = vm.classes.loadBoot('java/lang/management/ThreadInfo');
  const ctor = vm.findMethod(
    infoClass,
    '<init>',
    withLocks === null
      ? '(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ[Ljava/lang/StackTraceElement;)V'
      : '(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ[Ljava/lang/StackTraceElement;[Ljava/lang/Object;[I[Ljava/lang/Object;)V',
  );
  return initializedThen(vm, t, [infoClass], () => {
    const live = liveThreads(vm);
    const objClass = vm.classes.loadBoot('java/lang/Object');
    const infos: (JObject | null)[] = threads.map(() => null);
    const calls: JavaCall[] = [];
    threads.forEach((th, i) => {
      if (th === null) return;
      const w = wantOf(vm, th);
      const d = dumpStack(vm, th, maxDepth);
      const info = vm.allocObject(infoClass);
      infos[i] = info;
      // Not counted: blocked and waited counts 0, times -1 (contention monitoring is off).
      const args: unknown[] = [info, th, state(vm, th), w.lock, w.owner, 0, -1, 0, -1, d.stack];
      if (withLocks !== null) {
        const mons = withLocks.monitors ? d.monitors : [];
        args.push(
          vm.newObjectArray(objClass, mons),
          vm.newArray('I', Int32Array.from(withLocks.monitors ? d.depths : [])),
          vm.newObjectArray(objClass, withLocks.synchronizers ? lockedSynchronizers(vm, th, live) : []),
        );
      }
      calls.push({ m: ctor, args });
    });
    return callInOrder(vm, t, calls, () => undefined, () => done(infos));
  });
}

function longsOf(a: JObject | null): JLongArray {
  if (a === null) throw new VmError('java/lang/NullPointerException', null);
  return a as JLongArray;
}

/** CPU time of the thread with id `id` (0: the current thread), or -1 when it is not alive or timing is off. */
function cpuTime(vm: VM, t: JThread, id: number): number {
  if (!managementState(vm).threadCpuTimeEnabled) return -1;
  const th = id === 0 ? t.jthread : threadById(vm, id);
  return th === null ? -1 : threadCpuNs(vm, th);
}

function cpuTimes(vm: VM, t: JThread, ids: JObject | null, out: JObject | null): void {
  const a = longsOf(ids);
  const o = longsOf(out);
  for (let i = 0; i < a.data.length; i++) astore(o, i, cpuTime(vm, t, toNumber(aload(a, i))));
}

/** Threads in deadlock cycles (monitors only, or monitors and ownable synchronizers), or null. */
function deadlocked(vm: VM, withSynchronizers: boolean): JObject | null {
  const live = liveThreads(vm);
  const found: JObject[] = [];
  const done = new Set<JObject>();
  for (const start of live) {
    if (done.has(start)) continue;
    const path: JObject[] = [];
    let cur: JObject | null = start;
    while (cur !== null && !done.has(cur) && !path.includes(cur)) {
      path.push(cur);
      const w = wantOf(vm, cur);
      cur = w.kind === 'monitor' || (withSynchronizers && w.kind === 'sync') ? w.owner : null;
    }
    if (cur !== null && path.includes(cur)) for (const c of path.slice(path.indexOf(cur))) found.push(c);
    for (const p of path) done.add(p);
  }
  return found.length === 0 ? null : vm.newObjectArray(vm.classes.loadBoot('java/lang/Thread'), found);
}

function unsupportedAllocation(): never {
  throw new VmError('java/lang/UnsupportedOperationException', 'Thread allocated memory measurement is not supported by the embedded JVM (allocation is not counted per thread)');
}

export const natives: NativeTable = {
  'getThreads()[Ljava/lang/Thread;': (vm: VM) => vm.newObjectArray(vm.classes.loadBoot('java/lang/Thread'), liveThreads(vm)),
  'getThreadInfo1([JI[Ljava/lang/management/ThreadInfo;)V': (vm: VM, t: JThread, ids: JObject | null, maxDepth: number, result: JObject | null) => {
    const a = longsOf(ids);
    if (result === null) throw new VmError('java/lang/NullPointerException', null);
    const threads: (JObject | null)[] = [];
    for (let i = 0; i < a.data.length; i++) threads.push(threadById(vm, toNumber(aload(a, i))));
    return threadInfos(vm, t, threads, maxDepth, null, (infos) => {
      const out = (result as JArray).data as (JObject | null)[];
      infos.forEach((info, i) => (out[i] = info));
      return undefined;
    });
  },
  'dumpThreads0([JZZI)[Ljava/lang/management/ThreadInfo;': (vm: VM, t: JThread, ids: JObject | null, monitors: number, synchronizers: number, maxDepth: number) => {
    const threads: (JObject | null)[] = [];
    if (ids === null) threads.push(...liveThreads(vm));
    else {
      const a = ids as JLongArray;
      for (let i = 0; i < a.data.length; i++) threads.push(threadById(vm, toNumber(aload(a, i))));
    }
    return threadInfos(vm, t, threads, maxDepth, { monitors: monitors !== 0, synchronizers: synchronizers !== 0 }, (infos) =>
      vm.newObjectArray(vm.classes.loadBoot('java/lang/management/ThreadInfo'), infos),
    );
  },
  'getThreadTotalCpuTime0(J)J': (vm: VM, t: JThread, id: Long) => cpuTime(vm, t, toNumber(id)),
  'getThreadTotalCpuTime1([J[J)V': (vm: VM, t: JThread, ids: JObject | null, out: JObject | null) => cpuTimes(vm, t, ids, out),
  'getThreadUserCpuTime0(J)J': (vm: VM, t: JThread, id: Long) => cpuTime(vm, t, toNumber(id)),
  'getThreadUserCpuTime1([J[J)V': (vm: VM, t: JThread, ids: JObject | null, out: JObject | null) => cpuTimes(vm, t, ids, out),
  'getThreadAllocatedMemory0(J)J': () => unsupportedAllocation(),
  'getThreadAllocatedMemory1([J[J)V': () => unsupportedAllocation(),
  'getTotalThreadAllocatedMemory()J': () => unsupportedAllocation(),
  'setThreadCpuTimeEnabled0(Z)V': (vm: VM, _t: JThread, on: number) => {
    managementState(vm).threadCpuTimeEnabled = on !== 0;
  },
  'setThreadAllocatedMemoryEnabled0(Z)V': (vm: VM, _t: JThread, on: number) => {
    managementState(vm).threadAllocatedMemoryEnabled = on !== 0;
  },
  'setThreadContentionMonitoringEnabled0(Z)V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', 'Thread contention monitoring is not supported by the embedded JVM');
  },
  'findMonitorDeadlockedThreads0()[Ljava/lang/Thread;': (vm: VM) => deadlocked(vm, false),
  'findDeadlockedThreads0()[Ljava/lang/Thread;': (vm: VM) => deadlocked(vm, true),
  'resetPeakThreadCount0()V': (vm: VM) => {
    managementState(vm).peakThreads = 0;
    liveThreads(vm);
  },
  'resetContentionTimes0(J)V': () => {
    throw new VmError('java/lang/UnsupportedOperationException', 'Thread contention monitoring is not supported by the embedded JVM');
  },
};

