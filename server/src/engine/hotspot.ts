// The HotSpot engine: the class path is transformed (cached by content hash), then `java` runs
// the program on its own class path, the transformed classes swapped in as they are defined
// (hotspot-classes.ts), with the Komorium runtime and the default agent, which writes the
// profile at exit. stdin, stdout, stderr and the exit code pass through unchanged. The profile
// is written to a staging file that replaces the target only when java has exited
// (profile-out.ts). A signal the caller received is passed on to java, whose shutdown hook
// writes the profile; the caller waits for that.

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { constants as osConstants } from 'node:os';
import type { JdkInfo } from '../classpath/index';
import type { TransformResult } from '../transform/driver';
import { CLASSES_PROPERTY, hotspotArgv } from './hotspot-classes';
import { cliRunProps } from './hotspot-argv';
import { findJavaHome } from '../classpath/jdk';
import { runtimeSourceDir } from '../runtime/build';
import { classPathStamps, takeStamps, type Stamp } from './run-plan';
import { writePlan } from './run-plan-write';
import type { HotSpotPrepared } from './hotspot-prepare';
import { jdkImageFor, prepareRun } from './hotspot-prepare';
import { writableCacheRoot } from './cache';
import { defaultHotSpotScope } from './jdk-modules';
import { commitProfile, stageProfile } from './profile-out';
import { waitForJava } from './java-child';
import { signalExitStatus, type StopSignal } from './run';

export { hotspotVmArgs } from './hotspot-classes';

export interface HotSpotRunOptions {
  classpath: string[];
  mainClass: string;
  args: string[];
  /** Profile output path. */
  out: string;
  granularity?: number;
  random?: number;
  seed?: number;
  maxPath?: number;
  /**
   * `all` (the JDK too: its instrumented copy, jdk-image.ts) or `app` (the class path only).
   * Default: jdk-modules.ts defaultHotSpotScope, and then a copy that cannot be built or does not
   * start means `app` with a note (asked for, `all` fails instead).
   */
  instrument?: 'app' | 'all';
  /** Progress lines of the preparation (the first build of the JDK modules). */
  log?: (line: string) => void;
  /** Extra JVM options (before the main class). */
  vmArgs?: string[];
  jdk?: string;
  cwd?: string;
  /** Default: inherit (the CLI); 'pipe' gives the streams to the caller. */
  stdio?: 'inherit' | 'pipe';
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  stdin?: NodeJS.ReadableStream;
  /** Signals the caller receives (the CLI's): the first is passed on to java. */
  signals?: SignalSource;
  /**
   * Leave the warm start's plan (run-plan.ts) under this key when the run uses the instrumented
   * JDK and prepares without a note or warning; `files`: more files it depends on (the CLI bundle).
   */
  plan?: { key: string; files: string[] };
}

/** Where a caller's signals come from (cli/signals.ts). */
export interface SignalSource {
  /** The first signal received so far, if any. */
  readonly received: StopSignal | null;
  /** Calls `f` at every signal received from now on. */
  onSignal(f: (s: StopSignal) => void): void;
}

export interface HotSpotRunResult {
  exitCode: number;
  signal: NodeJS.Signals | null;
  /** True when java wrote a profile and it replaced `out`. */
  profileWritten: boolean;
  transform: TransformResult;
  jdk: JdkInfo;
}

