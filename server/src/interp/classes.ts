// Class loading for the embedded JVM: the boot loader (classes from the JDK's lib/modules),
// classes defined by Java class loaders (ClassLoader.defineClass1 and friends), array and
// primitive classes, and the loaded-class tables of each loader.
//
// Superclasses and interfaces of a class defined by a Java loader are loaded through that
// loader's loadClass (an upcall), one at a time; `defineWithSupers` retries once they are
// all there, so natives that define classes complete after a few upcalls.

import { Acc } from '../classfile/model';
import { readClass } from '../classfile/reader';
import { ClassFormatError } from '../classfile/errors';
import { checkClassHeader, TRUNCATED } from './class-header';
import { checkMembersFormat, checkPoolFormat, isProhibitedPackage } from './class-format';
import { CLASS_READ_OPTIONS, JClass } from './klass';
import { linkClass, populateFromClassFile } from './klass-link';
import type { JObject } from './object';
import { PENDING, VmError } from './signals';
import type { JThread } from './thread';
import type { VM } from './vm';
import { pushCall } from './calls';
import { stringSetAdd, stringSetOf, type StringSet } from './string-set';

const PRIMS: [string, string][] = [
  ['Z', 'boolean'],
  ['B', 'byte'],
  ['C', 'char'],
  ['S', 'short'],
  ['I', 'int'],
  ['J', 'long'],
  ['F', 'float'],
  ['D', 'double'],
  ['V', 'void'],
];


/** newarray's atype operand → element descriptor. */
export const ATYPE: Record<number, string> = { 4: 'Z', 5: 'C', 6: 'F', 7: 'D', 8: 'B', 9: 'S', 10: 'I', 11: 'J' };

/** Per-loader table of classes for which the loader is the initiating or defining loader. */
export class LoaderData {
  readonly classes = new Map<string, JClass>();
}

export class ClassTable {
  readonly boot = new Map<string, JClass>();
  readonly primitives = new Map<string, JClass>();
  /** Boot class names known to be absent. */
  private readonly missing = new Set<string>();
  /**
   * Every method descriptor (a CONSTANT_Utf8 starting with '(') of the classes defined so far,
   * hidden ones too: the signatures HotSpot's symbol table holds as far as this engine tracks it
   * (invoke/member.ts: a speculative MemberName resolution of any other signature fails without
   * an exception, `MethodHandles::resolve_MemberName`'s "no such signature exists in the VM").
   * Compact (string-set.ts): 10,500 in a profiled hello-world's boot snapshot.
   */
  readonly signatures: StringSet = stringSetOf([]);
  /**
   * Every class parsed so far (createClass), in that order, hidden ones and ones whose definition
   * failed after parsing too: the order in which HotSpot's symbol table got their names
   * (symbol-order.ts). It keeps them alive (hidden classes included).
   */
  readonly parsed: JClass[] = [];

  constructor(private readonly vm: VM) {}

  loaderData(loader: JObject): LoaderData {
    const o = loader as unknown as { $vm: LoaderData | null };
    if (!o.$vm) o.$vm = new LoaderData();
    return o.$vm;
  }

  /** A class already loaded by `loader` (initiating or defining), or undefined. */
  findLoaded(loader: JObject | null, name: string): JClass | undefined {
    if (name.startsWith('[')) return this.arrayByName(loader, name, false);
    if (loader === null) return this.boot.get(name);
    return this.loaderData(loader).classes.get(name);
  }

  primitive(desc: string): JClass {
    let k = this.primitives.get(desc);
    if (!k) {
      const name = PRIMS.find(([d]) => d === desc)?.[1];
      if (!name) throw new Error(`not a primitive type: ${desc}`);
      k = new JClass(name, null, Acc.PUBLIC | Acc.FINAL | Acc.ABSTRACT);
      k.primitive = desc;
      k.moduleName = 'java.base';
      k.linked = true;
      k.state = 2;
      this.primitives.set(desc, k);
    }
    return k;
  }

  /** The array class whose elements are `component`. */
  arrayOf(component: JClass): JClass {
    let a = component.arrayClass;
    if (a) return a;
    const name = `[${component.descriptor}`;
    a = new JClass(name, component.isPrimitive ? null : component.loader, Acc.PUBLIC | Acc.FINAL | Acc.ABSTRACT);
    a.component = component;
    a.elemDesc = component.descriptor;
    a.moduleName = component.isPrimitive ? 'java.base' : component.moduleName;
    a.module = component.module;
    const obj = this.loadBoot('java/lang/Object');
    a.superclass = obj;
    a.interfaces = [this.loadBoot('java/lang/Cloneable'), this.loadBoot('java/io/Serializable')];
    linkClass(a);
    a.state = 2;
    component.arrayClass = a;
    return a;
  }

