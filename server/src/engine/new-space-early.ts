// The worker loader's first import (interp-worker-loader.ts): V8's new space held
// (young-generation.ts) before the loader's other modules and node's own (crypto, vm, fs, ...)
// are loaded. Held from the loader's own code on, the worker's new space had grown from 2 to
// 4 MB by then, and stayed so through the restore and a short run (2 MiB of a profiled
// hello-world's peak RSS; docs/BENCHMARKS.md part B, mem18q).

import { holdNewSpace } from './young-generation';
import { resetOldSpaceFlag } from './old-space-initial';

// The host raised the initial old generation for this worker's heap (old-space-initial.ts): back
// to V8's default before anything is compiled against a code cache or another isolate is made.
resetOldSpaceFlag();

/** Ends the hold (the loader, once it has compiled and run the bundle). */
export const releaseEarlyNewSpace = holdNewSpace();
