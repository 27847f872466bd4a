#!/usr/bin/env node
// The komorium CLI. Runs the bundled build (npm run build) when it is newer than the sources,
// else the TypeScript sources through tsx (a development checkout with edits since the build).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'cli.mjs');
const sources = join(root, 'server', 'src');

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

// `run` first tries its warm start (a small bundle: dist/run-fast.mjs, server/src/cli/run-fast.ts),
// which starts java from the plan an earlier run left, before the CLI is loaded, and for a run
// on the embedded engine starts its worker at once (engine/interp-worker-start.ts), before the
// sources are compared with the build below (ended when they are newer), then runs it from a
// small entry (cli/run-embedded-entry.ts) without the CLI (KOMORIUM_WARM_START=0: always the
// full CLI, and no early worker).
const fast = join(root, 'dist', 'run-fast.mjs');
const warmPath =
  process.argv[2] === 'run' && process.env.KOMORIUM_WARM_START !== '0' && !process.env.KOMORIUM_FROM_SOURCE && existsSync(built) && existsSync(fast) ? await import(pathToFileURL(fast).href) : undefined;
// A build older than this file may lack these entry points (a checkout updated, not rebuilt):
// then the sources, newer than that build, run below.
if (typeof warmPath?.startEarly === 'function') warmPath.startEarly(process.argv.slice(3));
const useBuilt =
  existsSync(built) && !process.env.KOMORIUM_FROM_SOURCE && (!existsSync(sources) || statSync(built).mtimeMs >= newestSource(sources));
if (!useBuilt && typeof warmPath?.dropEarly === 'function') warmPath.dropEarly();
const warm = useBuilt && warmPath ? await warmPath.fastRun(process.argv.slice(3)) : undefined;
if (warm !== undefined) {
  process.exitCode = warm;
} else if (useBuilt) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(sources, 'cli', 'main.ts')).href);
}
