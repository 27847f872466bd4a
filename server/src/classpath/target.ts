// Resolves a `komorium disasm <target>` argument to class bytes. A target is
//   - a class file path:             build/Foo.class
//   - a jar entry:                   lib/app.jar!com/x/Foo.class (also com/x/Foo or com.x.Foo)
//   - a jrt name (as in `source`):   jrt:/java.base/java/lang/String.class
//   - a class name:                  java.lang.String or java/lang/String (class path, then JDK)

import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ClassPath } from './classpath';
import type { Found } from './entry';
import { TargetNotFoundError } from './errors';
import { ZipFile } from './zip';

/**
 * Resolves `target` to class bytes and a human-readable source. `cp` may be a function, so
 * that targets which need no class path (files, jar entries) never build one.
 * Throws TargetNotFoundError (or the class path's own typed errors).
 */
export function resolveTarget(target: string, cp: ClassPath | (() => ClassPath)): Found {
  const classPath = typeof cp === 'function' ? cp : (): ClassPath => cp;
  if (target === '') throw new TargetNotFoundError(target, 'empty target');

  if (target.startsWith('jrt:/')) {
    const image = classPath().image;
    if (image === undefined) throw new TargetNotFoundError(target, 'no JDK on the class path');
    const name = target.slice('jrt:'.length);
    const bytes = image.find(name);
    if (bytes === undefined) throw new TargetNotFoundError(target, `no such resource in ${image.path}`);
    return { bytes, source: target };
  }

  const bang = target.lastIndexOf('!');
  if (bang > 0) return fromJar(target, target.slice(0, bang), target.slice(bang + 1));

  const st = statOrUndefined(target);
  if (st?.isFile()) {
    const file = resolve(target);
    return { bytes: readFileSync(file), source: file };
  }
  if (st?.isDirectory()) throw new TargetNotFoundError(target, 'is a directory, not a class file');
  const looksLikePath = /\.class$/i.test(target) && (target.startsWith('/') || target.startsWith('.') || /^[A-Za-z]:[\\/]/.test(target));
  if (looksLikePath) throw new TargetNotFoundError(target, 'no such file');

  const internalName = target.replace(/\.class$/, '').replace(/\./g, '/');
  if (!/^[^/;[\s][^;[\s]*$/.test(internalName) || internalName.endsWith('/') || internalName.includes('//')) {
    throw new TargetNotFoundError(target, 'neither an existing file nor a class name');
  }
  const c = classPath();
  const found = c.find(internalName);
  if (found !== undefined) return found;
  const where = [
    c.entries.length > 0 ? `${c.entries.length} class path entr${c.entries.length === 1 ? 'y' : 'ies'}` : 'an empty class path',
    c.jdk !== undefined ? `the JDK at ${c.jdk.home}` : 'no JDK',
  ];
  throw new TargetNotFoundError(target, `class ${internalName} not found (searched ${where.join(' and ')})`);
}

function fromJar(target: string, jarPath: string, entryPath: string): Found {
  const st = statOrUndefined(jarPath);
  if (!st?.isFile()) throw new TargetNotFoundError(target, `no such jar file: ${jarPath}`);
  const abs = resolve(jarPath);
  const zip = ZipFile.open(abs);
  try {
    const entry = entryPath.replace(/^\/+/, '');
    const candidates = [entry];
    if (!entry.endsWith('.class')) candidates.push(`${entry}.class`, `${entry.replace(/\./g, '/')}.class`);
    for (const name of candidates) {
      const bytes = zip.read(name);
      if (bytes !== undefined) return { bytes, source: `${abs}!${name}` };
    }
    throw new TargetNotFoundError(target, `no entry ${entry} in ${abs}`);
  } finally {
    zip.close();
  }
}

function statOrUndefined(p: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}
