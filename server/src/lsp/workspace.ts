// The workspace's Java sources: a bounded walk of the workspace folders (build output, VCS and
// dependency folders skipped) to find main classes and the source file of a profile method.

import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { mainClasses, scanJava, type JavaSource } from './java-scan';
import { sourceKey } from './hotness';

const SKIP = new Set(['.git', '.hg', '.svn', 'node_modules', 'target', 'build', 'out', 'bin', 'dist', '.gradle', '.idea', '.vscode', '.settings', '.komorium-cache']);
const MAX_FILES = 5000;

/** Every .java file under the folders (at most MAX_FILES), sorted. */
export async function javaFilesUnder(folders: readonly string[], max = MAX_FILES): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    if (out.length >= max) return;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= max) return;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name) && !e.name.startsWith('.')) await walk(join(dir, e.name));
      } else if (e.isFile() && e.name.endsWith('.java')) {
        out.push(join(dir, e.name));
      }
    }
  };
  for (const f of folders) await walk(f);
  return out;
}

export async function scanFile(file: string): Promise<JavaSource | undefined> {
  try {
    return scanJava(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export interface FoundMain {
  mainClass: string;
  file: string;
}

/** Main classes declared in the workspace's Java sources. */
export async function findMains(folders: readonly string[]): Promise<FoundMain[]> {
  const out: FoundMain[] = [];
  for (const file of await javaFilesUnder(folders)) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!/\bmain\s*\(/.test(text)) continue;
    for (const mainClass of mainClasses(scanJava(text))) out.push({ mainClass, file });
  }
  return out;
}

const SOURCE_ROOTS = ['src/main/java', 'src/test/java', 'src', 'app/src/main/java', '.'];

/**
 * The workspace file holding a class's source: `package/dirs/SourceFile` under the usual
 * source roots (and the extra roots given), else any file of that name whose package matches.
 */
export async function findSourceFile(className: string, sourceFile: string, folders: readonly string[], extraRoots: readonly string[] = []): Promise<string | undefined> {
  const dot = className.lastIndexOf('.');
  const pkg = dot < 0 ? '' : className.slice(0, dot);
  const rel = sourceKey(pkg, sourceFile);
  for (const root of [...extraRoots, ...folders.flatMap((f) => SOURCE_ROOTS.map((r) => join(f, r)))]) {
    const p = join(root, rel);
    if (existsSync(p)) return p;
  }
  for (const file of await javaFilesUnder(folders)) {
    if (basename(file) !== sourceFile) continue;
    const src = await scanFile(file);
    if (src && src.packageName === pkg) return file;
  }
  return undefined;
}
