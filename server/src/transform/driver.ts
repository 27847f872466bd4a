// Transforms a whole user class path into a directory (docs/TRANSFORM.md): every class of the
// class path's directories and jars (first one wins, as for the JVM), resources copied as they
// are (streamed, never held in memory) unless the caller runs with the original entries behind
// the output directory; or each class is handed to a callback (the HotSpot engine,
// hotspot-classes.ts). Transformed classes are cached on disk (cache-store.ts: written
// atomically, validated on read), and so is each jar's scan, by the jar's content hash
// (scan.ts): a jar already seen is not read entry by entry again.
//
// The cache key of a class covers everything its transformation depends on: its bytes, the name
// its path gives it (which decides whether it is a program class: `misnamed/Foo.class` holding
// `Hello` must not share an entry with the real `Hello.class`), the options, the transformer
// version, the JDK, and the *world*: every program class's path name with its shape (names,
// supertypes, method signatures and flags), which decide at every call site whether the target
// has an extended version, and which interfaces get extended methods. Editing a method body
// therefore re-transforms only that class.

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { transformClass, type ClassReport, type MethodReport } from './clazz';
import { Hierarchy, type ClassInfo } from './hierarchy';
import { allScope, appScope, type Scope } from './scope';
import { interfacePolicy } from './interfaces';
import { readCacheEntry, writeCacheEntry, writeFileAtomic } from './cache-store';
import { unverifiedClasses } from './verify-originals';
import { scanEntry, type ScannedClass, type ScannedResource, type ScanStats } from './scan';

/** Bump when the generated code changes, to invalidate caches. */
export const TRANSFORMER_VERSION = 'komorium-transform-33-load-sites';

/** A class of the user class path and what the transformation made of it. */
export interface TransformedClass {
  /** Internal name as listed on the class path (`a/b/C`). */
  name: string;
  original: Uint8Array;
  /** The transformed bytes; the original ones when the class could not be transformed. */
  output: Uint8Array;
}

export interface TransformClassPathOptions {
  classpath: string[];
  /** Where to write the transformed classes and the resources (none when undefined). */
  outDir?: string;
  /** Called for every class of the class path (first one wins) with its output (the HotSpot engine, hotspot-classes.ts). */
  onClass?: (c: TransformedClass) => void;
  /** `app`: the class path's classes (default); `all`: the JDK too (for the embedded engine). */
  scope?: 'app' | 'all';
  /**
   * Scope `all` on HotSpot with a copy of the JDK that instruments only these modules
   * (KOMORIUM_JDK_MODULES, jdk-image.ts): the other modules' methods have no extended version,
   * so calls to them stay calls of the original (undefined: every module is instrumented).
   */
  jdkModules?: readonly string[];
  maxPath?: number;
  /** Source-line attribution (default true). */
  lineNumbers?: boolean;
  /** The JDK (undefined: found as usual; null: none). */
  jdk?: JdkInfo | null;
  /** Directory for cached transformed classes and jar scans; none when undefined. */
  cacheDir?: string;
  /**
   * Copy the resources into outDir (default true). A run passes false and puts the original
   * entries (`TransformResult.entries`) after outDir on its class path instead.
   */
  copyResources?: boolean;
  /**
   * Runs only (with a cacheDir): the classes of a jar go to a directory in the cache shared by
   * every run with the same jar and world (`TransformResult.classDirs`), not into outDir.
   */
  shareJarOutputs?: boolean;
}

export interface Fallback {
  className: string;
  method: string;
  descriptor: string;
  outcome: MethodReport['outcome'];
  reason: string;
}

export interface TransformResult {
  /** Class files found on the user class path. */
  classes: number;
  transformed: number;
  /** Taken from the cache. */
  reused: number;
  /** Resources (non-class files) copied. */
  resources: number;
  /** Classes that could not be read or transformed: copied unchanged (when they could be read). */
  failed: { name: string; error: string }[];
  fallbacks: Fallback[];
  reports: ClassReport[];
  /** Where the transformed classes are: outDir, then shared jar outputs (`shareJarOutputs`). */
  classDirs: string[];
  /** The class path entries (absolute directories and jars, in order) that exist. */
  entries: string[];
  /** Class files and jar entries read (none for a jar already scanned whose classes are all cached). */
  entriesRead: number;
  /** Jars whose scan came from the cache (their content hash was seen before). */
  jarsReused: number;
  ms: number;
}

