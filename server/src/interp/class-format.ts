// HotSpot's format checks on a class that a Java class loader defines (its ClassFileParser
// with verification on, as for every loader but the boot loader), with its messages, in its
// order where it matters for the message:
// - the constant pool, entry by entry once all are read: class names, NameAndType names and
//   signatures, member references (a field reference to a method signature, a Methodref to a
//   `<...>` method other than `<init>`), MethodType signatures, and the
//   kinds of Dynamic and InvokeDynamic signatures. Until this_class is known the class is
//   named as the loader asked for it (`<Unknown>` without a name);
// - each field and method: its name and signature, and a Code attribute exactly when the
//   method is neither native nor abstract;
// - a loader other than the platform loader defining a class in `java.*` (SecurityException
//   naming the loader, checkProhibitedPackage below).
// The class-file reader has already checked the structure (indices, tags, attribute framing).

import { Acc, Tag, type ClassFile, type CpEntry } from '../classfile/model';
import { VmError } from './signals';

const format = (msg: string): VmError => new VmError('java/lang/ClassFormatError', msg);

/** JVMS 4.2.2 as HotSpot applies it from version 49: a class name (between slashes), a method or a field name. */
function legalUnqualified(s: string, kind: 'class' | 'method' | 'field'): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '.' || c === ';' || c === '[') return false;
    if (c === '/') {
      if (kind !== 'class' || i === 0 || i + 1 >= s.length || s[i + 1] === '/') return false;
    }
    if ((c === '<' || c === '>') && kind === 'method') return false;
  }
  return true;
}

/** The end of the field type starting at `p`, or -1 (HotSpot's skip_over_field_signature); a bad class name in `L...;` throws. */
function skipFieldType(sig: string, p: number, voidOk: boolean, className: string): number {
  let dims = 0;
  while (p < sig.length) {
    switch (sig[p]) {
      case 'V':
        return voidOk ? p + 1 : -1;
      case 'Z':
      case 'B':
      case 'C':
      case 'S':
      case 'I':
      case 'J':
      case 'F':
      case 'D':
        return p + 1;
      case 'L': {
        const end = sig.indexOf(';', p + 1);
        if (end < 0) return -1;
        if (!legalUnqualified(sig.slice(p + 1, end), 'class')) throw format(`Class name is empty or contains illegal character in descriptor in class file ${className}`);
        return end + 1;
      }
      case '[':
        if (dims === 255) throw format(`Array type descriptor has more than 255 dimensions in class file ${className}`);
        dims++;
        p++;
        voidOk = false;
        break;
      default:
        return -1;
    }
  }
  return -1;
}

function illegalSignature(kind: string, name: string, sig: string, className: string): VmError {
  return format(`${kind} "${name}" in class ${className} has illegal signature "${sig}"`);
}

function checkFieldSignature(name: string, sig: string, className: string): void {
  if (skipFieldType(sig, 0, false, className) !== sig.length) throw illegalSignature('Field', name, sig, className);
}

/** Checks a method signature; returns its argument slots. */
function checkMethodSignature(name: string, sig: string, className: string): number {
  if (sig[0] === '(') {
    let p = 1;
    let slots = 0;
    for (let next = skipFieldType(sig, p, false, className); next >= 0; next = skipFieldType(sig, p, false, className)) {
      slots += sig[p] === 'J' || sig[p] === 'D' ? 2 : 1;
      p = next;
    }
    if (sig[p] === ')') {
      p++;
      if (name.startsWith('<')) {
        if (p === sig.length - 1 && sig[p] === 'V') return slots;
      } else if (skipFieldType(sig, p, true, className) === sig.length) return slots;
    }
  }
  throw illegalSignature('Method', name, sig, className);
}

function checkMethodName(name: string, className: string): void {
  const legal = name.startsWith('<') ? name === '<init>' || name === '<clinit>' : legalUnqualified(name, 'method');
  if (!legal) throw format(`Illegal method name "${name}" in class ${className}`);
}

function checkClassName(name: string, className: string): void {
  const legal = name.startsWith('[') ? skipFieldType(name, 0, false, className) === name.length : legalUnqualified(name, 'class');
  if (!legal) throw format(`Illegal class name "${name}" in class file ${className}`);
}

const has = (flags: number, bit: number): boolean => (flags & bit) !== 0;

/** More than one of public, private and protected. */
function illegalVisibility(flags: number): boolean {
  return [Acc.PUBLIC, Acc.PRIVATE, Acc.PROTECTED].filter((b) => has(flags, b)).length > 1;
}

