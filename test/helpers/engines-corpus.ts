// Corpus programs (test/programs) with the JDK instrumented on both engines: HotSpot running the
// instrumented JDK copy (`--engine jvm --instrument all`, engine/jdk-image.ts) and the embedded
// JVM (`--instrument all`), each compared with plain `java` of the same JDK (stdout, stderr,
// exit code), and the two profiles compared under `main` (`komorium diff --thread main`).
// The instrumented JDK is built into KOMORIUM_CACHE on the first run (KOMORIUM_JDK_MODULES
// limits it), so callers set those before the first call.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHotSpotRun } from '../../server/src/engine/hotspot-run';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { diffProfiles } from '../../server/src/profile/diff';
import { parseProfile } from '../../server/src/profile/load';
import { firstDifference, runProgram, type CorpusProgram, type RunResult } from './corpus';
import { compareMainThread, type MainThreadComparison } from './engines-profile';
import { hotspotNoCollectionArgs } from './hotspot-no-gc';
import { runCorpusProgram, type CorpusRunOptions, type InterpRunResult } from './interp-corpus';

/** One engine's run of a corpus program (output, exit code, profile text). */
export type EngineRun = InterpRunResult;

export interface EngineRunOptions {
  jdk?: string;
  granularity?: number;
  /** R (default the engines' 100); 0 with granularity 1 samples every check. */
  random?: number;
  seed?: number;
  timeoutMs?: number;
  /** What is instrumented (default all: the JDK too; app: the program's classes only). */
  instrument?: 'app' | 'all';
}

const safe = (name: string): string => name.replace(/[^\w.-]+/g, '_');

/**
 * Runs `p` with --instrument all (or `o.instrument`) on `engine` (HotSpot's instrumented JDK copy,
 * or the embedded JVM), in `cwd` (default: a new directory of its own).
 */
export async function runAll(engine: 'jvm' | 'interpreter', p: CorpusProgram, classesDir: string, o: EngineRunOptions = {}, cwd?: string): Promise<EngineRun> {
  const extra: CorpusRunOptions = {
    instrument: o.instrument ?? 'all',
    ...(o.jdk === undefined ? {} : { jdk: o.jdk }),
    ...(o.granularity === undefined ? {} : { granularity: o.granularity }),
    ...(o.random === undefined ? {} : { random: o.random }),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
  };
  // HotSpot without a collection during the run, as the embedded engine (hotspot-no-gc.ts).
  const program = engine === 'jvm' ? { ...p, jvmArgs: [...hotspotNoCollectionArgs(p.jvmArgs), ...p.jvmArgs] } : p;
  return runCorpusProgram(engine === 'jvm' ? startHotSpotRun : startInterpreterRun, engine, program, [classesDir], extra, o.timeoutMs ?? 600_000, cwd);
}

/** Differences of an engine's run from java's (exit code, stdout, stderr, engine error). */
export function outputProblems(what: string, java: RunResult, r: EngineRun): string[] {
  const problems: string[] = [];
  if (r.timedOut) problems.push(`${what}: timed out`);
  if (r.error !== undefined) problems.push(`${what}: engine error: ${r.error.split('\n').slice(0, 6).join(' | ')}`);
  if (java.status !== r.status) problems.push(`${what}: exit code ${r.status}, java ${java.status}`);
  const so = firstDifference(java.stdout, r.stdout);
  if (so) problems.push(`${what}: stdout ${so}`);
  const se = firstDifference(java.stderr, r.stderr);
  if (se) problems.push(`${what}: stderr ${se}`);
  if (r.profile === undefined && !r.timedOut) problems.push(`${what}: no profile written`);
  return problems;
}

/** How the two engines' profiles compare under `main`. */
export interface MainComparison {
  identical: boolean;
  /** Bytecodes counted under main: HotSpot, embedded. */
  bytecodes: [number, number];
  /** Changed methods / contexts / lines (first few labels). */
  changed: string[];
}

/** `komorium diff --thread main` of the embedded profile (base) against HotSpot's (new). */
export function compareMain(hotspot: string, embedded: string): MainComparison {
  const d = diffProfiles(parseProfile(embedded, 'embedded'), parseProfile(hotspot, 'hotspot'), { thread: 'main' });
  const changed = [...d.methods, ...d.contexts, ...d.lines].map((e) => `${e.kind} ${e.label}: ${e.base.selfBytecodes} -> ${e.new.selfBytecodes}`);
  return { identical: d.identical, bytecodes: [d.new.totalBytecodes, d.base.totalBytecodes], changed: changed.slice(0, 8) };
}

export interface EnginesComparison {
  program: CorpusProgram;
  java: RunResult;
  hotspot: EngineRun;
  embedded?: EngineRun;
  /** Output differences from java (both engines). */
  problems: string[];
  main?: MainComparison;
  /** The main thread per context: under the program's main method, and start-up (engines-profile.ts). */
  thread?: MainThreadComparison;
}

/** java, HotSpot with the instrumented JDK and (unless `hotspotOnly`) the embedded JVM, on one program. */
export async function compareEngines(p: CorpusProgram, classesDir: string, o: EngineRunOptions & { hotspotOnly?: boolean } = {}): Promise<EnginesComparison> {
  const cwd = mkdtempSync(join(tmpdir(), `komorium-java-${safe(p.name)}-`));
  try {
    const java = await runProgram(p, [classesDir], { cwd, timeoutMs: 60_000, ...(o.jdk === undefined ? {} : { jdk: o.jdk }) });
    const scope = o.instrument ?? 'all';
    // Both engines in the same (emptied) working directory: the JDK scans user.dir (UnixFileSystem's
    // default directory), so directories of other lengths made the profiles differ.
    const fresh = (): void => {
      rmSync(cwd, { recursive: true, force: true });
      mkdirSync(cwd);
    };
    fresh();
    const hotspot = await runAll('jvm', p, classesDir, o, cwd);
    const problems = outputProblems(`HotSpot ${scope}`, java, hotspot);
    if (o.hotspotOnly) return { program: p, java, hotspot, problems };
    fresh();
    const embedded = await runAll('interpreter', p, classesDir, o, cwd);
    problems.push(...outputProblems(`embedded ${scope}`, java, embedded));
    const main = hotspot.profile && embedded.profile ? compareMain(hotspot.profile, embedded.profile) : undefined;
    const thread = hotspot.profile && embedded.profile ? compareMainThread(parseProfile(hotspot.profile, 'hotspot'), parseProfile(embedded.profile, 'embedded'), p.mainClass) : undefined;
    return { program: p, java, hotspot, embedded, problems, ...(main ? { main } : {}), ...(thread ? { thread } : {}) };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
