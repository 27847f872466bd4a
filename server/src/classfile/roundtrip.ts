// The class-file library's two round trips over a batch of classes (komorium roundtrip):
//   identity:   readClass → writeClass, byte-identical;
//   re-encode:  decode every Code into the instruction list and full frames, encode again
//               (counted when byte-identical; a re-encode error is a failure).
// Pure and synchronous: the CLI runs batches in worker threads (cli/commands/roundtrip-worker.ts).

import { readClass } from './reader';
import { writeClass } from './writer';
import { reencodeClass } from './code/reencode';

export interface RoundTripResult {
  classes: number;
  identical: number;
  reencodedIdentical: number;
  /** In input order; `index` is the class's position in the batch. */
  failed: { index: number; name: string; error: string }[];
  ms: number;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The first differing offset, for the failure message. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

/** Both round trips over classes (names and bytes in parallel arrays). */
export function roundTripClasses(names: readonly string[], classes: readonly Uint8Array[]): RoundTripResult {
  const t0 = performance.now();
  const r: RoundTripResult = { classes: 0, identical: 0, reencodedIdentical: 0, failed: [], ms: 0 };
  for (let i = 0; i < classes.length; i++) {
    const name = names[i]!;
    const bytes = classes[i]!;
    r.classes++;
    try {
      const cf = readClass(bytes, name);
      const out = writeClass(cf);
      if (!equalBytes(bytes, out)) {
        r.failed.push({ index: i, name, error: `identity round trip differs at byte ${firstDifference(bytes, out)} (${bytes.length} → ${out.length} bytes)` });
        continue;
      }
      r.identical++;
      const re = writeClass(reencodeClass(cf, name));
      if (equalBytes(bytes, re)) r.reencodedIdentical++;
    } catch (e) {
      const err = e as Error;
      r.failed.push({ index: i, name, error: `${err.name}: ${err.message}` });
    }
  }
  r.ms = performance.now() - t0;
  return r;
}

/** Adds `part` (a batch that held the classes at positions `indices` of the whole) to `total`. */
export function mergeRoundTrip(total: RoundTripResult, part: RoundTripResult, indices: readonly number[]): void {
  total.classes += part.classes;
  total.identical += part.identical;
  total.reencodedIdentical += part.reencodedIdentical;
  for (const f of part.failed) total.failed.push({ ...f, index: indices[f.index]! });
  total.failed.sort((a, b) => a.index - b.index);
}
