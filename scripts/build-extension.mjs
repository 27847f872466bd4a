// Bundles the VS Code extension with esbuild (called by scripts/build.mjs):
//   dist/client.cjs          the thin client (CommonJS, 'vscode' external). The package is
//                            "type": "module", and VS Code 1.100 loads a `.js` main of such a
//                            package as ESM, so the CommonJS bundle gets the .cjs extension.
//   dist/server.js           the language server (ESM), forked by the client over node IPC
//   dist/hotspot-worker.js   worker thread: preparing a HotSpot run (javac, transformer)
//   dist/archived-worker.js  worker thread: an embedded `all` run's JDK copy and archive trials
//   dist/bytecode-worker.js  worker thread: "Show Bytecode" listings
//   dist/profile-worker.js   worker thread: loading, indexing and exporting profiles
// The server and workers find runtime/java and runtime/patch by walking up from dist/, so the
// .vsix ships those Java sources (see .vscodeignore).
import { build } from 'esbuild';
import { join } from 'node:path';

export async function buildPart(root) {
  const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
  await build({
    ...common,
    entryPoints: [join(root, 'client/src/extension.ts')],
    outfile: join(root, 'dist/client.cjs'),
    format: 'cjs',
    external: ['vscode'],
  });
  await build({
    ...common,
    entryPoints: {
      server: join(root, 'server/src/lsp/main.ts'),
      'hotspot-worker': join(root, 'server/src/engine/hotspot-worker.ts'),
      'archived-worker': join(root, 'server/src/engine/archived-worker.ts'),
      'bytecode-worker': join(root, 'server/src/lsp/bytecode-worker.ts'),
      'profile-worker': join(root, 'server/src/lsp/profile-worker.ts'),
    },
    outdir: join(root, 'dist'),
    format: 'esm',
    // CommonJS dependencies (vscode-languageserver) call require() for Node built-ins.
    banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
  });
  console.log('build: dist/client.cjs, dist/server.js, dist/hotspot-worker.js, dist/archived-worker.js, dist/bytecode-worker.js, dist/profile-worker.js');
}