  /** Array class by descriptor name, if its element class is loaded (or primitive). */
  private arrayByName(loader: JObject | null, name: string, load: boolean): JClass | undefined {
    let dims = 0;
    while (name[dims] === '[') dims++;
    const el = name.slice(dims);
    let k: JClass | undefined;
    if (el.length === 1) k = this.primitive(el);
    else if (el.startsWith('L') && el.endsWith(';')) {
      const n = el.slice(1, -1);
      // tryBoot: an array of a class the boot loader does not have is not a boot class either
      // (undefined, not NoClassDefFoundError: MethodType resolution probes boot classes first).
      k = load && loader === null ? this.tryBoot(n) : this.findLoaded(loader, n);
    } else throw new VmError('java/lang/NoClassDefFoundError', name);
    if (!k) return undefined;
    for (let i = 0; i < dims; i++) k = this.arrayOf(k);
    return k;
  }

  /** Loads a class through the boot loader (synchronously). NoClassDefFoundError if absent. */
  loadBoot(name: string): JClass {
    const k = this.tryBoot(name);
    if (!k) throw new VmError('java/lang/NoClassDefFoundError', name);
    return k;
  }

  /** Loads a boot class, or undefined when the JDK has no such class. */
  tryBoot(name: string): JClass | undefined {
    const have = this.boot.get(name);
    if (have) return have;
    if (name.startsWith('[')) return this.arrayByName(null, name, true);
    if (this.missing.has(name)) return undefined;
    const found = this.vm.bootClassBytes(name);
    if (!found) {
      this.missing.add(name);
      return undefined;
    }
    const k = this.createClass(null, name, found.bytes, found.source);
    k.moduleName = found.module || null;
    // Supers through the boot loader (synchronous).
    this.boot.set(name, k);
    try {
      const cf = k.cf!;
      if (cf.superClass !== 0) k.superclass = this.loadBoot(classNameOf(k, cf.superClass));
      k.interfaces = cf.interfaces.map((i) => this.loadBoot(classNameOf(k, i)));
      linkClass(k);
    } catch (e) {
      this.boot.delete(name);
      throw e;
    }
    this.vm.onClassLoaded(k);
    return k;
  }

  /** Parses bytes into an unlinked JClass (ClassFormatError on bad input). */
  createClass(loader: JObject | null, expectedName: string | null, bytes: Uint8Array, source: string): JClass {
    let cf;
    // HotSpot's header checks and messages first (UnsupportedClassVersionError); later errors
    // name the class, not the file or directory it came from.
    checkClassHeader(bytes, expectedName, this.vm.opts.jdk.feature);
    const shown = expectedName ?? '<Unknown>';
    const prepared = this.vm.prepareClassBytes(expectedName, bytes, loader);
    try {
      cf = readClass(prepared, shown, CLASS_READ_OPTIONS);
    } catch (e) {
      if (e instanceof ClassFormatError) throw new VmError('java/lang/ClassFormatError', e.expected.endsWith('before the end of the class file') ? TRUNCATED : e.message);
      throw e;
    }
    // HotSpot checks more than the reader for every loader but the boot loader (class-format.ts).
    if (loader !== null) checkPoolFormat(cf, expectedName);
    const thisEntry = cf.constantPool[cf.thisClass];
    if (!thisEntry || thisEntry.tag !== 7) throw new VmError('java/lang/ClassFormatError', `${shown}: bad this_class`);
    const nameEntry = cf.constantPool[thisEntry.nameIndex];
    const name = nameEntry && nameEntry.tag === 1 ? nameEntry.value : '';
    if (expectedName !== null && name !== expectedName) {
      throw new VmError('java/lang/NoClassDefFoundError', `${expectedName} (wrong name: ${name})`);
    }
    if (loader !== null) checkMembersFormat(cf, name);
    const k = new JClass(name, loader, cf.accessFlags);
    k.source = source;
    // The verifier checks the class as defined, not as the profiler transformed it.
    if (loader !== null && prepared !== bytes) k.originalBytes = bytes;
    k.definedLength = prepared.length;
    populateFromClassFile(k, cf, this.vm.opts.jdk.feature);
    this.parsed.push(k);
    for (const e of cf.constantPool) if (e !== undefined && e !== null && e.tag === 1 && e.value.startsWith('(')) stringSetAdd(this.signatures, e.value);
    return k;
  }

