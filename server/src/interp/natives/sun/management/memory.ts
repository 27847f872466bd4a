// The memory pools and managers the embedded JVM presents (MemoryMXBean, MemoryPoolMXBean,
// MemoryManagerMXBean, GarbageCollectorMXBean): HotSpot's default set (G1 and the code cache),
// named and related as HotSpot 17 or 25 names and relates them, in HotSpot's order.
//
// Usage: the Java heap is what the VM measures (vm.heapUsed, an estimate between V8 heap
// measurements; committed and max as Runtime.totalMemory/maxMemory report them), all of it in
// "G1 Old Gen" (there are no generations: eden and survivor are empty). Class metadata and
// compiled code live in V8's own heap and are not measured: the non-heap pools report HotSpot's
// default sizes and 0 used. No collector ever runs (V8 collects): collection counts and times
// are 0 and no GC notification is sent.

import type { JObject } from '../../../object';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import { setField } from '../../util';
import { callInOrder, initializedThen, type JavaCall } from './upcalls';
import { managementState } from './state';

export interface Usage {
  init: number;
  used: number;
  committed: number;
  max: number;
}

export interface PoolDef {
  name: string;
  heap: boolean;
  usageThreshold: boolean;
  collectionThreshold: boolean;
  /** Its managers' names, in HotSpot's order. */
  managers: (feature: number) => string[];
  usage: (vm: VM) => Usage;
}

export interface ManagerDef {
  name: string;
  gc: boolean;
  pools: (feature: number) => string[];
}

const MB = 1024 * 1024;
const CODE_HEAP_INIT = 2555904;

/** The heap as Runtime.totalMemory/maxMemory report it (natives/java/lang/Runtime.ts). */
export function heapUsage(vm: VM): Usage {
  const used = vm.heapUsed;
  return { init: Math.min(64 * MB, vm.maxHeap), used, committed: Math.min(vm.maxHeap, Math.max(used, 64 * MB)), max: vm.maxHeap };
}

const codeCache = (max: number) => (): Usage => ({ init: CODE_HEAP_INIT, used: 0, committed: CODE_HEAP_INIT, max });
const empty = (): Usage => ({ init: 0, used: 0, committed: 0, max: -1 });
const g1Pool = (f: number): string[] => (f >= 21 ? ['G1 Old Generation', 'G1 Concurrent GC', 'G1 Young Generation'] : ['G1 Old Generation', 'G1 Young Generation']);

const POOLS: PoolDef[] = [
  { name: "CodeHeap 'non-nmethods'", heap: false, usageThreshold: true, collectionThreshold: false, managers: () => ['CodeCacheManager'], usage: codeCache(5828608) },
  { name: "CodeHeap 'profiled nmethods'", heap: false, usageThreshold: true, collectionThreshold: false, managers: () => ['CodeCacheManager'], usage: codeCache(122912768) },
  { name: "CodeHeap 'non-profiled nmethods'", heap: false, usageThreshold: true, collectionThreshold: false, managers: () => ['CodeCacheManager'], usage: codeCache(122916864) },
  { name: 'Metaspace', heap: false, usageThreshold: true, collectionThreshold: false, managers: () => ['Metaspace Manager'], usage: empty },
  { name: 'Compressed Class Space', heap: false, usageThreshold: true, collectionThreshold: false, managers: () => ['Metaspace Manager'], usage: () => ({ init: 0, used: 0, committed: 0, max: 1024 * MB }) },
  { name: 'G1 Eden Space', heap: true, usageThreshold: false, collectionThreshold: true, managers: () => ['G1 Old Generation', 'G1 Young Generation'], usage: empty },
  { name: 'G1 Survivor Space', heap: true, usageThreshold: false, collectionThreshold: true, managers: () => ['G1 Old Generation', 'G1 Young Generation'], usage: empty },
  { name: 'G1 Old Gen', heap: true, usageThreshold: true, collectionThreshold: true, managers: g1Pool, usage: heapUsage },
];

const MANAGERS: ManagerDef[] = [
  {
    name: 'CodeCacheManager',
    gc: false,
    // JDK 25 registers the profiled heap first.
    pools: (f) => (f >= 21 ? ["CodeHeap 'profiled nmethods'", "CodeHeap 'non-nmethods'", "CodeHeap 'non-profiled nmethods'"] : ["CodeHeap 'non-nmethods'", "CodeHeap 'profiled nmethods'", "CodeHeap 'non-profiled nmethods'"]),
  },
  { name: 'Metaspace Manager', gc: false, pools: () => ['Metaspace', 'Compressed Class Space'] },
  { name: 'G1 Young Generation', gc: true, pools: () => ['G1 Eden Space', 'G1 Survivor Space', 'G1 Old Gen'] },
  { name: 'G1 Old Generation', gc: true, pools: () => ['G1 Eden Space', 'G1 Survivor Space', 'G1 Old Gen'] },
  { name: 'G1 Concurrent GC', gc: true, pools: () => ['G1 Old Gen'] },
];

