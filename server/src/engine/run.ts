// The engine-agnostic run handle: the language server (and anything else that profiles a
// program interactively) starts a run through `startRun` and never talks to an engine
// directly. Each engine registers an implementation with `registerEngine`; which engine runs is
// decided in exactly one place (`resolveEngine`), so flipping the default is a one-line change.
//
// Contract for every engine:
//   * it never runs the program (or any heavy work: transforming, compiling) on the caller's
//     thread: a child process or a worker thread;
//   * `done` always resolves (never rejects): bad input, a program that throws, System.exit,
//     cancellation and engine failures all end in a RunOutcome, with `error` set when the
//     engine itself could not do its job;
//   * `cancel()` stops the program and still yields the samples gathered so far
//     (RunOutcome.profilePath points at a complete profile whenever one could be written);
//   * the profile replaces `profilePath` in one step at the end (profile-out.ts): a previous
//     file there is never deleted first, and stays when the run writes no profile;
//   * callbacks are invoked asynchronously, never after `done` has resolved.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findJavaHome } from '../classpath/jdk';

/** Engines Komorium knows. `jvm` = transformed classes on HotSpot; `interpreter` = the embedded JVM. */
export type EngineName = 'jvm' | 'interpreter';
export const ENGINE_NAMES: readonly EngineName[] = ['jvm', 'interpreter'];

/**
 * The engine used when the user did not choose one (`auto`): HotSpot (`jvm`, with the JDK
 * instrumented: jdk-modules.ts defaultHotSpotScope) when the JDK has a `java`; the embedded JVM
 * for what only it does (`embeddedOnly`: exact profiles, the virtual clock, runs without a
 * profile) and when there is no `java` (or no JDK: then its error names what was tried).
 */
