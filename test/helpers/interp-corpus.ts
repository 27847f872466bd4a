// Runs corpus programs (test/programs, see corpus.ts) on the embedded JVM through the engine-run
// interface (`startInterpreterRun`: a worker thread per run) and compares stdout, stderr and
// exit code with HotSpot's run of the original classes. Expected output is never stored: HotSpot
// runs during the test.

import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import type { Instrument } from '../../server/src/engine/interp-transform';
import type { ProfileRun, RunOptions } from '../../server/src/engine/run';
import { firstDifference, runProgram, type CorpusProgram, type RunResult } from './corpus';

export interface InterpRunResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when the engine failed or the run was cancelled. */
  status: number | null;
  timedOut: boolean;
  /** The engine's own failure (not the program's), if any. */
  error?: string;
  /** The profile's text when one was written (instrument app/all). */
  profile?: string;
  ms: number;
}

export interface InterpRunOptions {
  instrument: Instrument;
  /** Per-program limit; the run is cancelled and reported as timed out. Default 120 s. */
  timeoutMs?: number;
  cwd?: string;
  seed?: number;
  granularity?: number;
  /** The embedded engine's clock (default real). */
  clock?: 'real' | 'virtual';
  /** The JDK both engines run (HotSpot's java and the embedded JVM's class library); default javaHome(). */
  jdk?: string;
}

const DEFAULT_TIMEOUT_MS = 120_000;

function safe(name: string): string {
  return name.replace(/[^\w.-]+/g, '_');
}

/** The options of one corpus program's run on an engine (beside output and profile paths). */
export type CorpusRunOptions = Omit<RunOptions, 'classpath' | 'mainClass' | 'args' | 'vmArgs' | 'cwd' | 'profilePath' | 'onStdout' | 'onStderr'>;

/**
 * Runs `p` (arguments, input, JVM options) on an engine started by `start`, in a temporary
 * working directory unless `cwd` is given, cancelled after `timeoutMs`; the run's output,
 * exit code and profile text.
 */
export async function runCorpusProgram(
  start: (opts: RunOptions) => ProfileRun,
  tag: string,
  p: CorpusProgram,
  classpath: string[],
  extra: CorpusRunOptions,
  timeoutMs: number,
  cwd?: string,
): Promise<InterpRunResult> {
  const work = mkdtempSync(join(tmpdir(), `komorium-${tag}-${safe(p.name)}-`));
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const t0 = performance.now();
  let timedOut = false;
  try {
    const run = start({
      ...extra,
      classpath,
      mainClass: p.mainClass,
      args: p.args,
      vmArgs: p.jvmArgs,
      cwd: cwd ?? work,
      profilePath: join(work, 'profile.json'),
      onStdout: (b) => out.push(b),
      onStderr: (b) => err.push(b),
    });
    if (p.input !== undefined) run.writeStdin(p.input);
    run.endStdin();
    const timer = setTimeout(() => {
      timedOut = true;
      run.cancel();
    }, timeoutMs);
    const outcome = await run.done;
    clearTimeout(timer);
    const profile = outcome.profilePath && existsSync(outcome.profilePath) ? readFileSync(outcome.profilePath, 'utf8') : undefined;
    return {
      stdout: Buffer.concat(out).toString('utf8'),
      stderr: Buffer.concat(err).toString('utf8'),
      status: outcome.cancelled ? null : outcome.exitCode,
      timedOut,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      ...(profile === undefined ? {} : { profile }),
      ms: performance.now() - t0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs one program on the embedded engine with its arguments, input and JVM options. */
export async function runOnInterpreter(p: CorpusProgram, classesDir: string | string[], o: InterpRunOptions): Promise<InterpRunResult> {
  const extra: CorpusRunOptions = {
    instrument: o.instrument,
    ...(o.jdk === undefined ? {} : { jdk: o.jdk }),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    ...(o.granularity === undefined ? {} : { granularity: o.granularity }),
    ...(o.clock === undefined ? {} : { clock: o.clock }),
  };
  return runCorpusProgram(startInterpreterRun, 'interp', p, Array.isArray(classesDir) ? classesDir : [classesDir], extra, o.timeoutMs ?? DEFAULT_TIMEOUT_MS, o.cwd);
}

export interface InterpComparison {
  program: CorpusProgram;
  hotspot: RunResult;
  interp: InterpRunResult;
  /** Human-readable differences; empty when byte-identical (and a profile was written if instrumented). */
  problems: string[];
}

/** Differences between a HotSpot run and an embedded run of the same program. */
export function differences(hotspot: RunResult, interp: InterpRunResult, o: { instrument: Instrument; timeoutMs?: number }): string[] {
  const problems: string[] = [];
  if (interp.timedOut) problems.push(`embedded run timed out after ${Math.round((o.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s`);
  if (hotspot.timedOut) problems.push('HotSpot run timed out');
  if (interp.error !== undefined) problems.push(`engine error: ${interp.error.split('\n').slice(0, 6).join('\n    ')}`);
  if (hotspot.status !== interp.status) problems.push(`exit code: expected ${hotspot.status}, got ${interp.status}`);
  const so = firstDifference(hotspot.stdout, interp.stdout);
  if (so) problems.push(`stdout ${so}`);
  const se = firstDifference(hotspot.stderr, interp.stderr);
  if (se) problems.push(`stderr ${se}`);
  if (o.instrument !== 'none' && !interp.timedOut) {
    if (interp.profile === undefined) problems.push('no profile written');
    else {
      try {
        const json = JSON.parse(interp.profile) as { format?: unknown };
        if (json.format !== 'komorium-profile') problems.push(`profile format is ${JSON.stringify(json.format)}`);
      } catch (e) {
        problems.push(`profile is not JSON: ${(e as Error).message}`);
      }
    }
  }
  return problems;
}

/**
 * Runs the program on HotSpot (original classes) and on the embedded engine (with the given
 * instrumentation), each in its own fresh working directory, and lists every difference.
 */
export async function compareWithHotSpot(p: CorpusProgram, classesDir: string | string[], o: InterpRunOptions): Promise<InterpComparison> {
  const hsCwd = mkdtempSync(join(tmpdir(), `komorium-hs-${safe(p.name)}-`));
  try {
    const [hotspot, interp] = await Promise.all([
      runProgram(p, Array.isArray(classesDir) ? classesDir : [classesDir], { cwd: hsCwd, timeoutMs: 60_000, ...(o.jdk === undefined ? {} : { jdk: o.jdk }) }),
      runOnInterpreter(p, classesDir, o),
    ]);
    return { program: p, hotspot, interp, problems: differences(hotspot, interp, o) };
  } finally {
    rmSync(hsCwd, { recursive: true, force: true });
  }
}

/** A multi-line report of a comparison (problems and both stderr tails). */
export function describeInterpComparison(c: InterpComparison): string {
  if (c.problems.length === 0) return `${c.program.name}: identical`;
  const tail = (s: string): string =>
    s
      .split('\n')
      .slice(-10)
      .map((l) => `      ${l}`)
      .join('\n');
  return [
    `${c.program.name} (${Math.round(c.interp.ms)} ms):`,
    ...c.problems.map((x) => `  - ${x}`),
    `    HotSpot stderr (tail):\n${tail(c.hotspot.stderr)}`,
    `    embedded stderr (tail):\n${tail(c.interp.stderr)}`,
  ].join('\n');
}
