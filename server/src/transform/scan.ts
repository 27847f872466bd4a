// What the class-path driver (driver.ts) needs of one class path entry: its classes (by the
// name their path gives, with a SHA-256 of their bytes and their shape, a ClassInfo) and its
// resources. A jar's scan is cached by the SHA-256 of the jar file: a jar already scanned is not
// read entry by entry again, its classes' bytes are read only when one must be transformed.

import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, openSync, readSync } from 'node:fs';
import type { ClassPathEntry } from '../classpath/entry';
import { JarFile } from '../classpath/jar';
import { readClass } from '../classfile/reader';
import type { ClassFile } from '../classfile/model';
import { classInfoOf, type ClassInfo, type MethodDecl } from './hierarchy';
import { readCacheEntry, writeCacheEntry } from './cache-store';

export interface ScannedClass {
  /** Internal name as the path gives it ('a/B' for a/B.class), which the class path looks up. */
  name: string;
  source: string;
  /** Hex SHA-256 of the bytes ('' when they could not be read). */
  sha: string;
  /** The class's shape; null when it could not be read (then `error` says why). */
  info: ClassInfo | null;
  error?: string;
  /** The bytes (read again from the entry when the scan came from the cache). */
  bytes(): Uint8Array;
  /** The parsed class, when this run parsed it already. */
  cf?: ClassFile;
}

export interface ScannedResource {
  path: string;
  /** Copies the resource to file `dst` without holding it in memory. */
  copyTo(dst: string): void;
}

export interface ScanStats {
  /** Class files and jar entries read (a jar whose scan was cached reads none). */
  entriesRead: number;
  /** Jars whose scan came from the cache. */
  jarsReused: number;
}

interface JarIndex {
  v: 1;
  classes: { path: string; sha: string; info: SerialInfo | null; error?: string }[];
  resources: string[];
}

type SerialInfo = Omit<ClassInfo, 'methods'> & { methods: MethodDecl[] };

const JAR_INDEX_VERSION = 'komorium-jar-index-1';

function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

/** The hex SHA-256 of a file's content, read in chunks. */
export function fileSha256(path: string): string {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return h.digest('hex');
}

function toSerial(i: ClassInfo): SerialInfo {
  return { ...i, methods: [...i.methods.values()] };
}

function fromSerial(s: SerialInfo): ClassInfo {
  return { ...s, methods: new Map(s.methods.map((m) => [m.name + m.descriptor, m])) };
}

function describe(e: unknown): string {
  const err = e as Error;
  return `${err.name}: ${err.message}`;
}

/**
 * Scans one class path entry. `cacheDir`: where jar scans are kept (none when undefined);
 * `release`: the JDK feature release (a multi-release jar's classes depend on it).
 */
export interface EntryScan {
  classes: ScannedClass[];
  resources: ScannedResource[];
  /** For a jar scanned with a cache: a key of its content (and the release). */
  contentKey?: string;
}

export function scanEntry(entry: ClassPathEntry, cacheDir: string | undefined, release: number | undefined, stats: ScanStats): EntryScan {
  const jar = entry instanceof JarFile ? entry : undefined;
  const read = (path: string): Uint8Array => {
    stats.entriesRead++;
    const f = entry.findResource(path);
    if (f === undefined) throw new Error(`${entry.sourceOf(path)} is no longer there`);
    return f.bytes;
  };
  const resourceOf = (path: string): ScannedResource => ({
    path,
    copyTo(dst) {
      stats.entriesRead++;
      if (jar === undefined) {
        copyFileSync(entry.sourceOf(path), dst);
        return;
      }
      const e = jar.entryOf(path);
      if (e === undefined) throw new Error(`${jar.sourceOf(path)} is no longer there`);
      jar.zip.copyEntryTo(e, dst);
    },
  });

  let key: string | undefined;
  if (jar !== undefined && cacheDir !== undefined) {
    key = createHash('sha256').update(`${JAR_INDEX_VERSION}\0${release ?? ''}\0${jar.multiRelease}\0${fileSha256(jar.path)}`).digest('hex');
    const cached = readCacheEntry(cacheDir, key);
    const index = cached === undefined ? undefined : parseIndex(cached.data);
    if (index !== undefined) {
      stats.jarsReused++;
      return {
        contentKey: key,
        classes: index.classes.map((c) => {
          const path = c.path;
          const item: ScannedClass = { name: path.slice(0, -'.class'.length), source: entry.sourceOf(path), sha: c.sha, info: c.info === null ? null : fromSerial(c.info), bytes: () => read(path) };
          if (c.error !== undefined) item.error = c.error;
          return item;
        }),
        resources: index.resources.map(resourceOf),
      };
    }
  }

  const classes: ScannedClass[] = [];
  const resources: ScannedResource[] = [];
  const index: JarIndex = { v: 1, classes: [], resources: [] };
  for (const path of entry.listResources()) {
    if (jar !== undefined && jar.entryOf(path) === undefined) continue; // '../x', '/x': not a resource of the class path
    if (!path.endsWith('.class')) {
      resources.push(resourceOf(path));
      index.resources.push(path);
      continue;
    }
    const name = path.slice(0, -'.class'.length);
    const source = entry.sourceOf(path);
    let bytes: Uint8Array;
    try {
      bytes = read(path);
    } catch (e) {
      const error = describe(e);
      classes.push({ name, source, sha: '', info: null, error, bytes: () => read(path) });
      index.classes.push({ path, sha: '', info: null, error });
      continue;
    }
    const sha = sha256(bytes);
    try {
      const cf = readClass(bytes, source);
      const info = classInfoOf(cf);
      classes.push({ name, source, sha, info, bytes: () => bytes, cf });
      index.classes.push({ path, sha, info: toSerial(info) });
    } catch (e) {
      const error = describe(e);
      classes.push({ name, source, sha, info: null, error, bytes: () => bytes });
      index.classes.push({ path, sha, info: null, error });
    }
  }
  if (key !== undefined && cacheDir !== undefined) writeCacheEntry(cacheDir, key, Buffer.from(JSON.stringify(index)));
  return key === undefined ? { classes, resources } : { classes, resources, contentKey: key };
}

function parseIndex(data: Uint8Array): JarIndex | undefined {
  try {
    const j = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as JarIndex;
    return j.v === 1 && Array.isArray(j.classes) && Array.isArray(j.resources) ? j : undefined;
  } catch {
    return undefined;
  }
}
