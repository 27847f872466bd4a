// Profile accuracy (paper 000, Section 7.1, Figure 10 and Table I): the overlap percentage of
// sampled profiles with the perfect profile, and δb, the relative error of the bytecodes the
// sampled run counts. For every benchmark the embedded engine produces the exact profile
// (`--exact`: every bytecode counted per context and line) and sampled profiles at each
// granularity, constant (R = 0) and randomized (R = 100, as in the paper), all in `app` scope;
// HotSpot samples once more at 10,000 randomized (its app-scope profiles are those of the
// embedded engine: the engine-identity tests). The tables give the overlap over calling contexts
// (Figure 10), over contexts with lines, over methods and over lines alone, and δb (Table I).
//
//   npm run accuracy        (build, run, and write the tables into docs/ACCURACY.md)
//   node --import tsx bench/accuracy.ts [--only NAME,...|--all] [--scale F] [--granularities G,...]
//        [--random R,...] [--no-hotspot] [--scope-all NAME,...] [--write-doc] [--out DIR]
//
// --scope-all NAME,...: also δb in scope `all` (the JDK instrumented too) for these benchmarks
// at the first granularity, randomized (slow: about 30 s of CPU per run; default strings;
// --scope-all '' for none).

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contextLineOverlap, lineOverlap, loadProfile, methodOverlap, overlap, type Profile } from '../server/src/profile/index';
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

/** The default set: the programs whose profiles differ most in shape (aliasing loops, lambdas, deep recursion, many small methods), so the run stays within a few minutes. */
const DEFAULT = ['dispatch', 'lambdas', 'objects', 'recursion', 'strings'];
/** Default benchmarks also measured in scope `all` (δb): the smallest. */
const DEFAULT_SCOPE_ALL = ['strings'];

const HOTSPOT_SETTING = { g: 10000, r: 100 };

interface Cell {
  engine: 'interp' | 'hotspot';
  scope: 'app' | 'all';
  g: number;
  r: number;
  samples: number;
  contexts: number;
  contextsWithLines: number;
  methods: number;
  lines: number;
  /** Signed, as in the paper: b_sampled / b_exact - 1. */
  deltaB: number;
}

interface Row {
  name: string;
  exactBytecodes: number;
  cells: Cell[];
}

