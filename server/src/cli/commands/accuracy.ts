// komorium accuracy [--granularity N[,N...]] [--random R[,R...]] [--engine interpreter|jvm]
//                   [--instrument app|all] [--seed S] [--json] [--keep DIR] [-J<option>]...
//                   -cp CP MainClass [args...]
// Paper 000 Section 7.1: runs the program once exactly (the embedded engine's --exact: every
// bytecode counted per context and line) and once per sampled setting, and prints how much of
// the exact profile each sampled one reproduces: the overlap percentage over calling contexts,
// over contexts with lines (call-site lines and the sample's line), over methods and over
// source lines alone, and δb (Table I), the relative difference of the bytecodes counted.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { registerCommand } from '../cli';
import { flag, parseArgs, UsageError } from '../args';
import { ContextIds, contextCounters, contextLineCounters, contextLineOverlap, deltaBytecodes, lineCounters, lineOverlap, loadProfile, methodCounters, methodOverlap, noiseOverlap, overlap, type Profile } from '../../profile/index';

const USAGE = `usage: komorium accuracy [options] -cp CLASSPATH MainClass [args...]

Runs the program exactly (the embedded engine, every bytecode counted) and sampled, once per
granularity and randomization given, and prints the overlap of each sampled profile with the
exact one (paper 000, Section 7.1) over calling contexts, contexts with lines, methods and
lines, and δb, the relative difference of the total bytecodes (Table I); in parentheses, the
overlaps that sampling noise alone would leave with that many samples (a measured overlap
near them is limited by the sample count, one clearly below misattributes).

options:
  --granularity N,...   sampled granularities (default 1000,10000)
  --random R,...        randomizations R of each interval N + r, r in [0, R) (default 0,100)
  --engine E            the engine of the sampled runs: interpreter (default) or jvm
  --instrument S        scope of both: app (default) or all
  --seed S              seed of the sampled runs (default 1)
  --json                print the results as JSON
  --keep DIR            keep the profiles in DIR (exact.json, N-R.json)
  -cp, --classpath CP   the program's class path
  --jdk HOME            the JDK (default: JAVA_HOME, then java on PATH)
  -J<option>            an option for the JVM of every run

The program's own output is not shown; a run that fails is reported with its output.`;

export interface AccuracyRow {
  granularity: number;
  random: number;
  samples: number;
  bytecodes: number;
  /** Overlap percentages with the exact profile. */
  contexts: number;
  contextsWithLines: number;
  methods: number;
  lines: number;
  /** |exact bytecodes − sampled bytecodes| / exact bytecodes. */
  deltaB: number;
  /**
   * The overlaps sampling noise alone leaves with this many samples (the exact distribution
   * sampled at random, profile/noise.ts): a measured overlap near them is limited by the
   * sample count, one clearly below misattributes.
   */
  noise: { contexts: number; contextsWithLines: number; methods: number; lines: number };
}

function noiseOf(exact: Profile, samples: number): AccuracyRow['noise'] {
  return {
    contexts: noiseOverlap(contextCounters(exact, {}, new ContextIds()), samples),
    contextsWithLines: noiseOverlap(contextLineCounters(exact, new ContextIds()), samples),
    methods: noiseOverlap(methodCounters(exact), samples),
    lines: noiseOverlap(lineCounters(exact), samples),
  };
}

export interface AccuracyReport {
  program: string;
  scope: string;
  engine: string;
  exactBytecodes: number;
  rows: AccuracyRow[];
}

function numberList(s: string | undefined, dflt: number[], what: string, min: number): number[] {
  if (s === undefined) return dflt;
  const out = s.split(',').map((x) => Number(x.trim()));
  for (const n of out) if (!Number.isInteger(n) || n < min) throw new UsageError(`--${what}: '${s}' is not a list of integers ≥ ${min}`);
  return out;
}

/** Runs `komorium run ...` in a child process; rejects with its output when it fails. */
function runChild(args: string[]): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('error', rej);
    child.on('close', (code) => {
      if (code === 0) res();
      else rej(new Error(`komorium run ${args.join(' ')} exited with ${code}:\n${Buffer.concat(out).toString('utf8').slice(-4000)}`));
    });
  });
}

function pct(x: number): string {
  return x.toFixed(1).padStart(9);
}

