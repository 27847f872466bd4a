// Whether javac's last output in a compile folder (compile.ts) is still what javac would write:
// the folder's stamp (.komorium-compile.json) records the compile's key (javac, the JDK's
// identity, the options, the class path's jars by size and mtime), every source javac read (by
// SHA-256 of its content) and every class file it wrote (size and mtime). The sources javac
// read are those of the classes it wrote (each class's package and SourceFile attribute under
// the source root, the compiled file always): a source it did not read cannot change the
// output unless one it read changes too. A class path with a directory on it is never cached
// (its classes could change unseen), nor a compile whose sources cannot all be named.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { ConstantPool } from '../classfile/pool';
import { jdkIdentity } from '../engine/jdk-identity';

const STAMP = '.komorium-compile.json';
const VERSION = 'compile-cache-1';

interface Stamp {
  version: string;
  key: string;
  sources: { path: string; sha256: string }[];
  classes: { path: string; size: number; mtimeMs: number }[];
  output: string;
}

export function sha256(b: Uint8Array | string): string {
  return createHash('sha256').update(b).digest('hex');
}

/**
 * The key of a compile: javac, the JDK, the arguments, and each class path jar's size and
 * mtime. undefined when it cannot be cached (a directory or a missing entry on the class path).
 */
export function compileKey(javac: string, jdk: JdkInfo, args: readonly string[], classpath: readonly string[]): string | undefined {
  const parts = [VERSION, javac, jdkIdentity(jdk), ...args];
  for (const e of classpath) {
    try {
      const st = statSync(e);
      if (!st.isFile()) return undefined;
      parts.push(`${resolve(e)}\0${st.size}\0${st.mtimeMs}`);
    } catch {
      return undefined;
    }
  }
  return sha256(parts.join('\0\0'));
}

export function classFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.class'))
    .map((d) => join(d.parentPath, d.name));
}

/** The stamp of `outDir` when it is fresh for `key` (sources unchanged, class files in place); else undefined. */
export function freshCompile(outDir: string, key: string): { output: string } | undefined {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(join(outDir, STAMP), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
  if (stamp.version !== VERSION || stamp.key !== key || !Array.isArray(stamp.sources) || !Array.isArray(stamp.classes)) return undefined;
  try {
    for (const c of stamp.classes) {
      const st = statSync(join(outDir, c.path));
      if (st.size !== c.size || st.mtimeMs !== c.mtimeMs) return undefined;
    }
    // Class files nobody recorded (put there since): not what javac wrote.
    if (classFiles(outDir).length !== stamp.classes.length) return undefined;
    for (const s of stamp.sources) if (sha256(readFileSync(s.path)) !== s.sha256) return undefined;
  } catch {
    return undefined;
  }
  return { output: stamp.output };
}

/** A source javac read, by content. */
export interface ReadSource {
  path: string;
  sha256: string;
}

/**
 * The sources javac read for the class files in `outDir` (the compiled file and each class's
 * source under `sourceRoot`), by SHA-256; undefined when a class's source cannot be named or a
 * source changed after `startedMs` (Date.now() when the compile started).
 */
export function sourcesRead(outDir: string, sourceRoot: string, file: string, startedMs: number): ReadSource[] | undefined {
  try {
    const own = resolve(file);
    const sources = new Set<string>([own]);
    for (const f of classFiles(outDir)) {
      const cf = readClass(readFileSync(f), f);
      const pool = new ConstantPool(cf);
      const name = pool.className(cf.thisClass);
      const attr = cf.attributes.find((a) => a.name === 'SourceFile');
      if (!attr || attr.name !== 'SourceFile') return undefined;
      const pkg = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
      const src = resolve(sourceRoot, pkg, pool.utf8(attr.sourceFileIndex));
      // The compiled file may sit outside the source root's package layout (a default-package
      // file in a folder of its own): its classes' SourceFile is its own name.
      const path = statSafe(src) ? src : own.endsWith(`/${pool.utf8(attr.sourceFileIndex)}`) ? own : undefined;
      if (path === undefined) return undefined;
      sources.add(path);
    }
    for (const p of sources) if (statSync(p).mtimeMs > startedMs) return undefined;
    return [...sources].map((p) => ({ path: p, sha256: sha256(readFileSync(p)) }));
  } catch {
    return undefined;
  }
}

/** Writes `outDir`'s stamp: the compile's key, the sources read, and the class files there now. */
export function writeStamp(outDir: string, key: string, sources: readonly ReadSource[], output: string): void {
  try {
    const classes: Stamp['classes'] = classFiles(outDir).map((f) => {
      const st = statSync(f);
      return { path: relative(outDir, f), size: st.size, mtimeMs: st.mtimeMs };
    });
    const stamp: Stamp = { version: VERSION, key, sources: [...sources], classes, output };
    writeFileSync(join(outDir, STAMP), JSON.stringify(stamp));
  } catch {
    // not recorded: the next run compiles again
  }
}

/**
 * Records a successful compile of `file` (with `sourceRoot` on -sourcepath) into `outDir`, started
 * at `startedMs` (Date.now()), and returns the sources javac read. Does nothing when a class's
 * source cannot be found, or a source changed after the compile started (that compile is simply
 * not reused).
 */
export function recordCompile(outDir: string, key: string, sourceRoot: string, file: string, output: string, startedMs: number): ReadSource[] | undefined {
  const sources = sourcesRead(outDir, sourceRoot, file, startedMs);
  if (sources !== undefined) writeStamp(outDir, key, sources, output);
  return sources;
}

function statSafe(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
