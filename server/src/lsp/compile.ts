// Compiling a single-file program (or a file and the sources it uses) with javac into a
// temporary folder: the third way of finding what to run (classpath.ts). javac runs as a
// child process, so the server's thread is not blocked.
//
// Two things keep it off the critical path of Run with Profile (docs/BENCHMARKS.md part E):
//   * a compile whose inputs did not change is not repeated (compile-cache.ts: the folder's
//     stamp names javac, its options, the class path's jars and every source javac read, by
//     content hash; the class files must still be there), and a compile of the same sources
//     in another folder is reused too (compile-shared.ts: javac's output kept in the cache by
//     the content of what it read, copied into place);
//   * javac's own JVM starts faster: C1 only and the serial collector (a single-file compile
//     is over before C2 pays off), and a CDS archive of javac's classes, dumped once per JDK
//     into the cache (JDK 13+, -XX:ArchiveClassesAtExit), used by later compiles. An archive
//     that does not fit is ignored by the JVM, with its CDS messages turned off.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findJavaHome, type JdkInfo } from '../classpath/index';
import { writableCacheRoot } from '../engine/cache';
import { jdkIdentity } from '../engine/jdk-identity';
import { compileKey, freshCompile, recordCompile, writeStamp } from './compile-cache';
import { findShared, restoreShared, sharedKey, storeShared } from './compile-shared';

export interface CompileOptions {
  file: string;
  sourceRoot: string;
  classpath: string[];
  javaHome?: string;
}

export interface CompileResult {
  ok: boolean;
  outDir: string;
  /** javac's diagnostics. */
  output: string;
  /** True when the classes of an earlier compile with the same inputs were reused (javac did not run). */
  cached?: boolean;
  /** With `cached`: they came from the compile of the same sources in another folder (compile-shared.ts). */
  shared?: boolean;
}

/** The output folder for a file: stable per source path, so repeated runs reuse one folder. */
export function compileOutDir(file: string): string {
  return join(tmpdir(), `komorium-javac-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`);
}

/** javac's JVM options for a quick start (C1 only, serial GC), without the CDS archive. */
export const JAVAC_JVM_OPTIONS: readonly string[] = ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-J-Xlog:cds=off', '-J-Xlog:cds+dynamic=off'];

/**
 * The CDS archive of javac's classes for `jdk` (`<cache>/javac-cds/<feature>-<key>.jsa`), and
 * whether it exists yet. undefined before JDK 13 (no dynamic archives) or without a cache.
 */
export function javacArchive(jdk: JdkInfo): { path: string; exists: boolean } | undefined {
  if (jdk.feature < 13 || process.env.KOMORIUM_JAVAC_CDS === '0') return undefined;
  let root: string;
  try {
    root = join(writableCacheRoot(), 'javac-cds');
    mkdirSync(root, { recursive: true });
  } catch {
    return undefined;
  }
  const key = createHash('sha256').update(`javac-cds-1\0${jdkIdentity(jdk)}`).digest('hex').slice(0, 20);
  const path = join(root, `${jdk.feature}-${key}.jsa`);
  return { path, exists: existsSync(path) };
}

/** Compiles in progress, by output folder: a second compile into one waits for the first. */
const inflight = new Map<string, Promise<CompileResult>>();

/**
 * Compiles `o.file` (with its source root on -sourcepath) into compileOutDir(o.file), or reuses
 * the classes there when nothing javac read changed (`cached`). A compile into the same folder
 * already running (the language server compiles an opened or saved file ahead) is waited for
 * first, so that its classes can be reused.
 */
export async function compileJavaFile(o: CompileOptions): Promise<CompileResult> {
  const outDir = compileOutDir(o.file);
  for (let running = inflight.get(outDir); running; running = inflight.get(outDir)) await running.catch(() => undefined);
  const p = compileOnce(o, outDir);
  inflight.set(outDir, p);
  try {
    return await p;
  } finally {
    if (inflight.get(outDir) === p) inflight.delete(outDir);
  }
}

async function compileOnce(o: CompileOptions, outDir: string): Promise<CompileResult> {
  let javac: string;
  let jdk: JdkInfo;
  try {
    jdk = findJavaHome(o.javaHome || undefined);
    javac = join(jdk.home, 'bin', process.platform === 'win32' ? 'javac.exe' : 'javac');
  } catch (e) {
    return { ok: false, outDir: '', output: `no JDK found (${(e as Error).message}); set komorium.javaHome` };
  }
  const options = ['-g', '-encoding', 'UTF-8', '-implicit:class'];
  if (o.classpath.length > 0) options.push('-cp', o.classpath.join(delimiter));
  const args = [...options.slice(0, 4), '-d', outDir, '-sourcepath', o.sourceRoot, ...options.slice(4), o.file];
  const key = compileKey(javac, jdk, args, o.classpath);
  if (key !== undefined) {
    const fresh = freshCompile(outDir, key);
    if (fresh !== undefined) return { ok: true, outDir, output: fresh.output, cached: true };
  }
  const shared = key !== undefined ? sharedKey(javac, jdk, options, o.classpath, o.sourceRoot, o.file) : undefined;
  if (shared !== undefined) {
    const found = findShared(shared, o.sourceRoot);
    if (found !== undefined) {
      try {
        restoreShared(found, outDir);
        writeStamp(outDir, key!, found.sources, found.output);
        return { ok: true, outDir, output: found.output, cached: true, shared: true };
      } catch {
        // the folder could not be written: javac below reports why
      }
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const archive = javacArchive(jdk);
  // The first compile on a JDK dumps the archive into a file of its own, renamed when complete.
  const dump = archive && !archive.exists ? `${archive.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp` : undefined;
  const cds = archive ? [dump ? `-J-XX:ArchiveClassesAtExit=${dump}` : `-J-XX:SharedArchiveFile=${archive.path}`] : [];
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(javac, [...JAVAC_JVM_OPTIONS, ...cds, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', (e) => resolve({ ok: false, outDir, output: `cannot run ${javac}: ${e.message}` }));
    child.on('close', (code) => {
      if (dump) {
        try {
          if (code === 0 && existsSync(dump)) renameSync(dump, archive!.path);
        } catch {
          // another compile put one in place first
        }
        rmSync(dump, { force: true });
      }
      const text = output.trim();
      if (code === 0 && key !== undefined) {
        const read = recordCompile(outDir, key, o.sourceRoot, o.file, text, started);
        if (read !== undefined && shared !== undefined) storeShared(shared, o.sourceRoot, outDir, read, text);
      }
      resolve({ ok: code === 0, outDir, output: text });
    });
  });
}
