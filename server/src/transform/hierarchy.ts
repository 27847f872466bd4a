// What the transformer needs to know about other classes: for a call site `owner.name(desc)`,
// which class declares the method it resolves to (JVMS 5.4.3.3/5.4.3.4), and so whether that
// method has an extended (reified-stack) version. Classes are read lazily from a lookup
// function (the class path) and only their headers and method tables are kept.

import { readClass } from '../classfile/reader';
import { Acc, type ClassFile } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';

export interface MethodDecl {
  name: string;
  descriptor: string;
  access: number;
  /** Annotated @CallerSensitive (jdk.internal.reflect.CallerSensitive). */
  callerSensitive: boolean;
}

export interface ClassInfo {
  name: string;
  superName: string | undefined;
  interfaces: string[];
  access: number;
  majorVersion: number;
  /** Keyed by name + descriptor. */
  methods: Map<string, MethodDecl>;
}

const CALLER_SENSITIVE = 'Ljdk/internal/reflect/CallerSensitive;';

export function classInfoOf(cf: ClassFile): ClassInfo {
  const pool = new ConstantPool(cf);
  const methods = new Map<string, MethodDecl>();
  for (const m of cf.methods) {
    const name = pool.utf8(m.nameIndex);
    const descriptor = pool.utf8(m.descriptorIndex);
    let callerSensitive = false;
    for (const a of m.attributes) {
      if (a.name === 'RuntimeVisibleAnnotations' || a.name === 'RuntimeInvisibleAnnotations') {
        if (a.annotations.some((an) => pool.utf8(an.typeIndex) === CALLER_SENSITIVE)) callerSensitive = true;
      }
    }
    methods.set(name + descriptor, { name, descriptor, access: m.accessFlags, callerSensitive });
  }
  return {
    name: pool.className(cf.thisClass),
    superName: cf.superClass === 0 ? undefined : pool.className(cf.superClass),
    interfaces: cf.interfaces.map((i) => pool.className(i)),
    access: cf.accessFlags,
    majorVersion: cf.majorVersion,
    methods,
  };
}

export interface ResolvedMethod {
  owner: ClassInfo;
  method: MethodDecl;
}

/** A ClassInfo needs no method bodies: Code attributes are kept as raw bytes, not parsed. */
const INFO_READ = { rawAttributes: new Set(['Code']) };

export class Hierarchy {
  private readonly cache = new Map<string, ClassInfo | null>();

  constructor(private readonly lookup: (internalName: string) => Uint8Array | undefined) {}

  /** Registers a class already parsed (the one being transformed). */
  add(info: ClassInfo): void {
    this.cache.set(info.name, info);
  }

  info(name: string): ClassInfo | undefined {
    let c = this.cache.get(name);
    if (c === undefined) {
      c = null;
      if (!name.startsWith('[')) {
        const bytes = this.lookup(name);
        if (bytes) {
          try {
            c = classInfoOf(readClass(bytes, name, INFO_READ));
          } catch {
            c = null; // a malformed class elsewhere on the path fails when it is loaded, not here
          }
        }
      }
      this.cache.set(name, c);
    }
    return c ?? undefined;
  }

  /**
   * Resolves a method reference as the JVM would; undefined when a class is missing or nothing
   * matches (the call then fails at run time exactly as it would have, since it is left as is).
   * Array classes resolve to java/lang/Object (clone and the Object methods).
   */
  resolve(owner: string, name: string, descriptor: string, interfaceRef: boolean): ResolvedMethod | undefined {
    const key = name + descriptor;
    const start = owner.startsWith('[') ? 'java/lang/Object' : owner;
    if (!interfaceRef) {
      // 1. The class and its superclasses.
      for (let c = this.info(start); c; c = c.superName ? this.info(c.superName) : undefined) {
        const m = c.methods.get(key);
        if (m) return { owner: c, method: m };
      }
    } else {
      const c = this.info(start);
      const m = c?.methods.get(key);
      if (c && m) return { owner: c, method: m };
      const obj = this.info('java/lang/Object');
      const om = obj?.methods.get(key);
      if (obj && om && (om.access & Acc.PUBLIC) !== 0 && (om.access & Acc.STATIC) === 0) return { owner: obj, method: om };
    }
    // 2. Superinterfaces: a maximally-specific non-abstract one first, else any declaration.
    const seen = new Set<string>();
    const candidates: ResolvedMethod[] = [];
    const visit = (n: string): void => {
      if (seen.has(n)) return;
      seen.add(n);
      const c = this.info(n);
      if (!c) return;
      const m = c.methods.get(key);
      if (m && (m.access & (Acc.PRIVATE | Acc.STATIC)) === 0) candidates.push({ owner: c, method: m });
      for (const i of c.interfaces) visit(i);
    };
    for (let c = this.info(start); c; c = c.superName ? this.info(c.superName) : undefined) {
      for (const i of c.interfaces) visit(i);
      if (interfaceRef) break;
    }
    return candidates.find((r) => (r.method.access & Acc.ABSTRACT) === 0) ?? candidates[0];
  }

  /** True if `sub` is `sup` or a subclass/implementor of it. */
  isSubtype(sub: string, sup: string): boolean {
    const seen = new Set<string>();
    const walk = (n: string): boolean => {
      if (n === sup) return true;
      if (seen.has(n)) return false;
      seen.add(n);
      const c = this.info(n);
      if (!c) return false;
      return (c.superName !== undefined && walk(c.superName)) || c.interfaces.some(walk);
    };
    return walk(sub);
  }
}
