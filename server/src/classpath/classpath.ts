// The class path: user entries (class directories and jars, in order), then the JDK's
// lib/modules. `find` takes internal names (`java/lang/String`, `a/B$C`).

import { opendirSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { ClassDirectory } from './directory';
import type { ClassPathEntry, Found } from './entry';
import { JarFile } from './jar';
import { findJavaHome, type JdkInfo } from './jdk';
import { isTreeEntry, JImage } from './jimage';

export type { ClassPathEntry, Found } from './entry';
export { resolveTarget } from './target';

export interface ClassPathOptions {
  /** The JDK for boot classes: undefined finds one (findJavaHome), null means none. */
  jdk?: JdkInfo | null;
  /** Platform whose path separator splits entry strings (default: process.platform). */
  platform?: NodeJS.Platform;
}

export interface ListedClass {
  internalName: string;
  source: string;
}

/** Splits a class path string at the platform's separator (':' or ';' on Windows); drops empty parts. */
export function splitClassPath(s: string, platform: NodeJS.Platform = process.platform): string[] {
  return s.split(platform === 'win32' ? ';' : ':').filter((p) => p !== '');
}

export class ClassPath {
  /** Entries named on the class path that do not exist (skipped, as the JVM does). */
  readonly missing: string[] = [];

  private constructor(
    /** User entries in lookup order. */
    readonly entries: readonly ClassPathEntry[],
    readonly jdk: JdkInfo | undefined,
    /** The JDK's lib/modules, open; undefined without a JDK. */
    readonly image: JImage | undefined,
    missing: string[],
  ) {
    this.missing.push(...missing);
  }

  /**
   * Builds a class path from directories, jars and separator-joined strings of them. `dir/*`
   * stands for the jars in `dir`, as with `java -cp`. A jar that is not a valid zip file
   * throws ZipFormatError; a missing entry is recorded in `missing` and skipped.
   */
  static from(entries: string | readonly string[], opts: ClassPathOptions = {}): ClassPath {
    const jdk = opts.jdk === undefined ? findJavaHome() : (opts.jdk ?? undefined);
    const parts = (typeof entries === 'string' ? [entries] : entries).flatMap((e) => splitClassPath(e, opts.platform));
    const opened: ClassPathEntry[] = [];
    const missing: string[] = [];
    try {
      // As URLClassPath: a jar's manifest Class-Path entries are searched right after it
      // (depth first), each path once.
      const seen = new Set<string>();
      const open = (p: string, fromManifest: boolean): void => {
        const abs = resolve(p);
        if (seen.has(abs)) return;
        seen.add(abs);
        const entry = openEntry(p, jdk?.feature);
        if (entry === undefined) {
          if (!fromManifest) missing.push(p);
          return;
        }
        opened.push(entry);
        if (entry instanceof JarFile) for (const q of entry.manifestClassPath()) open(q, true);
      };
      for (const part of parts) {
        for (const p of expandWildcard(part).map((x) => (x === part ? x : resolve(x)))) open(p, false);
      }
      const image = jdk !== undefined ? JImage.openShared(jdk.modulesPath) : undefined;
      return new ClassPath(opened, jdk, image, missing);
    } catch (e) {
      for (const o of opened) o.close();
      throw e;
    }
  }

  /** A class by internal name: user entries first, then the JDK. */
  find(internalName: string): Found | undefined {
    return this.findUser(internalName) ?? this.findBoot(internalName);
  }

  /** A class from the user entries only. */
  findUser(internalName: string): Found | undefined {
    return this.findUserResource(`${internalName}.class`);
  }

  /** A class from the JDK only (the boot class path). */
  findBoot(internalName: string): Found | undefined {
    const r = this.image?.findClass(internalName);
    return r === undefined ? undefined : { bytes: r.bytes, source: `jrt:/${r.module}/${internalName}.class` };
  }

  /** Whether the JDK has a class of this name (its bytes not read). */
  hasBoot(internalName: string): boolean {
    const module = this.bootModule(internalName);
    return module !== undefined && this.image?.findLocation(`/${module}/${internalName}.class`) !== undefined;
  }

  /** The JDK module that holds a class's package (`java/lang/String` → `java.base`), if any. */
  bootModule(internalName: string): string | undefined {
    const slash = internalName.lastIndexOf('/');
    return slash <= 0 ? undefined : this.image?.moduleOfPackage(internalName.slice(0, slash).replace(/\//g, '.'));
  }

  /**
   * A resource by '/'-separated path ('a/b/c.properties'): user entries first, then the JDK
   * module that holds the resource's package.
   */
  findResource(resourcePath: string): Found | undefined {
    const found = this.findUserResource(resourcePath);
    if (found !== undefined || this.image === undefined) return found;
    const slash = resourcePath.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const module = this.image.moduleOfPackage(resourcePath.slice(0, slash).replace(/\//g, '.'));
    if (module === undefined) return undefined;
    const name = `/${module}/${resourcePath}`;
    const bytes = this.image.find(name);
    return bytes === undefined ? undefined : { bytes, source: `jrt:${name}` };
  }

  /** Every class, each internal name once (the copy `find` returns), user entries first. */
  *listClasses(): Iterable<ListedClass> {
    const seen = new Set<string>();
    yield* this.listUserClasses(seen);
    if (this.image === undefined) return;
    for (const name of this.image.entries()) {
      if (!name.endsWith('.class') || isTreeEntry(name)) continue;
      const slash = name.indexOf('/', 1);
      const internalName = name.slice(slash + 1, -'.class'.length);
      if (internalName === 'module-info' || seen.has(internalName)) continue;
      seen.add(internalName);
      yield { internalName, source: `jrt:${name}` };
    }
  }

  /**
   * The classes of the user entries, each internal name once, without the JDK's: listing the
   * image reads its whole directory (0.1-0.2 s of CPU), even when the caller stops at its first.
   */
  *listUserClasses(seen = new Set<string>()): Iterable<ListedClass> {
    for (const entry of this.entries) {
      for (const r of entry.listResources()) {
        if (!r.endsWith('.class') || r.startsWith('META-INF/')) continue;
        const internalName = r.slice(0, -'.class'.length);
        if (internalName === 'module-info' || seen.has(internalName)) continue;
        seen.add(internalName);
        yield { internalName, source: entry.sourceOf(r) };
      }
    }
  }

  private closed = false;

  close(): void {
    if (this.closed) return; // (once: the JDK's image may be shared, JImage.openShared)
    this.closed = true;
    for (const e of this.entries) e.close();
    this.image?.close();
  }

  private findUserResource(resourcePath: string): Found | undefined {
    for (const e of this.entries) {
      const r = e.findResource(resourcePath);
      if (r !== undefined) return r;
    }
    return undefined;
  }
}

/**
 * `dir/*` → the .jar/.JAR files of dir in directory order (as java's launcher lists them:
 * unsorted readdir), spelled `dir/name` as given; anything else, or a wildcard that matches
 * nothing, → itself.
 */
export function expandWildcard(p: string, cwd?: string): string[] {
  if (basename(p) !== '*') return [p];
  const dir = p.slice(0, -1);
  const names: string[] = [];
  try {
    const d = opendirSync(resolve(cwd ?? '.', dir === '' ? '.' : dir));
    try {
      for (let e = d.readSync(); e !== null; e = d.readSync()) if (/\.jar$/i.test(e.name)) names.push(e.name);
    } finally {
      d.closeSync();
    }
  } catch {
    return [p];
  }
  return names.length === 0 ? [p] : names.map((n) => dir + n);
}

/**
 * The class path string java's launcher hands to the JVM (`java.class.path`): wildcard
 * entries expanded (expandWildcard), everything else (relative entries, empty ones) as given.
 */
export function launcherClassPath(cp: string, cwd: string, platform: NodeJS.Platform = process.platform): string {
  const sep = platform === 'win32' ? ';' : ':';
  return cp
    .split(sep)
    .flatMap((e) => (e === '' ? [e] : expandWildcard(e, cwd)))
    .join(sep);
}

function openEntry(p: string, release: number | undefined): ClassPathEntry | undefined {
  let isDir: boolean;
  try {
    isDir = statSync(p).isDirectory();
  } catch {
    return undefined;
  }
  return isDir ? new ClassDirectory(p) : JarFile.open(p, release !== undefined ? { release } : {});
}