function shapeOf(info: ClassInfo): string {
  const methods = [...info.methods.values()].map((m) => `${m.name}${m.descriptor}/${m.access}/${m.callerSensitive ? 1 : 0}`).sort();
  return `${info.name}<${info.superName ?? ''}<${info.interfaces.join(',')}/${info.access}/${info.majorVersion}{${methods.join(';')}}`;
}

function addReport(result: TransformResult, report: ClassReport): void {
  result.reports.push(report);
  for (const m of report.methods) {
    if (m.reason && m.outcome !== 'unchanged') result.fallbacks.push({ className: report.className, method: m.name, descriptor: m.descriptor, outcome: m.outcome, reason: m.reason });
  }
}

/** Everything a class's transformation depends on besides itself (see the header). */
function worldKey(o: TransformClassPathOptions, jdk: JdkInfo | undefined, classes: ReadonlyMap<string, ScannedClass>): string {
  const lines: string[] = [];
  for (const [name, c] of classes) lines.push(`${name}=${c.info ? shapeOf(c.info) : '!'}`);
  return createHash('sha256')
    .update(`${TRANSFORMER_VERSION}\0${o.scope ?? 'app'}\0${o.maxPath ?? 50}\0${o.lineNumbers ?? true}\0${jdk?.home ?? ''}\0${jdk?.version ?? ''}\0`)
    .update(o.scope === 'all' && o.jdkModules ? `modules=${[...o.jdkModules].sort().join(',')}\0` : '')
    .update(lines.sort().join('\n'))
    .digest('hex');
}

/** A cached transformation, if valid for this class (the entry's own checks are in cache-store.ts). */
function cachedOutput(cacheDir: string, key: string, c: ScannedClass): { data: Uint8Array; report: ClassReport } | undefined {
  const e = readCacheEntry(cacheDir, key);
  if (e === undefined) return undefined;
  try {
    const report = JSON.parse(e.meta) as ClassReport;
    if (report.className !== c.info?.name || !Array.isArray(report.methods)) return undefined;
    return { data: e.data, report };
  } catch {
    return undefined;
  }
}

/** `outDir`'s path inside class-path directory `entry` with a trailing '/', or undefined when it is not inside. */
function outputPrefix(entry: string, outDir: string | undefined): string | undefined {
  if (outDir === undefined) return undefined;
  const rel = relative(resolve(entry), resolve(outDir));
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return `${rel.split(sep).join('/')}/`;
}

