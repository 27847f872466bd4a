// Compiling the benchmarks, transforming them with the Komorium CLI, and running one JVM.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseHarnessOutput, type HarnessOutput } from './output';

export class BenchSetupError extends Error {
  override name = 'BenchSetupError';
}

/** A benchmark: bench/java/<name>/Main.java, class `<name>.Main`. */
export interface Benchmark {
  name: string;
  mainClass: string;
}

function javaFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) javaFiles(p, out);
    else if (e.name.endsWith('.java')) out.push(p);
  }
  return out;
}

/** The benchmarks under `javaDir`, sorted: every directory with a Main.java. */
export function findBenchmarks(javaDir: string): Benchmark[] {
  return readdirSync(javaDir)
    .filter((n) => statSync(join(javaDir, n)).isDirectory() && existsSync(join(javaDir, n, 'Main.java')))
    .sort()
    .map((name) => ({ name, mainClass: `${name}.Main` }));
}

/** Compiles every .java file under `javaDir` into `classesDir` with one javac. */
export function compileAll(javac: string, javaDir: string, classesDir: string): void {
  const files = javaFiles(javaDir);
  if (files.length === 0) throw new BenchSetupError(`no .java files under ${javaDir}`);
  const r = spawnSync(javac, ['-encoding', 'UTF-8', '-d', classesDir, ...files], { encoding: 'utf8' });
  if (r.error) throw new BenchSetupError(`cannot run ${javac}: ${r.error.message}`);
  if (r.status !== 0) throw new BenchSetupError(`javac failed (exit ${r.status}):\n${r.stderr}`);
}

/** Runs `komorium transform` on `classesDir` into `outDir`; returns the line it reports. */
export function transformAll(cli: string, classesDir: string, outDir: string, extraArgs: readonly string[] = []): string {
  rmSync(outDir, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [cli, 'transform', ...extraArgs, '-cp', classesDir, '-d', outDir], { encoding: 'utf8' });
  if (r.error) throw new BenchSetupError(`cannot run the komorium CLI: ${r.error.message}`);
  if (r.status !== 0) throw new BenchSetupError(`komorium transform failed (exit ${r.status}):\n${r.stderr}`);
  const line = r.stderr.split('\n').find((l) => l.startsWith('transform:'));
  return line ?? r.stderr.trim();
}

export interface JvmRun {
  /** Wall time of the whole JVM process, milliseconds. */
  processMs: number;
  output: HarnessOutput;
}

export interface JvmFailure {
  error: string;
}

/** Runs one JVM to completion and parses the harness output. */
export function runJvm(java: string, args: readonly string[], timeoutMs: number): JvmRun | JvmFailure {
  const t0 = performance.now();
  const r = spawnSync(java, args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 << 20 });
  const processMs = performance.now() - t0;
  if (r.error) return { error: `cannot run java: ${r.error.message}` };
  if (r.signal) return { error: `killed by ${r.signal}${r.signal === 'SIGTERM' ? ` (timeout ${timeoutMs / 1000} s)` : ''}` };
  if (r.status !== 0) return { error: `exit ${r.status}: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 5).join(' | ')}` };
  try {
    return { processMs, output: parseHarnessOutput(r.stdout) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