/** HotSpot's rules for the class's access flags (JVMS 4.1), as recognised (JVM_RECOGNIZED_CLASS_MODIFIERS). */
function checkClassModifiers(cf: ClassFile, className: string): void {
  let flags = cf.accessFlags & (cf.majorVersion >= 53 ? 0xf631 : 0x7631);
  if (has(flags, Acc.MODULE)) throw new VmError('java/lang/NoClassDefFoundError', `${className} is not a class because access_flag ACC_MODULE is set`);
  if (has(flags, Acc.INTERFACE) && cf.majorVersion < 50) flags |= Acc.ABSTRACT;
  const iface = has(flags, Acc.INTERFACE);
  const abstract = has(flags, Acc.ABSTRACT);
  const final = has(flags, Acc.FINAL);
  const v5 = cf.majorVersion >= 49;
  if ((abstract && final) || (iface && !abstract) || (iface && v5 && (has(flags, Acc.SUPER) || has(flags, Acc.ENUM))) || (!iface && v5 && has(flags, Acc.ANNOTATION))) {
    throw format(`Illegal class modifiers in class ${className}: 0x${flags.toString(16).toUpperCase()}`);
  }
}

function checkFieldModifiers(raw: number, iface: boolean, major: number, className: string): void {
  const flags = raw & 0x50df;
  const illegal = iface
    ? !has(flags, Acc.PUBLIC) || !has(flags, Acc.STATIC) || !has(flags, Acc.FINAL) || has(flags, Acc.PRIVATE) || has(flags, Acc.PROTECTED) || has(flags, Acc.VOLATILE) || has(flags, Acc.TRANSIENT) || (major >= 49 && has(flags, Acc.ENUM))
    : illegalVisibility(flags) || (has(flags, Acc.FINAL) && has(flags, Acc.VOLATILE));
  if (illegal) throw format(`Illegal field modifiers in class ${className}: 0x${flags.toString(16).toUpperCase()}`);
}

function checkMethodModifiers(flags: number, iface: boolean, major: number, name: string, className: string): void {
  const [pub, priv, stat, fin, nat, abs, strict, sync, prot] = [Acc.PUBLIC, Acc.PRIVATE, Acc.STATIC, Acc.FINAL, Acc.NATIVE, Acc.ABSTRACT, Acc.STRICT, Acc.SYNCHRONIZED, Acc.PROTECTED].map((b) => has(flags, b));
  const v5 = major >= 49;
  const v17 = major >= 61;
  let illegal: boolean;
  if (iface) {
    if (major >= 52) illegal = pub === priv || nat || prot || fin || sync || (abs && (priv || stat || (!v17 && strict)));
    else if (v5) illegal = !pub || priv || prot || stat || fin || sync || nat || !abs || strict;
    else illegal = !pub || stat || fin || nat || !abs;
  } else if (illegalVisibility(flags)) illegal = true;
  else if (name === '<init>') illegal = stat || fin || sync || nat || abs || (v5 && has(flags, Acc.BRIDGE));
  else illegal = abs && (fin || nat || priv || stat || (v5 && (sync || (!v17 && strict))));
  if (illegal) throw format(`Method ${name} in class ${className} has illegal modifiers: 0x${flags.toString(16).toUpperCase()}`);
}

/**
 * The checks of the constant pool and the class's flags on a parsed class defined by a Java
 * loader. `requested` is the name the loader gave (internal form), or null.
 */
