// Shared test helpers: locate the JDK, compile Java sources with the machine's javac into a
// temporary directory, run the CLI from source.

import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..');

function which(cmd: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      // not in this directory
    }
  }
  throw new Error(`${cmd} not found on PATH`);
}

/** JAVA_HOME, or the JDK that `javac` on PATH belongs to. */
export function javaHome(): string {
  return process.env.JAVA_HOME || dirname(dirname(realpathSync(which('javac'))));
}

export interface TestJdk {
  home: string;
  /** The feature release (17, 25), from the JDK's `release` file. */
  feature: number;
}

function featureOf(home: string): number {
  const m = /^JAVA_VERSION="?(\d+)/m.exec(readFileSync(join(home, 'release'), 'utf8'));
  if (!m) throw new Error(`${home}/release has no JAVA_VERSION`);
  return Number(m[1]);
}

/** The feature releases the embedded JVM boots (interp/boot.ts SUPPORTED_FEATURES): the corpus runs on these. */
const CORPUS_FEATURES = [17, 25];

function isJdk(home: string): boolean {
  try {
    return statSync(join(home, 'bin', 'java')).isFile() && statSync(join(home, 'lib', 'modules')).isFile() && statSync(join(home, 'release')).isFile();
  } catch {
    return false;
  }
}

/**
 * The JDKs the corpus runs on: KOMORIUM_TEST_JDKS (homes separated by ':'), else javaHome()
 * (the JDK 17 of javac) and every other JDK in /usr/lib/jvm (a home with bin/java, lib/modules
 * and a release file) of a release the embedded JVM boots (17, 25: Temurin's, Debian's
 * openjdk-25 alike), each once (symbolic links resolved).
 */
export function testJdks(): TestJdk[] {
  const list = process.env.KOMORIUM_TEST_JDKS;
  const homes = list ? list.split(delimiter).filter((h) => h !== '') : [javaHome()];
  if (!list) {
    try {
      for (const n of readdirSync('/usr/lib/jvm').sort()) {
        const h = join('/usr/lib/jvm', n);
        if (isJdk(h) && CORPUS_FEATURES.includes(featureOf(h))) homes.push(h);
      }
    } catch {
      // no /usr/lib/jvm
    }
  }
  const seen = new Set<string>();
  const out: TestJdk[] = [];
  for (const h of homes) {
    const real = realpathSync(h);
    if (seen.has(real)) continue;
    seen.add(real);
    out.push({ home: h, feature: featureOf(h) });
  }
  return out;
}

export function tempDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `komorium-${tag}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** All .java files under `dir`. */
export function javaFiles(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...javaFiles(p));
    else if (n.endsWith('.java')) out.push(p);
  }
  return out.sort();
}

/** Compiles every .java file under `srcDir` into a fresh temp dir and returns it. */
export function compileJava(srcDir: string, extraArgs: string[] = []): string {
  const out = tempDir('javac');
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-d', out, ...extraArgs, ...javaFiles(srcDir)], { stdio: 'pipe' });
  return out;
}

/** Runs `komorium ...` from the TypeScript sources. */
export function runCli(args: string[], opts: { input?: string; cwd?: string; env?: Record<string, string> } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), ...args], {
    encoding: 'utf8',
    cwd: opts.cwd ?? REPO,
    input: opts.input,
    env: { ...process.env, KOMORIUM_FROM_SOURCE: '1', ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Runs `java` from the JDK. */
export function runJava(args: string[], opts: { input?: string; cwd?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(join(javaHome(), 'bin', 'java'), args, { encoding: 'utf8', cwd: opts.cwd, input: opts.input, maxBuffer: 64 * 1024 * 1024 });
}

export { execFileSync };