/** The pools in HotSpot's order (JDK 25: the profiled code heap first). */
export function pools(vm: VM): PoolDef[] {
  if (vm.opts.jdk.feature < 21) return POOLS;
  return [POOLS[1], POOLS[0], ...POOLS.slice(2)];
}

export function managers(vm: VM): ManagerDef[] {
  return vm.opts.jdk.feature >= 21 ? MANAGERS : MANAGERS.filter((m) => m.name !== 'G1 Concurrent GC');
}

export function poolByName(vm: VM, name: string): PoolDef | undefined {
  return pools(vm).find((p) => p.name === name);
}

/** The name a pool or manager bean was made with (the VM keeps its beans by name). */
export function beanName(vm: VM, bean: JObject): string {
  for (const [name, b] of managementState(vm).beans) if (b === bean) return name;
  throw new Error(`not a memory pool or manager bean of this VM: ${bean.klass.javaName}`);
}

/** The creation call HotSpot makes for a pool or manager (ManagementFactoryHelper's factories). */
function creation(vm: VM, name: string): JavaCall {
  const helper = vm.classes.loadBoot('sun/management/ManagementFactoryHelper');
  const p = poolByName(vm, name);
  if (p !== undefined) {
    // A threshold of -1 tells MemoryPoolImpl it is not supported.
    return { m: vm.findMethod(helper, 'createMemoryPool', '(Ljava/lang/String;ZJJ)Ljava/lang/management/MemoryPoolMXBean;'), args: [vm.newString(name), p.heap ? 1 : 0, p.usageThreshold ? 0 : -1, p.collectionThreshold ? 0 : -1] };
  }
  const m = managers(vm).find((x) => x.name === name);
  if (m === undefined) throw new Error(`no memory pool or manager ${name}`);
  if (!m.gc) return { m: vm.findMethod(helper, 'createMemoryManager', '(Ljava/lang/String;)Ljava/lang/management/MemoryManagerMXBean;'), args: [vm.newString(name)] };
  // As HotSpot: the extended bean of jdk.management (com.sun.management.GarbageCollectorMXBean).
  const ext = vm.classes.loadBoot('com/sun/management/internal/GarbageCollectorExtImpl');
  return { m: vm.findMethod(ext, 'createGarbageCollector', '(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/management/GarbageCollectorMXBean;'), args: [vm.newString(name), null] };
}

/** The beans named `names` (made on first use, through Java, as HotSpot makes them), then `then(beans)`. */
export function beans(vm: VM, t: JThread, names: string[], then: (beans: JObject[]) => unknown): unknown {
  const s = managementState(vm);
  const missing = names.filter((n, i) => !s.beans.has(n) && names.indexOf(n) === i);
  const classes = missing.map((n) => creation(vm, n).m.klass).filter((k, i, a) => a.indexOf(k) === i);
  return initializedThen(vm, t, classes, () =>
    callInOrder(
      vm,
      t,
      missing.map((n) => creation(vm, n)),
      (v, i) => s.beans.set(missing[i], v as JObject),
      () => then(names.map((n) => s.beans.get(n) as JObject)),
    ),
  );
}

/** A java.lang.management.MemoryUsage (its fields set as its constructor sets them). */
export function memoryUsage(vm: VM, t: JThread, u: Usage | null): unknown {
  if (u === null) return null;
  const k = vm.classes.loadBoot('java/lang/management/MemoryUsage');
  return vm.initializeThen(t, k, () => {
    const o = vm.allocObject(k);
    setField(vm, o, null, 'init', u.init);
    setField(vm, o, null, 'used', u.used);
    setField(vm, o, null, 'committed', u.committed);
    setField(vm, o, null, 'max', u.max);
    return o;
  });
}

/** `u` with the pool's peak so far (the largest used and committed seen). */
export function peakOf(vm: VM, p: PoolDef, u: Usage): Usage {
  const s = managementState(vm);
  const prev = s.peakUsed.get(p.name);
  const peak = prev === undefined ? u : { ...u, used: Math.max(prev.used, u.used), committed: Math.max(prev.committed, u.committed) };
  s.peakUsed.set(p.name, peak);
  return peak;
}
