// Transforms a whole user class path into a directory (docs/TRANSFORM.md): every class of the
// class path's directories and jars (first one wins, as for the JVM), resources copied as they
// are (streamed, never held in memory) unless the caller runs with the original entries behind
// the output directory. Transformed classes are cached on disk (cache-store.ts: written
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
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { transformClass, type ClassReport, type MethodReport } from './clazz';
import { Hierarchy, type ClassInfo } from './hierarchy';
import { allScope, appScope, type Scope } from './scope';
import { interfacePolicy } from './interfaces';
import { readCacheEntry, writeCacheEntry, writeFileAtomic } from './cache-store';
import { scanEntry, type ScannedClass, type ScannedResource, type ScanStats } from './scan';

/** Bump when the generated code changes, to invalidate caches. */
export const TRANSFORMER_VERSION = 'komorium-transform-16';

export interface TransformClassPathOptions {
  classpath: string[];
  outDir: string;
  /** `app`: the class path's classes (default); `all`: the JDK too (for the embedded engine). */
  scope?: 'app' | 'all';
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

export function transformClassPath(o: TransformClassPathOptions): TransformResult {
  const t0 = performance.now();
  const cp = ClassPath.from(o.classpath, o.jdk === undefined ? {} : { jdk: o.jdk });
  try {
    const stats: ScanStats = { entriesRead: 0, jarsReused: 0 };
    const scanDir = o.cacheDir === undefined ? undefined : join(o.cacheDir, 'jars');
    // Collect the user class path, first entry wins.
    const classes = new Map<string, ScannedClass>();
    const resources = new Map<string, ScannedResource>();
    for (const entry of cp.entries) {
      const scan = scanEntry(entry, scanDir, cp.jdk?.feature, stats);
      for (const c of scan.classes) if (!classes.has(c.name)) classes.set(c.name, c);
      for (const r of scan.resources) {
        // Signature files would not match transformed classes.
        if (!resources.has(r.path) && !/^META-INF\/[^/]*\.(SF|RSA|DSA|EC)$/i.test(r.path)) resources.set(r.path, r);
      }
    }
    const scope: Scope = o.scope === 'all' ? allScope : appScope((n) => classes.has(n));
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
      entriesRead: 0,
      jarsReused: 0,
      ms: 0,
    };

    // The shapes feed the hierarchy and the cache key.
    const programInfos: ClassInfo[] = [];
    for (const c of classes.values()) {
      if (c.info === null) continue;
      hierarchy.add(c.info);
      programInfos.push(c.info);
    }
    // Interface methods are extended for the program's own interfaces only (interfaces.ts).
    const interfaces = interfacePolicy(programInfos);
    const world = worldKey(o, cp.jdk, classes);
    const classDir = o.cacheDir === undefined ? undefined : join(o.cacheDir, 'classes');

    for (const [name, c] of classes) {
      const outPath = join(o.outDir, `${name}.class`);
      if (c.info === null) {
        result.failed.push({ name: c.source, error: c.error ?? 'unreadable' });
        if (c.sha !== '') writeFileAtomic(outPath, c.bytes());
        continue;
      }
      const key = createHash('sha256').update(`${world}\0${name}\0${c.sha}`).digest('hex');
      const hit = classDir === undefined ? undefined : cachedOutput(classDir, key, c);
      if (hit !== undefined) {
        writeFileAtomic(outPath, hit.data);
        addReport(result, hit.report);
        result.reused++;
        continue;
      }
      let bytes: Uint8Array | undefined;
      try {
        bytes = c.bytes();
        const cf = c.cf ?? readClass(bytes, c.source);
        const { cf: out, report } = transformClass(cf, { scope, hierarchy, maxPath: o.maxPath, lineNumbers: o.lineNumbers, interfaces }, c.source);
        const data = writeClass(out);
        writeFileAtomic(outPath, data);
        if (classDir !== undefined) writeCacheEntry(classDir, key, data, JSON.stringify(report));
        addReport(result, report);
        if (report.instrumented) result.transformed++;
      } catch (e) {
        const err = e as Error;
        result.failed.push({ name: c.source, error: `${err.name}: ${err.message}` });
        if (bytes !== undefined) writeFileAtomic(outPath, bytes);
      }
    }
    if (o.copyResources ?? true) {
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
