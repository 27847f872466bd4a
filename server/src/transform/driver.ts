// Transforms a whole user class path into a directory (docs/TRANSFORM.md): every class of the
// class path's directories and jars (first one wins, as for the JVM), resources copied as they
// are. Transformed classes are cached on disk by content hash, so unchanged classes are reused.
//
// The cache key of a class covers its bytes, the options, the transformer version, the JDK, and
// a digest of the *shapes* of all user classes (names, supertypes, method signatures and flags):
// those decide, at every call site, whether the target has an extended version. Editing a method
// body therefore re-transforms only that class.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ClassPath, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import type { ClassFile } from '../classfile/model';
import { transformClass, type ClassReport, type MethodReport } from './clazz';
import { Hierarchy, classInfoOf, type ClassInfo } from './hierarchy';
import { allScope, appScope, type Scope } from './scope';
import { interfacePolicy } from './interfaces';

/** Bump when the generated code changes, to invalidate caches. */
export const TRANSFORMER_VERSION = 'komorium-transform-17-lines';

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
  /** Directory for cached transformed classes; none when undefined. */
  cacheDir?: string;
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
  /** Classes that could not be read or transformed: copied unchanged. */
  failed: { name: string; error: string }[];
  fallbacks: Fallback[];
  reports: ClassReport[];
  ms: number;
}

function shapeOf(info: ClassInfo): string {
  const methods = [...info.methods.values()].map((m) => `${m.name}${m.descriptor}/${m.access}/${m.callerSensitive ? 1 : 0}`).sort();
  return `${info.name}<${info.superName ?? ''}<${info.interfaces.join(',')}/${info.access}/${info.majorVersion}{${methods.join(';')}}`;
}

function writeAtomic(path: string, data: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

function addReport(result: TransformResult, report: ClassReport): void {
  result.reports.push(report);
  for (const m of report.methods) {
    if (m.reason && m.outcome !== 'unchanged') result.fallbacks.push({ className: report.className, method: m.name, descriptor: m.descriptor, outcome: m.outcome, reason: m.reason });
  }
}

export function transformClassPath(o: TransformClassPathOptions): TransformResult {
  const t0 = performance.now();
  const cp = ClassPath.from(o.classpath, o.jdk === undefined ? {} : { jdk: o.jdk });
  try {
    // Collect the user class path, first entry wins.
    const classes = new Map<string, { bytes: Uint8Array; source: string }>();
    const resources = new Map<string, Uint8Array>();
    for (const entry of cp.entries) {
      for (const path of entry.listResources()) {
        if (path.endsWith('.class')) {
          const name = path.slice(0, -'.class'.length);
          if (!classes.has(name)) {
            const f = entry.findResource(path);
            if (f) classes.set(name, f);
          }
        } else if (!resources.has(path) && !/^META-INF\/[^/]*\.(SF|RSA|DSA|EC)$/i.test(path)) {
          // Signature files would not match transformed classes.
          const f = entry.findResource(path);
          if (f) resources.set(path, f.bytes);
        }
      }
    }
    const scope: Scope = o.scope === 'all' ? allScope : appScope((n) => classes.has(n));
    const hierarchy = new Hierarchy((n) => (cp.findBoot(n) ?? cp.findUser(n))?.bytes);
    const result: TransformResult = { classes: classes.size, transformed: 0, reused: 0, resources: 0, failed: [], fallbacks: [], reports: [], ms: 0 };

    // Parse everything once: the shapes feed the hierarchy and the cache key.
    const parsed = new Map<string, ClassFile | Error>();
    const shapes: string[] = [];
    const programInfos: ClassInfo[] = [];
    for (const [name, { bytes, source }] of classes) {
      try {
        const cf = readClass(bytes, source);
        const info = classInfoOf(cf);
        hierarchy.add(info);
        if (!source.startsWith('jrt:')) programInfos.push(info);
        shapes.push(shapeOf(info));
        parsed.set(name, cf);
      } catch (e) {
        parsed.set(name, e as Error);
      }
    }
    // Interface methods are extended for the program's own interfaces only (interfaces.ts).
    const interfaces = interfacePolicy(programInfos);
    const world = createHash('sha256')
      .update(`${TRANSFORMER_VERSION}\0${o.scope ?? 'app'}\0${o.maxPath ?? 50}\0${o.lineNumbers ?? true}\0${cp.jdk?.home ?? ''}\0${cp.jdk?.version ?? ''}\0`)
      .update(shapes.sort().join('\n'))
      .digest('hex');

    for (const [name, { bytes, source }] of classes) {
      const outPath = join(o.outDir, `${name}.class`);
      const cf = parsed.get(name)!;
      if (cf instanceof Error) {
        result.failed.push({ name: source, error: `${cf.name}: ${cf.message}` });
        writeAtomic(outPath, bytes);
        continue;
      }
      const key = createHash('sha256').update(world).update(bytes).digest('hex');
      const cached = o.cacheDir ? join(o.cacheDir, 'classes', key.slice(0, 2), `${key}.class`) : undefined;
      if (cached && existsSync(cached) && existsSync(`${cached}.json`)) {
        writeAtomic(outPath, readFileSync(cached));
        addReport(result, JSON.parse(readFileSync(`${cached}.json`, 'utf8')) as ClassReport);
        result.reused++;
        continue;
      }
      try {
        const { cf: out, report } = transformClass(cf, { scope, hierarchy, maxPath: o.maxPath, lineNumbers: o.lineNumbers, interfaces }, source);
        const data = writeClass(out);
        writeAtomic(outPath, data);
        if (cached) {
          writeAtomic(cached, data);
          writeAtomic(`${cached}.json`, Buffer.from(JSON.stringify(report)));
        }
        addReport(result, report);
        if (report.instrumented) result.transformed++;
      } catch (e) {
        const err = e as Error;
        result.failed.push({ name: source, error: `${err.name}: ${err.message}` });
        writeAtomic(outPath, bytes);
      }
    }
    for (const [path, data] of resources) {
      writeAtomic(join(o.outDir, path), data);
      result.resources++;
    }
    result.ms = performance.now() - t0;
    return result;
  } finally {
    cp.close();
  }
}
