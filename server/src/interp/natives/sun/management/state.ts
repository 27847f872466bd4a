// What java.management's natives know about the VM: its live threads in HotSpot's order, the
// settings a program changes through the beans, and the bean objects made so far.

import type { JObject } from '../../../object';
import { hotSpotThreads, isHotSpotThread } from '../../../hotspot-threads';
import { ThreadState, type JThread } from '../../../thread';
import type { VM } from '../../../vm';
import { toNumber, type Long } from '../../../long';
import { getField } from '../../util';
import { threadHolder } from '../../java/lang/Thread';

export interface ManagementState {
  threadCpuTimeEnabled: boolean;
  threadAllocatedMemoryEnabled: boolean;
  verboseGC: boolean;
  verboseClass: boolean;
  /** The most threads alive at once that a management call has seen (see peakThreads). */
  peakThreads: number;
  /** Memory pool and manager beans by name (made once, as HotSpot keeps them). */
  readonly beans: Map<string, JObject>;
  /** Peak usage of each pool (bytes used), by name. */
  readonly peakUsed: Map<string, { used: number; committed: number }>;
  /** System and per-CPU ticks at the previous CPU-load reading (OperatingSystemImpl). */
  cpuTicks: Map<number, { busy: number; total: number }>;
  /** Process CPU time and nanoTime at the previous process-load reading. */
  processLoadBase: { cpu: number; time: number } | null;
}

const states = new WeakMap<VM, ManagementState>();

export function managementState(vm: VM): ManagementState {
  let s = states.get(vm);
  if (s === undefined) {
    s = {
      threadCpuTimeEnabled: true,
      threadAllocatedMemoryEnabled: true,
      verboseGC: false,
      verboseClass: vm.opts.traceClassLoading === true,
      peakThreads: 0,
      beans: new Map(),
      peakUsed: new Map(),
      cpuTicks: new Map(),
      processLoadBase: null,
    };
    states.set(vm, s);
  }
  return s;
}

export function threadId(vm: VM, th: JObject): number {
  return toNumber(getField(vm, th, 'java/lang/Thread', 'tid') as Long);
}

/** A program thread (not the profiler's own) that has started and not ended. */
function isLive(t: JThread): boolean {
  return !t.system && t.jthread !== null && t.state !== ThreadState.New && t.state !== ThreadState.Terminated;
}

/**
 * The live threads in HotSpot's order (its threads list: the order threads were started in,
 * main first): the green threads in start order, with HotSpot's own threads (Signal
 * Dispatcher, Notification Thread, started during the boot) before the first thread with a
 * higher id.
 */
export function liveThreads(vm: VM): JObject[] {
  const out: JObject[] = vm.threads.filter(isLive).map((t) => t.jthread as JObject);
  for (const h of hotSpotThreads(vm)) {
    const id = threadId(vm, h);
    let i = 1;
    while (i < out.length && threadId(vm, out[i]) < id) i++;
    out.splice(i, 0, h);
  }
  const s = managementState(vm);
  if (out.length > s.peakThreads) s.peakThreads = out.length;
  return out;
}

/** The live thread with Java id `id`, or null. */
export function threadById(vm: VM, id: number): JObject | null {
  for (const th of liveThreads(vm)) if (threadId(vm, th) === id) return th;
  return null;
}

export function isDaemon(vm: VM, th: JObject): boolean {
  const h = threadHolder(vm, th);
  return h.obj !== null && getField(vm, h.obj, h.cls, 'daemon') === 1;
}

/** Thread.threadStatus (JVMTI state bits, as HotSpot's java_lang_Thread::get_thread_status). */
export function threadStatus(vm: VM, th: JObject): number {
  const h = threadHolder(vm, th);
  return h.obj === null ? 0 : (getField(vm, h.obj, h.cls, 'threadStatus') as number);
}

/** Threads started since the VM began (HotSpot's own two included), not the profiler's. */
export function startedThreads(vm: VM): number {
  return vm.threads.filter((t) => !t.system && t.jthread !== null && t.state !== ThreadState.New).length + hotSpotThreads(vm).length;
}

/** CPU time of a thread in ns: the bytecodes it executed (1 ns each, the virtual clock's rate). */
export function threadCpuNs(vm: VM, th: JObject): number {
  if (isHotSpotThread(vm, th)) return 0;
  const t = vm.threadOf(th);
  return t === undefined ? 0 : t.bytecodes;
}

/** CPU time of the process in ns: every program thread's bytecodes, ended threads' too. */
export function processCpuNs(vm: VM): number {
  let n = 0;
  for (const t of vm.threads) if (!t.system) n += t.bytecodes;
  return n;
}
