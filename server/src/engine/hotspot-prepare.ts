// Preparing a HotSpot run: find the JDK, build the runtime, transform the class path (cached by
// content hash), check the main class, and return the `java` command line. Synchronous and
// CPU-heavy (javac, the transformer), so the language server runs it in a worker thread
// (engine/worker.ts); the CLI calls runOnHotSpot instead.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { findJavaHome } from '../classpath/index';
import { buildRuntime } from '../runtime/build';
import { transformClassPath } from '../transform/driver';
import { cacheRoot } from './cache';
import { hotspotVmArgs } from './hotspot';

export interface HotSpotPrepareOptions {
  classpath: string[];
  mainClass: string;
  cwd?: string;
  jdk?: string;
  maxPath?: number;
}

export interface HotSpotPrepared {
  /** The `java` executable. */
  java: string;
  /** JVM options every profiled run needs (the reflection patch). */
  vmArgs: string[];
  /** The class path to run with: the transformed classes, the runtime, then the original entries (for resources). */
  classpath: string;
  /** Temporary directory of the transformed classes: delete it after the run. */
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

export function prepareHotSpot(o: HotSpotPrepareOptions): HotSpotPrepared {
  let jdk;
  try {
    jdk = findJavaHome(o.jdk);
  } catch (e) {
    throw new PrepareError(`no JDK found (${(e as Error).message}); set komorium.javaHome`);
  }
  const cwd = o.cwd ?? process.cwd();
  const classpath = o.classpath.map((p) => resolve(cwd, p));
  const existing = classpath.filter((p) => existsSync(p));
  if (existing.length === 0) {
    throw new PrepareError(classpath.length === 0 ? 'the class path is empty' : `the class path does not exist: ${classpath.join(delimiter)}`);
  }
  const cache = cacheRoot();
  const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
  const outDir = mkdtempSync(join(tmpdir(), 'komorium-run-'));
  try {
    // Resources stay where they are: the original entries follow the transformed classes.
    const t = transformClassPath({ classpath: existing, outDir, jdk, maxPath: o.maxPath, cacheDir: join(cache, 'transformed'), copyResources: false, shareJarOutputs: true });
    const mainRel = join(...o.mainClass.split('.')) + '.class';
    if (!t.classDirs.some((d) => existsSync(join(d, mainRel)))) {
      throw new PrepareError(`main class ${o.mainClass} not found on the class path (${existing.join(delimiter)}); is the project compiled?`);
    }
    const warnings = [
      ...t.failed.map((f) => `${f.name} was not transformed (${f.error})`),
      ...t.fallbacks.map((f) => `${f.className}.${f.method}${f.descriptor}: ${f.outcome} (${f.reason})`),
    ];
    return {
      java: join(jdk.home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java'),
      vmArgs: hotspotVmArgs(jdk, cache),
      classpath: [...t.classDirs, runtime.classesDir, ...t.entries].join(delimiter),
      outDir,
      jdkVersion: jdk.version,
      warnings,
      classes: t.classes,
      reused: t.reused,
    };
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    throw e;
  }
}