export function formatAccuracy(r: AccuracyReport): string {
  const lines = [
    `komorium accuracy: ${r.program}, scope ${r.scope}, sampled on ${r.engine}; exact: ${r.exactBytecodes.toLocaleString('en-US')} bytecodes`,
    'granularity   random     samples  contexts  ctx+lines  methods    lines       δb   (noise only: contexts ctx+lines methods lines)',
  ];
  for (const x of r.rows) {
    lines.push(
      `${String(x.granularity).padStart(11)} ${String(x.random).padStart(8)} ${x.samples.toLocaleString('en-US').padStart(11)} ${pct(x.contexts)} ${pct(x.contextsWithLines).padStart(10)} ${pct(x.methods)} ${pct(x.lines)} ${x.deltaB.toExponential(1).padStart(8)}   (${[x.noise.contexts, x.noise.contextsWithLines, x.noise.methods, x.noise.lines].map((v) => v.toFixed(1)).join(' ')})`,
    );
  }
  return lines.join('\n');
}

registerCommand({
  name: 'accuracy',
  summary: 'compare sampled profiles with the exact one (overlap percentages and δb)',
  usage: USAGE,
  async run(argv) {
    const vmArgs = argv.filter((a) => a.startsWith('-J') && a.length > 2);
    const args = parseArgs(
      argv.filter((a) => !(a.startsWith('-J') && a.length > 2)),
      {
        granularity: { value: true },
        random: { value: true },
        engine: { value: true },
        instrument: { value: true },
        seed: { value: true },
        json: {},
        keep: { value: true },
        classpath: { value: true, aliases: ['-cp', '--class-path'] },
        jdk: { value: true },
      },
      true,
    );
    const [mainClass, ...programArgs] = args.positional;
    if (!mainClass) throw new UsageError('no main class given');
    const cp = flag(args, 'classpath') ?? process.env.CLASSPATH ?? '.';
    const grans = numberList(flag(args, 'granularity'), [1000, 10000], 'granularity', 1);
    const randoms = numberList(flag(args, 'random'), [0, 100], 'random', 0);
    const engine = flag(args, 'engine') ?? 'interpreter';
    if (engine !== 'interpreter' && engine !== 'jvm') throw new UsageError(`--engine must be interpreter or jvm, not '${engine}'`);
    const scope = flag(args, 'instrument') ?? 'app';
    if (scope !== 'app' && scope !== 'all') throw new UsageError(`--instrument must be app or all, not '${scope}'`);
    const seed = flag(args, 'seed') ?? '1';
    const jdk = flag(args, 'jdk');
    const keep = flag(args, 'keep');
    const dir = keep !== undefined ? resolve(keep) : mkdtempSync(join(tmpdir(), 'komorium-accuracy-'));
    mkdirSync(dir, { recursive: true });
    const common = [...vmArgs, ...(jdk ? ['--jdk', jdk] : []), '-cp', cp, mainClass, ...programArgs];
    try {
      const exactPath = join(dir, 'exact.json');
      if (!args.flags.has('json')) process.stderr.write(`komorium accuracy: exact run...\n`);
      await runChild(['--engine', 'interpreter', '--exact', '--instrument', scope, '-o', exactPath, ...common]);
      const exact = loadProfile(exactPath);
      const report: AccuracyReport = { program: mainClass, scope, engine, exactBytecodes: exact.meta.totalBytecodes, rows: [] };
      for (const g of grans) {
        for (const r of randoms) {
          const p = join(dir, `${g}-${r}.json`);
          if (!args.flags.has('json')) process.stderr.write(`komorium accuracy: granularity ${g}, random ${r}...\n`);
          const engineArgs = ['--engine', engine, '--instrument', scope];
          await runChild([...engineArgs, '--granularity', String(g), '--random', String(r), '--seed', seed, '-o', p, ...common]);
          const s = loadProfile(p);
          report.rows.push({
            granularity: g,
            random: r,
            samples: s.meta.totalSamples,
            bytecodes: s.meta.totalBytecodes,
            contexts: overlap(exact, s),
            contextsWithLines: contextLineOverlap(exact, s),
            methods: methodOverlap(exact, s),
            lines: lineOverlap(exact, s),
            deltaB: deltaBytecodes(exact, s),
            noise: noiseOf(exact, s.meta.totalSamples),
          });
        }
      }
      process.stdout.write(args.flags.has('json') ? `${JSON.stringify(report, null, 1)}\n` : `${formatAccuracy(report)}\n`);
      return 0;
    } finally {
      if (keep === undefined) rmSync(dir, { recursive: true, force: true });
    }
  },
});
