// Names and orderings of methods: display labels, the stable key that identifies a method
// across live updates (method indices change as a profile grows), the canonical child order
// of the format (class, name, descriptor, source file), and which frames are the JDK's.

import type { MethodRef } from './profile';

/** Identifies a method across profiles: class, name, descriptor. */
export function methodKey(m: MethodRef): string {
  return `${m.className}\u0000${m.name}\u0000${m.descriptor}`;
}

/** `Class.method` without the package (nested classes keep their `$`). */
export function shortLabel(m: MethodRef): string {
  const dot = m.className.lastIndexOf('.');
  return `${dot < 0 ? m.className : m.className.slice(dot + 1)}.${m.name}`;
}

/** `pkg.Class.method`. */
export function qualifiedLabel(m: MethodRef): string {
  return `${m.className}.${m.name}`;
}

/** The package of a class (`''` for the default package). */
export function packageOf(className: string): string {
  const dot = className.lastIndexOf('.');
  return dot < 0 ? '' : className.slice(0, dot);
}

const JDK_PREFIXES = ['java.', 'javax.', 'jdk.', 'sun.', 'com.sun.', 'komorium.rt.'];

/** Frames of the JDK (and of Komorium's runtime): drawn in a cooler colour. */
export function isPlatformClass(className: string): boolean {
  for (const p of JDK_PREFIXES) if (className.startsWith(p)) return true;
  return false;
}

const PRIMITIVES: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean', V: 'void' };

/** Java-like parameter list of a descriptor: `(int, java.lang.String[])`. */
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
    const c = params[i] ?? '?';
    let name: string;
    if (c === 'L') {
      const end = params.indexOf(';', i);
      const stop = end < 0 ? params.length : end;
      name = params.slice(i + 1, stop).replace(/\//g, '.');
      i = stop + 1;
    } else {
      name = PRIMITIVES[c] ?? c;
      i++;
    }
    types.push(name + '[]'.repeat(dims));
  }
  return `(${types.join(', ')})`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The format's child order: class, name, descriptor, source file (null first). */
export function compareMethods(a: MethodRef, b: MethodRef): number {
  return (
    cmp(a.className, b.className) ||
    cmp(a.name, b.name) ||
    cmp(a.descriptor, b.descriptor) ||
    cmp(a.sourceFile ?? '\u0001', b.sourceFile ?? '\u0001')
  );
}

/** rank[i] = position of methods[i] in the canonical order. */
export function methodRanks(methods: readonly MethodRef[]): Int32Array {
  const order = methods.map((_, i) => i);
  order.sort((a, b) => compareMethods(methods[a]!, methods[b]!) || a - b);
  const rank = new Int32Array(methods.length);
  order.forEach((m, r) => (rank[m] = r));
  return rank;
}
