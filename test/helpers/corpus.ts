// The Java test corpus (test/programs/<name>/): listing, compiling (javac -g, cached by source
// hash under os.tmpdir(), all stale programs compiled in ONE JVM through javax.tools), running
// on HotSpot (stdout, stderr, exit code; stdin from input.txt, arguments from args.txt), and
// transforming with the library (server/src/transform/driver.ts) for the equivalence tests.
//
// A program directory holds .java files (any depth) and optionally:
//   input.txt  fed to standard input          args.txt  program arguments, one per line
//   main.txt   main class (default `Main`)    jvm.txt   extra JVM options, one per line
//   javac.txt  extra javac options, one per line (e.g. `--release 7` for old class versions)
// Both runs of a comparison get the same arguments, input and JVM options.

import { hotspotVmArgs } from '../../server/src/engine/hotspot';
import { findJavaHome } from '../../server/src/classpath/index';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, sep } from 'node:path';
import { buildRuntime } from '../../server/src/runtime/build';
import { RUNTIME_PROPERTIES, stackSizeArgs } from '../../server/src/runtime/contract';
import { transformClassPath, type TransformResult } from '../../server/src/transform/driver';
import { javaHome, REPO } from './java';

export const PROGRAMS_DIR = join(REPO, 'test', 'programs');

export interface CorpusProgram {
  /** Directory name under test/programs. */
  name: string;
  dir: string;
  /** Absolute paths of the .java files, sorted. */
  sources: string[];
  mainClass: string;
  args: string[];
  /** Contents of input.txt (undefined: empty stdin). */
  input?: string;
  jvmArgs: string[];
  /** Extra javac options (javac.txt). */
  javacArgs: string[];
}

export interface RunResult {
  stdout: string;
  stderr: string;
  /** Exit code; null if killed (see signal / timedOut). */
  status: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ms: number;
}

export interface RunOptions {
  /** JVM options before the class path (after the program's own jvm.txt options). */
  jvmArgs?: string[];
  timeoutMs?: number;
  cwd?: string;
  /** The JDK whose `java` runs the program; default javaHome(). */
  jdk?: string;
}

function lines(path: string): string[] {
  const text = readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
  const out = text.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

function javaSources(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...javaSources(p));
    else if (n.endsWith('.java')) out.push(p);
  }
  return out.sort();
}

/** Reads one program directory. */
export function readProgram(dir: string, name = dir.split(sep).pop() ?? dir): CorpusProgram {
  const sources = javaSources(dir);
  if (sources.length === 0) throw new Error(`corpus program ${name}: no .java files in ${dir}`);
  const opt = (f: string): string | undefined => (existsSync(join(dir, f)) ? join(dir, f) : undefined);
  const main = opt('main.txt');
  const args = opt('args.txt');
  const input = opt('input.txt');
  const jvm = opt('jvm.txt');
  const javac = opt('javac.txt');
  return {
    name,
    dir,
    sources,
    mainClass: main ? readFileSync(main, 'utf8').trim() : 'Main',
    args: args ? lines(args) : [],
    ...(input ? { input: readFileSync(input, 'utf8') } : {}),
    jvmArgs: jvm ? lines(jvm).filter((l) => l.trim() !== '') : [],
    javacArgs: javac ? lines(javac).flatMap((l) => l.trim().split(/\s+/)).filter((a) => a !== '') : [],
  };
}

/** Every program under test/programs, sorted by name. */
export function listPrograms(root = PROGRAMS_DIR): CorpusProgram[] {
  return readdirSync(root)
    .filter((n) => !n.startsWith('.') && statSync(join(root, n)).isDirectory())
    .sort()
    .map((n) => readProgram(join(root, n), n));
}

/** The named programs, in the given order; throws naming any that do not exist. */
export function programsNamed(names: string[], root = PROGRAMS_DIR): CorpusProgram[] {
  const all = new Map(listPrograms(root).map((p) => [p.name, p]));
  const missing = names.filter((n) => !all.has(n));
  if (missing.length > 0) throw new Error(`no such corpus programs: ${missing.join(', ')}`);
  return names.map((n) => all.get(n)!);
}

// ---------------------------------------------------------------------------------------------
// Compilation

const JAVAC_OPTIONS = ['-g', '-encoding', 'UTF-8', '-nowarn', '-Xlint:none'];
const CACHE_ROOT = join(tmpdir(), 'komorium-corpus-v1');

