// A boot snapshot's parts left in its file (class files, code, line tables: 16 of a profiled
// hello-world's 28 MB) checked by the worker's host while the worker restores the rest
// (docs/BENCHMARKS.md part B, hw18c). Reading them through the CRC-32 took the worker 10-12 ms
// of CPU before its restore could begin; the host's thread is idle then. The worker asks with
// a message (`check-part`: the file's descriptor, which a process's threads share, the range,
// the CRC-32 of the parts before it and the one expected) and a shared flag the host sets:
// WORKING when it begins, then OK or BAD (FAILED when it could not read). Before the restored
// VM is used the worker takes the answer, waiting for one under way; a host that has not begun
// by then (one that does not know the message, or is busy) is not waited for and will not
// begin (TAKEN): the worker checks the parts itself, as it did before. KOMORIUM_SNAPSHOT_CHECK=here: always the worker itself.

import type { CheckElsewhere, LazyCheck } from '../interp/snapshot/store';
import { crcOfRange } from '../interp/snapshot/store';

const WORKING = 3;
const OK = 1;
const BAD = 2;
const FAILED = 4;
const TAKEN = 5;

/** How long the worker waits for a check under way (ms): a 16 MB check takes 10-20 ms at rest. */
const WAIT_MS = 2000;

/** The message the worker posts. */
export interface CheckPartMessage extends LazyCheck {
  type: 'check-part';
  /** An Int32Array's SharedArrayBuffer of one element: the flag. */
  flag: SharedArrayBuffer;
}

/** The worker's side: a CheckElsewhere that posts the request (null when turned off). */
export function checkOnHost(post: (m: CheckPartMessage) => void): CheckElsewhere | undefined {
  if (process.env.KOMORIUM_SNAPSHOT_CHECK === 'here') return undefined;
  return (c) => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    post({ type: 'check-part', ...c, flag: flag.buffer as SharedArrayBuffer });
    return () => {
      // A host that has not begun never will (TAKEN): the worker checks itself.
      const was = Atomics.compareExchange(flag, 0, 0, TAKEN);
      if (was === 0) return undefined;
      if (was === WORKING) Atomics.wait(flag, 0, WORKING, WAIT_MS);
      const v = Atomics.load(flag, 0);
      return v === OK ? true : v === BAD ? false : undefined;
    };
  };
}

/** The host's side: checks the range and sets the flag (never throws). */
export function checkPart(m: CheckPartMessage): void {
  const flag = new Int32Array(m.flag);
  // The worker asked for the answer first (it checks the parts itself): nothing to do.
  if (Atomics.compareExchange(flag, 0, 0, WORKING) !== 0) return;
  let v = FAILED;
  try {
    v = crcOfRange(m.fd, m.offset, m.length, m.crc) >>> 0 === m.expected >>> 0 ? OK : BAD;
  } catch {
    // closed or truncated since: the worker checks itself
  }
  Atomics.store(flag, 0, v);
  Atomics.notify(flag, 0);
}
