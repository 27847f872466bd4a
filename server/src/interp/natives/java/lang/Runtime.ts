// Natives of java.lang.Runtime. The processor count is fixed (2) so that programs that size
// thread pools by it behave, and profile, the same on every machine.

import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';

export const AVAILABLE_PROCESSORS = 2;

export const natives: NativeTable = {
  'availableProcessors()I': () => AVAILABLE_PROCESSORS,
  'maxMemory()J': (vm: VM) => vm.maxHeap,
  'totalMemory()J': (vm: VM) => Math.min(vm.maxHeap, Math.max(vm.heapUsed, 64 * 1024 * 1024)),
  'freeMemory()J': (vm: VM) => Math.max(0, Math.min(vm.maxHeap, Math.max(vm.heapUsed, 64 * 1024 * 1024)) - vm.heapUsed),
  'gc()V': () => undefined,
};
