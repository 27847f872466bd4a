// Compiles and locates the Java runtime (runtime/java/komorium/rt). buildRuntime(outDir)
// compiles the sources with the JDK's javac into outDir/komorium-rt-<hash>/ and reuses that
// directory while the sources are unchanged (the hash covers every source file and the build
// recipe). The bytecode targets Java 8 (--release 8) so that the same runtime runs on every
// JDK from 8 up, on the boot class path next to an instrumented JDK as well as on the class
// path; a javac that no longer supports release 8 falls back to 11, then 17.

import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findJavaHome } from '../classpath/jdk';

export class RuntimeBuildError extends Error {
  override readonly name = 'RuntimeBuildError';
}

export interface RuntimeBuild {
  /** Directory holding komorium/rt/*.class: put it on the class path of the profiled JVM. */
  classesDir: string;
  /** Hash of the sources and build recipe (hex, 64 characters). */
  hash: string;
  /** True if this call ran javac; false if the cached build was reused. */
  compiled: boolean;
  /** The --release value the classes were compiled for. */
  release: string;
}

export interface BuildRuntimeOptions {
  /** A javac executable; default: the JDK's (findJavaHome(jdk)), else `javac` on PATH. */
  javac?: string;
  /** JDK home for finding javac. */
  jdk?: string;
  /** Runtime sources (default: runtimeSourceDir()). */
  sourceDir?: string;
}

const RECIPE = 'komorium-runtime-build-1;--release 8|11|17;-encoding UTF-8;-g';
const RELEASES = ['8', '11', '17'];
const STAMP = '.komorium-runtime-complete';

/** The runtime's source root (the directory holding komorium/rt/TC.java). */
export function runtimeSourceDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'runtime', 'java');
    if (existsSync(join(candidate, 'komorium', 'rt', 'TC.java'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new RuntimeBuildError(`cannot find runtime/java/komorium/rt/TC.java above ${dirname(fileURLToPath(import.meta.url))}`);
}

/** The .java files under `dir`, sorted, as absolute paths. */
export function runtimeSources(dir: string = runtimeSourceDir()): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.java')) out.push(p);
    }
  };
  if (!existsSync(dir)) throw new RuntimeBuildError(`runtime source directory ${dir} does not exist`);
  walk(dir);
  if (out.length === 0) throw new RuntimeBuildError(`no .java files under ${dir}`);
  return out;
}

/** The last hash per source directory, with the sources' paths, sizes and mtimes it was made from. */
const hashes = new Map<string, { signature: string; hash: string }>();

/**
 * Hash of the runtime sources (paths relative to `dir`, with contents) and the build recipe.
 * Within a process it is read again only when a source's path, size or mtime changed (a run
 * asks twice: for the instrumented JDK's key and for the run's runtime).
 */
export function runtimeSourceHash(dir: string = runtimeSourceDir()): string {
  const files = runtimeSources(dir);
  const signature = files.map((f) => {
    const st = statSync(f);
    return `${f}\0${st.size}\0${st.mtimeMs}`;
  }).join('\n');
  const known = hashes.get(dir);
  if (known?.signature === signature) return known.hash;
  const hash = hashSources(dir, files);
  hashes.set(dir, { signature, hash });
  return hash;
}

function hashSources(dir: string, files: string[]): string {
  const h = createHash('sha256');
  h.update(RECIPE);
  for (const file of files) {
    const rel = relative(dir, file).split(sep).join('/');
    const body = readFileSync(file);
    h.update(`\0${rel}\0${body.length}\0`);
    h.update(body);
  }
  return h.digest('hex');
}

function findJavac(opts: BuildRuntimeOptions): string {
  if (opts.javac) return opts.javac;
  const exe = process.platform === 'win32' ? 'javac.exe' : 'javac';
  try {
    const jdk = findJavaHome(opts.jdk);
    const p = join(jdk.home, 'bin', exe);
    if (existsSync(p)) return p;
  } catch (e) {
    if (opts.jdk) throw e;
  }
  return exe;
}

/**
 * Compiles the runtime into `outDir/komorium-rt-<hash16>/` unless that build exists already.
 * Safe against concurrent builds (each compiles into its own temporary directory and renames
 * it into place; the loser discards its copy). Throws RuntimeBuildError with javac's output.
 */
export function buildRuntime(outDir: string, opts: BuildRuntimeOptions = {}): RuntimeBuild {
  const srcDir = resolve(opts.sourceDir ?? runtimeSourceDir());
  const hash = runtimeSourceHash(srcDir);
  const target = resolve(outDir, `komorium-rt-${hash.slice(0, 16)}`);
  const cached = readStamp(target);
  if (cached !== undefined) return { classesDir: target, hash, compiled: false, release: cached };

  mkdirSync(resolve(outDir), { recursive: true });
  const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const javac = findJavac(opts);
  const sources = runtimeSources(srcDir);
  let release = '';
  let lastError = '';
  try {
    for (const r of RELEASES) {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      const res = spawnSync(javac, ['--release', r, '-encoding', 'UTF-8', '-g', '-nowarn', '-Xlint:-options', '-d', tmp, ...sources], {
        encoding: 'utf8',
        maxBuffer: 16 << 20,
      });
      if (res.error) throw new RuntimeBuildError(`cannot run javac (${javac}): ${res.error.message}`);
      if (res.status === 0) {
        release = r;
        break;
      }
      lastError = `${res.stdout}${res.stderr}`.trim();
      // Only an unsupported release is worth another attempt; anything else is a real error.
      if (!/release/i.test(lastError) || !/(not supported|invalid|unsupported)/i.test(lastError)) break;
    }
    if (release === '') throw new RuntimeBuildError(`javac failed compiling the runtime (${srcDir}):\n${lastError}`);
    writeFileSync(join(tmp, STAMP), `${release}\n${hash}\n`);
    try {
      renameSync(tmp, target);
    } catch (e) {
      // Another process finished first: use its build if it is complete.
      const other = readStamp(target);
      if (other === undefined) throw new RuntimeBuildError(`cannot move the runtime build into ${target}: ${(e as Error).message}`);
      rmSync(tmp, { recursive: true, force: true });
      return { classesDir: target, hash, compiled: false, release: other };
    }
  } finally {
    if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  }
  return { classesDir: target, hash, compiled: true, release };
}

function readStamp(dir: string): string | undefined {
  try {
    const text = readFileSync(join(dir, STAMP), 'utf8');
    const release = text.split('\n')[0]!.trim();
    return release === '' ? undefined : release;
  } catch {
    return undefined;
  }
}
