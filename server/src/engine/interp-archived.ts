// What the embedded engine takes from the CDS archive of HotSpot's instrumented copy of the JDK
// with `--instrument all` (archived-hashes.ts: the archived mirrors' identity hashes, the
// packageToModule and nameToModule orders; archived-strings.ts: the string table; the symbol
// order, interp/method-order.ts). The embedded `all` profile of a program is the same whatever
// the cache holds (issue 15: same program and input, same profile on any machine): a run that
// finds the copy but not its trial's result runs the trial (about 1 s of CPU, once per copy), and
// a run that finds no copy builds it first, with the HotSpot engine's progress lines (minutes
// of CPU, once per JDK, transformer and runtime; jdk-image.ts). Only when the copy cannot be
// built or its trial fails does the engine draw those hashes and orders itself, with a note
// that says so (docs/ARCHITECTURE.md, "The embedded engine's `all` profile and the cache").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { JdkInfo } from '../classpath/index';
import type { RuntimeBuild } from '../runtime/build';
import { archivedClassNames, archivedState, stateDigest } from './archived-hashes';
import { archivedStringFiles } from './archived-strings';
import { cacheRoot } from './cache';
import { builtJdkImage, ensureJdkImage, JdkImageError, jdkModulesOverride } from './jdk-image';
import type { InterpWorkerInput } from './interp-worker-io';
import { ALL_SCOPE_FEATURES } from './jdk-modules';
import { jobUrl, runJob } from './worker-thread';

/** What archivedOf gives a worker. */
export type ArchivedInput = Pick<InterpWorkerInput, 'archivedHashes' | 'archivedPackages' | 'archivedClasses' | 'archivedLoaderModules' | 'archivedStateDigest' | 'archivedStrings' | 'symbolArchive'>;

/**
 * With the JDK instrumented: what the CDS archive of HotSpot's instrumented copy of `jdk` holds,
 * when that copy and its trial's result are in the cache; else nothing, and the embedded engine
 * draws those hashes and orders itself. Only reads the cache (the prepared worker's likely input,
 * interp-run.ts likelyInput); a run calls archivedForRun.
 */
export function archivedOf(jdk: JdkInfo, runtime: RuntimeBuild, maxPath: number | undefined): ArchivedInput {
  const home = builtJdkImage({ jdk, cache: cacheRoot(), runtime, maxPath, modules: jdkModulesOverride() });
  if (home === undefined) return {};
  const jsa = join(home, 'lib', 'server', 'classes.jsa');
  const symbols = existsSync(jsa) ? { symbolArchive: jsa } : {};
  const state = archivedState(home, join(cacheRoot(), 'archived-hashes'), { trial: false });
  if (state === undefined) return symbols;
  const classes = archivedClassNames(home, join(cacheRoot(), 'archived-hashes'));
  // The copy's string table (archived-strings.ts): JDK 25 lists it with the JDK's own jcmd. The
  // worker reads its packed file itself (archived-strings-pack.ts), at its VM's first lookup.
  const table = classes === undefined ? undefined : archivedStringFiles(home, join(cacheRoot(), 'archived-hashes'), classes, join(jdk.home, 'bin', 'jcmd'));
  const mirrors = [...state.mirrors];
  return {
    ...symbols,
    archivedHashes: mirrors,
    archivedPackages: state.packages,
    archivedLoaderModules: state.loaderModules,
    // Taken here, where the main thread waits for the worker's bundle, not in the worker before its restore.
    archivedStateDigest: stateDigest(mirrors, state.packages, state.loaderModules),
    ...(classes !== undefined ? { archivedClasses: classes } : {}),
    ...(table !== undefined ? { archivedStrings: table } : {}),
  };
}

/** True when the copy is in the cache with its archive and the trial's result (nothing to build or run). */
function complete(a: ArchivedInput): boolean {
  return a.archivedHashes !== undefined;
}

/**
 * archivedOf for a run: the copy built when the cache has none (ensureJdkImage, its progress
 * lines through `log`), its trial run when the cache has no result of it (ensureJdkImage runs it
 * for a cached copy, as a HotSpot run does). A copy that cannot be built, has no CDS archive, or
 * whose trial fails: a note through `log` and the engine's own draws (never silently).
 * `preparing` is called before a build or trial (the run's progress: phase 'preparing').
 * The build and the trial run in a worker thread (archived-worker.ts, archivedPrepared): their
 * `-Xshare:dump` and trial runs are synchronous child processes of seconds to minutes, and the
 * language server's thread must stay free (docs/ARCHITECTURE.md). A run stopped meanwhile lets
 * the worker finish the build for the next run (it holds the cache's lock).
 */
export async function archivedForRun(jdk: JdkInfo, runtime: RuntimeBuild, maxPath: number | undefined, log: (line: string) => void, preparing: () => void = () => {}): Promise<ArchivedInput> {
  const first = archivedOf(jdk, runtime, maxPath);
  // A JDK release the copy is not made for: the embedded engine refuses it too (interp/boot.ts).
  if (complete(first) || !ALL_SCOPE_FEATURES.includes(jdk.feature)) return first;
  preparing();
  const input: ArchivedJob = { jdk, runtime, maxPath };
  return runJob<ArchivedInput>(jobUrl(import.meta.url, 'archived-worker'), input, undefined, (e) => {
    if (typeof e === 'string') log(e);
  }).result;
}

/** archived-worker.ts's input. */
export interface ArchivedJob {
  jdk: JdkInfo;
  runtime: RuntimeBuild;
  maxPath: number | undefined;
}

/** archivedForRun's build and trial, in its worker (archived-worker.ts); `log` gets the progress lines and notes. */
export async function archivedPrepared(o: ArchivedJob, log: (line: string) => void): Promise<ArchivedInput> {
  const { jdk, runtime, maxPath } = o;
  const own = 'the embedded engine draws the archived classes\' identity hashes and the module maps\' orders itself, so its profile may differ from HotSpot\'s';
  try {
    const image = await ensureJdkImage({ jdk, cache: cacheRoot(), runtime, maxPath, log, modules: jdkModulesOverride() });
    if (!image.cds) {
      log(`komorium: note: the instrumented copy of the JDK ${jdk.home} has no CDS archive: ${own}`);
      return archivedOf(jdk, runtime, maxPath);
    }
  } catch (e) {
    if (!(e instanceof JdkImageError)) throw e;
    log(`komorium: note: ${e.message}: ${own}`);
    return archivedOf(jdk, runtime, maxPath);
  }
  const after = archivedOf(jdk, runtime, maxPath);
  if (!complete(after)) log(`komorium: note: the trial run of the CDS archive of the instrumented copy of the JDK ${jdk.home} failed: ${own}`);
  return after;
}