function run(cli: string, args: string[]): void {
  const r = spawnSync(process.execPath, [cli, 'run', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`komorium run ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
}

function geomean(xs: number[]): number {
  return Math.exp(xs.reduce((s, x) => s + Math.log(Math.max(x, 1e-9)), 0) / xs.length);
}

function measure(exact: Profile, s: Profile, engine: Cell['engine'], scope: Cell['scope'], g: number, r: number): Cell {
  const b = exact.meta.totalBytecodes;
  return {
    engine,
    scope,
    g,
    r,
    samples: s.meta.totalSamples,
    contexts: overlap(exact, s),
    contextsWithLines: contextLineOverlap(exact, s),
    methods: methodOverlap(exact, s),
    lines: lineOverlap(exact, s),
    deltaB: b === 0 ? 0 : s.meta.totalBytecodes / b - 1,
  };
}

const f1 = (x: number): string => x.toFixed(1);
const k = (g: number): string => (g >= 1000 && g % 1000 === 0 ? `${g / 1000}k` : String(g));
const setting = (c: { g: number; r: number }): string => `${k(c.g)}${c.r ? ' rand' : ''}`;

function deltaText(d: number): string {
  if (d === 0) return '0';
  const [m, e] = d.toExponential(1).split('e');
  return `${m}e${Number(e)}`;
}

function tables(rows: Row[]): string {
  const out: string[] = [];
  const app = (r: Row) => r.cells.filter((c) => c.engine === 'interp' && c.scope === 'app');
  const settings = app(rows[0]!).map((c) => ({ g: c.g, r: c.r }));
  const at = (r: Row, s: { g: number; r: number }) => app(r).find((c) => c.g === s.g && c.r === s.r)!;
  const gm = (s: { g: number; r: number }, key: 'contexts' | 'contextsWithLines' | 'methods' | 'lines') => geomean(rows.map((r) => at(r, s)[key]));

  out.push('**Figure 10: overlap over calling contexts (%)**, embedded engine, scope `app`; (a) constant granularity, (b) randomized (N + r, r uniform in [0, 100)).', '');
  out.push(`| benchmark | exact bytecodes | ${settings.map((s) => (s.r ? `(b) ${k(s.g)}` : `(a) ${k(s.g)}`)).join(' | ')} |`);
  out.push(`|---|---:|${settings.map(() => '---:|').join('')}`);
  for (const r of rows) out.push(`| ${r.name} | ${r.exactBytecodes.toLocaleString('en-US')} | ${settings.map((s) => f1(at(r, s).contexts)).join(' | ')} |`);
  out.push(`| **geomean** | | ${settings.map((s) => `**${f1(gm(s, 'contexts'))}**`).join(' | ')} |`, '');

  out.push('**Lines and methods (%)**: contexts with lines (call-site lines and the sample\'s own line) / lines alone (method and line of the top frame) / methods.', '');
  out.push(`| benchmark | ${settings.map(setting).join(' | ')} |`);
  out.push(`|---|${settings.map(() => '---:|').join('')}`);
  for (const r of rows) out.push(`| ${r.name} | ${settings.map((s) => { const c = at(r, s); return `${f1(c.contextsWithLines)} / ${f1(c.lines)} / ${f1(c.methods)}`; }).join(' | ')} |`);
  out.push(`| **geomean** | ${settings.map((s) => `**${f1(gm(s, 'contextsWithLines'))} / ${f1(gm(s, 'lines'))} / ${f1(gm(s, 'methods'))}**`).join(' | ')} |`, '');

  out.push('**Table I: δb** = b_sampled / b_exact − 1 (signed, as in the paper), scope `app`; the HotSpot column: sampled by HotSpot at 10k randomized (δb, and its context overlap next to the embedded engine\'s at the same setting).', '');
  const hs = rows.some((r) => r.cells.some((c) => c.engine === 'hotspot'));
  const all = rows.some((r) => r.cells.some((c) => c.scope === 'all'));
  out.push(`| benchmark | ${settings.map(setting).join(' | ')}${hs ? ' | HotSpot 10k rand: δb (contexts, embedded) |' : ' |'}${all ? ' scope all |' : ''}`);
  out.push(`|---|${settings.map(() => '---:|').join('')}${hs ? '---:|' : ''}${all ? '---:|' : ''}`);
  for (const r of rows) {
    const h = r.cells.find((c) => c.engine === 'hotspot');
    const e = h ? at(r, { g: h.g, r: h.r }) : undefined;
    const a = r.cells.find((c) => c.scope === 'all');
    const hsCell = hs ? ` | ${h && e ? `${deltaText(h.deltaB)} (${f1(h.contexts)}, ${f1(e.contexts)})` : '–'}` : '';
    const allCell = all ? ` | ${a ? `${deltaText(a.deltaB)} (${setting(a)})` : '–'}` : '';
    out.push(`| ${r.name} | ${settings.map((s) => deltaText(at(r, s).deltaB)).join(' | ')}${hsCell}${allCell} |`);
  }
  return out.join('\n');
}

const BEGIN = '<!-- accuracy-tables: generated by bench/accuracy.ts (npm run accuracy); do not edit by hand -->';
const END = '<!-- /accuracy-tables -->';

function writeDoc(body: string): void {
  const file = join(root, 'docs', 'ACCURACY.md');
  const text = readFileSync(file, 'utf8');
  const i = text.indexOf(BEGIN);
  const j = text.indexOf(END);
  if (i < 0 || j < i) throw new Error(`docs/ACCURACY.md has no ${BEGIN} ... ${END} section`);
  writeFileSync(file, `${text.slice(0, i + BEGIN.length)}\n${body}\n${text.slice(j)}`);
  process.stderr.write('accuracy: tables written into docs/ACCURACY.md\n');
}

function main(): void {
  const started = Date.now();
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      all: { type: 'boolean' },
      scale: { type: 'string' },
      granularities: { type: 'string' },
      random: { type: 'string' },
      'no-hotspot': { type: 'boolean' },
      'scope-all': { type: 'string' },
      'write-doc': { type: 'boolean' },
      out: { type: 'string' },
    },
  });
  const only = values.only ? values.only.split(',') : values.all ? Object.keys(SCALES) : DEFAULT;
  const factor = values.scale ? Number(values.scale) : 1;
  const grans = (values.granularities ?? '1000,10000,100000').split(',').map(Number);
  const randoms = (values.random ?? '0,100').split(',').map(Number);
  const scopeAll = values['scope-all'] !== undefined ? values['scope-all'].split(',').filter((x) => x) : DEFAULT_SCOPE_ALL;
  const hotspot = !values['no-hotspot'];
  const work = mkdtempSync(join(tmpdir(), 'komorium-accuracy-'));
  const classes = join(work, 'classes');
  const javac = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'javac') : 'javac';
  compileAll(javac, join(root, 'bench', 'java'), classes);
  const cli = join(root, 'bin', 'komorium.mjs');
  const rows: Row[] = [];
  for (const b of findBenchmarks(join(root, 'bench', 'java'))) {
    if (!only.includes(b.name)) continue;
    const scale = String((SCALES[b.name] ?? 0.05) * factor);
    const prog = ['-J-Dharness.jmx=false', '-cp', classes, b.mainClass, '1', scale];
    const exactPath = join(work, `${b.name}-exact.json`);
    process.stderr.write(`${b.name}: exact...\n`);
    run(cli, ['--engine', 'interpreter', '--exact', '--instrument', 'app', '-o', exactPath, ...prog]);
    const exact = loadProfile(exactPath);
    const row: Row = { name: b.name, exactBytecodes: exact.meta.totalBytecodes, cells: [] };
    const sampled = (engine: Cell['engine'], scope: Cell['scope'], g: number, r: number, ref: Profile): void => {
      const p = join(work, `${b.name}-${engine}-${scope}-${g}-${r}.json`);
      process.stderr.write(`${b.name}: ${engine}, scope ${scope}, granularity ${g}, R ${r}...\n`);
      const engineArgs = engine === 'hotspot' ? ['--engine', 'jvm'] : ['--engine', 'interpreter', '--instrument', scope];
      run(cli, [...engineArgs, '--granularity', String(g), '--random', String(r), '--seed', '1', '-o', p, ...prog]);
      row.cells.push(measure(ref, loadProfile(p), engine, scope, g, r));
    };
    for (const r of randoms) for (const g of grans) sampled('interp', 'app', g, r, exact);
    if (hotspot) sampled('hotspot', 'app', HOTSPOT_SETTING.g, HOTSPOT_SETTING.r, exact);
    if (scopeAll.includes(b.name)) {
      const allPath = join(work, `${b.name}-exact-all.json`);
      process.stderr.write(`${b.name}: exact, scope all...\n`);
      run(cli, ['--engine', 'interpreter', '--exact', '--instrument', 'all', '-o', allPath, ...prog]);
      sampled('interp', 'all', grans[0]!, 100, loadProfile(allPath));
    }
    rows.push(row);
  }
  if (rows.length === 0) throw new Error(`no benchmark selected (${only.join(', ')})`);
  const seconds = Math.round((Date.now() - started) / 1000);
  // The command as it would be typed again: without --write-doc (added back) and --out (local).
  const argv = process.argv.slice(2);
  const args = argv.filter((a, i) => a !== '--write-doc' && a !== '--out' && argv[i - 1] !== '--out' && !a.startsWith('--out='));
  const cmd = `npm run build && node --import tsx bench/accuracy.ts${args.length ? ` ${args.join(' ')}` : ''} --write-doc`;
  const head = [
    `Command (${new Date().toISOString().slice(0, 10)}, ${seconds} s wall on ${cpus().length} cores shared with other work${args.length === 0 ? '; this is `npm run accuracy`' : ''}):`,
    '',
    '```sh',
    cmd,
    '```',
    '',
    `Benchmarks: ${rows.map((r) => `${r.name} (scale ${(SCALES[r.name] ?? 0.05) * factor})`).join(', ')}; one iteration each, seed 1.`,
    '',
  ].join('\n');
  const body = `${head}\n${tables(rows)}`;
  process.stdout.write(`${body}\n`);
  const out = values.out ?? join(work, 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'accuracy.md'), `${body}\n`);
  writeFileSync(join(out, 'accuracy.json'), JSON.stringify(rows, null, 1));
  process.stderr.write(`accuracy: ${seconds} s; tables in ${out}\n`);
  if (values['write-doc']) writeDoc(body);
}

main();
