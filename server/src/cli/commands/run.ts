// komorium run [--engine auto|interpreter|jvm] [--instrument app|all] [--no-profile]
//              [--granularity N] [--random R] [--seed S] [--max-path M]
//              [--clock real|virtual] [-o profile.json] [--jdk HOME] [-J<jvm option>]...
//              (-cp CP MainClass | -jar JAR) [args...]

import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerCommand } from '../cli';
import { flag, UsageError } from '../args';
import { classPathOption, parseRunArgs, runVmArgs, samplingOptions } from '../run-args';
import { planKey } from '../../engine/run-plan';
import { splitClassPath, ZipFile } from '../../classpath/index';
import { jarMainClass } from '../../classpath/manifest';
import { runOnHotSpot } from '../../engine/hotspot';
import { loadProfile } from '../../profile/index';
import { runSummary } from '../../profile/group';
import { resolveEngine, signalExitStatus } from '../../engine/run';
import { startInterpreterRun } from '../../engine/interp-run';
import { SignalTrap } from '../signals';

const USAGE = `usage: komorium run [options] -cp CLASSPATH MainClass [args...]
       komorium run [options] -jar JARFILE [args...]

Profiles a Java program: its classes are transformed (cached by content hash), the program runs
with stdin, stdout, stderr and exit code passed through, and the profile is written at exit.
SIGINT and SIGTERM end the program as they end java (exit status 130 or 143) and the profile of
what ran so far is still written. The profile replaces FILE only when complete: if the run writes
none, a previous FILE stays.

options:
  --engine E            auto (default): jvm when the JDK has a java, else interpreter;
                        interpreter for --exact, --no-profile and --clock virtual;
                        jvm: the transformed classes on HotSpot (java from the JDK);
                        interpreter: the embedded JVM (TypeScript, no JVM process)
  --instrument S        all (default: the JDK's classes too; on jvm an instrumented copy of
                        the JDK, built once per JDK into the cache, minutes of CPU, with
                        progress lines; JDK 17 and 25) or app (the class path only). Not
                        given: on jvm, another JDK release, or a copy that cannot be built or
                        does not start, means app, with a note; given, it is an error
  --no-profile          embedded engine: run the original classes, no agent (baseline)
  --exact               embedded engine: the perfect profile (paper 7.1): the original classes
                        run and every bytecode is counted per context and line, over the
                        --instrument scope
  --no-boot-snapshot    embedded engine: boot the JDK instead of starting from the snapshot of
                        its booted state in the cache (KOMORIUM_BOOT_SNAPSHOT=0: the same)
  --clock C             embedded engine: real (default: time, sleeps and timeouts as on java)
                        or virtual (1 ns per bytecode, sleeps jump it: a program that reads
                        the clock runs the same way every time)
  -cp, --classpath CP   the program's class path (directories and jars)
  -jar JARFILE          run the jar's Main-Class, as java -jar: the jar (and the jars its
                        manifest Class-Path names) is the class path, -cp is ignored
  --granularity N       bytecodes between samples (default 10000)
  --random R            add r uniform in [0, R) to each interval (default 100; 0 = constant)
  --seed S              seed of the per-thread random generators (default 1)
  --max-path M          longest run of bytecodes without a granularity check (default 50)
  --agent CLASS         your own agent (implements komorium.rt.SamplingProfiler, on the class
                        path), or 'none' for no agent (instrumented, no profile)
  -o, --out FILE        the profile (default komorium-profile.json)
  --jdk HOME            the JDK to use (default: JAVA_HOME, then java on PATH)
  -J<option>            an option for the JVM, e.g. -J-Xmx1g`;

registerCommand({
  name: 'run',
  summary: 'run a Java program with the profiler and write its profile',
  usage: USAGE,
  run: runMain,
});

