// The Java heap limit (-Xmx) of the embedded JVM, shared by the VM and the host that sizes the
// worker's V8 heap (engine/interp-run.ts).

import { totalmem } from 'node:os';

/** HotSpot's default -Xmx: a quarter of the physical memory, aligned up to 2 MB. */
export function defaultMaxHeap(): number {
  const align = 2 * 1024 * 1024;
  return Math.ceil(totalmem() / 4 / align) * align;
}
