// Natives of java.lang.Class (the non-reflective part; reflection is in reflect.ts).

import { Acc, Tag } from '../../../../classfile/model';
import type { JClass } from '../../../klass';
import type { JObject } from '../../../object';
import { isAssignable } from '../../../ops';
import { PENDING, VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { bool, classOf, str } from '../../util';
import { reflectionNatives } from './reflect';

const PRIM_NAMES: Record<string, string> = { boolean: 'Z', byte: 'B', char: 'C', short: 'S', int: 'I', long: 'J', float: 'F', double: 'D', void: 'V' };

/** Class modifiers as Class.getModifiers reports them (InnerClasses flags for member classes). */
export function classModifiers(k: JClass): number {
  if (k.isPrimitive) return Acc.PUBLIC | Acc.ABSTRACT | Acc.FINAL;
  if (k.component) return (classModifiers(k.component) & (Acc.PUBLIC | Acc.PRIVATE | Acc.PROTECTED)) | Acc.ABSTRACT | Acc.FINAL;
  const own = innerClassEntry(k);
  if (own) return own.innerClassAccessFlags & ~Acc.SUPER;
  return k.access & ~Acc.SUPER & 0xffff & ~Acc.SYNTHETIC | (k.access & Acc.SYNTHETIC);
}

export function innerClassEntry(k: JClass): { innerClassInfoIndex: number; outerClassInfoIndex: number; innerNameIndex: number; innerClassAccessFlags: number } | undefined {
  const cf = k.cf;
  if (!cf) return undefined;
  for (const a of cf.attributes) {
    if (a.name !== 'InnerClasses') continue;
    for (const c of a.classes) {
      const e = cf.constantPool[c.innerClassInfoIndex];
      if (!e || e.tag !== Tag.Class) continue;
      const n = cf.constantPool[e.nameIndex];
      if (n && n.tag === Tag.Utf8 && n.value === k.name) return c;
    }
  }
  return undefined;
}

function cpClassName(k: JClass, idx: number): string | null {
  const e = k.cp[idx];
  if (!e || e.tag !== Tag.Class) return null;
  const n = k.cp[e.nameIndex];
  return n && n.tag === Tag.Utf8 ? n.value : null;
}

/**
 * The end of a class name (slashes allowed) starting at `i`, or -1 (the JDK's
 * check_classname.c): one or more characters, none of `.`, `;`, `[`, and no two slashes in a row.
 */
function skipClassName(s: string, i: number): number {
  let last = '';
  let p = i;
  for (; p < s.length; p++) {
    const ch = s[p];
    if (ch === '.' || ch === ';' || ch === '[') break;
    if (ch === '/' && (last === '' || last === '/')) return -1;
    last = ch;
  }
  return last === '' ? -1 : p;
}

/** True if `name` (slashed) is a class name or an array descriptor Class.forName may look up. */
export function isLookupName(name: string): boolean {
  if (!name.startsWith('[')) return skipClassName(name, 0) === name.length;
  let i = 0;
  while (name[i] === '[') i++;
  if (i > 255) return false;
  if (i === name.length - 1) return 'ZBCSIJFD'.includes(name[i]);
  if (name[i] !== 'L') return false;
  const end = skipClassName(name, i + 1);
  return end === name.length - 1 && name[end] === ';';
}

/** Class.forName0 and friends: finds (loading and optionally initialising) a class by name. */
export function forName(vm: VM, t: JThread, dotted: string, init: boolean, loader: JObject | null): unknown {
  // As the JDK's Class.c: a name with slashes is refused as given; one that is not a legal
  // class name or array descriptor, in its slashed form, before any loader is asked.
  if (dotted.includes('/')) throw new VmError('java/lang/ClassNotFoundException', dotted);
  const name = dotted.replace(/\./g, '/');
  if (!isLookupName(name)) throw new VmError('java/lang/ClassNotFoundException', name);
  const finish = (k: JClass): unknown => (init && !k.isArray ? vm.initializeThen(t, k, () => vm.mirrorOf(k)) : vm.mirrorOf(k));
  if (name.startsWith('[')) {
    // Array: element class by name.
    let dims = 0;
    while (name[dims] === '[') dims++;
    const el = name.slice(dims);
    if (el.length === 1) {
      if (!'ZBCSIJFD'.includes(el)) throw new VmError('java/lang/ClassNotFoundException', dotted);
      let k = vm.classes.primitive(el);
      for (let i = 0; i < dims; i++) k = vm.classes.arrayOf(k);
      return vm.mirrorOf(k);
    }
    if (!el.startsWith('L') || !el.endsWith(';')) throw new VmError('java/lang/ClassNotFoundException', dotted);
    const wrap = (ek: JClass): unknown => {
      let k = ek;
      for (let i = 0; i < dims; i++) k = vm.classes.arrayOf(k);
      return vm.mirrorOf(k);
    };
    return findThen(vm, t, el.slice(1, -1), dotted, loader, wrap);
  }
  return findThen(vm, t, name, dotted, loader, finish);
}

function findThen(vm: VM, t: JThread, name: string, dotted: string, loader: JObject | null, then: (k: JClass) => unknown): unknown {
  const have = vm.classes.findLoaded(loader, name);
  if (have) return then(have);
  if (loader === null) {
    const k = vm.classes.tryBoot(name);
    if (!k) throw new VmError('java/lang/ClassNotFoundException', dotted);
    return then(k);
  }
  vm.classes.loadThroughLoader(t, loader, name, () => then(vm.classes.findLoaded(loader, name) as JClass), 'L', -1, false);
  throw PENDING;
}

export const natives: NativeTable = {
  'registerNatives()V': () => undefined,
  'getPrimitiveClass(Ljava/lang/String;)Ljava/lang/Class;': (vm: VM, _t: JThread, name: JObject | null) => {
    const d = PRIM_NAMES[str(vm, name)];
    if (!d) throw new VmError('java/lang/IllegalArgumentException', null);
    return vm.mirrorOf(vm.classes.primitive(d));
  },
  'desiredAssertionStatus0(Ljava/lang/Class;)Z': (vm: VM, _t: JThread, c: JObject | null) => bool(vm.assertionsEnabled(classOf(vm, c))),
  'initClassName()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const s = vm.intern(k.isPrimitive ? k.name : k.javaName);
    (self as unknown as Record<string, unknown>).name = s;
    return s;
  },
  'isArray()Z': (vm: VM, _t: JThread, self: JObject) => bool(classOf(vm, self).isArray),
  'isPrimitive()Z': (vm: VM, _t: JThread, self: JObject) => bool(classOf(vm, self).isPrimitive),
  'isInterface()Z': (vm: VM, _t: JThread, self: JObject) => bool(classOf(vm, self).isInterface),
  'isHidden()Z': (vm: VM, _t: JThread, self: JObject) => bool(classOf(vm, self).hidden),
  'isInstance(Ljava/lang/Object;)Z': (vm: VM, _t: JThread, self: JObject, o: JObject | null) => bool(o !== null && isAssignable(o.klass, classOf(vm, self))),
  'isAssignableFrom(Ljava/lang/Class;)Z': (vm: VM, _t: JThread, self: JObject, other: JObject | null) => {
    if (other === null) throw new VmError('java/lang/NullPointerException', null);
    return bool(isAssignable(classOf(vm, other), classOf(vm, self)));
  },
  'getSuperclass()Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    if (k.isInterface || k.isPrimitive) return null;
    return k.superclass ? vm.mirrorOf(k.superclass) : null;
  },
  'getInterfaces0()[Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/Class'), k.interfaces.map((i) => vm.mirrorOf(i)));
  },
  'getModifiers()I': (vm: VM, _t: JThread, self: JObject) => classModifiers(classOf(vm, self)),
  'getClassAccessFlagsRaw0()I': (vm: VM, _t: JThread, self: JObject) => classOf(vm, self).access,
  'forName0(Ljava/lang/String;ZLjava/lang/ClassLoader;Ljava/lang/Class;)Ljava/lang/Class;': (vm: VM, t: JThread, name: JObject | null, init: number, loader: JObject | null) =>
    forName(vm, t, str(vm, name), init !== 0, loader),
  'getDeclaringClass0()Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const e = innerClassEntry(k);
    if (!e || e.outerClassInfoIndex === 0) return null;
    const outer = cpClassName(k, e.outerClassInfoIndex);
    const ok = outer ? vm.classes.findLoaded(k.loader, outer) ?? (k.loader === null ? vm.classes.tryBoot(outer) : undefined) : undefined;
    return ok ? vm.mirrorOf(ok) : null;
  },
  'getSimpleBinaryName0()Ljava/lang/String;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const e = innerClassEntry(k);
    if (!e || e.innerNameIndex === 0) return null;
    const n = k.cp[e.innerNameIndex];
    return n && n.tag === Tag.Utf8 ? vm.intern(n.value) : null;
  },
  'getEnclosingMethod0()[Ljava/lang/Object;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const a = k.cf?.attributes.find((x) => x.name === 'EnclosingMethod');
    if (!a || a.name !== 'EnclosingMethod') return null;
    const cls = cpClassName(k, a.classIndex);
    const outer = cls ? vm.classes.findLoaded(k.loader, cls) ?? (k.loader === null ? vm.classes.tryBoot(cls) : undefined) : undefined;
    let name: JObject | null = null;
    let desc: JObject | null = null;
    if (a.methodIndex !== 0) {
      const nt = k.cp[a.methodIndex];
      if (nt && nt.tag === Tag.NameAndType) {
        const n = k.cp[nt.nameIndex];
        const d = k.cp[nt.descriptorIndex];
        // HotSpot (JVM_GetEnclosingMethodInfo) makes new Strings from the symbols, not the
        // interned ones: getEnclosingMethod's `m.getName().equals(name)` compares the characters.
        if (n && n.tag === Tag.Utf8) name = vm.newString(n.value);
        if (d && d.tag === Tag.Utf8) desc = vm.newString(d.value);
      }
    }
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/Object'), [outer ? vm.mirrorOf(outer) : null, name, desc]);
  },
  'getNestHost0()Ljava/lang/Class;': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    const a = k.cf?.attributes.find((x) => x.name === 'NestHost');
    if (!a || a.name !== 'NestHost') return self;
    const n = cpClassName(k, a.hostClassIndex);
    const hk = n ? vm.classes.findLoaded(k.loader, n) ?? (k.loader === null ? vm.classes.tryBoot(n) : undefined) : undefined;
    return hk ? vm.mirrorOf(hk) : self;
  },
  'getProtectionDomain0()Ljava/security/ProtectionDomain;': (vm: VM, _t: JThread, self: JObject) => classOf(vm, self).protectionDomain,
  'isRecord0()Z': (vm: VM, _t: JThread, self: JObject) => {
    const k = classOf(vm, self);
    return bool(!!k.cf?.attributes.some((a) => a.name === 'Record') && k.superclass?.name === 'java/lang/Record');
  },
  ...reflectionNatives,
};
