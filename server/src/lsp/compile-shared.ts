// javac's output shared by content across folders (docs/EXTENSION.md, "Finding what to run"):
// the per-folder stamp (compile-cache.ts) only helps a folder compiled before, and a file opened
// in a new folder (a copy, a fresh checkout, the e2e's workspace) paid javac in front of its
// first Run with Profile. Here a successful compile is also kept in the cache,
// `<cache>/javac-classes/<key>/<variant>/`, where
//   * key: the store's version, javac, the JDK's identity, javac's options without paths, the
//     class path's jars (path, size, mtime), the compiled file's path under the source root and
//     the SHA-256 of its content (known before javac runs);
//   * variant: what else javac read, known after: every other source it read (path under the
//     source root, SHA-256) and the .java files of their folders (a new file there could shadow
//     an imported name), so one key can hold several variants.
// An entry is found when all its sources under the new folder's source root have the recorded
// content and its folders list the same .java files; its class files are then copied into the
// folder's output (and stamped there), each checked against its recorded SHA-256 first: an entry
// with a missing or changed class file or a broken manifest is deleted, and javac runs again
// (its output then replaces the entry). Entries are written to a temporary folder and renamed.
// javac's diagnostics name the source root; it is kept as a placeholder and put back.

import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { JdkInfo } from '../classpath/index';
import { writableCacheRoot } from '../engine/cache';
import { jdkIdentity } from '../engine/jdk-identity';
import { classFiles, sha256, type ReadSource } from './compile-cache';

const VERSION = 'javac-classes-1';
const ROOT_MARK = '\u0000source-root\u0000';

interface Manifest {
  version: string;
  key: string;
  /** Sources under the source root (relative, '/'-separated), by SHA-256; the compiled file included. */
  sources: { rel: string; sha256: string }[];
  /** The .java files of each folder a source was read from (relative to the source root). */
  dirs: { rel: string; names: string[] }[];
  classes: { path: string; sha256: string }[];
  /** javac's diagnostics, the source root replaced by ROOT_MARK. */
  output: string;
}

export interface SharedCompile {
  /** Where the entry was found, relative paths of its classes and their bytes. */
  classes: { path: string; bytes: Buffer }[];
  sources: ReadSource[];
  output: string;
}

function storeRoot(): string | undefined {
  if (process.env.KOMORIUM_SHARED_COMPILE === '0') return undefined;
  try {
    return join(writableCacheRoot(), 'javac-classes');
  } catch {
    return undefined;
  }
}

const slash = (p: string) => p.split(sep).join('/');

/**
 * The shared key of compiling `file` under `sourceRoot` with javac `options` (no -d, -sourcepath
 * or file: those name folders) and class path `classpath`; undefined when it cannot be shared
 * (a class path folder, an unreadable file).
 */
export function sharedKey(javac: string, jdk: JdkInfo, options: readonly string[], classpath: readonly string[], sourceRoot: string, file: string): string | undefined {
  const parts = [VERSION, javac, jdkIdentity(jdk), ...options, '\0cp'];
  try {
    for (const e of classpath) {
      const st = statSync(e);
      if (!st.isFile()) return undefined;
      parts.push(`${resolve(e)}\0${st.size}\0${st.mtimeMs}`);
    }
    parts.push('\0file', slash(relative(resolve(sourceRoot), resolve(file))), sha256(readFileSync(file)));
  } catch {
    return undefined;
  }
  return sha256(parts.join('\0\0'));
}

function javaFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.java')).sort();
  } catch {
    return [];
  }
}

function dirsOf(root: string, rels: readonly string[]): Manifest['dirs'] {
  const dirs = [...new Set(rels.map((r) => slash(dirname(r))))].sort();
  return dirs.map((rel) => ({ rel, names: javaFiles(join(root, rel)) }));
}

function validManifest(m: unknown, key: string): m is Manifest {
  const x = m as Manifest;
  return !!x && x.version === VERSION && x.key === key && Array.isArray(x.sources) && Array.isArray(x.dirs) && Array.isArray(x.classes) && typeof x.output === 'string';
}

/** Finds a stored compile for `key` whose sources are those under `sourceRoot` now. */
export function findShared(key: string, sourceRoot: string): SharedCompile | undefined {
  const root = storeRoot();
  if (root === undefined) return undefined;
  const keyDir = join(root, key);
  let variants: string[];
  try {
    variants = readdirSync(keyDir).filter((n) => !n.startsWith('.'));
  } catch {
    return undefined;
  }
  const src = resolve(sourceRoot);
  for (const v of variants) {
    const dir = join(keyDir, v);
    let m: unknown;
    try {
      m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    } catch {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (!validManifest(m, key)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    const sources: ReadSource[] = [];
    let match = true;
    for (const s of m.sources) {
      const path = resolve(src, s.rel);
      let sum: string;
      try {
        sum = sha256(readFileSync(path));
      } catch {
        match = false;
        break;
      }
      if (sum !== s.sha256) {
        match = false;
        break;
      }
      sources.push({ path, sha256: sum });
    }
    if (!match) continue;
    if (m.dirs.some((d) => javaFiles(resolve(src, d.rel)).join('/') !== d.names.join('/'))) continue;
    const classes: SharedCompile['classes'] = [];
    for (const c of m.classes) {
      let bytes: Buffer | undefined;
      try {
        bytes = readFileSync(join(dir, 'classes', c.path));
      } catch {
        bytes = undefined;
      }
      if (bytes === undefined || sha256(bytes) !== c.sha256 || c.path.split('/').includes('..')) {
        // Damaged: deleted, so that the compile that follows stores a sound one.
        rmSync(dir, { recursive: true, force: true });
        return undefined;
      }
      classes.push({ path: c.path, bytes });
    }
    return { classes, sources, output: m.output.split(ROOT_MARK).join(src) };
  }
  return undefined;
}

/** Copies a found compile's class files into `outDir` (emptied first). */
export function restoreShared(found: SharedCompile, outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const c of found.classes) {
    const target = join(outDir, ...c.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, c.bytes);
  }
}

/** Keeps a successful compile into `outDir` (javac read `sources`) under `key`. Never throws. */
export function storeShared(key: string, sourceRoot: string, outDir: string, sources: readonly ReadSource[], output: string): void {
  const root = storeRoot();
  if (root === undefined) return;
  const src = resolve(sourceRoot);
  const rels = sources.map((s) => ({ rel: slash(relative(src, s.path)), sha256: s.sha256 })).sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const dirs = dirsOf(src, rels.map((r) => r.rel));
  const variant = sha256(JSON.stringify([rels, dirs])).slice(0, 24);
  const keyDir = join(root, key);
  const tmp = join(keyDir, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const classes: Manifest['classes'] = [];
    for (const f of classFiles(outDir)) {
      const rel = slash(relative(outDir, f));
      const bytes = readFileSync(f);
      const target = join(tmp, 'classes', rel);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
      classes.push({ path: rel, sha256: sha256(bytes) });
    }
    const m: Manifest = { version: VERSION, key, sources: rels, dirs, classes, output: output.split(src).join(ROOT_MARK) };
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(m));
    const final = join(keyDir, variant);
    rmSync(final, { recursive: true, force: true });
    renameSync(tmp, final);
  } catch {
    // not kept: another folder compiles again
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
