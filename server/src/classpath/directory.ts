// A class directory on the class path (e.g. target/classes): resource 'a/B.class' is the file
// DIR/a/B.class.

import { readFileSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ClassPathEntry, Found } from './entry';
import { isPlainResourcePath } from './entry';

export class ClassDirectory implements ClassPathEntry {
  readonly path: string;

  constructor(dir: string) {
    this.path = resolve(dir);
  }

  findResource(resourcePath: string): Found | undefined {
    if (!isPlainResourcePath(resourcePath)) return undefined;
    const file = this.sourceOf(resourcePath);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // Missing, a directory, or a path through a file: simply not here.
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
      throw e;
    }
    return { bytes, source: file };
  }

  sourceOf(resourcePath: string): string {
    return join(this.path, ...resourcePath.split('/'));
  }

  *listResources(): Iterable<string> {
    yield* walk(this.path, '', new Set());
  }

  close(): void {}
}

/** Files under `dir`, sorted per directory; follows symlinks but never a directory twice. */
function* walk(dir: string, prefix: string, seen: Set<string>): Generator<string> {
  let real: string;
  let items: Dirent[];
  try {
    real = realpathSync(dir);
    items = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  if (seen.has(real)) return; // a symlink cycle
  seen.add(real);
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of items) {
    let isDir = d.isDirectory();
    let isFile = d.isFile();
    if (d.isSymbolicLink()) {
      try {
        const st = statSync(dir + sep + d.name);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        continue; // dangling symlink
      }
    }
    if (isDir) yield* walk(dir + sep + d.name, `${prefix}${d.name}/`, seen);
    else if (isFile) yield prefix + d.name;
  }
}
