// Natives of sun.management.VMManagementImpl: what the java.lang.management beans ask the VM
// (HotSpot's jmm interface). Times follow the VM's clock (clock.ts): the uptime is nanoTime's,
// whose origin is the VM's start; thread and class counts are this VM's own. The HotSpot
// internal counters (safepoints, class loading and initialisation times, sizes) are not
// implemented: calling them is an UnsatisfiedLinkError naming them.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { nanoTime } from '../../../clock';
import { VmError } from '../../../signals';
import { AVAILABLE_PROCESSORS } from '../../java/lang/Runtime';
import { bool } from '../../util';
import { isDaemon, liveThreads, managementState, startedThreads } from './state';

const CLASS = 'sun/management/VMManagementImpl';

/**
 * The JVM options java would show for this run (RuntimeMXBean.getInputArguments): the user's
 * -D properties, then -ea. (-Xmx is not among them: the VM cannot tell a given -Xmx from the
 * default; the launcher's own -Djava.class.path and -Dsun.java.command are left out, as by java.)
 */
export function inputArguments(vm: VM): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(vm.opts.properties)) {
    if (k.startsWith('komorium.') || k === 'java.class.path' || k === 'sun.java.command' || k === 'sun.java.launcher') continue;
    out.push(v === '' ? `-D${k}` : `-D${k}=${v}`);
  }
  if (vm.opts.enableAssertions === true) out.push('-ea');
  return out;
}

export const natives: NativeTable = {
  // jmm's interface version: 3.0 in JDK 17, 4.0 from JDK 21 (getTotalThreadAllocatedMemory).
  'getVersion0()Ljava/lang/String;': (vm: VM) => vm.newString(vm.opts.jdk.feature >= 21 ? '4.0' : '3.0'),
  'initOptionalSupportFields()V': (vm: VM) => {
    vm.setStatic(CLASS, 'compTimeMonitoringSupport', 0); // the JIT's time is wall time (not deterministic)
    vm.setStatic(CLASS, 'threadContentionMonitoringSupport', 0); // blocked/waited times are not measured
    vm.setStatic(CLASS, 'currentThreadCpuTimeSupport', 1);
    vm.setStatic(CLASS, 'otherThreadCpuTimeSupport', 1);
    vm.setStatic(CLASS, 'objectMonitorUsageSupport', 1);
    vm.setStatic(CLASS, 'synchronizerUsageSupport', 1);
    vm.setStatic(CLASS, 'threadAllocatedMemorySupport', 0); // allocation is not counted per thread
    vm.setStatic(CLASS, 'gcNotificationSupport', 1);
    vm.setStatic(CLASS, 'remoteDiagnosticCommandsSupport', 1);
  },
  'isThreadContentionMonitoringEnabled()Z': () => 0,
  'isThreadCpuTimeEnabled()Z': (vm: VM) => bool(managementState(vm).threadCpuTimeEnabled),
  'isThreadAllocatedMemoryEnabled()Z': (vm: VM) => bool(managementState(vm).threadAllocatedMemoryEnabled),
  'getTotalClassCount()J': (vm: VM) => vm.loadedCount,
  // The embedded JVM never unloads a class.
  'getUnloadedClassCount()J': () => 0,
  'getVerboseClass()Z': (vm: VM) => bool(managementState(vm).verboseClass),
  'getVerboseGC()Z': (vm: VM) => bool(managementState(vm).verboseGC),
  'getProcessId()I': () => process.pid,
  'getVmArguments0()[Ljava/lang/String;': (vm: VM) =>
    vm.newObjectArray(
      vm.classes.loadBoot('java/lang/String'),
      inputArguments(vm).map((a) => vm.newString(a)),
    ),
  'getStartupTime()J': (vm: VM) => vm.startMillis,
  'getUptime0()J': (vm: VM) => Math.floor(nanoTime(vm) / 1e6),
  'getAvailableProcessors()I': () => AVAILABLE_PROCESSORS,
  'getTotalCompileTime()J': () => {
    throw new VmError('java/lang/UnsupportedOperationException', 'compilation time is not measured by the embedded JVM');
  },
  'getTotalThreadCount()J': (vm: VM) => startedThreads(vm),
  'getLiveThreadCount()I': (vm: VM) => liveThreads(vm).length,
  'getPeakThreadCount()I': (vm: VM) => {
    liveThreads(vm);
    return managementState(vm).peakThreads;
  },
  'getDaemonThreadCount()I': (vm: VM, _t: JThread) => liveThreads(vm).filter((th: JObject) => isDaemon(vm, th)).length,
};
