// The workspace's Java sources: a bounded walk of the workspace folders (build output, VCS and
// dependency folders skipped) to find main classes and the source file of a profile method.

import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, isAbsolute } from 'node:path';
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

/** A Java identifier (letters, digits, `_`, `$`; not starting with a digit). */
const JAVA_IDENT = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/** A plain file name: no separator, no `.`/`..`, no NUL (a profile's SourceFile is untrusted). */
function isPlainFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && !/^[A-Za-z]:/.test(name);
}

/** `file` (resolved through symlinks) when it is a regular file inside one of `roots`. */
async function insideRoots(file: string, roots: readonly string[]): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(file);
    if (!(await stat(real)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  for (const r of roots) {
    let root: string;
    try {
      root = await realpath(r);
    } catch {
      continue;
    }
    const rel = relative(root, real);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return file;
  }
  return undefined;
}

/**
 * The workspace file holding a class's source: `package/dirs/SourceFile` under the usual
 * source roots (and the extra roots given), else any file of that name whose package matches.
 * The class name and the SourceFile come from a profile, so they are checked (Java identifiers,
 * a plain file name), and only a file inside the folders or extra roots (after resolving
 * symlinks) is returned.
 */
export async function findSourceFile(className: string, sourceFile: string, folders: readonly string[], extraRoots: readonly string[] = []): Promise<string | undefined> {
  if (!isPlainFileName(sourceFile)) return undefined;
  const dot = className.lastIndexOf('.');
  const pkg = dot < 0 ? '' : className.slice(0, dot);
  if (pkg !== '' && !pkg.split('.').every((seg) => JAVA_IDENT.test(seg))) return undefined;
  const rel = sourceKey(pkg, sourceFile);
  const allowed = [...extraRoots, ...folders];
  for (const root of [...extraRoots, ...folders.flatMap((f) => SOURCE_ROOTS.map((r) => join(f, r)))]) {
    const p = await insideRoots(join(root, rel), allowed);
    if (p !== undefined) return p;
  }
  for (const file of await javaFilesUnder(folders)) {
    if (basename(file) !== sourceFile) continue;
    if ((await insideRoots(file, allowed)) === undefined) continue;
    const src = await scanFile(file);
    if (src && src.packageName === pkg) return file;
  }
  return undefined;
}
