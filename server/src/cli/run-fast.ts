// `komorium run`'s warm start (dist/run-fast.mjs; bin/komorium.mjs tries it before loading the
// CLI): when an earlier run with the same command line and environment left a plan whose files
// are unchanged (engine/run-plan.ts), `java` starts from it at once, without loading the
// transformer, the JDK image or the rest of the CLI; the run then goes as in engine/hotspot.ts
// (the profile staged and committed, signals passed on, the summary line). Anything else (no
// plan, a changed file, an option the plan does not cover, a command line that does not parse)
// returns undefined and the full CLI runs instead, before anything has been written or started.
// A run for the embedded engine gets its worker started here (interp-worker-start.ts
// startEarlyWorker), so that the worker loads while the CLI bundle does.

import { spawn } from 'node:child_process';
import { existsSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as osConstants } from 'node:os';
import { flag, type ParsedArgs } from './args';
import { classPathOption, embeddedOnly, parseRunArgs, runVmArgs, samplingOptions } from './run-args';
import { SignalTrap } from './signals';
import { summaryLine } from './summary';
import { cacheRoot } from '../engine/cache';
import { markUsed } from '../engine/cache-prune';
import { cliRunProps, hotspotArgv } from '../engine/hotspot-argv';
import { waitForJava } from '../engine/java-child';
import { commitProfile, stageProfile } from '../engine/profile-out';
import { planKey, readPlan } from '../engine/run-plan';
import { runTrace } from '../engine/run-trace';
import { discardEarlyWorker, startEarlyWorker } from '../engine/interp-worker-start';
import { prefetchHostLocale } from '../interp/host-locale';

/** startEarly's answer: the early worker was started (or could not be) for this command line. */
let earlyTried = false;

/**
 * Starts the embedded engine's worker now when `argv` (after `run`) goes to the embedded engine:
 * bin/komorium.mjs calls this before it compares the sources with the build (a walk of
 * server/src), and dropEarly when they turn out newer. fastRun then does not start another.
 */
export function startEarly(argv: string[]): void {
  let parsed;
  try {
    parsed = parseRunArgs(argv);
  } catch {
    return;
  }
  const { vmArgs, args } = parsed;
  if (!goesEmbedded(args)) return;
  earlyTried = true;
  const worker = new URL('./interp-worker.js', import.meta.url);
  if (process.env.KOMORIUM_EARLY_WORKER !== '0' && existsSync(worker) && startEarlyWorker(worker, flag(args, 'jdk'), vmArgs)) {
    runTrace((l) => process.stderr.write(`${l}\n`), 'cli')('embedded engine: worker started early');
    // glibc's locale answer, which the worker's restore needs for the snapshot's key: asked now,
    // while the CLI and the worker load, and handed to the worker with its run (interp-run.ts).
    prefetchHostLocale(process.env);
  }
}

/** Ends the worker startEarly started (the run goes to the sources instead of this build). */
export function dropEarly(): void {
  earlyTried = false;
  discardEarlyWorker();
}

/** True when the command line goes to the embedded engine (commands/run.ts resolveEngine). */
function goesEmbedded(args: ParsedArgs): boolean {
  const engine = flag(args, 'engine');
  return args.positional[0] !== undefined && (engine === 'interpreter' || ((engine === undefined || engine === 'auto') && embeddedOnly(args)));
}

/** The exit status of the run, or undefined when the warm start does not apply (nothing was done). */
export async function fastRun(argv: string[]): Promise<number | undefined> {
  const trace = runTrace((l) => process.stderr.write(`${l}\n`), 'cli');
  let parsed;
  try {
    parsed = parseRunArgs(argv);
  } catch {
    return undefined;
  }
  const { vmArgs, args } = parsed;
  const engine = flag(args, 'engine');
  const asked = flag(args, 'instrument');
  const [mainClass, ...programArgs] = args.positional;
  if (goesEmbedded(args)) {
    // The embedded engine (commands/run.ts resolveEngine): its worker starts now, unless
    // startEarly started it.
    if (!earlyTried) startEarly(argv);
    // The run itself from the small entry beside this bundle (run-embedded-entry.ts), without
    // the CLI bundle; it returns undefined for what it does not take (then the CLI runs).
    const entry = new URL('./run-embedded.mjs', import.meta.url);
    if (process.env.KOMORIUM_EMBEDDED_ENTRY === '0' || !existsSync(entry)) return undefined;
    trace('embedded engine: small entry');
    return ((await import(entry.href)) as { embeddedRun(argv: string[]): Promise<number | undefined> }).embeddedRun(argv);
  }
  if (
    mainClass === undefined ||
    (engine !== undefined && engine !== 'auto' && engine !== 'jvm') ||
    (asked !== undefined && asked !== 'all') ||
    ['jar', 'agent', 'no-profile', 'exact'].some((f) => args.flags.has(f)) ||
    (flag(args, 'clock') ?? 'real') !== 'real'
  ) {
    return undefined;
  }
  let sampling;
  try {
    sampling = samplingOptions(args);
  } catch {
    return undefined;
  }
  const { entries } = classPathOption(args);
  const classpath = entries.map((p) => resolve(p));
  const cache = cacheRoot();
  const plan = readPlan(cache, planKey({ cwd: process.cwd(), classpath, jdk: flag(args, 'jdk'), maxPath: sampling.maxPath, instrument: asked, tool: dirname(fileURLToPath(import.meta.url)) }));
  trace(plan ? 'warm start: plan found, files unchanged' : 'warm start: no plan (or a file changed): the full CLI');
  if (!plan) return undefined;

  // From here on the run is this module's. Its lines go to stderr by writeSync (process.stderr
  // would load node's streams); a closed stderr drops them, as main.ts does.
  const say = (line: string): void => {
    try {
      writeSync(2, line);
    } catch {
      // EPIPE: nobody reads
    }
  };
  const signals = new SignalTrap();
  const out = flag(args, 'out') ?? 'komorium-profile.json';
  const staged = stageProfile(resolve(out));
  const argFile = join(tmpdir(), `komorium-run-${process.pid}-${Math.floor(Math.random() * 2 ** 32).toString(16)}.args`);
  try {
    const argvJava = hotspotArgv({
      argFile,
      engineArgs: plan.engineArgs,
      props: cliRunProps({ staging: staged.staging, all: true, mainClass, args: programArgs, ...sampling }),
      vmArgs: runVmArgs(vmArgs, args),
      classpath: entries.join(process.platform === 'win32' ? ';' : ':'),
      mainClass,
      args: programArgs,
    });
    if (signals.received) return 128 + (osConstants.signals[signals.received] ?? 0);
    const child = spawn(plan.java, argvJava, { stdio: 'inherit' });
    trace('java spawned');
    // A JDK copy the plan runs on is in use: `komorium cache prune` and new copies keep it.
    if (basename(dirname(dirname(dirname(plan.java)))) === 'jdk-images') markUsed(dirname(dirname(plan.java)));
    const { code, signal } = await waitForJava(child, signals);
    trace('java exited');
    const written = commitProfile(staged);
    const exitCode = code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0);
    if (written) say(summaryLine(out));
    else say(`komorium: no profile was written (the JVM exited with ${signal ?? exitCode})${existsSync(out) ? `; ${out} is left as it was` : ''}\n`);
    return exitCode;
  } finally {
    try {
      unlinkSync(argFile);
    } catch {
      // not written
    }
  }
}

