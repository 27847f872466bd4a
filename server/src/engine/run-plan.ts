// The CLI's warm start (docs/BENCHMARKS.md part E): a HotSpot run with the instrumented JDK
// (`--instrument all`) leaves a plan in the cache, <cache>/run-plans/<key>/plan.json: the
// `java` to run and the engine's JVM options, with the run's file of transformed classes kept
// beside it. Its key is everything the preparation reads from the command line and the
// environment; the plan lists the size and mtime of every file the preparation read (the class
// path's class files and jars, recursively; the JDK's image and release; the instrumented copy;
// the runtime's sources;
// the CLI bundle itself). The next run with the same key whose files all have the same stamps
// starts `java` straight from the plan (cli/run-fast.ts), without loading the transformer or
// opening the JDK image. Stamps are taken before the preparation: a file changed during it
// makes the next run's check fail, never reuse the old result.
//
// Small on purpose (no node:crypto either): the warm path's bundle (dist/run-fast.mjs) is built
// from this module; run-plan-write.ts saves plans.

import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const PLAN_VERSION = 'run-plan-2';
/** A class path larger than this (files and folders) gets no plan: stamping it would cost what it saves. */
const MAX_ENTRIES = 20_000;
/** Environment variables the preparation reads (the JDK's lookup, the cache, KOMORIUM_*). */
const ENV = ['JAVA_HOME', 'PATH', 'HOME', 'XDG_CACHE_HOME'];

/** What a run asks for: the plan's key (cli/run-fast.ts and cli/commands/run.ts compute it alike). */
export interface PlanRequest {
  cwd: string;
  /** Class path entries, absolute. */
  classpath: string[];
  jdk?: string;
  maxPath?: number;
  /** `--instrument` as given (undefined: the default). */
  instrument?: string;
  /**
   * The folder of the running bundles (dist/, absolute): a plan is used only by the build that
   * wrote it. Two checkouts or versions of Komorium share the cache, and each plan's stamps are
   * of its own writer's bundle and runtime, which another build would find unchanged.
   */
  tool: string;
}

/** One stamp: a path and its size and mtime ('-' when missing), or a folder's listing. */
export type Stamp = [path: string, size: number | '-' | 'dir', mtimeMs: number];

export interface RunPlan {
  version: string;
  key: string;
  /** The instrumented JDK's `java`. */
  java: string;
  /** The engine's JVM options (the file of transformed classes in the plan's folder). */
  engineArgs: string[];
  /** The files and folders (trees, sources) the preparation read, and their stamps (takeStamps). */
  files: string[];
  trees: string[];
  sources: string[];
  stamps: Stamp[];
}

/** The key of a run's plan (a string): its request, the environment the preparation reads, and the plan format. */
export function planKey(r: PlanRequest, env: NodeJS.ProcessEnv = process.env): string {
  const envParts = Object.keys(env)
    .filter((k) => ENV.includes(k) || k.startsWith('KOMORIUM_'))
    .filter((k) => k !== 'KOMORIUM_TRACE_RUN' && k !== 'KOMORIUM_DEBUG')
    .sort()
    .map((k) => `${k}=${env[k]}`);
  return [PLAN_VERSION, r.tool, r.cwd, r.classpath.join('\0'), r.jdk ?? '', String(r.maxPath ?? ''), r.instrument ?? '', ...envParts].join('\n');
}

/** The plan's folder name for a key: two 32-bit hashes of it (plan.json holds the whole key). */
export function keyHash(key: string): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = (Math.imul(h2, 31) + c) | 0;
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

export function planDir(cache: string, key: string): string {
  return join(cache, 'run-plans', keyHash(key));
}

function statOrUndefined(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/** What the class path's preparation reads in a folder: class files, and jars (`dir/*`). */
const CLASS_PATH_FILE = /\.(class|jar)$/i;

/**
 * Stamps of `files` (each path's size and mtime), `trees` (the class path's folders: their class
 * files and jars, recursively, in name order, and their subfolders by name: a folder's mtime
 * changes when the profile is written into it) and `sources` (every file and folder). undefined
 * when a tree has more than MAX_ENTRIES entries.
 */
export function takeStamps(files: string[], trees: string[], sources: string[] = []): Stamp[] | undefined {
  const out: Stamp[] = [];
  const one = (p: string, st: Stats | undefined): void => {
    out.push(st === undefined ? [p, '-', 0] : [p, st.isDirectory() ? 'dir' : st.size, st.mtimeMs]);
  };
  for (const f of files) one(f, statOrUndefined(f));
  let seen = 0;
  const walk = (d: string, all: boolean): boolean => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    } catch {
      return true;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return false;
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (all) one(p, statOrUndefined(p));
        else out.push([p, 'dir', 0]);
        if (!walk(p, all)) return false;
      } else if (all || CLASS_PATH_FILE.test(e.name)) {
        one(p, statOrUndefined(p));
      }
    }
    return true;
  };
  for (const t of trees) {
    out.push([t, statOrUndefined(t)?.isDirectory() ? 'dir' : '-', 0]);
    if (!walk(t, false)) return undefined;
  }
  for (const t of sources) {
    one(t, statOrUndefined(t));
    if (!walk(t, true)) return undefined;
  }
  return out;
}

/** The class path's stamps: jars (and other files) by themselves, folders as trees (`dir/*`: dir). */
export function classPathStamps(classpath: string[]): { files: string[]; trees: string[] } {
  const files: string[] = [];
  const trees: string[] = [];
  for (const e of classpath) {
    const p = basename(e) === '*' ? dirname(e) : e;
    if (statOrUndefined(p)?.isDirectory()) trees.push(p);
    else files.push(p);
  }
  return { files, trees };
}

/** The plan for `key`, when there is one and every file it lists has its recorded stamp. */
export function readPlan(cache: string, key: string): RunPlan | undefined {
  let plan: RunPlan;
  try {
    plan = JSON.parse(readFileSync(join(planDir(cache, key), 'plan.json'), 'utf8')) as RunPlan;
  } catch {
    return undefined;
  }
  if (plan.version !== PLAN_VERSION || plan.key !== key || !Array.isArray(plan.stamps) || !Array.isArray(plan.files) || !Array.isArray(plan.trees) || !Array.isArray(plan.sources) || !Array.isArray(plan.engineArgs) || typeof plan.java !== 'string') return undefined;
  return stampsCurrent(plan) ? plan : undefined;
}

/** True when the plan's files and trees have the stamps recorded (the trees the same entries). */
export function stampsCurrent(plan: Pick<RunPlan, 'files' | 'trees' | 'sources' | 'stamps'>): boolean {
  const now = takeStamps(plan.files, plan.trees, plan.sources);
  return now !== undefined && JSON.stringify(now) === JSON.stringify(plan.stamps);
}