/** `komorium run ARGV...`: the exit status (komorium test runs the JUnit launcher through it). */
export async function runMain(argv: string[]): Promise<number> {
  const signals = new SignalTrap();
  const { vmArgs, args } = parseRunArgs(argv);
  let engine: string;
  try {
    const embeddedOnly = args.flags.has('exact') || args.flags.has('no-profile') || (flag(args, 'clock') ?? 'real') !== 'real';
    engine = resolveEngine(flag(args, 'engine'), { jdk: flag(args, 'jdk'), embeddedOnly });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const jar = flag(args, 'jar');
  let mainClass: string | undefined;
  let programArgs: string[];
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
  // Options both engines take.
  const common = {
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
  const asked = flag(args, 'instrument');
  if (asked !== undefined && asked !== 'all' && asked !== 'app') throw new UsageError(`--instrument must be app or all, not '${asked}'`);
  const instr = asked ?? 'all';
  if (engine === 'interpreter') {
    return runEmbedded(signals, {
      ...common,
      instrument: args.flags.has('no-profile') ? 'none' : instr,
      exact: args.flags.has('exact') ? instr : undefined,
      clock,
      bootSnapshot: !args.flags.has('no-boot-snapshot'),
    });
  }
  if (clock !== 'real') throw new UsageError('--clock virtual is an option of the embedded engine (--engine interpreter); HotSpot runs in real time');
  if (args.flags.has('no-profile') || args.flags.has('exact')) throw new UsageError('--no-profile and --exact are options of the embedded engine (--engine interpreter)');
  // Without --instrument, runOnHotSpot picks the scope (all, or app with a note when the JDK's
  // instrumented copy cannot be had).
  // The warm start's plan (run-fast.ts), when this is the bundled CLI beside its warm path and
  // the run is one that path takes (class path, the default agent, `all`).
  const bundle = bundleFiles();
  const plan =
    bundle && jar === undefined && flag(args, 'agent') === undefined && (asked ?? 'all') === 'all'
      ? { key: planKey({ cwd: process.cwd(), classpath: classpath.map((p) => resolve(p)), jdk: common.jdk, maxPath: common.maxPath, instrument: asked, tool: dirname(bundle[0]) }), files: bundle }
      : undefined;
  const r = await runOnHotSpot({ ...common, instrument: asked, signals, log: (l) => process.stderr.write(`${l}\n`), plan });
  for (const f of r.transform.failed) process.stderr.write(`komorium: warning: ${f.name} was not transformed (${f.error})\n`);
  summarize(out, r.profileWritten, flag(args, 'agent') === 'none', r.signal ?? r.exitCode);
  return r.exitCode;
}

/** The CLI bundle and its warm path (dist/cli.mjs, dist/run-fast.mjs), when this runs from them. */
function bundleFiles(): string[] | undefined {
  const self = fileURLToPath(import.meta.url);
  const fast = join(dirname(self), 'run-fast.mjs');
  return basename(self) === 'cli.mjs' && existsSync(fast) ? [self, fast] : undefined;
}

/** The one-line summary on stderr after a run (`written`: this run's profile replaced `out`). */
function summarize(out: string, written: boolean, noAgent: boolean, exit: string | number | null): void {
    if (written) {
      try {
        const p = loadProfile(out);
        const contexts = p.threads.reduce((n, t) => n + t.nodes.length - 1, 0);
        process.stderr.write(runSummary(p.meta.totalSamples, p.meta.totalBytecodes, contexts, p.threads.length, out));
      } catch (e) {
        process.stderr.write(`komorium: the profile ${out} could not be read: ${(e as Error).message}\n`);
      }
    } else if (noAgent) {
      process.stderr.write(`komorium: ran without an agent (--agent none): no profile\n`);
    } else {
      process.stderr.write(`komorium: no profile was written (the JVM exited with ${exit})${existsSync(out) ? `; ${out} is left as it was` : ''}\n`);
    }
}

interface EmbeddedCliRun {
  classpath: string[];
  mainClass: string;
  args: string[];
  out: string;
  instrument: 'all' | 'app' | 'none';
  exact?: 'all' | 'app';
  granularity: number;
  random: number;
  seed: number;
  maxPath: number;
  vmArgs: string[];
  jdk?: string;
  clock: 'real' | 'virtual';
  bootSnapshot: boolean;
}

async function runEmbedded(signals: SignalTrap, o: EmbeddedCliRun): Promise<number> {
  const run = startInterpreterRun({
    classpath: o.classpath,
    mainClass: o.mainClass,
    args: o.args,
    profilePath: o.out,
    instrument: o.instrument,
    exact: o.exact,
    granularity: o.granularity,
    random: o.random,
    seed: o.seed,
    maxPath: o.maxPath,
    vmArgs: o.vmArgs,
    jdk: o.jdk,
    clock: o.clock,
    ...(o.bootSnapshot ? {} : { bootSnapshot: false }),
    directStdin: true,
    onStdout: (b) => process.stdout.write(b),
    onStderr: (b) => process.stderr.write(b),
    onLog: (l) => process.stderr.write(`${l.startsWith('komorium: ') ? '' : 'komorium: '}${l}\n`),
    // After a signal, wait for the profile however long it takes, as java does.
    cancelGraceMs: Infinity,
  });
  // The reader of our output has gone (main.ts drops the rest): the program's later writes
  // there fail, as java's do on a closed pipe (PrintStream.checkError() becomes true).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' && run.outputClosed?.(1));
  process.stderr.on('error', (e: NodeJS.ErrnoException) => e.code === 'EPIPE' && run.outputClosed?.(2));
  if (signals.received) run.cancel(signals.received);
  signals.onSignal((s) => run.cancel(s));
  const r = await run.done;
  if (r.error) process.stderr.write(`komorium: ${r.error}\n`);
  if (o.instrument !== 'none' || o.exact) summarize(o.out, r.profilePath !== null, o.vmArgs.includes('-Dkomorium.agent=none'), r.exitCode);
  return r.exitCode ?? (signals.received ? signalExitStatus(signals.received) : 1);
}
