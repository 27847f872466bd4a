// The main section of a jar's META-INF/MANIFEST.MF (the JAR File Specification: `Name: value`
// lines of at most 72 bytes, a line starting with one space continues the previous one, the
// main section ends at the first empty line), and the Class-Path attribute as the JDK's
// URLClassPath reads it.

import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Main-section attributes, names lower-cased. */
export function manifestMainAttributes(mf: Uint8Array): Map<string, string> {
  const text = Buffer.from(mf.buffer, mf.byteOffset, mf.byteLength).toString('utf8');
  const out = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') break;
    if (line.startsWith(' ') && last !== null) {
      out.set(last, out.get(last)! + line.slice(1));
      continue;
    }
    const m = /^([A-Za-z0-9_-]+):\s?(.*)$/.exec(line);
    if (m === null) continue;
    last = m[1]!.toLowerCase();
    out.set(last, m[2]!);
  }
  return out;
}

/**
 * The local files a jar's Class-Path attribute names: space-separated URLs relative to the
 * jar's directory (or absolute file: URLs); others (http:, malformed) are ignored, as the JDK
 * ignores what it cannot open.
 */
export function manifestClassPath(jarPath: string, mf: Uint8Array | undefined): string[] {
  if (mf === undefined) return [];
  const cp = manifestMainAttributes(mf).get('class-path');
  if (cp === undefined) return [];
  const base = pathToFileURL(dirname(resolve(jarPath)) + '/');
  const out: string[] = [];
  for (const spec of cp.split(' ')) {
    if (spec === '') continue;
    try {
      const u = new URL(spec, base);
      if (u.protocol === 'file:') out.push(fileURLToPath(u));
    } catch {
      // not a URL: skipped, as URLClassPath does
    }
  }
  return out;
}

/**
 * The main class `java -jar JAR` runs: the Main-Class attribute of the manifest `mf` (undefined:
 * the jar has none). Throws an Error worded as java's launcher words it when there is none.
 */
export function jarMainClass(jarPath: string, mf: Uint8Array | undefined): string {
  const main = mf === undefined ? undefined : manifestMainAttributes(mf).get('main-class')?.trim();
  if (!main) throw new Error(`no main manifest attribute, in ${jarPath}`);
  return main;
}