export function autoEngine(o: { jdk?: string; embeddedOnly?: boolean } = {}): EngineName {
  if (o.embeddedOnly) return 'interpreter';
  try {
    const jdk = findJavaHome(o.jdk);
    return existsSync(join(jdk.home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java')) ? 'jvm' : 'interpreter';
  } catch {
    return 'interpreter';
  }
}

export interface RunProgress {
  /** Bytecodes executed so far (exact or the engine's best estimate; 0 when unknown). */
  bytecodes: number;
  /** Samples taken so far. */
  samples: number;
  /** Milliseconds since the run started (program start, not counting preparation). */
  elapsedMs: number;
  /** What the engine is doing: preparing (transforming, compiling), running, finishing. */
  phase: 'preparing' | 'running' | 'finishing';
}

export interface RunOptions {
  /** Engine name or 'auto'; resolved by resolveEngine. */
  engine?: string;
  /** The program's class path (absolute, or relative to cwd). */
  classpath: string[];
  mainClass: string;
  args: string[];
  /** Extra JVM options (e.g. -Xmx1g, -Dfoo=bar); engines ignore what they cannot honour. */
  vmArgs?: string[];
  /** Working directory of the program (default: the process's). */
  cwd?: string;
  /** Extra environment variables of the program. */
  env?: Record<string, string>;
  /** Where the final profile is written. */
  profilePath: string;
  granularity?: number;
  random?: number;
  seed?: number;
  maxPath?: number;
  /** JDK home (default: JAVA_HOME, then java on PATH). */
  jdk?: string;
  /**
   * What to instrument: `all` (default: the JDK's classes too), `app` (the class path only), or
   * `none` (the embedded engine's run without a profile).
   */
  instrument?: 'app' | 'all' | 'none';
  /** Interval of live snapshots in milliseconds (0 or undefined = no live snapshots). */
  liveIntervalMs?: number;
  /**
   * The embedded JVM's clock: real (default; sleeps and timeouts last real time) or virtual
   * (1 ns per bytecode, sleeps jump it: reproducible runs). See interp/clock.ts. HotSpot runs
   * in real time.
   */
  clock?: 'real' | 'virtual';
  /**
   * Exact mode (the perfect profile of paper 000 Section 7.1, `komorium run --exact`): the
   * original classes run and every bytecode is counted per context and line over this scope.
   * Embedded engine only; no live snapshots.
   */
  exact?: 'app' | 'all';
  /**
   * Embedded engine: write the boot snapshot at the first boot of its key, not the second (the
   * language server: an editor session runs again, so its second run restores). Default: the
   * second (one-off runs such as tests do not pay for writing), or KOMORIUM_BOOT_SNAPSHOT=always.
   */
  bootSnapshotAtFirstBoot?: boolean;

  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  onProgress?: (p: RunProgress) => void;
  /** A complete profile (docs/PROFILE_FORMAT.md, as parsed JSON) of the samples so far. */
  onSnapshot?: (profileJson: unknown) => void;
  /** Engine diagnostics (transform warnings, preparation steps), one line each. */
  onLog?: (line: string) => void;
}

export interface RunOutcome {
  /** The program's exit code; null when it did not exit normally (killed, never started). */
  exitCode: number | null;
  /** The signal that ended the program, if any. */
  signal: string | null;
  /** The final profile, when one was written. */
  profilePath: string | null;
  /** True when the run ended because cancel() was called. */
  cancelled: boolean;
  /** Set when the engine could not do its job (no JDK, main class not found, ...). */
  error?: string;
  /** Milliseconds from program start to exit. */
  elapsedMs: number;
}

/** The signals a run can be stopped with. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit status java gives after a signal that ran the shutdown hooks: 128 + its number. */
export function signalExitStatus(s: StopSignal): number {
  return s === 'SIGINT' ? 130 : 143;
}

export interface ProfileRun {
  readonly done: Promise<RunOutcome>;
  /**
   * Stops the program as `signal` stops java (the shutdown hooks run; exit status 130 for
   * SIGINT, 143 for SIGTERM); the profile of what ran so far is still written. Without a
   * signal, each engine's default (embedded: SIGINT, HotSpot: SIGTERM). Idempotent.
   */
  cancel(signal?: StopSignal): void;
  writeStdin(data: string | Buffer): void;
  endStdin(): void;
  /**
   * The reader of the program's stdout (1) or stderr (2) has gone (EPIPE): the program's later
   * writes there fail, as they would on java writing to a closed pipe.
   */
  outputClosed?(fd: 1 | 2): void;
}

export type EngineStarter = (opts: RunOptions) => ProfileRun;

/** Prepares what an engine's next run can start from before the program is known (optional). */
export type EnginePreparer = (opts: PrepareOptions) => void;

/** The settings of the likely next run (what keys the embedded engine's boot snapshot). */
export interface PrepareOptions {
  jdk?: string;
  vmArgs?: string[];
  instrument?: 'all' | 'app';
  clock?: 'real' | 'virtual';
}

const engines = new Map<EngineName, EngineStarter>();
const preparers = new Map<EngineName, EnginePreparer>();

/** Registers an engine implementation (each engine module calls this once when imported). */
export function registerEngine(name: EngineName, start: EngineStarter, prepare?: EnginePreparer): void {
  engines.set(name, start);
  if (prepare) preparers.set(name, prepare);
}

/**
 * Lets the engine that `engine` resolves to prepare its next run (the embedded engine starts a
 * worker: interp-run.ts prepareInterpreter). Never throws; a no-op for engines without it.
 */
export function prepareRun(opts: PrepareOptions & { engine?: string; embeddedOnly?: boolean }): void {
  try {
    const { engine, embeddedOnly, ...rest } = opts;
    preparers.get(resolveEngine(engine, { jdk: opts.jdk, embeddedOnly }))?.(rest);
  } catch {
    // An unknown engine: the run reports it.
  }
}

export function isEngineName(s: unknown): s is EngineName {
  return typeof s === 'string' && (ENGINE_NAMES as readonly string[]).includes(s);
}

/** The one place that decides which engine runs: the requested one, else (none, '' or 'auto') the default. */
export function resolveEngine(requested: string | undefined | null, auto: { jdk?: string; embeddedOnly?: boolean } = {}): EngineName {
  if (requested === undefined || requested === null || requested === '' || requested === 'auto') return autoEngine(auto);
  if (!isEngineName(requested)) throw new Error(`unknown engine '${requested}' (expected ${ENGINE_NAMES.join(' or ')})`);
  return requested;
}

/** True when an implementation of the engine is registered. */
export function engineAvailable(name: EngineName): boolean {
  return engines.has(name);
}

/** A run that failed before it started: `done` resolves with the error. */
export function failedRun(error: string): ProfileRun {
  return {
    done: Promise.resolve({ exitCode: null, signal: null, profilePath: null, cancelled: false, error, elapsedMs: 0 }),
    cancel() {},
    writeStdin() {},
    endStdin() {},
  };
}

/**
 * Starts a profiled run on the chosen engine. Never throws: an unknown or unavailable engine
 * gives a run whose outcome carries the error.
 */
export function startRun(opts: RunOptions): ProfileRun {
  let name: EngineName;
  try {
    name = resolveEngine(opts.engine, { jdk: opts.jdk });
  } catch (e) {
    return failedRun((e as Error).message);
  }
  const start = engines.get(name);
  if (!start) return failedRun(`the ${name} engine is not available in this build`);
  if (!opts.mainClass) return failedRun('no main class given');
  if (opts.exact && name !== 'interpreter') return failedRun(`exact profiles are made by the embedded engine (interpreter), not by ${name}`);
  try {
    return start({ ...opts, engine: name });
  } catch (e) {
    return failedRun(`the ${name} engine failed to start: ${(e as Error).message}`);
  }
}
