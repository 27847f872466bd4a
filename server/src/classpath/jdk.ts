// Finding the JDK: an explicit path (--jdk), then $JAVA_HOME, then `java` on PATH with its
// symlinks resolved (/usr/bin/java -> /etc/alternatives/java -> <home>/bin/java).
// A JDK is usable when it has lib/modules (JDK 9+); its version comes from the `release` file.

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { JdkNotFoundError } from './errors';
import { JImage } from './jimage';

export interface JdkInfo {
  /** The JDK's home directory (symlinks resolved). */
  home: string;
  /** JAVA_VERSION from the release file, e.g. "17.0.15". */
  version: string;
  /** The feature release, e.g. 17. */
  feature: number;
  /** `<home>/lib/modules`. */
  modulesPath: string;
  /** How it was found: '--jdk', 'JAVA_HOME' or 'PATH'. */
  foundVia: 'explicit' | 'JAVA_HOME' | 'PATH';
}

export interface FindJdkOptions {
  /** Environment to read JAVA_HOME and PATH from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Platform, for the executable name and PATH separator (default: process.platform). */
  platform?: NodeJS.Platform;
}

/**
 * Finds a JDK. An explicit path (a JDK home, its bin directory, or a java executable) must be
 * valid: there is no fallback from it. Otherwise JAVA_HOME, then `java` on PATH.
 * Throws JdkNotFoundError listing everything tried.
 */
export function findJavaHome(explicit?: string, opts: FindJdkOptions = {}): JdkInfo {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const exe = platform === 'win32' ? 'java.exe' : 'java';
  const tried: string[] = [];

  if (explicit !== undefined && explicit !== '') {
    const r = checkHome(homeFromExplicit(explicit, exe), 'explicit');
    if (typeof r !== 'string') return r;
    throw new JdkNotFoundError([`explicit JDK path ${explicit}: ${r}`]);
  }

  const javaHome = env.JAVA_HOME;
  if (javaHome !== undefined && javaHome !== '') {
    const r = checkHome(javaHome, 'JAVA_HOME');
    if (typeof r !== 'string') return r;
    tried.push(`JAVA_HOME=${javaHome}: ${r}`);
  } else {
    tried.push('JAVA_HOME: not set');
  }

  const pathVar = env.PATH ?? env.Path ?? '';
  const sepChar = platform === 'win32' ? ';' : ':';
  let sawJava = false;
  for (const dir of pathVar.split(sepChar)) {
    if (dir === '') continue;
    const candidate = join(dir, exe);
    if (!isFile(candidate)) continue;
    sawJava = true;
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch (e) {
      tried.push(`PATH ${candidate}: cannot resolve: ${(e as Error).message}`);
      continue;
    }
    const home = dirname(dirname(real));
    const r = checkHome(home, 'PATH');
    if (typeof r !== 'string') return r;
    tried.push(`PATH ${candidate}${real !== candidate ? ` -> ${real}` : ''} (home ${home}): ${r}`);
  }
  if (!sawJava) tried.push(`PATH: no '${exe}' in ${pathVar === '' ? '(empty PATH)' : pathVar}`);
  throw new JdkNotFoundError(tried);
}

/** Accepts a JDK home, its bin directory, or the java executable itself. */
function homeFromExplicit(p: string, exe: string): string {
  const abs = resolve(p);
  if (isFile(abs) && basename(abs) === exe) {
    try {
      return dirname(dirname(realpathSync(abs)));
    } catch {
      return abs;
    }
  }
  if (basename(abs) === 'bin' && isFile(join(abs, exe)) && !existsSync(join(abs, 'lib', 'modules'))) return dirname(abs);
  return abs;
}

/** A JdkInfo for `home`, or the reason it is not a usable JDK. */
function checkHome(home: string, foundVia: JdkInfo['foundVia']): JdkInfo | string {
  let abs: string;
  try {
    abs = realpathSync(resolve(home));
  } catch {
    return 'does not exist';
  }
  if (!isDir(abs)) return 'not a directory';
  const modulesPath = join(abs, 'lib', 'modules');
  if (!isFile(modulesPath)) {
    return existsSync(join(abs, 'jre', 'lib', 'rt.jar')) || existsSync(join(abs, 'lib', 'rt.jar'))
      ? 'a JDK 8 or older (rt.jar, no lib/modules); Komorium needs JDK 9+'
      : 'no lib/modules (not a JDK 9+ home)';
  }
  let version = readReleaseVersion(join(abs, 'release'));
  let feature = version !== undefined ? featureOf(version) : undefined;
  if (feature === undefined) {
    // No usable release file: take the feature from java.lang.Object's class-file version.
    feature = featureFromImage(modulesPath);
    if (feature === undefined) return 'no release file with JAVA_VERSION, and lib/modules has no readable java/lang/Object';
    version = String(feature);
  }
  return { home: abs, version: version ?? String(feature), feature, modulesPath, foundVia };
}

/** JAVA_VERSION="17.0.15" from a release file, if there is one. */
export function readReleaseVersion(releaseFile: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(releaseFile, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^JAVA_VERSION\s*=\s*"?([^"\r\n]*)"?\s*$/m.exec(text);
  return m && m[1] !== '' ? m[1] : undefined;
}

/** The feature release of the JDK at `home` by its release file's JAVA_VERSION, if it has one. */
export function featureOfHome(home: string): number | undefined {
  const v = readReleaseVersion(join(home, 'release'));
  return v === undefined ? undefined : featureOf(v);
}

/** The feature release of a version string: "17.0.15" → 17, "21-ea" → 21, "1.8.0_392" → 8. */
export function featureOf(version: string): number | undefined {
  const m = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return undefined;
  const first = Number(m[1]);
  if (first === 1 && m[2] !== undefined) return Number(m[2]);
  return first;
}

function featureFromImage(modulesPath: string): number | undefined {
  try {
    const img = JImage.open(modulesPath);
    try {
      const b = img.find('/java.base/java/lang/Object.class');
      if (b === undefined || b.length < 8) return undefined;
      return ((b[6]! << 8) | b[7]!) - 44;
    } finally {
      img.close();
    }
  } catch {
    return undefined;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
