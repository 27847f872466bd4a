// Bundles the CLI, and (each from its own script, when present) the language server and client
// (scripts/build-extension.mjs) and the webview (scripts/build-webview.mjs), with esbuild.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

/** An ESM bundle for Node (CommonJS dependencies get a `require`). */
async function nodeBundle(entry, out) {
  await build({
    ...common,
    entryPoints: [join(root, entry)],
    outfile: join(root, out),
    format: 'esm',
    banner: { js: "import { createRequire as __kmCreateRequire } from 'node:module'; const require = __kmCreateRequire(import.meta.url);" },
  });
  console.log(`build: ${out}`);
}

await nodeBundle('server/src/cli/main.ts', 'dist/cli.mjs');
// `komorium run`'s warm start (cli/run-fast.ts), which bin/komorium.mjs tries before the CLI.
await nodeBundle('server/src/cli/run-fast.ts', 'dist/run-fast.mjs');
// An embedded run's small entry (cli/run-embedded-entry.ts), which run-fast.mjs loads instead of the CLI.
await nodeBundle('server/src/cli/run-embedded-entry.ts', 'dist/run-embedded.mjs');
// komorium roundtrip's worker threads (found next to dist/cli.mjs).
await nodeBundle('server/src/cli/commands/roundtrip-worker.ts', 'dist/roundtrip-worker.js');
// komorium diff's worker thread: one side of a diff collected while the CLI collects the other.
await nodeBundle('server/src/profile/diff-side-worker.ts', 'dist/diff-side-worker.js');
// The HotSpot engine's JDK module transform workers (engine/jdk-image.ts).
await nodeBundle('server/src/engine/jdk-module-worker.ts', 'dist/jdk-module-worker.js');

// Each part's build script exports `async function buildPart(root)`.
for (const part of ['build-interp.mjs', 'build-extension.mjs', 'build-webview.mjs']) {
  const file = join(root, 'scripts', part);
  if (!existsSync(file)) continue;
  const mod = await import(pathToFileURL(file).href);
  await mod.buildPart(root);
}

// V8 keeps a script's source as one string, and a single non-ASCII character makes all of it two
// bytes per character (1 MB more in the embedded engine's worker, 0.7 MB in the CLI). esbuild
// escapes non-ASCII characters in code; what is left is in the comments it keeps (a `→` in a
// doc comment), escaped here as text.
for (const name of readdirSync(join(root, 'dist'))) {
  if (!/\.(js|mjs|cjs)$/.test(name)) continue;
  const file = join(root, 'dist', name);
  const text = readFileSync(file, 'utf8');
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
