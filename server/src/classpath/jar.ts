// A jar (or zip) on the class path. Multi-release jars (manifest 'Multi-Release: true') serve
// META-INF/versions/N/<path> for the highest N <= the release being run, as the JDK's
// class loaders do.

import { resolve } from 'node:path';
import type { ClassPathEntry, Found } from './entry';
import { isPlainResourcePath } from './entry';
import { ZipFile, type ZipEntry } from './zip';
import { manifestClassPath, manifestMainAttributes } from './manifest';

const VERSIONS = 'META-INF/versions/';

export interface JarOptions {
  /** Feature release of the JDK classes are loaded for (e.g. 17); enables multi-release lookup. */
  release?: number;
}

export class JarFile implements ClassPathEntry {
  readonly path: string;
  readonly zip: ZipFile;
  /** Versions (descending, <= release) to try before the base entry; empty unless multi-release. */
  private readonly versions: number[];

  private constructor(path: string, zip: ZipFile, release: number | undefined) {
    this.path = path;
    this.zip = zip;
    this.versions = release !== undefined && isMultiRelease(zip) ? releaseVersions(zip, release) : [];
  }

  static open(path: string, opts: JarOptions = {}): JarFile {
    const abs = resolve(path);
    return new JarFile(abs, ZipFile.open(abs), opts.release);
  }

  /** The jars and directories this jar's manifest Class-Path names (absolute paths). */
  manifestClassPath(): string[] {
    return manifestClassPath(this.path, this.zip.read('META-INF/MANIFEST.MF'));
  }

  get multiRelease(): boolean {
    return this.versions.length > 0;
  }

  findResource(resourcePath: string): Found | undefined {
    if (!isPlainResourcePath(resourcePath)) return undefined;
    for (const v of this.versions) {
      const name = `${VERSIONS}${v}/${resourcePath}`;
      const bytes = this.zip.read(name);
      if (bytes !== undefined) return { bytes, source: `${this.path}!${name}` };
    }
    const bytes = this.zip.read(resourcePath);
    return bytes === undefined ? undefined : { bytes, source: `${this.path}!${resourcePath}` };
  }

  /** The zip entry `findResource` reads for this path (the versioned one of a multi-release jar). */
  entryOf(resourcePath: string): ZipEntry | undefined {
    if (!isPlainResourcePath(resourcePath)) return undefined;
    for (const v of this.versions) {
      const e = this.zip.entry(`${VERSIONS}${v}/${resourcePath}`);
      if (e !== undefined) return e;
    }
    return this.zip.entry(resourcePath);
  }

  sourceOf(resourcePath: string): string {
    for (const v of this.versions) {
      const name = `${VERSIONS}${v}/${resourcePath}`;
      if (this.zip.has(name)) return `${this.path}!${name}`;
    }
    return `${this.path}!${resourcePath}`;
  }

  /** Base entry names (versioned copies under META-INF/versions/ are left out). */
  *listResources(): Iterable<string> {
    for (const e of this.zip.entries) if (!e.isDirectory && !e.name.startsWith(VERSIONS)) yield e.name;
  }

  close(): void {
    this.zip.close();
  }
}

function isMultiRelease(zip: ZipFile): boolean {
  const mf = zip.read('META-INF/MANIFEST.MF');
  if (mf === undefined) return false;
  return (manifestMainAttributes(mf).get('multi-release') ?? '').trim().toLowerCase() === 'true';
}

function releaseVersions(zip: ZipFile, release: number): number[] {
  const found = new Set<number>();
  for (const e of zip.entries) {
    if (!e.name.startsWith(VERSIONS)) continue;
    const m = /^(\d+)\//.exec(e.name.slice(VERSIONS.length));
    if (m) {
      const v = Number(m[1]);
      if (v >= 9 && v <= release) found.add(v);
    }
  }
  return [...found].sort((a, b) => b - a);
}