export function transformClassPath(o: TransformClassPathOptions): TransformResult {
  const t0 = performance.now();
  const cp = ClassPath.from(o.classpath, o.jdk === undefined ? {} : { jdk: o.jdk });
  try {
    if (o.outDir !== undefined) mkdirSync(o.outDir, { recursive: true });
    const stats: ScanStats = { entriesRead: 0, jarsReused: 0 };
    const scanDir = o.cacheDir === undefined ? undefined : join(o.cacheDir, 'jars');
    // Collect the user class path, first entry wins.
    const classes = new Map<string, ScannedClass>();
    const resources = new Map<string, ScannedResource>();
    /** Per entry: its content key (jars scanned with a cache) and the classes it supplies. */
    const supplied: { contentKey: string | undefined; names: string[] }[] = [];
    for (const entry of cp.entries) {
      const scan = scanEntry(entry, scanDir, cp.jdk?.feature, stats);
      const names: string[] = [];
      // An output directory inside a class-path directory (`transform -cp . -d out`, run
      // again) is not input: its classes are an earlier run's output.
      const skip = outputPrefix(entry.path, o.outDir);
      for (const c of scan.classes) {
        if (skip !== undefined && c.name.startsWith(skip)) continue;
        if (classes.has(c.name)) continue;
        classes.set(c.name, c);
        names.push(c.name);
      }
      supplied.push({ contentKey: scan.contentKey, names });
      for (const r of scan.resources) {
        if (skip !== undefined && r.path.startsWith(skip)) continue;
        // Signature files would not match transformed classes.
        if (!resources.has(r.path) && !/^META-INF\/[^/]*\.(SF|RSA|DSA|EC)$/i.test(r.path)) resources.set(r.path, r);
      }
    }
    // Classes that fail verification stay as they are, and are no program classes (see
    // verify-originals.ts); the world key covers them.
    const readable = [...classes.values()].filter((c) => c.info !== null);
    const world0 = worldKey(o, cp.jdk, classes);
    const unverified = unverifiedClasses(readable, (n) => cp.findBoot(n)?.bytes, world0, o.cacheDir === undefined ? undefined : join(o.cacheDir, 'verify'));
    const jdkModules = o.jdkModules === undefined ? undefined : new Set(o.jdkModules);
    const instrumentedModule = (n: string): boolean => {
      if (jdkModules === undefined || classes.has(n)) return true;
      const m = cp.bootModule(n);
      return m === undefined || jdkModules.has(m);
    };
    const scope: Scope = o.scope === 'all' ? (n) => allScope(n) && !unverified.has(n) && instrumentedModule(n) : appScope((n) => classes.has(n) && !unverified.has(n));
    const hierarchy = new Hierarchy((n) => (cp.findBoot(n) ?? cp.findUser(n))?.bytes);
    const result: TransformResult = {
      classes: classes.size,
      transformed: 0,
      reused: 0,
      resources: 0,
      failed: [],
      fallbacks: [],
      reports: [],
      entries: cp.entries.map((e) => e.path),
      classDirs: o.outDir === undefined ? [] : [o.outDir],
      entriesRead: 0,
      jarsReused: 0,
      ms: 0,
    };

    // The shapes feed the hierarchy and the cache key.
    const programInfos: ClassInfo[] = [];
    for (const c of classes.values()) {
      if (c.info === null) continue;
      hierarchy.add(c.info);
      if (!unverified.has(c.name)) programInfos.push(c.info);
    }
    // Interface methods are extended for the program's own interfaces only (interfaces.ts).
    const interfaces = interfacePolicy(programInfos);
    const world = unverified.size === 0 ? world0 : createHash('sha256').update(`${world0}\0unverified\0${[...unverified.keys()].sort().join('\n')}`).digest('hex');
    const classDir = o.cacheDir === undefined ? undefined : join(o.cacheDir, 'classes');
    const made = new Set<string>();
    const write = (path: string, data: Uint8Array, atomic: boolean): void => {
      const d = dirname(path);
      if (!made.has(d)) {
        mkdirSync(d, { recursive: true });
        made.add(d);
      }
      if (atomic) writeFileAtomic(path, data);
      else writeFileSync(path, data);
    };

    /** Transforms (or takes from the cache) the classes `names` into directory `dir`. */
    const transformInto = (names: readonly string[], dir: string | undefined, atomic: boolean): void => {
      for (const name of names) {
        const c = classes.get(name)!;
        const outPath = dir === undefined ? '' : join(dir, `${name}.class`);
        const emit = (data: Uint8Array): void => {
          if (dir !== undefined) write(outPath, data, atomic);
          if (o.onClass !== undefined) o.onClass({ name, original: c.sha === '' ? data : c.bytes(), output: data });
        };
        if (c.info === null) {
          result.failed.push({ name: c.source, error: c.error ?? 'unreadable' });
          if (c.sha !== '') emit(c.bytes());
          continue;
        }
        const verifyError = unverified.get(name);
        if (verifyError !== undefined) {
          // Left for java to reject (the transformer would recompute its frames).
          result.failed.push({ name: c.source, error: verifyError });
          emit(c.bytes());
          continue;
        }
        const key = createHash('sha256').update(`${world}\0${name}\0${c.sha}`).digest('hex');
        const hit = classDir === undefined ? undefined : cachedOutput(classDir, key, c);
        if (hit !== undefined) {
          emit(hit.data);
          addReport(result, hit.report);
          result.reused++;
          continue;
        }
        let bytes: Uint8Array | undefined;
        try {
          bytes = c.bytes();
          const cf = c.cf ?? readClass(bytes, c.source);
          const { cf: out, report } = transformClass(cf, { scope, hierarchy, maxPath: o.maxPath, lineNumbers: o.lineNumbers, interfaces, loadSites: o.scope === 'all' }, c.source);
          const data = writeClass(out);
          emit(data);
          if (classDir !== undefined) writeCacheEntry(classDir, key, data, JSON.stringify(report));
          addReport(result, report);
          if (report.instrumented) result.transformed++;
        } catch (e) {
          const err = e as Error;
          result.failed.push({ name: c.source, error: `${err.name}: ${err.message}` });
          if (bytes !== undefined) emit(bytes);
        }
      }
    };

    const jarOutDir = o.shareJarOutputs === true && o.cacheDir !== undefined ? join(o.cacheDir, 'jar-out') : undefined;
    for (const { contentKey, names } of supplied) {
      if (jarOutDir === undefined || o.outDir === undefined || contentKey === undefined || names.length === 0) {
        transformInto(names, o.outDir, true);
        continue;
      }
      const key = createHash('sha256').update(`${world}\0${contentKey}\0${names.join('\n')}`).digest('hex');
      result.classDirs.push(sharedJarOutput(jarOutDir, key, names.length, result, (dir) => transformInto(names, dir, false)));
    }
    if (o.outDir !== undefined && (o.copyResources ?? true)) {
      for (const [path, r] of resources) {
        copyResource(r, join(o.outDir, path));
        result.resources++;
      }
    }
    result.entriesRead = stats.entriesRead;
    result.jarsReused = stats.jarsReused;
    result.ms = performance.now() - t0;
    return result;
  } finally {
    cp.close();
  }
}

