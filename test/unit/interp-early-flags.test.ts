// The CLI's early worker (engine/interp-worker-start.ts startEarlyWorker) starts under V8's
// flags as they are: the host changes none before it (a hashed flag that is not at its default
// makes V8 refuse node's code cache for the modules node's start in the worker compiles), and
// hands the worker TurboFan's hold, its first step's flags, to set itself (workerData
// `optFlags`, new-space-early.ts). A worker no run takes may have set them: the host sets its
// own again once that worker has ended. V8's flags are observed through node:v8's
// setFlagsFromString, which every module here calls through the same module object.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { discardEarlyWorker, maxHeapOf, spareKey, startEarlyWorker, takeEarlyWorker, workerHeapMb } from '../../server/src/engine/interp-worker-start';
import { firstStepFlags } from '../../server/src/engine/v8-tiering';
import { tempDir } from '../helpers/java';

const dir = tempDir('interp-early-flags');
// A stand-in for the engine's worker: it answers with the flags it was handed.
const workerFile = join(dir, 'echo-worker.mjs');
writeFileSync(workerFile, "import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage(workerData.optFlags ?? null);\n");
const workerUrl = pathToFileURL(workerFile);

function spyFlags(): { calls: string[]; restore(): void } {
  const calls: string[] = [];
  const original = v8.setFlagsFromString;
  v8.setFlagsFromString = (flags: string): void => {
    calls.push(flags);
    original(flags);
  };
  return { calls, restore: () => void (v8.setFlagsFromString = original) };
}

function exited(w: Worker): Promise<void> {
  return new Promise((resolve) => w.once('exit', () => resolve()));
}

test('the early worker starts without a flag changed by its host, and is handed the first step of TurboFan\'s hold', async () => {
  const spy = spyFlags();
  try {
    assert.equal(startEarlyWorker(workerUrl, undefined, []), true);
    assert.deepEqual(spy.calls, [], 'the host set V8 flags before the early worker started');
    const w = takeEarlyWorker(spareKey(undefined, workerHeapMb(maxHeapOf([]))));
    assert.ok(w !== undefined, 'the early worker was not taken');
    const handed = await new Promise<unknown>((resolve) => w.once('message', resolve));
    assert.equal(handed, firstStepFlags() ?? null);
    if (firstStepFlags() !== undefined) assert.match(firstStepFlags()!, /^--no-opt /);
    const done = exited(w);
    await w.terminate();
    await done;
    assert.deepEqual(spy.calls, [], 'taking the early worker changed the host\'s flags');
  } finally {
    spy.restore();
  }
});

test('an early worker no run takes: the host sets its own flags again once it has ended', async () => {
  const spy = spyFlags();
  try {
    assert.equal(startEarlyWorker(workerUrl, undefined, []), true);
    const w = takeEarlyWorker('\0another run');
    assert.equal(w, undefined);
    // takeEarlyWorker ended it; the host's flags come once it has exited (the next turns).
    for (let i = 0; i < 200 && spy.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    if (firstStepFlags() === undefined) assert.deepEqual(spy.calls, []);
    else {
      assert.equal(spy.calls.length, 1, `the host's flags were not set again once: ${JSON.stringify(spy.calls)}`);
      // This thread holds nothing: TurboFan on.
      assert.match(spy.calls[0]!, /^--opt /);
    }
    // discardEarlyWorker with none started does nothing.
    discardEarlyWorker();
  } finally {
    spy.restore();
  }
});
