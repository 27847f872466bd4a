// Bundles the embedded engine's worker, started by the CLI and the language server through
// engine/interp-run.ts (called by scripts/build.mjs): dist/interp-worker.cjs is the worker
// (interp-worker.ts, CommonJS, so that it can be run as a vm.Script with a code cache), and
// dist/interp-worker.js its loader (engine/interp-worker-loader.ts), and
// dist/interp-worker-loader.cjs the same loader as CommonJS, which the hosts start.
import { build } from 'esbuild';
import { join } from 'node:path';

export async function buildPart(root) {
  const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', outdir: join(root, 'dist') };
  await build({
    ...common,
    entryPoints: { 'interp-worker': join(root, 'server/src/engine/interp-worker.ts') },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // The snapshot key hashes the bundle it runs from (snapshot/index.ts engineFingerprint).
    define: { 'import.meta.url': '__kmUrl' },
    banner: { js: 'const __kmUrl = require("node:url").pathToFileURL(__filename).href;' },
    // Without comments and indentation (names kept): V8 keeps a script's source in the worker's
    // heap for as long as its functions live (1.22 MB against 0.89), and the loader and the
    // snapshot key hash it on every start.
    minifyWhitespace: true,
  });
  await build({
    ...common,
    entryPoints: { 'interp-worker': join(root, 'server/src/engine/interp-worker-loader.ts') },
    format: 'esm',
    banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
  });
  // The same loader as CommonJS, which the hosts start (interp-worker-start.ts startWorker): a
  // worker whose entry is an ES module first compiles node's ES module loader.
  await build({
    ...common,
    entryPoints: { 'interp-worker-loader': join(root, 'server/src/engine/interp-worker-loader.ts') },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__kmUrl' },
    banner: { js: 'const __kmUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  console.log('build: dist/interp-worker.cjs, dist/interp-worker.js and dist/interp-worker-loader.cjs (its loader)');
}
