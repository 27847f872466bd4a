// The JDK image that Java code reads on the embedded engine with the JDK instrumented (scope
// `all`, and exact `all`): the JDK's `lib/modules` indexed as HotSpot's instrumented copy of it
// (jdk-image.ts) is, its content the JDK's (jimage-writer.ts jimageView). BasicImageReader's
// lookups (the platform and application loaders' classes and resources, `jrt:`) then count on
// the embedded engine what they count on the copy: the same perfect hash over the same names,
// the same attribute byte counts, the same strings (RUNTIME.md, "The copy's image indexes").
//
// The copy's names are the JDK's and the ones it adds, which are known without building it:
// - the runtime's classes (`/java.base/komorium/rt/*.class`, jdk-modules.ts finishJavaBase),
// - the patch's own classes (reflect-patch.ts writePatchClasses: KomoriumReflect, KomoriumClasses,
//   scope.ts PAUSED_CLASSES; a class javac would make besides, a nested one, is missed: the
//   copy's build says so, jdk-image.ts),
// - the MID holder of every enum class (a direct subclass of java.lang.Enum) of an instrumented
//   module (clazz.ts midHolderName; jdk-module-worker.ts writes one for each: an enum has MIDs),
// - the tree nodes of their new packages (jimage-index.ts).
// The classes the copy may replace (every class of an instrumented module, and java.base's,
// which the patch changes whatever the modules) have 4-byte content offsets and sizes in both.
// The view is cached by its names (<cache>/java-images): its index and tree, a few MB; its
// content is mapped from the JDK's own file (natives/jdk/internal/jimage/NativeImageBuffer.ts).

import { createHash } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JImage, type JdkInfo } from '../classpath/index';
import { jimageView } from '../classpath/jimage-writer';
import { superClassName } from '../classfile/super-name';
import { midHolderName } from '../transform/clazz';
import { jdkIdentity } from './jdk-identity';
import { fallbackCacheRoot } from './cache';
import { writeFileAtomic } from '../transform/cache-store';
import { PAUSED_CLASSES } from '../transform/scope';
import type { JavaImage } from '../interp/vm-options';

/** Bump when the view's layout or the way the copy's names are found changes. */
const VIEW_VERSION = 'java-image-1';

/**
 * The view as the embedded engine maps it (VmOptions.javaImage): the cached `file` (a 16-byte
 * prefix, the index, the tree nodes' contents), the JDK's content region between the two.
 */
export type JavaImageView = JavaImage;

const PREFIX = 16;
const MAGIC = 0x4b4a5631; // "KJV1"

/**
 * The names of the copy's classes that may be replaced by instrumented ones, and so are written
 * with 4-byte content offsets and sizes: the classes of the instrumented modules (`modules`, all
 * when undefined) and of java.base, but not `module-info.class`.
 */
export function copyWide(modules?: readonly string[]): (name: string) => boolean {
  const only = modules ? new Set([...modules, 'java.base']) : undefined;
  return (name) => name.endsWith('.class') && !name.endsWith('/module-info.class') && (only === undefined || only.has(name.slice(1, name.indexOf('/', 1))));
}

function classFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.class'))
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'));
}

/** The enum classes of `image` (`/module/pkg/E.class`), all modules; cached in `dir` by the JDK's identity. */
function enumClasses(jdk: JdkInfo, image: JImage, dir: string): string[] {
  const file = join(dir, `enums-${createHash('sha256').update(`${VIEW_VERSION}\0${jdkIdentity(jdk)}`).digest('hex').slice(0, 20)}.json`);
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(v) && v.every((e) => typeof e === 'string')) return v as string[];
  } catch {
    // not cached yet
  }
  const enums: string[] = [];
  for (const e of image.entries()) {
    if (!e.endsWith('.class') || e.endsWith('/module-info.class')) continue;
    const bytes = image.find(e);
    if (bytes !== undefined && superClassName(bytes) === 'java/lang/Enum') enums.push(e);
  }
  writeFileAtomic(file, Buffer.from(JSON.stringify(enums)));
  return enums;
}

