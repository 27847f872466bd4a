// Bundles the CLI, and (each from its own script, when present) the language server and client
// (scripts/build-extension.mjs) and the webview (scripts/build-webview.mjs), with esbuild.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: [join(root, 'server/src/cli/main.ts')],
  outfile: join(root, 'dist/cli.mjs'),
  format: 'esm',
  banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
});
console.log('build: dist/cli.mjs');

// komorium roundtrip's worker threads (cli/commands/roundtrip-worker.ts, found next to dist/cli.mjs).
await build({
  ...common,
  entryPoints: [join(root, 'server/src/cli/commands/roundtrip-worker.ts')],
  outfile: join(root, 'dist/roundtrip-worker.js'),
  format: 'esm',
  banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
});
console.log('build: dist/roundtrip-worker.js');

// Each part's build script exports `async function buildPart(root)`.
for (const part of ['build-interp.mjs', 'build-extension.mjs', 'build-webview.mjs']) {
  const file = join(root, 'scripts', part);
  if (!existsSync(file)) continue;
  const mod = await import(pathToFileURL(file).href);
  await mod.buildPart(root);
}
