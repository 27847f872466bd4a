// Names of methods and frames for reports and exports.

import type { MethodInfo } from './schema';

/** `pkg.Class.method`. */
export function qualifiedName(m: MethodInfo): string {
  return `${m.className}.${m.name}`;
}

/** Java source-like parameter list of a descriptor: `(int,java.lang.String[])`. Never contains ';'. */
export function javaParameters(descriptor: string): string {
  const close = descriptor.indexOf(')');
  const params = descriptor.slice(1, close < 0 ? descriptor.length : close);
  const types: string[] = [];
  let i = 0;
  while (i < params.length) {
    let dims = 0;
    while (params[i] === '[') {
      dims++;
      i++;
    }
    const c = params[i];
    let name: string;
    if (c === 'L') {
      const end = params.indexOf(';', i);
      const stop = end < 0 ? params.length : end;
      name = params.slice(i + 1, stop).replace(/\//g, '.');
      i = stop + 1;
    } else {
      name = PRIMITIVES[c ?? ''] ?? (c ?? '?');
      i++;
    }
    types.push(name + '[]'.repeat(dims));
  }
  return `(${types.join(',')})`;
}

const PRIMITIVES: Record<string, string> = {
  B: 'byte',
  C: 'char',
  D: 'double',
  F: 'float',
  I: 'int',
  J: 'long',
  S: 'short',
  Z: 'boolean',
  V: 'void',
};

/** The source path implied by the package and SourceFile: `java/util/HashMap.java`, or null. */
export function sourcePath(m: MethodInfo): string | null {
  if (m.sourceFile === null) return null;
  const dot = m.className.lastIndexOf('.');
  return dot < 0 ? m.sourceFile : `${m.className.slice(0, dot).replace(/\./g, '/')}/${m.sourceFile}`;
}

/** HPROF-style `pkg.Class.method (descriptor)` or `pkg.Class.method`. */
export function methodLabel(m: MethodInfo, signatures: boolean): string {
  return signatures ? `${qualifiedName(m)}${m.descriptor}` : qualifiedName(m);
}

/** A stable key identifying a method across profiles: class, name and descriptor. */
export function methodKey(m: MethodInfo): string {
  return `${m.className}\u0000${m.name}\u0000${m.descriptor}`;
}

/** `12.34%` of a part in a whole (0 when the whole is 0). */
export function percent(part: number, whole: number): string {
  return `${(whole > 0 ? (100 * part) / whole : 0).toFixed(2)}%`;
}
