// VerifyEnv implementations: over any source of class shapes (the embedded VM's loaded
// classes, or class files on a class path for the transformer's check of original classes).

import { readClass } from '../classfile/reader';
import { Acc, Tag, type ClassFile } from '../classfile/model';
import type { VClass, VerifyEnv, VMember } from './types';

/** What the verifier needs to know about another class. */
export interface ClassShape extends VClass {
  interfaces: readonly string[];
  /** Access flags by name + descriptor. */
  methods: ReadonlyMap<string, number>;
  fields: ReadonlyMap<string, number>;
}

/**
 * How a class's supertypes are reached from its shape: through the class itself (a VM's loaded
 * class, as HotSpot's Klass::super and local_interfaces), where `lookup` of their names would
 * ask the class's loader. Absent: `lookup` by name.
 */
export interface ShapeLinks {
  superOf(s: ClassShape): ClassShape | null;
  interfacesOf(s: ClassShape): ClassShape[];
}

const isShape = (k: VClass): k is ClassShape => 'fields' in k && 'methods' in k;

/** A VerifyEnv over `lookup`, which returns a class's shape or throws (not found, not loaded yet). */
export function envFrom(lookup: (name: string) => ClassShape, links?: ShapeLinks): VerifyEnv {
  const superOf = (k: ClassShape): ClassShape | null => (k.superName === null ? null : links ? links.superOf(k) : lookup(k.superName));
  const interfacesOf = (k: ClassShape): ClassShape[] => (links ? links.interfacesOf(k) : k.interfaces.map(lookup));
  const findField = (k: ClassShape, key: string, depth: number): VMember | undefined => {
    if (depth > 1000) return undefined;
    const a = k.fields.get(key);
    if (a !== undefined) return { isProtected: (a & Acc.PROTECTED) !== 0, holder: k.name };
    for (const i of interfacesOf(k)) {
      const f = findField(i, key, depth + 1);
      if (f) return f;
    }
    const s = superOf(k);
    return s === null ? undefined : findField(s, key, depth + 1);
  };
  return {
    load: lookup,
    // The classes the verifier walks came from `load` (shapes); another VClass by name.
    superOf: (k) => (isShape(k) ? superOf(k) : k.superName === null ? null : lookup(k.superName)),
    findMethod(cls, name, desc) {
      let k: ClassShape | null = lookup(cls);
      for (let guard = 0; k !== null && guard < 10_000; guard++) {
        const a = k.methods.get(name + desc);
        if (a !== undefined) return { isProtected: (a & Acc.PROTECTED) !== 0, holder: k.name };
        k = superOf(k);
      }
      return undefined;
    },
    findField: (cls, name, desc) => findField(lookup(cls), name + desc, 0),
  };
}

/** A class's shape from its parsed class file. */
export function shapeOf(cf: ClassFile): ClassShape {
  const u = (i: number): string => {
    const e = cf.constantPool[i];
    return e && e.tag === Tag.Utf8 ? e.value : '';
  };
  const cn = (i: number): string => {
    const e = cf.constantPool[i];
    return e && e.tag === Tag.Class ? u(e.nameIndex) : '';
  };
  return {
    name: cn(cf.thisClass),
    isInterface: (cf.accessFlags & Acc.INTERFACE) !== 0,
    superName: cf.superClass === 0 ? null : cn(cf.superClass),
    interfaces: cf.interfaces.map(cn),
    methods: new Map(cf.methods.map((m) => [u(m.nameIndex) + u(m.descriptorIndex), m.accessFlags])),
    fields: new Map(cf.fields.map((f) => [u(f.nameIndex) + u(f.descriptorIndex), f.accessFlags])),
  };
}

/** Thrown by `classFileEnv` for a class it cannot find: verification cannot tell. */
export class UnknownClass extends Error {
  constructor(readonly className: string) {
    super(`class ${className} not found`);
  }
}

const SHAPE_READ = { rawAttributes: new Set(['Code', 'StackMapTable', 'RuntimeVisibleAnnotations', 'RuntimeInvisibleAnnotations', 'RuntimeVisibleTypeAnnotations', 'RuntimeInvisibleTypeAnnotations']) };

/** A VerifyEnv over class-file bytes (e.g. a class path); unknown classes throw UnknownClass. */
export function classFileEnv(bytesOf: (name: string) => Uint8Array | undefined): VerifyEnv {
  const cache = new Map<string, ClassShape | null>();
  return envFrom((name) => {
    let s = cache.get(name);
    if (s === undefined) {
      const b = name.startsWith('[') ? undefined : bytesOf(name);
      try {
        s = b === undefined ? null : shapeOf(readClass(b, name, SHAPE_READ));
      } catch {
        s = null;
      }
      cache.set(name, s);
    }
    if (s === null) throw new UnknownClass(name);
    return s;
  });
}