  /**
   * Defines a class for a Java loader: loads its superclass and interfaces through the loader
   * (upcalls, PENDING) and links it. `then` receives the linked class once all are there; it
   * runs again after each upcall, so it must not have side effects before that point.
   * `resolved` sees each supertype once it is loaded, in HotSpot's order (it may see one again
   * after a later upcall).
   */
  defineWithSupers(t: JThread, loader: JObject | null, k: JClass, then: (k: JClass) => unknown, resolved?: (s: JClass) => void): unknown {
    const cf = k.cf!;
    // HotSpot's order: the interfaces (as the class file is parsed), then the superclass.
    const ifaceNames = cf.interfaces.map((i) => classNameOf(k, i));
    const superName = cf.superClass !== 0 ? classNameOf(k, cf.superClass) : null;
    const names = superName === null ? ifaceNames : [...ifaceNames, superName];
    return this.withClasses(t, loader, names, () => {
      if (loader !== null && !k.hidden && isProhibitedPackage(k.name) && !this.vm.isPlatformLoader(loader)) {
        const pkg = k.name.slice(0, k.name.lastIndexOf('/')).replace(/\//g, '.');
        throw new VmError('java/lang/SecurityException', `Class loader (instance of): ${this.vm.loaderNameAndId(loader)} tried to load prohibited package name: ${pkg}`);
      }
      if (loader !== null) {
        const existing = this.loaderData(loader).classes.get(k.name);
        if (existing && !k.hidden) throw new VmError('java/lang/LinkageError', `loader ${this.vm.loaderName(loader)} attempted duplicate class definition for ${k.javaName}.`);
      }
      const from = this.nonReflectionLoader(loader);
      if (superName !== null) k.superclass = this.findLoaded(from, superName) ?? null;
      k.interfaces = ifaceNames.map((n) => this.findLoaded(from, n) as JClass);
      if (k.superclass?.isInterface) throw new VmError('java/lang/IncompatibleClassChangeError', `class ${k.javaName} has interface ${k.superclass.javaName} as super class`);
      linkClass(k);
      if (loader !== null && !k.hidden) this.loaderData(loader).classes.set(k.name, k);
      if (loader === null && !k.hidden) this.boot.set(k.name, k);
      this.vm.onClassLoaded(k);
      return then(k);
    }, resolved);
  }

  /**
   * Runs `then` once every class in `names` is loaded by `loader`, loading missing ones through
   * `loader.loadClass` (each an upcall: throws PENDING; the glue continues with the next).
   * `resolved` (if given) sees each class once it is there, in order (again after an upcall).
   */
  withClasses(t: JThread, loader0: JObject | null, names: string[], then: () => unknown, resolved?: (k: JClass) => void): unknown {
    const loader = this.nonReflectionLoader(loader0);
    for (const name of names) {
      const found = this.findLoaded(loader, name);
      if (found) {
        resolved?.(found);
        continue;
      }
      if (loader === null) {
        const k = this.loadBoot(name);
        resolved?.(k);
        continue;
      }
      this.loadThroughLoader(t, loader, name, () => this.withClasses(t, loader, names, then, resolved));
      throw PENDING;
    }
    return then();
  }

  /**
   * The loader HotSpot resolves a class name through for classes of `loader`
   * (`java_lang_ClassLoader::non_reflection_class_loader`): the parent of a
   * `jdk.internal.reflect.DelegatingClassLoader` (the loader of JDK 17's generated reflection
   * accessors, defined once a Method.invoke or Constructor.newInstance passed the inflation
   * threshold), so its `loadClass` never runs; any other loader itself.
   */
  nonReflectionLoader(loader: JObject | null): JObject | null {
    if (loader === null || loader.klass.name !== 'jdk/internal/reflect/DelegatingClassLoader') return loader;
    return (loader as JObject & Record<string, unknown>)[this.vm.field(loader.klass, 'parent').key] as JObject | null;
  }

  /** Upcall `loader.loadClass(name)`; records the result and continues with `then`. */
  loadThroughLoader(t: JThread, loader: JObject, name: string, then: () => unknown, kind: 'V' | 'L' = 'L', resumePc = -1, wrap = true): void {
    const vm = this.vm;
    const m = vm.loadClassMethod(loader);
    // Once loadClass returned, `then` may upcall again (PENDING, a new glue above this one):
    // the result of that chain then passes through this glue unchanged.
    let loaded = false;
    // A new String each time, as HotSpot's load_instance_class passes (externalize_classname):
    // loadClass computes its hash (getClassLoadingLock), counted with the JDK instrumented; an
    // interned name kept the hash of an earlier load or of a literal.
    pushCall(vm, t, m, [loader, vm.newString(name.replace(/\//g, '.'))], {
      kind,
      resumePc,
      base: -1,
      onReturn: (mirror) => {
        if (loaded) return mirror;
        const c = mirror === null ? undefined : vm.classOfMirror(mirror as JObject);
        if (!c) throw new VmError('java/lang/NoClassDefFoundError', name);
        if (c.name !== name) throw new VmError('java/lang/NoClassDefFoundError', `${name} (wrong name: ${c.name})`);
        this.loaderData(loader).classes.set(name, c);
        loaded = true;
        return then();
      },
      onThrow: (exc) => (wrap && !loaded ? vm.wrapLoadFailure(t, exc, name) : exc),
    });
  }
}

export function classNameOf(k: JClass, idx: number): string {
  const e = k.cp[idx];
  if (!e || e.tag !== 7) throw new VmError('java/lang/ClassFormatError', `${k.name}: #${idx} is not a Class`);
  const n = k.cp[e.nameIndex];
  if (!n || n.tag !== 1) throw new VmError('java/lang/ClassFormatError', `${k.name}: bad class name at #${e.nameIndex}`);
  return n.value;
}
