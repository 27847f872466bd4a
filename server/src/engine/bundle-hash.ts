// The hash of the embedded engine's worker bundle (dist/interp-worker.cjs), computed once per
// worker. The worker's loader (interp-worker-loader.ts) hashes the bundle's source to name its V8
// code cache, and the boot snapshot's key (interp/snapshot/index.ts engineFingerprint) hashed
// the same file again, read a second time, on the restore's critical path (0.93 MB read and
// hashed, 2-5 ms of the worker's CPU). The loader now leaves its hash here; the key takes it
// when it is of the same file, and otherwise computes the same value itself.

import { createHash } from 'node:crypto';

const HASH = Symbol.for('komorium.workerBundleHash');

interface BundleHash {
  file: string;
  hex: string;
}

/** SHA-256 (hex) of a bundle's source, with node's version and the architecture. */
export function bundleHash(source: string | Uint8Array): string {
  return createHash('sha256').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex');
}

/** Records `hex` as the hash of the bundle at `file` (the loader, once it has read it). */
export function publishBundleHash(file: string, hex: string): void {
  (globalThis as Record<symbol, unknown>)[HASH] = { file, hex } satisfies BundleHash;
}

/** The hash the loader recorded for `file`, or undefined (another file, or no loader). */
export function publishedBundleHash(file: string): string | undefined {
  const h = (globalThis as Record<symbol, unknown>)[HASH] as BundleHash | undefined;
  return h !== undefined && h.file === file ? h.hex : undefined;
}