/**
 * Compiles every program given on its spec line (`outDir<TAB>options<TAB>source...`, the
 * program's own options separated by U+0001) with the in-process compiler, so that one JVM start serves the whole corpus. Exit code 1 and the
 * diagnostics on stderr if any program fails.
 */
const BATCH_COMPILER = `
import java.nio.file.*;
import java.util.*;
import javax.tools.*;

public class CorpusBatchCompiler {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> options = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
        boolean ok = true;
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, Locale.ROOT, java.nio.charset.StandardCharsets.UTF_8)) {
            for (String line : Files.readAllLines(Path.of(args[0]))) {
                if (line.isEmpty()) continue;
                String[] parts = line.split("\\t");
                List<String> opts = new ArrayList<>(options);
                if (!parts[1].isEmpty()) opts.addAll(Arrays.asList(parts[1].split("\u0001")));
                opts.add("-d");
                opts.add(parts[0]);
                DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
                Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromStrings(Arrays.asList(parts).subList(2, parts.length));
                if (!javac.getTask(null, fm, diags, opts, null, units).call()) {
                    ok = false;
                    System.err.println("FAILED " + parts[0]);
                    for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics())
                        if (d.getKind() == Diagnostic.Kind.ERROR) System.err.println(d);
                }
            }
        }
        System.exit(ok ? 0 : 1);
    }
}
`;

/** Hash of a program's sources (paths relative to its directory) and the compile recipe. */
export function sourceHash(p: CorpusProgram): string {
  const h = createHash('sha256').update(`${JAVAC_OPTIONS.join(' ')}\0${p.javacArgs.join(' ')}\0${javaHome()}\0`);
  for (const s of p.sources) {
    const body = readFileSync(s);
    h.update(`${relative(p.dir, s).split(sep).join('/')}\0${body.length}\0`).update(body);
  }
  return h.digest('hex').slice(0, 24);
}

export class CorpusCompileError extends Error {
  override readonly name = 'CorpusCompileError';
}

/**
 * Compiles the programs that are not in the cache yet and returns each program's class
 * directory (by name). Safe against concurrent test processes: each compiles into private
 * directories and renames them into place.
 */
export function compilePrograms(programs: CorpusProgram[]): Map<string, string> {
  const dirs = new Map<string, string>();
  const stale: { p: CorpusProgram; target: string; work: string }[] = [];
  mkdirSync(join(CACHE_ROOT, 'classes'), { recursive: true });
  for (const p of programs) {
    const target = join(CACHE_ROOT, 'classes', `${p.name}-${sourceHash(p)}`);
    dirs.set(p.name, target);
    if (!existsSync(join(target, '.done')) && !stale.some((s) => s.target === target)) {
      stale.push({ p, target, work: `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}` });
    }
  }
  if (stale.length === 0) return dirs;
  const tools = mkdtempSync(join(tmpdir(), 'komorium-corpus-javac-'));
  try {
    const spec = join(tools, 'spec.txt');
    const src = join(tools, 'CorpusBatchCompiler.java');
    writeFileSync(src, BATCH_COMPILER);
    for (const s of stale) mkdirSync(s.work, { recursive: true });
    writeFileSync(spec, stale.map((s) => [s.work, s.p.javacArgs.join('\u0001'), ...s.p.sources].join('\t')).join('\n'));
    const r = spawnSync(join(javaHome(), 'bin', 'java'), ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', src, spec, ...JAVAC_OPTIONS], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    if (r.error) throw new CorpusCompileError(`cannot run java for the batch compiler: ${r.error.message}`);
    if (r.status !== 0) throw new CorpusCompileError(`javac failed on the corpus:\n${r.stdout}${r.stderr}`);
    for (const s of stale) {
      writeFileSync(join(s.work, '.done'), '');
      try {
        renameSync(s.work, s.target);
      } catch {
        // Another process got there first; its build is the same.
        if (!existsSync(join(s.target, '.done'))) throw new CorpusCompileError(`cannot move ${s.work} to ${s.target}`);
      }
    }
  } finally {
    for (const s of stale) rmSync(s.work, { recursive: true, force: true });
    rmSync(tools, { recursive: true, force: true });
  }
  return dirs;
}

export function compileProgram(p: CorpusProgram): string {
  return compilePrograms([p]).get(p.name)!;
}

// ---------------------------------------------------------------------------------------------
// Running

/** Runs the program's main class on HotSpot with the given class path. */
export function runProgram(p: CorpusProgram, classpath: string[], opts: RunOptions = {}): Promise<RunResult> {
  const args = [...p.jvmArgs, ...(opts.jvmArgs ?? []), '-cp', classpath.join(delimiter), p.mainClass, ...p.args];
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(join(opts.jdk ?? javaHome(), 'bin', 'java'), args, { cwd: opts.cwd ?? tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? 60_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        status,
        signal,
        timedOut,
        ms: performance.now() - t0,
      });
    });
    // A program may exit without reading its input.
    child.stdin.on('error', () => undefined);
    child.stdin.end(p.input ?? '');
  });
}

