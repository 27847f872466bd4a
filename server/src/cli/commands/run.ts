// komorium run [--engine auto|interpreter|jvm] [--instrument app|all] [--no-profile]
//              [--granularity N] [--random R] [--seed S] [--max-path M]
//              [--clock real|virtual] [-o profile.json] [--jdk HOME] [-J<jvm option>]...
//              (-cp CP MainClass | -jar JAR) [args...]

import { basename, dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registerCommand } from '../cli';
import { flag, UsageError } from '../args';
import { parseRunCommand } from '../run-command';
import { runEmbedded, summarize } from '../run-embedded';
import { planKey } from '../../engine/run-plan';
import { runOnHotSpot } from '../../engine/hotspot';
import { loadProfile } from '../../profile/index';
import { runSummary } from '../../profile/group';
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
  const { args, jar, asked, common, embedded, warnings } = parseRunCommand(argv);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  if (embedded !== undefined) return runEmbedded(signals, embedded, profileSummary);
  const clock = flag(args, 'clock') ?? 'real';
  if (clock !== 'real') throw new UsageError('--clock virtual is an option of the embedded engine (--engine interpreter); HotSpot runs in real time');
  if (args.flags.has('no-profile') || args.flags.has('exact')) throw new UsageError('--no-profile and --exact are options of the embedded engine (--engine interpreter)');
  // Without --instrument, runOnHotSpot picks the scope (all, or app with a note when the JDK's
  // instrumented copy cannot be had).
  // The warm start's plan (run-fast.ts), when this is the bundled CLI beside its warm path and
  // the run is one that path takes (class path, the default agent, `all`).
  const bundle = bundleFiles();
  const plan =
    bundle && jar === undefined && flag(args, 'agent') === undefined && (asked ?? 'all') === 'all'
      ? { key: planKey({ cwd: process.cwd(), classpath: common.classpath.map((p) => resolve(p)), jdk: common.jdk, maxPath: common.maxPath, instrument: asked, tool: dirname(bundle[0]) }), files: bundle }
      : undefined;
  const r = await runOnHotSpot({ ...common, instrument: asked, signals, log: (l) => process.stderr.write(`${l}\n`), plan });
  for (const f of r.transform.failed) process.stderr.write(`komorium: warning: ${f.name} was not transformed (${f.error})\n`);
  summarize(common.out, r.profileWritten, flag(args, 'agent') === 'none', r.signal ?? r.exitCode, profileSummary);
  return r.exitCode;
}

/** The CLI bundle and its warm path (dist/cli.mjs, dist/run-fast.mjs), when this runs from them. */
function bundleFiles(): string[] | undefined {
  const self = fileURLToPath(import.meta.url);
  const fast = join(dirname(self), 'run-fast.mjs');
  return basename(self) === 'cli.mjs' && existsSync(fast) ? [self, fast] : undefined;
}

/** A written profile's summary line, from the loaded profile. */
function profileSummary(out: string): string {
  try {
    const p = loadProfile(out);
    const contexts = p.threads.reduce((n, t) => n + t.nodes.length - 1, 0);
    return runSummary(p.meta.totalSamples, p.meta.totalBytecodes, contexts, p.threads.length, out);
  } catch (e) {
    return `komorium: the profile ${out} could not be read: ${(e as Error).message}\n`;
  }
}
