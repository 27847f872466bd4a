#!/usr/bin/env node
// The komorium CLI. Runs the bundled build when present (npm run build), else the TypeScript
// sources through tsx (a development checkout).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'cli.mjs');
if (existsSync(built) && !process.env.KOMORIUM_FROM_SOURCE) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'server', 'src', 'cli', 'main.ts')).href);
}
