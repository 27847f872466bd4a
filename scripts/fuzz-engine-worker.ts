// A worker thread of the engine fuzzer (fuzz-engine-cli.ts): runs cases first, first + stride,
// ... below `end` in one session (fuzz-engine.ts runSession) and posts every CaseEvent to the
// main thread, which keeps the report, so that a worker that dies loses nothing but the case
// it was running (the last 'start' without an outcome).

import { parentPort, workerData } from 'node:worker_threads';
import { findJavaHome } from '../server/src/classpath/index';
import { runSession, staticContext } from './fuzz-engine';
import type { ClassBytes } from '../test/unit/classfile-fixtures';

export interface WorkerData {
  corpus: ClassBytes[];
  seed: number;
  first: number;
  stride: number;
  end: number;
  harnessDir: string;
  engine: boolean;
  rebootEvery?: number;
}

const d = workerData as WorkerData;
const port = parentPort!;
const ctx = staticContext(findJavaHome());
const cases = {
  *[Symbol.iterator]() {
    for (let k = d.first; k < d.end; k += d.stride) yield k;
  },
};
try {
  runSession({ corpus: d.corpus, seed: d.seed, cases, ctx, harnessDir: d.harnessDir, engine: d.engine, rebootEvery: d.rebootEvery, onEvent: (e) => port.postMessage(e) });
} finally {
  ctx.cp.close();
}
