// Preparing a HotSpot run: find the JDK, build the runtime, transform the class path (cached by
// content hash) into the run's file of transformed classes (hotspot-classes.ts), check the main
// class, and return what the `java` command line needs. Synchronous and CPU-heavy (javac, the
// transformer), so the language server runs it in a worker thread (engine/worker.ts); the CLI
// calls prepareRun directly (hotspot.ts).

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { findJavaHome, type JdkInfo } from '../classpath/index';
import { buildRuntime } from '../runtime/build';
import type { TransformResult } from '../transform/driver';
import { writableCacheRoot } from './cache';
import { engineVmArgs, prepareClasses } from './hotspot-classes';
import { ensureJdkImage, JdkImageError, jdkModulesOverride } from './jdk-image';

export interface HotSpotPrepareOptions {
  classpath: string[];
  mainClass: string;
  cwd?: string;
  jdk?: string;
  maxPath?: number;
  /** `all`: the JDK's classes too (the instrumented JDK of prepareJdkImage); default `app`. */
  instrument?: 'app' | 'all';
  /** The instrumented JDK's home (prepareJdkImage), with `all`: its `java` runs the program. */
  jdkImage?: string;
  /** The cache root (default: cache.ts writableCacheRoot, found by the caller once per run). */
  cache?: string;
}

export interface HotSpotPrepared {
  /** The `java` executable. */
  java: string;
  /** The engine's JVM options (patch, runtime, transformed classes): they go into the argument file. */
  vmArgs: string[];
  /** The class path to run with: the user's, as given (entries joined, relative to cwd). */
  classpath: string;
  /** Temporary directory of the run (transformed classes, argument file): delete it after the run. */
  outDir: string;
  jdkVersion: string;
  /** Human-readable notes: classes not transformed, methods that fell back. */
  warnings: string[];
  classes: number;
  reused: number;
}

/** A problem with the user's input (no JDK, empty class path, unknown main class): shown as is. */
export class PrepareError extends Error {
  override readonly name = 'PrepareError';
}

/** The instrumented JDK (`--instrument all`) could not be built or does not start. */
export class JdkImageUnavailable extends PrepareError {
  override readonly name = 'PrepareError';
}

/** A class path entry that exists (`dir/*` when `dir` does). */
function entryExists(p: string): boolean {
  return basename(p) === '*' ? existsSync(dirname(p)) : existsSync(p);
}

/**
 * Prepares a run. `checkMain`: fail with PrepareError when the main class is not on the class
 * path (the language server); the CLI lets `java` report it, as it would without Komorium.
 */
export function prepareRun(o: HotSpotPrepareOptions, checkMain: boolean): { prepared: HotSpotPrepared; transform: TransformResult; jdk: JdkInfo } {
  let jdk;
  try {
    jdk = findJavaHome(o.jdk);
  } catch (e) {
    throw new PrepareError(`no JDK found (${(e as Error).message}); set komorium.javaHome`);
  }
  const cwd = o.cwd ?? process.cwd();
  const classpath = o.classpath.map((p) => resolve(cwd, p));
  if (checkMain && !classpath.some(entryExists)) {
    throw new PrepareError(classpath.length === 0 ? 'the class path is empty' : `the class path does not exist: ${classpath.join(delimiter)}`);
  }
  const cache = o.cache ?? writableCacheRoot();
  const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
  const outDir = mkdtempSync(join(tmpdir(), 'komorium-run-'));
  try {
    const file = join(outDir, 'classes.kmc');
    const all = o.instrument === 'all';
    if (all && o.jdkImage === undefined) throw new Error('prepareRun: --instrument all needs the instrumented JDK (prepareJdkImage)');
    const jdkModules = all ? jdkModulesOverride() : undefined;
    const c = prepareClasses({ classpath, file, jdk, maxPath: o.maxPath, cacheDir: join(cache, 'transformed'), scope: all ? 'all' : 'app', ...(jdkModules ? { jdkModules } : {}) });
    const t = c.transform;
    if (checkMain && !c.names.has(o.mainClass.replace(/\./g, '/'))) {
      throw new PrepareError(`main class ${o.mainClass} not found on the class path (${classpath.join(delimiter)}); is the project compiled?`);
    }
    const warnings = [
      ...t.failed.map((f) => `${f.name} was not transformed (${f.error})`),
      ...t.fallbacks.map((f) => `${f.className}.${f.method}${f.descriptor}: ${f.outcome} (${f.reason})`),
    ];
    const prepared: HotSpotPrepared = {
      java: join(all ? o.jdkImage! : jdk.home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java'),
      vmArgs: engineVmArgs(jdk, cache, runtime.classesDir, file, all),
      classpath: o.classpath.join(delimiter),
      outDir,
      jdkVersion: jdk.version,
      warnings,
      classes: t.classes,
      reused: t.reused,
    };
    return { prepared, transform: t, jdk };
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * `--instrument all`: the instrumented copy of the JDK (jdk-image.ts; built once per JDK, with
 * progress lines, in worker threads). Returns its home and the classes left uninstrumented.
 */
export async function prepareJdkImage(o: HotSpotPrepareOptions & { log?: (line: string) => void }): Promise<{ home: string; failed: { name: string; error: string }[] }> {
  let jdk;
  try {
    jdk = findJavaHome(o.jdk);
  } catch (e) {
    throw new PrepareError(`no JDK found (${(e as Error).message}); set komorium.javaHome`);
  }
  const cache = o.cache ?? writableCacheRoot(o.log);
  const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
  try {
    const modules = jdkModulesOverride();
    const r = await ensureJdkImage({ jdk, cache, runtime, maxPath: o.maxPath, log: o.log, modules });
    return { home: r.home, failed: r.failed };
  } catch (e) {
    if (e instanceof JdkImageError) throw new JdkImageUnavailable(e.message);
    throw e;
  }
}

/**
 * The instrumented JDK for a run with `scope`. `scope.chosen` (the scope was the default, not
 * asked for): when the copy cannot be built or does not start, one note through `log` and
 * undefined: the run instruments the class path only (HotSpot's speed is why it was chosen; the
 * note names the embedded engine for the JDK's work). Asked for, the failure is the run's error.
 */
export async function jdkImageFor(
  o: HotSpotPrepareOptions & { log?: (line: string) => void },
  scope: { all: boolean; chosen: boolean },
): Promise<{ home: string; failed: { name: string; error: string }[] } | undefined> {
  if (!scope.all) return undefined;
  try {
    return await prepareJdkImage(o);
  } catch (e) {
    if (!(e instanceof JdkImageUnavailable) || !scope.chosen) throw e;
    o.log?.(`komorium: note: ${e.message}; running with --instrument app instead (the JDK's work is charged to the calling lines; --engine interpreter instruments the JDK too)`);
    return undefined;
  }
}

export function prepareHotSpot(o: HotSpotPrepareOptions): HotSpotPrepared {
  return prepareRun(o, true).prepared;
}
