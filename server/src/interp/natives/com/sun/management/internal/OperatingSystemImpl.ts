// Natives of com.sun.management.internal.OperatingSystemImpl (com.sun.management's
// OperatingSystemMXBean). The host's facts are the real ones, read as HotSpot's libmanagement
// reads them on Linux (/proc/meminfo, /proc/stat, /proc/self/fd, /proc/self/limits,
// /proc/self/statm), since the program asks for them. The process's CPU time is the VM's:
// every thread's bytecodes at 1 ns each (as ThreadMXBean's thread CPU times), and its load
// that time over the clock's time on the 2 processors the VM reports.

import fs from 'node:fs';
import os from 'node:os';
import type { JObject } from '../../../../../object';
import type { JThread } from '../../../../../thread';
import type { VM } from '../../../../../vm';
import type { NativeTable } from '../../../../registry';
import { nanoTime } from '../../../../../clock';
import { AVAILABLE_PROCESSORS } from '../../../../java/lang/Runtime';
import { managementState, processCpuNs } from '../../../../sun/management/state';

/** A /proc/meminfo entry in bytes, or -1. */
function meminfo(key: string): number {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/meminfo', 'utf8'));
    return m ? Number(m[1]) * 1024 : -1;
  } catch {
    return -1;
  }
}

/** Busy and total ticks of all CPUs (-1) or of CPU `cpu`, from /proc/stat. */
function ticks(cpu: number): { busy: number; total: number } | null {
  try {
    const name = cpu < 0 ? 'cpu' : `cpu${cpu}`;
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith(`${name} `));
    if (line === undefined) return null;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    // idle and iowait are not busy
    return { busy: total - (v[3] ?? 0) - (v[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** The load since the previous reading of the same CPU (the first: since boot), or -1. */
function cpuLoad(vm: VM, cpu: number): number {
  const now = ticks(cpu);
  if (now === null) return -1;
  const s = managementState(vm).cpuTicks;
  const prev = s.get(cpu) ?? { busy: 0, total: 0 };
  s.set(cpu, now);
  const dt = now.total - prev.total;
  if (dt <= 0) return 0;
  return Math.min(1, Math.max(0, (now.busy - prev.busy) / dt));
}

function processLoad(vm: VM): number {
  const s = managementState(vm);
  const now = { cpu: processCpuNs(vm), time: nanoTime(vm) };
  const prev = s.processLoadBase ?? { cpu: 0, time: 0 };
  s.processLoadBase = now;
  const dt = (now.time - prev.time) * AVAILABLE_PROCESSORS;
  if (dt <= 0) return 0;
  return Math.min(1, Math.max(0, (now.cpu - prev.cpu) / dt));
}

function openFds(): number {
  try {
    return fs.readdirSync('/proc/self/fd').length - 1; // less the one reading the directory
  } catch {
    return -1;
  }
}

function maxFds(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (m === null) return -1;
    return m[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(m[1]);
  } catch {
    return -1;
  }
}

function virtualMemory(): number {
  try {
    return Number(fs.readFileSync('/proc/self/statm', 'utf8').split(' ')[0]) * 4096;
  } catch {
    return -1;
  }
}

export const natives: NativeTable = {
  'initialize0()V': () => undefined,
  'getCommittedVirtualMemorySize0()J': () => virtualMemory(),
  'getFreeMemorySize0()J': () => {
    const free = meminfo('MemFree');
    return free >= 0 ? free : os.freemem();
  },
  'getTotalMemorySize0()J': () => os.totalmem(),
  'getFreeSwapSpaceSize0()J': () => meminfo('SwapFree'),
  'getTotalSwapSpaceSize0()J': () => meminfo('SwapTotal'),
  'getMaxFileDescriptorCount0()J': () => maxFds(),
  'getOpenFileDescriptorCount0()J': () => openFds(),
  'getProcessCpuTime0()J': (vm: VM) => processCpuNs(vm),
  'getProcessCpuLoad0()D': (vm: VM) => processLoad(vm),
  'getCpuLoad0()D': (vm: VM) => cpuLoad(vm, -1),
  'getSingleCpuLoad0(I)D': (vm: VM, _t: JThread, _self: JObject, cpu: number) => cpuLoad(vm, cpu),
  'getHostConfiguredCpuCount0()I': () => os.cpus().length,
  'getHostOnlineCpuCount0()I': () => os.availableParallelism(),
  'getHostTotalCpuTicks0()J': () => ticks(-1)?.total ?? -1,
};