interface JarOutputMeta {
  count: number;
  reports: ClassReport[];
  failed: TransformResult['failed'];
}

/**
 * The shared output directory of one jar's classes for key `key` (world, jar content, the
 * classes it supplies): taken as it is when its validated marker entry exists, else built by
 * `build` into a private directory that is renamed into place (directories are never changed
 * once there, so a running JVM may keep using one).
 */
function sharedJarOutput(root: string, key: string, count: number, result: TransformResult, build: (dir: string) => void): string {
  const dir = join(root, key.slice(0, 2), `${key}.d`);
  const marker = readCacheEntry(root, key);
  if (marker !== undefined && existsSync(dir)) {
    try {
      const m = JSON.parse(marker.meta) as JarOutputMeta;
      if (m.count === count && Array.isArray(m.reports) && Array.isArray(m.failed)) {
        for (const r of m.reports) addReport(result, r);
        result.failed.push(...m.failed);
        result.reused += count - m.failed.length;
        return dir;
      }
    } catch {
      // not valid: rebuilt below
    }
  }
  const reports0 = result.reports.length;
  const failed0 = result.failed.length;
  const tmp = `${dir}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    build(tmp);
    mkdirSync(tmp, { recursive: true });
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    // The directory is there already (put in place by another process, or before its marker
    // was written): a directory only ever appears whole, by a rename, so it is used.
    if (!existsSync(dir)) throw e;
  }
  const meta: JarOutputMeta = { count, reports: result.reports.slice(reports0), failed: result.failed.slice(failed0) };
  writeCacheEntry(root, key, new Uint8Array(0), JSON.stringify(meta));
  return dir;
}

/** Copies a resource through a temporary file and a rename (a reader never sees a part of it). */
function copyResource(r: ScannedResource, dst: string): void {
  mkdirSync(dirname(dst), { recursive: true });
  const tmp = `${dst}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    r.copyTo(tmp);
    renameSync(tmp, dst);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
