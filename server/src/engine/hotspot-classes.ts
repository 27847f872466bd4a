// How the HotSpot engine runs a program on its own class path (docs/RUNTIME.md, "The HotSpot
// engine"). The class path is transformed ahead (the transformation depends on the shapes of
// all user classes) into one file of transformed classes; `java` then runs with the user's class
// path as given, the runtime on the boot class path (-Xbootclasspath/a, so komorium.rt resolves
// from every class loader), and the java.base patch (reflect-patch.ts), whose
// java.lang.KomoriumClasses swaps in the transformed bytes when a loader defines one of those
// classes with the very bytes that were transformed (name, length and hash). The engine's own
// JVM options go into an argument file, so the process's command line shows `@FILE` in their
// place; what remains visible is listed in RUNTIME.md.

import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { JdkInfo } from '../classpath/index';
import { HOTSPOT_ALL_JIT_OPTIONS, HOTSPOT_JIT_OPTIONS } from '../runtime/contract';
import { transformClassPath, type TransformResult } from '../transform/driver';
import { cacheRoot } from './cache';
import { reflectionPatch } from './reflect-patch';

export { argFileQuote, hotspotArgv } from './hotspot-argv';

/** The system property naming the file of transformed classes (read by KomoriumClasses). */
export const CLASSES_PROPERTY = 'komorium.classes';

/**
 * The hash KomoriumClasses.hash computes over a class's original bytes: FNV-1a (32 bits) and
 * the polynomial hash of Arrays.hashCode (31 * h + b, over unsigned bytes).
 */
export function classHash(b: Uint8Array): [number, number] {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0;
  for (let i = 0; i < b.length; i++) {
    const x = b[i]!;
    h1 = Math.imul(h1 ^ x, 0x01000193);
    h2 = (Math.imul(h2, 31) + x) | 0;
  }
  return [h1, h2];
}

export interface PreparedClasses {
  transform: TransformResult;
  /** The file of transformed classes (KomoriumClasses' format). */
  file: string;
  /** How many classes the file holds (those the transformation changed). */
  swapped: number;
  /** Internal names of every class on the class path. */
  names: Set<string>;
}

/**
 * Transforms `classpath` (absolute entries) and writes the classes whose bytes changed into
 * `file`: their transformed bytes one after the other, then the index (int count; per class
 * UTF binary name, int original length, int h1, int h2, long offset, int length), then the
 * index's offset (long). Big-endian (KomoriumClasses decodes it by hand).
 */
export function prepareClasses(o: { classpath: string[]; file: string; jdk: JdkInfo; maxPath?: number; cacheDir?: string; scope?: 'app' | 'all'; jdkModules?: readonly string[] }): PreparedClasses {
  const fd = openSync(o.file, 'w');
  try {
    let offset = 0;
    const index: Buffer[] = [];
    const names = new Set<string>();
    const write = (b: Uint8Array): void => {
      let done = 0;
      while (done < b.length) done += writeSync(fd, b, done, b.length - done, offset + done);
      offset += b.length;
    };
    const transform = transformClassPath({
      classpath: o.classpath,
      jdk: o.jdk,
      maxPath: o.maxPath,
      cacheDir: o.cacheDir,
      scope: o.scope ?? 'app',
      ...(o.jdkModules === undefined ? {} : { jdkModules: o.jdkModules }),
      onClass: ({ name, original, output }) => {
        names.add(name);
        // Versioned entries of multi-release jars are served under their base name.
        if (name.startsWith('META-INF/') || Buffer.from(output.buffer, output.byteOffset, output.length).equals(original)) return;
        const nameBytes = Buffer.from(name.replace(/\//g, '.'), 'utf8');
        const [h1, h2] = classHash(original);
        const e = Buffer.alloc(2 + nameBytes.length + 24);
        e.writeUInt16BE(nameBytes.length, 0);
        nameBytes.copy(e, 2);
        const p = 2 + nameBytes.length;
        e.writeInt32BE(original.length, p);
        e.writeInt32BE(h1, p + 4);
        e.writeInt32BE(h2, p + 8);
        e.writeBigInt64BE(BigInt(offset), p + 12);
        e.writeInt32BE(output.length, p + 20);
        index.push(e);
        write(output);
      },
    });
    const at = offset;
    const count = Buffer.alloc(4);
    count.writeInt32BE(index.length, 0);
    write(count);
    for (const e of index) write(e);
    const trailer = Buffer.alloc(8);
    trailer.writeBigInt64BE(BigInt(at), 0);
    write(trailer);
    return { transform, file: o.file, swapped: index.length, names };
  } finally {
    closeSync(fd);
  }
}

/**
 * JVM options every run of transformed classes on HotSpot needs: the java.base patch
 * (reflection, stack traces, NPE messages, the class swap), and the JIT options for the runtime
 * (HOTSPOT_JIT_OPTIONS).
 */
export function hotspotVmArgs(jdk: JdkInfo, cache: string = cacheRoot()): string[] {
  return [`--patch-module=java.base=${reflectionPatch(jdk, join(cache, 'patch'))}`, ...HOTSPOT_JIT_OPTIONS];
}

/**
 * The engine's JVM options: hotspotVmArgs, the runtime on the boot class path, and the file of
 * transformed classes. With the JDK instrumented (`all`, jdk-image.ts), whose java.base holds
 * the reflection patch and the runtime, only the JIT options (HOTSPOT_ALL_JIT_OPTIONS too) and
 * the file.
 */
export function engineVmArgs(jdk: JdkInfo, cache: string, runtimeDir: string, classesFile: string, instrumentedJdk = false): string[] {
  if (instrumentedJdk) return [...HOTSPOT_JIT_OPTIONS, ...HOTSPOT_ALL_JIT_OPTIONS, `-D${CLASSES_PROPERTY}=${classesFile}`];
  return [...hotspotVmArgs(jdk, cache), `-Xbootclasspath/a:${runtimeDir}`, `-D${CLASSES_PROPERTY}=${classesFile}`];
}
