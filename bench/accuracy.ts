// Profile accuracy (paper 000, Section 7.1, Figure 10): the overlap percentage of sampled
// profiles with the perfect profile. For every benchmark the embedded engine produces the exact
// profile (`--exact`: every bytecode counted per context and line), and sampled profiles at
// granularities 1,000 and 10,000, constant (R = 0) and randomized (R = 100), all in `app` scope;
// the table reports the overlap over calling contexts (with call lines), over contexts with
// source lines, and over methods, per benchmark and as geometric means.
//
//   node --import tsx bench/accuracy.ts [--only NAME[,NAME]] [--scale F] [--granularities G,...]
//                                       [--engine interpreter|jvm] [--out DIR]
// Sampled profiles come from the embedded engine by default; with --engine jvm they come from
// HotSpot (identical in app scope: test/unit/interp-corpus profile identity).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadProfile, methodOverlap, overlap } from '../server/src/profile/index';
import { compileAll, findBenchmarks } from './lib/jvm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Workload scale per benchmark: small enough for exact runs on the embedded engine. */
const SCALES: Record<string, number> = {
  collections: 0.1,
  dispatch: 0.03,
  lambdas: 0.03,
  matmul: 0.05,
  objects: 0.1,
  recursion: 0.1,
  sieve: 0.1,
  streams: 0.03,
  strings: 0.02,
};

interface Row {
  name: string;
  exactBytecodes: number;
  cells: { setting: string; contexts: number; lines: number; methods: number; samples: number }[];
}

function run(cli: string, args: string[]): void {
  const r = spawnSync(process.execPath, [cli, 'run', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`komorium run ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
}

function geomean(xs: number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(Math.max(x, 1e-9)), 0) / xs.length);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      scale: { type: 'string' },
      granularities: { type: 'string' },
      engine: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const only = values.only ? values.only.split(',') : [];
  const factor = values.scale ? Number(values.scale) : 1;
  const grans = (values.granularities ?? '1000,10000').split(',').map(Number);
  const engine = values.engine ?? 'interpreter';
  const work = mkdtempSync(join(tmpdir(), 'komorium-accuracy-'));
  const classes = join(work, 'classes');
  const javac = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'javac') : 'javac';
  compileAll(javac, join(root, 'bench', 'java'), classes);
  const cli = join(root, 'bin', 'komorium.mjs');
  const rows: Row[] = [];
  for (const b of findBenchmarks(join(root, 'bench', 'java'))) {
    if (only.length > 0 && !only.includes(b.name)) continue;
    const scale = String((SCALES[b.name] ?? 0.05) * factor);
    const prog = ['-J-Dharness.jmx=false', '-cp', classes, b.mainClass, '1', scale];
    const exactPath = join(work, `${b.name}-exact.json`);
    process.stderr.write(`${b.name}: exact...\n`);
    run(cli, ['--engine', 'interpreter', '--exact', '--instrument', 'app', '-o', exactPath, ...prog]);
    const exact = loadProfile(exactPath);
    const row: Row = { name: b.name, exactBytecodes: exact.meta.totalBytecodes, cells: [] };
    for (const g of grans) {
      for (const r of [0, 100]) {
        const p = join(work, `${b.name}-${g}-${r}.json`);
        process.stderr.write(`${b.name}: granularity ${g}, R ${r}...\n`);
        const engineArgs = engine === 'jvm' ? ['--engine', 'jvm'] : ['--engine', 'interpreter', '--instrument', 'app'];
        run(cli, [...engineArgs, '--granularity', String(g), '--random', String(r), '--seed', '1', '-o', p, ...prog]);
        const s = loadProfile(p);
        row.cells.push({
          setting: `${g}${r ? ' rand' : ''}`,
          contexts: overlap(exact, s),
          lines: overlap(exact, s, { lines: true }),
          methods: methodOverlap(exact, s),
          samples: s.meta.totalSamples,
        });
      }
    }
    rows.push(row);
  }
  const settings = rows[0]?.cells.map((c) => c.setting) ?? [];
  const lines: string[] = [];
  lines.push(`| benchmark | exact bytecodes | ${settings.map((s) => `${s}: contexts / lines / methods`).join(' | ')} |`);
  lines.push(`|---|---:|${settings.map(() => '---:|').join('')}`);
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.exactBytecodes.toLocaleString('en-US')} | ${r.cells.map((c) => `${c.contexts.toFixed(1)} / ${c.lines.toFixed(1)} / ${c.methods.toFixed(1)}`).join(' | ')} |`);
  }
  const gm = settings.map((_, i) => ['contexts', 'lines', 'methods'].map((k) => geomean(rows.map((r) => r.cells[i][k as 'contexts' | 'lines' | 'methods']))));
  lines.push(`| **geomean** | | ${gm.map((g) => `**${g[0].toFixed(1)} / ${g[1].toFixed(1)} / ${g[2].toFixed(1)}**`).join(' | ')} |`);
  const table = lines.join('\n');
  process.stdout.write(`${table}\n`);
  const out = values.out ?? join(work, 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'accuracy.md'), `${table}\n`);
  writeFileSync(join(out, 'accuracy.json'), JSON.stringify(rows, null, 1));
  process.stderr.write(`accuracy: tables in ${out}\n`);
}

main();
