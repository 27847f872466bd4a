// Fixtures for the class-file tests and the fuzzer: real class files from the machine's JDK
// (extracted with the `jimage` tool) and from the Java test programs under test/java/classfile
// (compiled with `javac` into a temp dir, once per test run), plus small helpers.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, sep } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..');
export const JAVA_SOURCES = join(REPO, 'test', 'java', 'classfile');

export interface ClassBytes {
  /** A readable name: the path relative to the extraction/compilation root. */
  name: string;
  bytes: Uint8Array;
}

/** Finds an executable on PATH. */
function which(cmd: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      // not here
    }
  }
  throw new Error(`${cmd} not found on PATH`);
}

/** The JDK that `javac` on PATH belongs to: readlink -f $(which javac) minus /bin/javac. */
export function javaHome(): string {
  return dirname(dirname(realpathSync(which('javac'))));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A directory built once per test run and shared by the test files of that run (each runs in
 * its own process, all children of the runner, so the runner's pid identifies the run):
 * <tmp>/komorium-<tag>-<runner pid>-<key hash>. Directories of finished runs are removed.
 */
function sharedDir(tag: string, key: string, build: (dir: string) => void): string {
  const base = tmpdir();
  const prefix = `komorium-${tag}-`;
  for (const n of readdirSync(base)) {
    const pid = n.startsWith(prefix) ? Number(n.slice(prefix.length).split('-')[0]) : NaN;
    if (Number.isInteger(pid) && pid !== process.ppid && !alive(pid)) rmSync(join(base, n), { recursive: true, force: true });
  }
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  const dir = join(base, `${prefix}${process.ppid}-${hash}`);
  if (existsSync(join(dir, '.done'))) return dir;
  const work = mkdtempSync(join(base, `komorium-build-${tag}-`));
  try {
    build(work);
    writeFileSync(join(work, '.done'), '');
    renameSync(work, dir);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    // Another process of this run may have finished first.
    if (!existsSync(join(dir, '.done'))) throw e;
  }
  return dir;
}

/** All `.class` files under `dir`, sorted by name. */
export function loadClassDir(dir: string): ClassBytes[] {
  const out: ClassBytes[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.class')) out.push({ name: relative(dir, p).split(sep).join('/'), bytes: readFileSync(p) });
    }
  };
  walk(dir);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Extracts the classes of the JDK's lib/modules matching `regex` (a path like
 * /java.base/java/lang/Object.class) with the jimage tool. Defaults to the java.base classes of
 * java/lang and java/util (about 700) plus every module's module-info.
 */
export function extractJdkClasses(
  regex = '/(java\\.base/java/(lang|util)/[^/]*|[^/]+/module-info)\\.class',
  home = javaHome(),
): ClassBytes[] {
  const key = `${home}\0${regex}`;
  const cached = extracted.get(key);
  if (cached) return cached;
  const dir = sharedDir('jdk', key, (d) => {
    execFileSync(join(home, 'bin', 'jimage'), [...FAST_JVM, 'extract', '--dir', d, '--include', `regex:${regex}`, join(home, 'lib', 'modules')], {
      stdio: 'pipe',
    });
  });
  const classes = loadClassDir(dir);
  extracted.set(key, classes);
  return classes;
}

const extracted = new Map<string, ClassBytes[]>();

/** JVM options that make short tool runs (javac, javap, jimage) start faster. */
export const FAST_JVM = ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC'];

let compiled: ClassBytes[] | undefined;

/**
 * Compiles the Java test programs (one module, with -parameters, -g and a module version) and
 * returns their class files. Compiled once per process.
 */
export function compileTestPrograms(): ClassBytes[] {
  if (compiled) return compiled;
  const sources: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.java')) sources.push(p);
    }
  };
  walk(JAVA_SOURCES);
  sources.sort();
  const key = sources.map((f) => `${f}\0${readFileSync(f, 'utf8')}`).join('\0');
  const dir = sharedDir('cfjava', key, (d) => {
    execFileSync('javac', [...FAST_JVM, '-d', d, '-parameters', '-g', '--module-version', '1.2.3', ...sources], { stdio: 'pipe' });
  });
  compiled = loadClassDir(dir);
  return compiled;
}

/** The compiled test class `name` (e.g. 'cf/Control.class'). */
export function testClass(name: string): Uint8Array {
  const c = compileTestPrograms().find((x) => x.name === name);
  if (!c) throw new Error(`test class ${name} was not compiled`);
  return c.bytes;
}

/** Byte-equality with the first differing offset, for assertion messages. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}
