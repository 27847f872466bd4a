// The program's heap as the embedded JVM accounts it (-Xmx): the engine's own memory at the end
// of the boot is the baseline; past the limit the JS heap is collected before OutOfMemoryError.

import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { VmError } from './signals';
import type { VM } from './vm';

const TRACE_HEAP = !!process.env.KOMORIUM_TRACE_HEAP;
const mb = (n: number): string => `${(n / 1048576).toFixed(1)} MB`;

let gcFunction: (() => void) | null | undefined;
/** A full collection of the JS heap (V8's gc, exposed on first use); a no-op if unavailable. */
function collectGarbage(): void {
  if (gcFunction === undefined) {
    gcFunction = null;
    try {
      v8.setFlagsFromString('--expose-gc');
      const f: unknown = runInNewContext('gc');
      if (typeof f === 'function') gcFunction = f as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
}

/**
 * Marks the memory in use now as the engine's own: class metadata, generated code and the
 * JDK's boot-time objects do not count against -Xmx. (No collection first: forcing one here,
 * in every worker at boot, stalled HotSpot runs started alongside in the test helpers; the
 * boot's uncollected garbage, a few MB, is given to the program.)
 */
export function markHeapBaseline(vm: VM): void {
  const u = process.memoryUsage();
  vm.baseHeap = u.heapUsed;
  vm.baseBuffers = u.arrayBuffers;
  vm.heapUsed = 0;
  if (TRACE_HEAP) vm.reportFailure(`[heap] engine baseline: V8 heap ${mb(u.heapUsed)}, ArrayBuffers ${mb(u.arrayBuffers)}, limit ${mb(v8.getHeapStatistics().heap_size_limit)}; -Xmx ${mb(vm.maxHeap)}`);
}

/**
 * The program's heap: what the worker's V8 heap (objects, reference arrays) and its
 * ArrayBuffers (primitive arrays) hold beyond the engine's baseline.
 */
export function javaHeapUsed(vm: VM): number {
  const u = process.memoryUsage();
  return Math.max(0, u.heapUsed - vm.baseHeap) + Math.max(0, u.arrayBuffers - vm.baseBuffers);
}

export function checkHeap(vm: VM, bytes: number): void {
  if (bytes > vm.maxHeap) throw new VmError('java/lang/OutOfMemoryError', 'Java heap space');
  let used = javaHeapUsed(vm);
  // As HotSpot collects before it gives up: garbage (e.g. a half-built array) must not count.
  // A second collection frees the ArrayBuffers the first one found dead but had not swept.
  for (let i = 0; i < 2 && used + bytes > vm.maxHeap; i++) {
    collectGarbage();
    used = javaHeapUsed(vm);
  }
  vm.heapUsed = used;
  if (TRACE_HEAP) vm.reportFailure(`[heap] allocating ${mb(bytes)}: program heap ${mb(used)} of ${mb(vm.maxHeap)}`);
  if (used + bytes > vm.maxHeap) throw new VmError('java/lang/OutOfMemoryError', 'Java heap space');
}
