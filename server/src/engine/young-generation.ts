// V8's new space kept at its initial size while a boot snapshot is restored (the embedded
// engine's worker, interp-worker.ts).
//
// V8's deserializer allocates the restored objects' property arrays, elements and Map tables
// young, and nearly all of them survive: the scavenges during a restore see a high survival rate
// and grow the new space to its maximum (two 16 MB semi-spaces), where it then stays for the run.
// In a profiled hello-world that was 24 MiB of the 168 MiB peak, reached while the snapshot's
// bytes are still held (docs/BENCHMARKS.md part B, hello18k). With the growth factor at 1 during
// the restore the new space keeps its initial size; the survivors are promoted after their
// second scavenge, as they would be later anyway. Once the VM is created the factor is V8's
// default again, so a program that allocates grows the new space as before.
//
// V8's flags are the process's: workers that restore at the same time share the setting (a
// count of holds, per thread; another thread's release may let a restore grow the new space,
// which only costs memory). Left alone when the user set the flag (NODE_OPTIONS, execArgv), and
// with KOMORIUM_RESTORE_NEW_SPACE=grow.

import v8 from 'node:v8';

/** V8's default --semi-space-growth-factor. */
const DEFAULT_GROWTH = 2;

const USER_SET = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--semi[-_]space[-_]growth[-_]factor/.test(a));
const OFF = USER_SET || process.env.KOMORIUM_RESTORE_NEW_SPACE === 'grow';

/**
 * How long (ms of wall time) a run keeps the new space held after its VM is created
 * (interp-worker.ts; KOMORIUM_NEW_SPACE_HOLD_MS, 0: released at once).
 */
export const NEW_SPACE_HOLD_MS = ((): number => {
  const v = Number(process.env.KOMORIUM_NEW_SPACE_HOLD_MS ?? 1000);
  return Number.isFinite(v) && v >= 0 ? v : 1000;
})();

let holds = 0;

/** Keeps the new space from growing until the returned function is called (idempotent). */
export function holdNewSpace(): () => void {
  if (OFF) return () => undefined;
  if (holds++ === 0) v8.setFlagsFromString('--semi-space-growth-factor=1');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holds === 0) v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
  };
}
