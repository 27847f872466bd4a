// Profiling tests: the JUnit Platform console launcher (JUnit 5, and JUnit 4 through the
// vintage engine that the standalone jar bundles) runs the selected tests as the profiled
// program. Used by `komorium test` and by the language server's Profile Test lens.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { JUNIT_FRAMEWORK_PREFIXES } from '../profile/focus';
import { writeFileAtomic } from './profile-out';

export const JUNIT_LAUNCHER = 'org.junit.platform.console.ConsoleLauncher';

/** Where Debian's `junit5` package puts the console launcher with all engines. */
export const DEBIAN_JUNIT_JAR = '/usr/share/java/junit-platform-console-standalone.jar';

/** The standalone console launcher jar: the given path, $KOMORIUM_JUNIT_JAR, then Debian's. */
export function findJUnitJar(given?: string): string | undefined {
  if (given) return existsSync(given) ? given : undefined;
  for (const p of [process.env.KOMORIUM_JUNIT_JAR, DEBIAN_JUNIT_JAR]) {
    if (p && existsSync(p)) return p;
  }
  return undefined;
}

export interface TestSelection {
  /** `pkg.Cls#method` or `pkg.Cls#method(int)`. */
  methods: string[];
  /** `pkg.Cls`. */
  classes: string[];
}

/** Selectors as recorded in `meta.test.selectors`. */
export function selectors(s: TestSelection): string[] {
  return [...s.methods.map((m) => `method:${m}`), ...s.classes.map((c) => `class:${c}`)];
}

/**
 * The profiled program's class path: the launcher jar, then the tests' class path. The tests
 * are on the program's own class path (not the launcher's -cp, a class loader of its own) so
 * that both engines load them as application classes and instrument them.
 */
export function testRunClasspath(junitJar: string, testClasspath: readonly string[]): string[] {
  return [junitJar, ...testClasspath];
}

/** The launcher's arguments: plain output (no banner, no colours), a summary, failure when no test was found. */
export function launcherArgs(s: TestSelection): string[] {
  const out = ['--disable-banner', '--disable-ansi-colors', '--details=summary', '--fail-if-no-tests'];
  for (const m of s.methods) out.push('--select-method', m);
  for (const c of s.classes) out.push('--select-class', c);
  return out;
}

/**
 * Records the selection (`meta.test`) and the frames to fold (`meta.focus`) in a written
 * profile. The text is edited at `"meta":{` (the runtime writes meta first), so a large
 * profile is not parsed and written back as a whole.
 */
export function markTestProfile(path: string, s: TestSelection): void {
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf('"meta":{');
  if (at < 0 || at > 200) throw new Error(`${path}: no meta object at the start of the profile`);
  const extra = `"test":${JSON.stringify({ framework: 'junit-platform', selectors: selectors(s) })},"focus":${JSON.stringify({ hide: JUNIT_FRAMEWORK_PREFIXES })},`;
  const end = at + '"meta":{'.length;
  writeFileAtomic(path, text.slice(0, end) + extra + text.slice(end));
}

/** Modification time of a file, or -1. */
export function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}
