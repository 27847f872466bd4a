// The HotSpot engine: the class path is transformed (cached by content hash), then `java` runs
// the transformed classes with the Komorium runtime and the default agent, which writes the
// profile at exit. stdin, stdout, stderr and the exit code pass through unchanged.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { findJavaHome, type JdkInfo } from '../classpath/index';
import { buildRuntime } from '../runtime/build';
import { HOTSPOT_JIT_OPTIONS, stackSizeArgs } from '../runtime/contract';
import { transformClassPath, type TransformResult } from '../transform/driver';
import { cacheRoot } from './cache';
import { reflectionPatch } from './reflect-patch';

/**
 * JVM options every profiled HotSpot run needs: the reflection patch of java.lang.Class, and
 * the JIT options for the runtime (HOTSPOT_JIT_OPTIONS).
 */
export function hotspotVmArgs(jdk: JdkInfo, cache: string = cacheRoot()): string[] {
  return [`--patch-module=java.base=${reflectionPatch(jdk, join(cache, 'patch'))}`, ...HOTSPOT_JIT_OPTIONS];
}

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
  /** Extra JVM options (before the main class). */
  vmArgs?: string[];
  jdk?: string;
  cwd?: string;
  /** Default: inherit (the CLI); 'pipe' gives the streams to the caller. */
  stdio?: 'inherit' | 'pipe';
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  stdin?: NodeJS.ReadableStream;
}

export interface HotSpotRunResult {
  exitCode: number;
  signal: NodeJS.Signals | null;
  transform: TransformResult;
  jdk: JdkInfo;
}

export async function runOnHotSpot(o: HotSpotRunOptions): Promise<HotSpotRunResult> {
  const jdk = findJavaHome(o.jdk);
  const cache = cacheRoot();
  const runtime = buildRuntime(join(cache, 'runtime'), { jdk: jdk.home });
  const outDir = mkdtempSync(join(tmpdir(), 'komorium-run-'));
  try {
    const transform = transformClassPath({
      classpath: o.classpath.map((p) => resolve(o.cwd ?? process.cwd(), p)),
      outDir,
      jdk,
      maxPath: o.maxPath,
      cacheDir: join(cache, 'transformed'),
      // Resources stay where they are: the original entries follow the transformed classes.
      copyResources: false,
      shareJarOutputs: true,
    });
    const props = [
      `-Dkomorium.out=${resolve(o.cwd ?? process.cwd(), o.out)}`,
      `-Dkomorium.engine=jvm`,
      `-Dkomorium.scope=app`,
      `-Dkomorium.program=${o.mainClass}`,
      `-Dkomorium.args=${o.args.join('\u001f')}`,
    ];
    if (o.granularity !== undefined) props.push(`-Dkomorium.granularity=${o.granularity}`);
    if (o.random !== undefined) props.push(`-Dkomorium.random=${o.random}`);
    if (o.seed !== undefined) props.push(`-Dkomorium.seed=${o.seed}`);
    const argv = [...hotspotVmArgs(jdk, cache), ...stackSizeArgs(o.vmArgs ?? []), ...(o.vmArgs ?? []), ...props, '-cp', [...transform.classDirs, runtime.classesDir, ...transform.entries].join(process.platform === 'win32' ? ';' : ':'), o.mainClass, ...o.args];
    const child = spawn(join(jdk.home, 'bin', 'java'), argv, {
      cwd: o.cwd,
      stdio: o.stdio === 'pipe' ? ['pipe', 'pipe', 'pipe'] : 'inherit',
    });
    if (o.stdio === 'pipe') {
      child.stdout?.on('data', (c: Buffer) => o.onStdout?.(c));
      child.stderr?.on('data', (c: Buffer) => o.onStderr?.(c));
      if (o.stdin) o.stdin.pipe(child.stdin!);
      else child.stdin?.end();
    }
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res, rej) => {
      child.on('error', rej);
      child.on('close', (code, signal) => res({ code, signal }));
    });
    return { exitCode: code ?? 128, signal, transform, jdk };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