export function checkPoolFormat(cf: ClassFile, requested: string | null): void {
  const cp = cf.constantPool;
  const utf = (i: number): string => {
    const e = cp[i];
    return e !== undefined && e.tag === Tag.Utf8 ? e.value : '';
  };
  const modern = cf.majorVersion >= 49;
  const className = requested ?? '<Unknown>';
  const nat = (i: number): Extract<CpEntry, { tag: Tag.NameAndType }> | undefined => {
    const e = cp[i];
    return e !== undefined && e.tag === Tag.NameAndType ? e : undefined;
  };
  for (let i = 1; i < cp.length; i++) {
    const e = cp[i];
    if (e === undefined) continue;
    switch (e.tag) {
      case Tag.Class:
        if (modern) checkClassName(utf(e.nameIndex), className);
        break;
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref: {
        const nt = nat(e.nameAndTypeIndex);
        if (nt === undefined) break;
        const name = utf(nt.nameIndex);
        const sig = utf(nt.descriptorIndex);
        if (e.tag === Tag.Fieldref) {
          if (sig.startsWith('(')) throw illegalSignature('Field', name, sig, className);
          break;
        }
        if (!sig.startsWith('(')) throw illegalSignature('Method', name, sig, className);
        if (e.tag === Tag.Methodref && name.startsWith('<') && name !== '<init>') throw format(`Bad method name at constant pool index ${nt.nameIndex} in class file ${className}`);
        break;
      }
      case Tag.NameAndType: {
        const name = utf(e.nameIndex);
        const sig = utf(e.descriptorIndex);
        if (sig.length === 0) throw format(`Illegal zero length constant pool entry at ${e.descriptorIndex} in class ${className}`);
        if (name.length === 0) throw format(`Illegal zero length constant pool entry at ${e.nameIndex} in class ${className}`);
        if (sig.startsWith('(')) {
          if (modern) checkMethodName(name, className);
          checkMethodSignature(name, sig, className);
        } else {
          if (modern && !legalUnqualified(name, 'field')) throw format(`Illegal field name "${name}" in class ${className}`);
          checkFieldSignature(name, sig, className);
        }
        break;
      }
      case Tag.MethodType:
        checkMethodSignature('type', utf(e.descriptorIndex), className);
        break;
      case Tag.Dynamic:
      case Tag.InvokeDynamic: {
        const nt = nat(e.nameAndTypeIndex);
        if (nt === undefined) break;
        const sig = utf(nt.descriptorIndex);
        if (e.tag === Tag.Dynamic && sig.startsWith('(')) throw illegalSignature('CONSTANT_Dynamic', utf(nt.nameIndex), sig, className);
        if (e.tag === Tag.InvokeDynamic && !sig.startsWith('(')) throw illegalSignature('Method', utf(nt.nameIndex), sig, className);
        break;
      }
      default:
        break;
    }
  }
  checkClassModifiers(cf, className);
}

/** The checks of fields and methods (after this_class is read and matched against the name asked for). */
export function checkMembersFormat(cf: ClassFile, className: string): void {
  const cp = cf.constantPool;
  const utf = (i: number): string => {
    const e = cp[i];
    return e !== undefined && e.tag === Tag.Utf8 ? e.value : '';
  };
  const modern = cf.majorVersion >= 49;
  const iface = (cf.accessFlags & Acc.INTERFACE) !== 0;
  for (const f of cf.fields) {
    checkFieldModifiers(f.accessFlags, iface, cf.majorVersion, className);
    const name = utf(f.nameIndex);
    if (modern && !legalUnqualified(name, 'field')) throw format(`Illegal field name "${name}" in class ${className}`);
    checkFieldSignature(name, utf(f.descriptorIndex), className);
  }
  for (const m of cf.methods) {
    const name = utf(m.nameIndex);
    const sig = utf(m.descriptorIndex);
    if (modern) checkMethodName(name, className);
    // A class initialiser's ignored flags are cleared in `cf`, so that the engine ignores them too.
    if (name === '<clinit>') {
      // HotSpot ignores a class initialiser's other flags (JVMS 4.6), and from version 51 it must be static.
      if (cf.majorVersion < 51) m.accessFlags = Acc.STATIC;
      else if ((m.accessFlags & Acc.STATIC) !== 0) m.accessFlags &= Acc.STATIC | (cf.majorVersion <= 60 ? Acc.STRICT : 0);
      else throw format(`Method <clinit> is not static in class file ${className}`);
    } else checkMethodModifiers(m.accessFlags, iface, cf.majorVersion, name, className);
    if (name === '<init>' && iface) throw format(`Interface cannot have a method named <init>, class file ${className}`);
    const slots = checkMethodSignature(name, sig, className);
    if (slots + ((m.accessFlags & Acc.STATIC) === 0 ? 1 : 0) > 255) throw format(`Too many arguments in method signature in class file ${className}`);
    const bodyless = (m.accessFlags & (Acc.NATIVE | Acc.ABSTRACT)) !== 0;
    let codes = 0;
    for (const a of m.attributes) {
      if (a.name !== 'Code') continue;
      if (bodyless) throw format(`Code attribute in native or abstract methods in class file ${className}`);
      if (++codes > 1) throw format(`Multiple Code attributes in class file ${className}`);
    }
    if (!bodyless && codes === 0) throw format(`Absent Code attribute in method that is not native or abstract in class file ${className}`);
  }
}

/** Whether `name` (internal form) is in a package a loader other than the boot and platform loaders may not define. */
export function isProhibitedPackage(name: string): boolean {
  return name.startsWith('java/');
}
