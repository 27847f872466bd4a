// One full garbage collection once a boot snapshot is restored (the embedded engine's worker,
// interp-worker.ts, at "VM created").
//
// The restore leaves its payload behind as garbage (V8's deserialised graph: the positional
// rows, index lists, reference and collection tables, the hash tables Maps outgrew while they
// were filled): about 7 MiB of a profiled hello-world's 39 MiB heap, in old space and large
// objects, because the restore's scavenges promote everything they see alive then. Only a full
// collection frees it, which a short run never has: the run's own old-space growth (class files
// parsed at first use, ~3 MiB for a hello-world's main) then takes new pages instead of reusing
// those, and the peak RSS is the restore's level plus that growth (docs/BENCHMARKS.md part B,
// mem18r). The collection costs 15–30 ms of the worker's CPU (its marking: the restored graph).
//
// V8's `%CollectGarbage` through natives syntax, allowed only while this function is parsed:
// V8 checks a code cache against its flags' hash, and the worker writes one later in the run
// (interp-worker-loader.ts), so every flag is as before once this returns.
// KOMORIUM_RESTORE_GC=0: none.

import v8 from 'node:v8';

const OFF = process.env.KOMORIUM_RESTORE_GC === '0';

/** True when the user set the flag (NODE_OPTIONS, execArgv): then it is left on. */
const USER_NATIVES = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--allow[-_]natives[-_]syntax$/.test(a));

/** Collects all garbage now (a full, non-incremental collection); false when it could not. */
export function collectRestoreGarbage(): boolean {
  if (OFF) return false;
  try {
    v8.setFlagsFromString('--allow-natives-syntax');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    (new Function('%CollectGarbage(null)') as () => void)();
    return true;
  } catch {
    return false;
  } finally {
    if (!USER_NATIVES) v8.setFlagsFromString('--no-allow-natives-syntax');
  }
}
