// Natives of jdk.internal.platform.CgroupMetrics (container metrics; OperatingSystemMXBean asks
// for them). The embedded JVM does not apply a container's cgroup limits (as HotSpot with
// -XX:-UseContainerSupport): the JDK then reports the host's memory and CPUs.

import fs from 'node:fs';
import os from 'node:os';
import type { NativeTable } from '../../../registry';

function swapTotal(): number {
  try {
    const m = /^SwapTotal:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/meminfo', 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export const natives: NativeTable = {
  'isUseContainerSupport()Z': () => 0,
  'isContainerized0()Z': () => 0,
  'getTotalMemorySize0()J': () => os.totalmem(),
  'getTotalSwapSize0()J': () => swapTotal(),
};
