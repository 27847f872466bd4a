// Identity hash codes as the embedded JVM hands them out (ihash.ts has HotSpot's generators):
// the VM's own and the profiler's from a sequence of their own, the program's per thread.

import type { JObject } from './object';
import { PRE_MAIN_DRAWS_DIR, PRE_MAIN_DRAWS_JAR, nextHash, resetHashState, runtimeOnStack, traceTop } from './ihash';
import type { VM } from './vm';

const TRACE_IHASH = !!process.env.KOMORIUM_TRACE_IHASH;

/** The identity hash of `o`, drawn at its first request. */
export function identityHash(vm: VM, o: JObject): number {
  if (o.ihash === 0) {
    const t = vm.current;
    if (t !== null && t.system) {
      // Profiler-internal threads (live snapshots) draw from a sequence of their own: their
      // hashes come at moments set by the wall clock, and drawn from the runtime's sequence
      // below they moved the hashes the runtime draws on the program's threads (its tables of
      // threads and contexts, whose probes are bytecodes the time slices count), so the
      // program's threads switched elsewhere with live snapshots.
      vm.internalThreadHash = (Math.imul(vm.internalThreadHash, 0x41c64e6d) + 12345) | 0;
      o.ihash = (vm.internalThreadHash >>> 1) | 1;
      return o.ihash;
    }
    if (t === null || runtimeOnStack(t)) {
      // The VM itself and the profiler's runtime (komorium/rt on the stack) draw from their
      // own sequence: the program's stays as without them.
      vm.systemHash = (Math.imul(vm.systemHash, 0x41c64e6d) + 12345) | 0;
      o.ihash = (vm.systemHash >>> 1) | 1;
      return o.ihash;
    }
    // HotSpot's per-thread generator (ihash.ts); the main thread boots the JDK on another.
    const s = t === vm.threads[0] && !vm.mainStarted ? vm.bootHashState : t.hashState;
    o.ihash = nextHash(s);
    if (TRACE_IHASH) vm.reportFailure(`[ihash] ${t.name}${s === vm.bootHashState ? ' (boot)' : ''} ${o.klass.javaName} ${o.ihash.toString(16)} at ${traceTop(t)}`);
  }
  return o.ihash;
}

/**
 * main() starts: the main thread's identity hashes from now on are HotSpot's, from its
 * generator's value after the draws java's boot and launcher make (ihash.ts PRE_MAIN_DRAWS).
 */
export function startMainHashes(vm: VM, mainFromJar: boolean): void {
  const main = vm.threads[0];
  vm.mainStarted = true;
  if (!main) return;
  resetHashState(main.hashState, vm.mainHashSeed);
  for (let i = mainFromJar ? PRE_MAIN_DRAWS_JAR : PRE_MAIN_DRAWS_DIR; i > 0; i--) nextHash(main.hashState);
}