/**
 * The names the instrumented copy of `jdk` adds to its image (jdk-image.ts), sorted: the
 * runtime's and the patch's classes in java.base, and the MID holders of the enums of the
 * instrumented modules (`modules`, all when undefined).
 */
export function copyAddedNames(o: { jdk: JdkInfo; image: JImage; cache: string; runtimeDir: string; modules?: readonly string[] }): string[] {
  const dir = viewDir(o.cache);
  const names = new Set<string>();
  for (const f of classFiles(join(o.runtimeDir, 'komorium', 'rt'))) if (!f.includes('/')) names.add(`/java.base/komorium/rt/${f}`);
  for (const c of PAUSED_CLASSES) names.add(`/java.base/${c}.class`);
  const only = o.modules ? new Set(o.modules) : undefined;
  for (const e of enumClasses(o.jdk, o.image, dir)) {
    if (only && !only.has(e.slice(1, e.indexOf('/', 1)))) continue;
    const cls = e.slice(e.indexOf('/', 1) + 1, -'.class'.length);
    names.add(`/${e.slice(1, e.indexOf('/', 1))}/${midHolderName(cls)}.class`);
  }
  return [...names].sort();
}

/** `<cache>/java-images`, or the fallback cache's (cache.ts) when the cache cannot be written. */
function viewDir(cache: string): string {
  const dir = join(cache, 'java-images');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    const fallback = join(fallbackCacheRoot(), 'java-images');
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/**
 * The view of `jdk`'s image indexed as its instrumented copy (made once per set of names, in
 * `<cache>/java-images`), or undefined when it cannot be made (`log` says why): the embedded
 * engine then shows Java code the JDK's own image.
 */
export function javaImageView(o: { jdk: JdkInfo; cache: string; runtimeDir: string; modules?: readonly string[]; log?: (line: string) => void }): JavaImageView | undefined {
  let image: JImage | undefined;
  try {
    image = JImage.open(o.jdk.modulesPath);
    const added = copyAddedNames({ ...o, image });
    const key = createHash('sha256')
      .update(`${VIEW_VERSION}\0${jdkIdentity(o.jdk)}\0${o.modules ? [...o.modules].sort().join(',') : '*'}\0${added.join('\0')}`)
      .digest('hex')
      .slice(0, 20);
    const file = join(viewDir(o.cache), `${o.jdk.feature}-${key}.view`);
    const jdkOffset = image.header.indexSize;
    const read = (): JavaImageView | undefined => {
      const head = Buffer.alloc(PREFIX);
      try {
        const fd = openSync(file, 'r');
        try {
          if (readSync(fd, head, 0, PREFIX, 0) < PREFIX) return undefined;
        } finally {
          closeSync(fd);
        }
      } catch {
        return undefined;
      }
      if (head.readUInt32LE(0) !== MAGIC) return undefined;
      return { file, indexLength: head.readUInt32LE(4), tailLength: head.readUInt32LE(8), contentLength: head.readUInt32LE(12), jdkImage: o.jdk.modulesPath, jdkOffset };
    };
    const cached = read();
    if (cached) return cached;
    const v = jimageView(image, added, copyWide(o.modules));
    const head = Buffer.alloc(PREFIX);
    head.writeUInt32LE(MAGIC, 0);
    head.writeUInt32LE(v.index.length, 4);
    head.writeUInt32LE(v.tail.length, 8);
    head.writeUInt32LE(v.contentLength, 12);
    writeFileAtomic(file, Buffer.concat([head, v.index, v.tail]));
    return read();
  } catch (e) {
    o.log?.(`note: Java code reads the JDK's own lib/modules (its view indexed as HotSpot's instrumented copy could not be made: ${(e as Error).message})`);
    return undefined;
  } finally {
    image?.close();
  }
}
