// The worker loader's first import (interp-worker-loader.ts): V8's new space held
// (young-generation.ts) before the loader's other modules and node's own (crypto, vm, fs, ...)
// are loaded. Held from the loader's own code on, the worker's new space had grown from 2 to
// 4 MB by then, and stayed so through the restore and a short run (2 MiB of a profiled
// hello-world's peak RSS; docs/BENCHMARKS.md part B, mem18q).

import v8 from 'node:v8';
import { workerData } from 'node:worker_threads';
import { holdNewSpace } from './young-generation';
import { resetOldSpaceFlag } from './old-space-initial';

// The host raised the initial old generation for this worker's heap (old-space-initial.ts): back
// to V8's default before anything is compiled against a code cache or another isolate is made.
resetOldSpaceFlag();

/** Ends the hold (the loader, once it has compiled and run the bundle). */
export const releaseEarlyNewSpace = holdNewSpace();

// The CLI's early worker (interp-worker-start.ts startEarlyWorker) sets TurboFan's hold here, its
// first step's flags (workerData `optFlags`), under which the loader compiles the bundle against
// its code cache: not the host before it started the worker, because V8 refuses node's own code
// cache for its built-in modules under any flag it hashes that is not at its default, and node's
// start in the worker then compiled them from source (~30 ms of the worker's CPU; docs/
// BENCHMARKS.md part B, hello39). The built-in modules the loader and the bundle load after this
// are compiled from source (loading them first, under V8's defaults, measured no better).
const optFlags = (workerData as { optFlags?: unknown } | null)?.optFlags;
if (typeof optFlags === 'string') v8.setFlagsFromString(optFlags);