export async function runOnHotSpot(o: HotSpotRunOptions): Promise<HotSpotRunResult> {
  const chosen = o.instrument === undefined;
  const byDefault = chosen ? defaultHotSpotScope(o.jdk) : undefined;
  if (byDefault?.note) o.log?.(`komorium: note: ${byDefault.note}`);
  let logged = byDefault?.note !== undefined;
  const log = (line: string): void => {
    logged = true;
    o.log?.(line);
  };
  const cache = writableCacheRoot(log);
  // The plan's stamps, taken before the preparation reads the files (run-plan.ts).
  const before = o.plan ? planInputs(o.plan.files, o.classpath, o.cwd, o.jdk) : undefined;
  const base = { classpath: o.classpath, mainClass: o.mainClass, cwd: o.cwd, jdk: o.jdk, maxPath: o.maxPath, cache };
  const jdkImage = await jdkImageFor({ ...base, log }, { all: (o.instrument ?? byDefault?.scope) === 'all', chosen });
  const all = jdkImage !== undefined;
  const { prepared, transform, jdk } = prepareRun({ ...base, instrument: all ? 'all' : 'app', jdkImage: jdkImage?.home }, false);
  if (jdkImage) transform.failed.push(...jdkImage.failed);
  const planned = o.plan && before && jdkImage && !logged && transform.failed.length === 0 ? { key: o.plan.key, before, copy: jdkImage.home } : undefined;
  try {
    const staged = stageProfile(resolve(o.cwd ?? process.cwd(), o.out));
    const props = cliRunProps({ staging: staged.staging, all, mainClass: o.mainClass, args: o.args, granularity: o.granularity, random: o.random, seed: o.seed });
    const argv = hotspotArgv({
      argFile: join(prepared.outDir, 'jvm.args'),
      engineArgs: prepared.vmArgs,
      props,
      vmArgs: o.vmArgs ?? [],
      classpath: prepared.classpath,
      mainClass: o.mainClass,
      args: o.args,
    });
    // A signal during the (synchronous) preparation: its handler runs at the next turn of the
    // event loop; then the program never starts (nothing to profile).
    if (o.signals) await new Promise<void>((res) => setImmediate(res));
    const early = o.signals?.received;
    if (early) return { exitCode: signalExitStatus(early), signal: null, profileWritten: false, transform, jdk };
    const child = spawn(prepared.java, argv, {
      cwd: o.cwd,
      stdio: o.stdio === 'pipe' ? ['pipe', 'pipe', 'pipe'] : 'inherit',
    });
    // While java starts: the plan for the next run (copies the file of transformed classes).
    if (planned) savePlan(cache, planned, prepared);
    if (o.stdio === 'pipe') {
      child.stdout?.on('data', (c: Buffer) => o.onStdout?.(c));
      child.stderr?.on('data', (c: Buffer) => o.onStderr?.(c));
      if (o.stdin) o.stdin.pipe(child.stdin!);
      else child.stdin?.end();
    }
    const { code, signal } = await waitForJava(child, o.signals);
    const profileWritten = commitProfile(staged);
    const killedBy = signal ? (osConstants.signals[signal] ?? 0) : 0;
    return { exitCode: code ?? 128 + killedBy, signal, profileWritten, transform, jdk };
  } finally {
    rmSync(prepared.outDir, { recursive: true, force: true });
  }
}

/** What a plan depends on, stamped before the preparation: files (with the JDK's), trees (the class path's folders) and sources (the runtime's). */
interface PlanInputs {
  files: string[];
  trees: string[];
  sources: string[];
  fileStamps: Stamp[];
  treeStamps: Stamp[];
}

function planInputs(extra: string[], classpath: string[], cwd: string | undefined, jdkOption: string | undefined): PlanInputs | undefined {
  try {
    const jdk = findJavaHome(jdkOption);
    const cp = classPathStamps(classpath.map((p) => resolve(cwd ?? process.cwd(), p)));
    const files = [...extra, jdk.modulesPath, join(jdk.home, 'release'), join(jdk.home, 'bin', 'java'), ...cp.files];
    // runtime/: the runtime's sources and the java.base patch's, which the instrumented JDK holds.
    const sources = [dirname(runtimeSourceDir())];
    const fileStamps = takeStamps(files, []);
    const treeStamps = takeStamps([], cp.trees, sources);
    return fileStamps && treeStamps ? { files, trees: cp.trees, sources, fileStamps, treeStamps } : undefined;
  } catch {
    return undefined;
  }
}

function savePlan(cache: string, p: { key: string; before: PlanInputs; copy: string }, prepared: HotSpotPrepared): void {
  // The instrumented copy does not change once built: its stamps are taken now.
  const copyFiles = ['lib/modules', 'release', 'bin/java'].map((f) => join(p.copy, f));
  const copyStamps = takeStamps(copyFiles, []);
  const classesArg = prepared.vmArgs.find((a) => a.startsWith(`-D${CLASSES_PROPERTY}=`));
  if (!copyStamps || !classesArg) return;
  writePlan(cache, p.key, {
    java: prepared.java,
    engineArgs: prepared.vmArgs,
    classesArg,
    classesFile: classesArg.slice(classesArg.indexOf('=') + 1),
    files: [...p.before.files, ...copyFiles],
    trees: p.before.trees,
    sources: p.before.sources,
    stamps: [...p.before.fileStamps, ...copyStamps, ...p.before.treeStamps],
  });
}