/** Maps with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Transformation

let runtimeDir: string | undefined;

/** The compiled runtime classes (built once into test/.build, reused while unchanged). */
export function runtimeClassesDir(): string {
  if (!runtimeDir) {
    const build = join(REPO, 'test', '.build');
    mkdirSync(build, { recursive: true });
    runtimeDir = buildRuntime(build).classesDir;
  }
  return runtimeDir;
}

/** Transforms a program's classes (scope `app`) into `outDir`. */
export function transformProgram(classesDir: string, outDir: string, maxPath?: number): TransformResult {
  return transformClassPath({ classpath: [classesDir], outDir, ...(maxPath === undefined ? {} : { maxPath }) });
}

export interface Comparison {
  program: CorpusProgram;
  original: RunResult;
  transformed: RunResult;
  transform: TransformResult;
  /** The profile file's text, or undefined if none was written. */
  profile?: string;
  /** Human-readable differences (empty: identical behaviour and a profile written). */
  problems: string[];
}

/** First differing line of two texts, as "line N: expected ... / actual ...". */
export function firstDifference(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: expected ${JSON.stringify(a[i] ?? '<end>')}, got ${JSON.stringify(b[i] ?? '<end>')}`;
  }
  return 'texts differ';
}

/**
 * Runs the original program, transforms it, runs the transformed program with
 * `-Xverify:all` and the runtime on the class path, and lists every difference in stdout,
 * stderr and exit code, transformation failures, and a missing or malformed profile.
 */
export async function compareTransformed(p: CorpusProgram, classesDir: string, opts: { maxPath?: number; timeoutMs?: number } = {}): Promise<Comparison> {
  const work = mkdtempSync(join(tmpdir(), `komorium-corpus-${p.name}-`));
  try {
    const outDir = join(work, 'out');
    const transform = transformProgram(classesDir, outDir, opts.maxPath);
    const profilePath = join(work, 'profile.json');
    const runOpts = opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs };
    const [original, transformed] = await Promise.all([
      runProgram(p, [classesDir], runOpts),
      runProgram(p, [outDir, runtimeClassesDir()], { ...runOpts, jvmArgs: ['-Xverify:all', ...hotspotVmArgs(findJavaHome()), ...stackSizeArgs([]), `-D${RUNTIME_PROPERTIES.out}=${profilePath}`] }),
    ]);
    const problems: string[] = [];
    for (const f of transform.failed) problems.push(`transform failed on ${f.name}: ${f.error}`);
    if (original.timedOut) problems.push('original run timed out');
    if (transformed.timedOut) problems.push('transformed run timed out');
    if (original.status !== transformed.status) problems.push(`exit code: expected ${original.status}, got ${transformed.status}`);
    const out = firstDifference(original.stdout, transformed.stdout);
    if (out) problems.push(`stdout ${out}`);
    const err = firstDifference(original.stderr, transformed.stderr);
    if (err) problems.push(`stderr ${err}`);
    let profile: string | undefined;
    if (existsSync(profilePath)) {
      profile = readFileSync(profilePath, 'utf8');
      try {
        const json = JSON.parse(profile) as { format?: unknown };
        if (json.format !== 'komorium-profile') problems.push(`profile format is ${JSON.stringify(json.format)}`);
      } catch (e) {
        problems.push(`profile is not JSON: ${(e as Error).message}`);
      }
    } else {
      problems.push('no profile written');
    }
    return { program: p, original, transformed, transform, ...(profile === undefined ? {} : { profile }), problems };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A multi-line report of a comparison's problems (with both stderr tails for context). */
export function describeComparison(c: Comparison): string {
  if (c.problems.length === 0) return `${c.program.name}: identical`;
  const tail = (s: string): string => s.split('\n').slice(-12).join('\n');
  return [
    `${c.program.name}:`,
    ...c.problems.map((x) => `  - ${x}`),
    `  original stderr (tail):\n${tail(c.original.stderr)}`,
    `  transformed stderr (tail):\n${tail(c.transformed.stderr)}`,
  ].join('\n');
}
