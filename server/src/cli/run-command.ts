// `komorium run`'s command line read into what a run needs, up to the choice of engine: shared
// by the command (commands/run.ts) and the embedded run's small entry (run-embedded-entry.ts),
// which must read it alike. Throws UsageError for a bad command line.

import { existsSync } from 'node:fs';
import { flag, UsageError, type ParsedArgs } from './args';
import { classPathOption, embeddedOnly, parseRunArgs, runVmArgs, samplingOptions } from './run-args';
import { splitClassPath } from '../classpath/classpath';
import { ZipFile } from '../classpath/zip';
import { jarMainClass, manifestMainAttributes } from '../classpath/manifest';
import { resolveEngine } from '../engine/run';
import type { EmbeddedCliRun } from './run-embedded';

/** The options both engines take. */
export interface CommonRunOptions {
  classpath: string[];
  mainClass: string;
  args: string[];
  out: string;
  granularity: number;
  random: number;
  seed: number;
  maxPath: number;
  vmArgs: string[];
  jdk: string | undefined;
}

export interface RunCommand {
  engine: string;
  args: ParsedArgs;
  /** -jar's file, when given. */
  jar: string | undefined;
  /** --instrument as given. */
  asked: 'app' | 'all' | undefined;
  common: CommonRunOptions;
  /** The embedded engine's run (engine `interpreter`). */
  embedded: EmbeddedCliRun | undefined;
  /** Warnings for the user (stderr) before the run starts. */
  warnings: string[];
}

/** Reads `komorium run ARGV...` (everything commands/run.ts checks before it starts a run). */
export function parseRunCommand(argv: string[]): RunCommand {
  const { vmArgs, args } = parseRunArgs(argv);
  let engine: string;
  try {
    engine = resolveEngine(flag(args, 'engine'), { jdk: flag(args, 'jdk'), embeddedOnly: embeddedOnly(args) });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const jar = flag(args, 'jar');
  let mainClass: string | undefined;
  let programArgs: string[];
  const warnings: string[] = [];
  let cp: string;
  if (jar !== undefined) {
    // As java -jar: the jar alone is the class path, everything after it is the program's.
    if (!existsSync(jar)) throw new UsageError(`Unable to access jarfile ${jar}`);
    let mf: Uint8Array | undefined;
    try {
      const zip = ZipFile.open(jar);
      try {
        mf = zip.read('META-INF/MANIFEST.MF');
      } finally {
        zip.close();
      }
    } catch (e) {
      throw new UsageError(`Invalid or corrupt jarfile ${jar} (${(e as Error).message})`);
    }
    try {
      mainClass = jarMainClass(jar, mf);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // java -jar starts the manifest's Launcher-Agent-Class (its agentmain, with an
    // Instrumentation) before main. Neither engine runs java.lang.instrument agents: say so.
    const agent = mf === undefined ? undefined : manifestMainAttributes(mf).get('launcher-agent-class')?.trim();
    if (agent) warnings.push(`komorium: warning: ${jar}'s Launcher-Agent-Class ${agent} is not started (java -jar would call its agentmain before main; komorium runs no java.lang.instrument agents)`);
    programArgs = args.positional;
    cp = jar;
  } else {
    [mainClass, ...programArgs] = args.positional;
    if (!mainClass) throw new UsageError('no main class given');
    cp = classPathOption(args).cp;
  }
  const classpath = splitClassPath(cp);
  const missing = classpath.filter((p) => !existsSync(p));
  if (missing.length === classpath.length) throw new UsageError(`class path ${cp} does not exist`);
  const out = flag(args, 'out') ?? 'komorium-profile.json';
  const common: CommonRunOptions = {
    classpath,
    mainClass,
    args: programArgs,
    out,
    ...samplingOptions(args),
    vmArgs: runVmArgs(vmArgs, args),
    jdk: flag(args, 'jdk'),
  };
  const clock = flag(args, 'clock') ?? 'real';
  if (clock !== 'real' && clock !== 'virtual') throw new UsageError(`--clock must be real or virtual, not '${clock}'`);
  const given = flag(args, 'instrument');
  if (given !== undefined && given !== 'all' && given !== 'app') throw new UsageError(`--instrument must be app or all, not '${given}'`);
  const asked: 'app' | 'all' | undefined = given;
  const instr = asked ?? 'all';
  const embedded: EmbeddedCliRun | undefined =
    engine === 'interpreter'
      ? {
          ...common,
          instrument: args.flags.has('no-profile') ? 'none' : instr,
          exact: args.flags.has('exact') ? instr : undefined,
          clock,
          bootSnapshot: !args.flags.has('no-boot-snapshot'),
        }
      : undefined;
  return { engine, args, jar, asked, common, embedded, warnings };
}
