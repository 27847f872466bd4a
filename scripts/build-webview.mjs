// Bundles the webview (webview/main.ts and the CSS it imports) for the browser:
// dist/webview/main.js (IIFE) and dist/webview/main.css, minified, with source maps.
// Called by scripts/build.mjs; tests call it with their own output directory.
import { build } from 'esbuild';
import { join } from 'node:path';

/** @param {string} root repository root; @param {string} [outdir] default dist/webview */
export async function buildPart(root, outdir = join(root, 'dist', 'webview')) {
  await build({
    entryPoints: [join(root, 'webview', 'main.ts')],
    outdir,
    entryNames: 'main',
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: ['chrome114'],
    minify: process.env.KOMORIUM_WEBVIEW_NO_MINIFY !== '1', // unminified for debugging
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
    tsconfig: join(root, 'webview', 'tsconfig.json'),
  });
  if (outdir === join(root, 'dist', 'webview')) console.log('build: dist/webview/main.js, main.css');
}
