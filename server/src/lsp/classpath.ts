// Finding what to run: the class path of a program, in this order —
//   (0) explicit `classPaths` of a launch configuration;
//   (1) the class path vscode-java reported (the client asks `java.project.getClasspaths`);
//   (2) build output folders: Maven `target/classes`, Gradle `build/classes/java/main` or
//       `bin/main` (Buildship), plus the jars and folders of the `komorium.classpath` setting;
//   (3) otherwise the active file is compiled with javac into a temporary folder (with its
//       source root on -sourcepath, so the classes it uses are compiled too).

import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

export type ClasspathSource = 'launch' | 'vscode-java' | 'maven' | 'gradle' | 'settings' | 'javac';

export interface ClasspathInput {
  /** The active Java file (absolute path), if any. */
  file?: string;
  /** Its package (from the source), when known. */
  packageName?: string;
  workspaceFolders: string[];
  launchClassPaths?: string[];
  javaClasspath?: string[] | null;
  /** `komorium.classpath`: jars and folders; relative ones against the project root; `dir/*` = every jar in dir. */
  settingsClasspath: string[];
}

export type ClasspathPlan =
  | { kind: 'ready'; source: ClasspathSource; entries: string[]; projectRoot: string; notes: string[] }
  | { kind: 'compile'; source: 'javac'; file: string; sourceRoot: string; extra: string[]; projectRoot: string; notes: string[] };

const BUILD_FILES = ['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'];

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function within(child: string, parent: string): boolean {
  const p = parent.endsWith(sep) ? parent : parent + sep;
  return child === parent || child.startsWith(p);
}

/** The nearest folder above `file` with a build file, not above its workspace folder; else the workspace folder. */
export function projectRootOf(file: string | undefined, folders: readonly string[]): string {
  const folder = file ? folders.filter((f) => within(file, f)).sort((a, b) => b.length - a.length)[0] : undefined;
  if (file) {
    const stop = folder ?? dirname(file);
    for (let d = dirname(file); ; d = dirname(d)) {
      if (BUILD_FILES.some((b) => existsSync(join(d, b)))) return d;
      if (d === stop || dirname(d) === d) break;
    }
    return folder ?? dirname(file);
  }
  return folders[0] ?? process.cwd();
}

/** The settings' class path entries, resolved against the project root; `dir/*` and `dir/*.jar` expand to the jars in dir. */
export function expandSettingsClasspath(entries: readonly string[], root: string): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (!e) continue;
    const abs = isAbsolute(e) ? e : resolve(root, e);
    const m = /^(.*)[\\/]\*(\.jar)?$/.exec(abs);
    if (m) {
      const dir = m[1]!;
      if (!isDir(dir)) continue;
      for (const n of readdirSync(dir).sort()) if (n.toLowerCase().endsWith('.jar')) out.push(join(dir, n));
    } else {
      out.push(abs);
    }
  }
  return out;
}

/** The source root of a file in package `pkg`: its folder minus the package folders (undefined if they do not match). */
export function sourceRootOf(file: string, pkg: string): string | undefined {
  let dir = dirname(file);
  if (!pkg) return dir;
  const parts = pkg.split('.').reverse();
  for (const p of parts) {
    if (dir.slice(dir.lastIndexOf(sep) + 1) !== p) return undefined;
    dir = dirname(dir);
  }
  return dir;
}

export function planClasspath(input: ClasspathInput): ClasspathPlan {
  const root = projectRootOf(input.file, input.workspaceFolders);
  const extra = expandSettingsClasspath(input.settingsClasspath, root);
  const notes: string[] = [];
  if (input.launchClassPaths && input.launchClassPaths.length > 0) {
    return { kind: 'ready', source: 'launch', entries: [...input.launchClassPaths.map((p) => resolve(root, p)), ...extra], projectRoot: root, notes };
  }
  if (input.javaClasspath && input.javaClasspath.length > 0) {
    return { kind: 'ready', source: 'vscode-java', entries: [...input.javaClasspath, ...extra], projectRoot: root, notes };
  }
  const inTests = input.file !== undefined && input.file.includes(`${sep}src${sep}test${sep}`);
  if (existsSync(join(root, 'pom.xml'))) {
    const classes = join(root, 'target', 'classes');
    const tests = join(root, 'target', 'test-classes');
    if (isDir(classes)) {
      return { kind: 'ready', source: 'maven', entries: [...(inTests && isDir(tests) ? [tests] : []), classes, ...extra], projectRoot: root, notes };
    }
    notes.push(`${classes} does not exist (run 'mvn compile' for a full build); compiling the file with javac`);
  } else if (BUILD_FILES.some((b) => b.includes('gradle') && existsSync(join(root, b)))) {
    const dirs = inTests
      ? [join(root, 'build', 'classes', 'java', 'test'), join(root, 'bin', 'test')]
      : [];
    const main = [join(root, 'build', 'classes', 'java', 'main'), join(root, 'bin', 'main')].find(isDir);
    if (main) {
      const resources = join(root, 'build', 'resources', 'main');
      return {
        kind: 'ready',
        source: 'gradle',
        entries: [...dirs.filter(isDir).slice(0, 1), main, ...(isDir(resources) ? [resources] : []), ...extra],
        projectRoot: root,
        notes,
      };
    }
    notes.push(`no Gradle output folder (build/classes/java/main or bin/main; run 'gradle classes'); compiling the file with javac`);
  }
  if (input.file && input.file.endsWith('.java')) {
    const sourceRoot = sourceRootOf(input.file, input.packageName ?? '') ?? dirname(input.file);
    return { kind: 'compile', source: 'javac', file: input.file, sourceRoot, extra, projectRoot: root, notes };
  }
  if (extra.length > 0) return { kind: 'ready', source: 'settings', entries: extra, projectRoot: root, notes };
  return { kind: 'ready', source: 'settings', entries: [], projectRoot: root, notes: [...notes, 'no class path found: open a Java file, build the project, or set komorium.classpath'] };
}
