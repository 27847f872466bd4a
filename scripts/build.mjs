// Bundles the CLI (and, as they land, the language server, client and webview) with esbuild.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
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
