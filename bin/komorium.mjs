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

const useBuilt =
  existsSync(built) && !process.env.KOMORIUM_FROM_SOURCE && (!existsSync(sources) || statSync(built).mtimeMs >= newestSource(sources));
// `run` first tries its warm start (a small bundle: dist/run-fast.mjs, server/src/cli/run-fast.ts),
// which starts java from the plan an earlier run left, before the CLI is loaded, and for a run
// on the embedded engine starts its worker before the CLI loads (engine/interp-worker-start.ts)
// (KOMORIUM_WARM_START=0: always the full CLI, and no early worker).
const fast = join(root, 'dist', 'run-fast.mjs');
const warm = useBuilt && process.argv[2] === 'run' && process.env.KOMORIUM_WARM_START !== '0' && existsSync(fast) ? await (await import(pathToFileURL(fast).href)).fastRun(process.argv.slice(3)) : undefined;
if (warm !== undefined) {
  process.exitCode = warm;
} else if (useBuilt) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(sources, 'cli', 'main.ts')).href);
}
