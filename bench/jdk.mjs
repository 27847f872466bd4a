// Class-library numbers for docs/BENCHMARKS.md, with the bundled code (not tsx):
//   1. `komorium roundtrip --module java.base` with the built CLI (dist/cli.mjs);
//   2. transforming every java.base class with the `all` scope (bench/jdk/transform-module.ts,
//      bundled with esbuild into bench/.build/transform-module.mjs).
// Usage: node bench/jdk.mjs [--module M] [--reps N] [--tsx]   (--tsx: also time the TS source through tsx)
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { module: { type: 'string', default: 'java.base' }, reps: { type: 'string', default: '1' }, tsx: { type: 'boolean', default: false } } });
const reps = Number(values.reps);
if (!Number.isInteger(reps) || reps < 1) {
  process.stderr.write(`jdk: --reps must be a positive integer\n`);
  process.exit(2);
}

function run(label, args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) {
    process.stderr.write(`jdk: ${label} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
    process.exit(1);
  }
  return { s, out: (r.stdout + r.stderr).trim() };
}

// The CLI bundle and the transform script bundle.
run('npm run build', [join(root, 'scripts', 'build.mjs')]);
const bundle = join(root, 'bench', '.build', 'transform-module.mjs');
await build({
  entryPoints: [join(root, 'bench', 'jdk', 'transform-module.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
});

const lines = [];
for (let i = 0; i < reps; i++) {
  const rt = run('roundtrip', [join(root, 'bin', 'komorium.mjs'), 'roundtrip', '--module', values.module]);
  lines.push(`roundtrip (built CLI), process ${rt.s.toFixed(2)} s: ${rt.out.replace(/\n/g, '; ')}`);
  const tr = run('transform-module', [bundle, '--module', values.module]);
  lines.push(`transform (esbuild bundle), process ${tr.s.toFixed(2)} s: ${tr.out.replace(/\n/g, '; ')}`);
  if (values.tsx) {
    const tt = run('transform-module via tsx', ['--import', 'tsx', join(root, 'bench', 'jdk', 'transform-module.ts'), '--module', values.module]);
    lines.push(`transform (tsx, TS source), process ${tt.s.toFixed(2)} s: ${tt.out.replace(/\n/g, '; ')}`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
