// The embedded engine's worker in the build: dist/interp-worker.js is this loader (and
// dist/interp-worker-loader.cjs the same as CommonJS, which the hosts start: interp-worker-start.ts
// startWorker), which runs
// the worker's bundle (interp-worker.ts, bundled as CommonJS into dist/interp-worker.cjs)
// through `vm.Script`, with a V8 code cache kept in `<cache>/code-cache/` for the workers of
// runs (workerData `codeCache`: those startInterpreterRun and the CLI's early worker start).
// The cache is made from the script during or after a run (interp-worker.ts calls
// `saveWorkerCodeCache` when the run has executed the first step's bytecodes of TurboFan's
// hold, v8-tiering.ts, or before its `exit` message), so it holds the bytecode of every engine
// function that run compiled: the next worker neither parses the 1.1 MB bundle nor compiles
// those functions again. Keyed by the bundle's SHA-256, node's version and the architecture.
//
// V8 refuses a cache made under other flags (`cachedDataRejected`), and v8-tiering.ts toggles
// `--no-opt` during a run: such a worker is compiled while TurboFan is held back (the hold is
// taken before it starts; the CLI's early worker sets the hold's flags itself, first thing:
// new-space-early.ts), and the cache is written only while the hold's first step surely
// lasts (the host was not yet told the run executed that step's bytecodes, and the process has
// used less CPU than KOMORIUM_OPT_DELAY_MS in all: the hold began after the process did), so
// that a cache made now is accepted by the next run's worker. A refused, missing, damaged (its
// SHA-256 is checked first) or unwritable cache only costs the compilation it would have saved.
// KOMORIUM_CODE_CACHE=0: none is read or written. From sources (tsx) the worker is
// interp-worker.ts itself, without any of this.

// First: the new space held before anything else is loaded (new-space-early.ts).
import { releaseEarlyNewSpace } from './new-space-early';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { workerData } from 'node:worker_threads';
import { cacheRoot } from './cache';
import { keepNewest } from './cache-prune';
import { holdNewSpace } from './young-generation';
import { bundleHash, publishBundleHash } from './bundle-hash';

/** Code caches kept (other builds' and node versions'): the most recently written. */
const KEEP = 6;

const SAVE = Symbol.for('komorium.saveWorkerCodeCache');

function load(): void {
  const file = fileURLToPath(new URL('./interp-worker.cjs', import.meta.url));
  const source = readFileSync(file, 'utf8');
  const use = process.env.KOMORIUM_CODE_CACHE !== '0' && (workerData as { codeCache?: unknown } | null)?.codeCache === true;
  const dir = join(cacheRoot(), 'code-cache');
  // Also the engine's part of the boot snapshot's key (bundle-hash.ts), which takes it from here.
  const hash = bundleHash(source);
  publishBundleHash(file, hash);
  const cacheFile = join(dir, `${hash.slice(0, 32)}.bin`);
  let cachedData: Buffer | undefined;
  if (use) {
    try {
      // The file is the data's SHA-256, then the data: a damaged file is not handed to V8.
      const f = readFileSync(cacheFile);
      const data = f.subarray(32);
      if (f.length > 32 && createHash('sha256').update(data).digest().equals(f.subarray(0, 32))) cachedData = data;
    } catch {
      // none yet
    }
  }
  const wrapped = (Module as unknown as { wrap(s: string): string }).wrap(source);
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  let needed = use && (cachedData === undefined || script.cachedDataRejected === true);
  (globalThis as Record<symbol, unknown>)[SAVE] = (firstStep: boolean): void => {
    if (!needed || !stillHeld(firstStep)) return;
    needed = false;
    try {
      mkdirSync(dir, { recursive: true });
      const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
      // Under the flags the bundle is loaded under (V8 refuses a cache made under others): the
      // new space held as in load() below; the run let go of its own hold before this.
      const releaseNewSpace = holdNewSpace();
      let data: Buffer;
      try {
        data = script.createCachedData();
      } finally {
        releaseNewSpace();
      }
      writeFileSync(tmp, Buffer.concat([createHash('sha256').update(data).digest(), data]));
      renameSync(tmp, cacheFile);
      prune(dir);
    } catch {
      // only a cache
    }
  };
  const fn = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const mod = { exports: {} };
  fn.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
}

/**
 * True while the flags are surely those the worker compiled its bundle under: TurboFan's hold
 * (v8-tiering.ts) stays in its first step until the host is told the run has executed
 * optHoldBytecodes() bytecodes (`firstStep`: not yet; the worker saves its cache before it
 * tells) and at most until the run has used KOMORIUM_OPT_DELAY_MS of the process's CPU, and the
 * process has used less than that in all; or there is no hold (delay 0: flags never change).
 */
function stillHeld(firstStep: boolean): boolean {
  const v = Number(process.env.KOMORIUM_OPT_DELAY_MS ?? 3000);
  const delay = Number.isFinite(v) && v > 0 ? v : 0;
  if (delay === 0) return true;
  if (!firstStep) return false;
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000 < delay;
}

/** Keeps the KEEP most recent code caches; removes temporary files over a minute old. */
function prune(dir: string): void {
  const now = Date.now();
  for (const n of readdirSync(dir)) {
    if (!n.endsWith('.tmp')) continue;
    const p = join(dir, n);
    try {
      if (now - statSync(p).mtimeMs > 60_000) rmSync(p, { force: true });
    } catch {
      // gone meanwhile
    }
  }
  keepNewest(dir, '.bin', KEEP);
}

// The new space kept at the worker's initial size while the bundle is compiled and run (it
// grew to 8 MB there, and stayed so through the restore and a short run: young-generation.ts),
// held from the loader's first import (new-space-early.ts).
// The flag is part of what V8 checks a code cache against: the cache is made under it too.
try {
  load();
} finally {
  releaseEarlyNewSpace();
}
