// Bundles the embedded engine's worker (dist/interp-worker.js), started by the CLI and the
// language server through engine/interp-run.ts (called by scripts/build.mjs).
import { build } from 'esbuild';
import { join } from 'node:path';

export async function buildPart(root) {
  await build({
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    entryPoints: { 'interp-worker': join(root, 'server/src/engine/interp-worker.ts') },
    outdir: join(root, 'dist'),
    format: 'esm',
    banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
  });
  console.log('build: dist/interp-worker.js');
}
