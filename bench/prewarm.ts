// Time to the first live snapshot of a profiled run on the embedded engine, with and without a
// worker prepared in advance (interp-run.ts prepareInterpreter, what the language server does
// while a Java file is open). Bundled next to dist/interp-worker.js so that the worker is the
// bundle users run:
//
//   npx esbuild bench/prewarm.ts --bundle --platform=node --format=esm --outfile=dist/prewarm-bench.mjs \
//     --banner:js="import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);"
//   node dist/prewarm-bench.mjs CLASSES MAIN [REPS] [INSTRUMENT]
//
// CLASSES/MAIN: a program that runs until cancelled (test/java/interp-engine eng.Work with
// argument `forever`). Each repetition runs it cold, then prepared (the worker is given 10 s to
// get ready first), interleaved; the run is cancelled at its first snapshot.

import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareInterpreter, startInterpreterRun } from '../server/src/engine/interp-run';
import type { Instrument } from '../server/src/engine/interp-transform';

const [classes, mainClass, repsArg, instrumentArg] = process.argv.slice(2);
const reps = Number(repsArg ?? 2);
const instrument = (instrumentArg ?? 'all') as Instrument;

async function firstSnapshotMs(label: string): Promise<number> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let at = -1;
  let start = '';
  const r = startInterpreterRun({
    classpath: [classes],
    mainClass,
    args: ['forever'],
    profilePath: join(tmpdir(), `prewarm-bench-${label}.json`),
    instrument,
    liveIntervalMs: 100,
    onStats: (s) => (start = String(s.start)),
    onLog: (l) => console.log(`${label}: log: ${l}`),
    onStderr: (b) => process.stdout.write(`${label}: stderr: ${b.toString()}`),
    onSnapshot: () => {
      if (at < 0) {
        at = performance.now() - t0;
        r.cancel();
      }
    },
  });
  const o = await r.done;
  if (at < 0) console.log(`${label}: ended without a live snapshot (exit ${o.exitCode}${o.error ? `, ${o.error}` : ''})`);
  const cpu = process.cpuUsage(cpu0);
  console.log(`${label}: first snapshot after ${Math.round(at)} ms (process CPU during the run ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; VM started from: ${start})`);
  return at;
}

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < reps; i++) {
  cold.push(await firstSnapshotMs('cold'));
  prepareInterpreter();
  await sleep(10000);
  warm.push(await firstSnapshotMs('prepared'));
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(`median: cold ${Math.round(median(cold))} ms, prepared ${Math.round(median(warm))} ms`);
