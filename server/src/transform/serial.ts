// Keeps the default serialVersionUID of Serializable classes: the transformation adds methods,
// fields and maybe a <clinit>, which changes the value Java serialization would compute, so
// objects written by the original program could not be read by the transformed one (and
// ObjectStreamClass.getSerialVersionUID would differ). For a Serializable class that declares
// no serialVersionUID, the value computed from the ORIGINAL class is added as a field
// (Java Object Serialization Specification, section 4.6).

import { createHash } from 'node:crypto';
import { Acc, Tag, type ClassFile } from '../classfile/model';
import { ByteWriter } from '../classfile/bytes';
import { writeMutf8 } from '../classfile/mutf8';
import { ConstantPool } from '../classfile/pool';
import type { Hierarchy } from './hierarchy';

const CLASS_MODS = Acc.PUBLIC | Acc.FINAL | Acc.INTERFACE | Acc.ABSTRACT;
const FIELD_MODS = Acc.PUBLIC | Acc.PRIVATE | Acc.PROTECTED | Acc.STATIC | Acc.FINAL | Acc.VOLATILE | Acc.TRANSIENT;
const METHOD_MODS =
  Acc.PUBLIC | Acc.PRIVATE | Acc.PROTECTED | Acc.STATIC | Acc.FINAL | Acc.SYNCHRONIZED | Acc.NATIVE | Acc.ABSTRACT | Acc.STRICT;

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The default serialVersionUID of a class, as ObjectStreamClass.computeDefaultSUID computes it. */
export function defaultSerialVersionUID(cf: ClassFile): bigint {
  const pool = new ConstantPool([...cf.constantPool]);
  const name = pool.className(cf.thisClass);
  const w = new ByteWriter(1024);
  writeMutf8(w, name.replace(/\//g, '.'));
  // Class.getModifiers: a member class's flags come from its InnerClasses entry.
  let mods = cf.accessFlags;
  for (const a of cf.attributes) {
    if (a.name !== 'InnerClasses') continue;
    for (const c of a.classes) if (c.innerClassInfoIndex !== 0 && pool.className(c.innerClassInfoIndex) === name) mods = c.innerClassAccessFlags;
  }
  mods &= CLASS_MODS;
  const methods = cf.methods.map((m) => ({ name: pool.utf8(m.nameIndex), desc: pool.utf8(m.descriptorIndex), access: m.accessFlags }));
  const declared = methods.filter((m) => m.name !== '<init>' && m.name !== '<clinit>');
  if ((mods & Acc.INTERFACE) !== 0) mods = declared.length > 0 ? mods | Acc.ABSTRACT : mods & ~Acc.ABSTRACT;
  w.i4(mods);
  for (const i of cf.interfaces.map((i) => pool.className(i).replace(/\//g, '.')).sort(cmp)) writeMutf8(w, i);
  const fields = cf.fields
    .map((f) => ({ name: pool.utf8(f.nameIndex), desc: pool.utf8(f.descriptorIndex), access: f.accessFlags & FIELD_MODS }))
    .filter((f) => (f.access & Acc.PRIVATE) === 0 || (f.access & (Acc.STATIC | Acc.TRANSIENT)) === 0)
    .sort((a, b) => cmp(a.name, b.name));
  for (const f of fields) {
    writeMutf8(w, f.name);
    w.i4(f.access);
    writeMutf8(w, f.desc);
  }
  if (methods.some((m) => m.name === '<clinit>')) {
    writeMutf8(w, '<clinit>');
    w.i4(Acc.STATIC);
    writeMutf8(w, '()V');
  }
  const ctors = methods.filter((m) => m.name === '<init>' && (m.access & Acc.PRIVATE) === 0).sort((a, b) => cmp(a.desc, b.desc));
  for (const c of ctors) {
    writeMutf8(w, '<init>');
    w.i4(c.access & METHOD_MODS);
    writeMutf8(w, c.desc.replace(/\//g, '.'));
  }
  const ms = declared.filter((m) => (m.access & Acc.PRIVATE) === 0).sort((a, b) => cmp(a.name, b.name) || cmp(a.desc, b.desc));
  for (const m of ms) {
    writeMutf8(w, m.name);
    w.i4(m.access & METHOD_MODS);
    writeMutf8(w, m.desc.replace(/\//g, '.'));
  }
  const sha = createHash('sha1').update(w.raw.subarray(0, w.pos)).digest();
  let hash = 0n;
  for (let i = 7; i >= 0; i--) hash = (hash << 8n) | BigInt(sha[i]!);
  return BigInt.asIntN(64, hash);
}

/**
 * If `original` is Serializable (not an enum or record, which always have 0) and declares no
 * serialVersionUID, adds `private static final long serialVersionUID = <default of original>`
 * to `out` (which shares nothing with `original`'s pool array).
 */
export function pinSerialVersionUID(original: ClassFile, out: ClassFile, hierarchy: Hierarchy): boolean {
  const pool = new ConstantPool(out);
  const name = pool.className(out.thisClass);
  if ((original.accessFlags & (Acc.INTERFACE | Acc.ENUM)) !== 0) return false;
  if (original.attributes.some((a) => a.name === 'Record')) return false;
  if (!hierarchy.isSubtype(name, 'java/io/Serializable')) return false;
  const has = original.fields.some((f) => {
    const e = original.constantPool[f.nameIndex];
    return e !== undefined && e.tag === Tag.Utf8 && e.value === 'serialVersionUID';
  });
  if (has) return false;
  const suid = defaultSerialVersionUID(original);
  out.fields.push({
    accessFlags: Acc.PRIVATE | Acc.STATIC | Acc.FINAL | Acc.SYNTHETIC,
    nameIndex: pool.addUtf8('serialVersionUID'),
    descriptorIndex: pool.addUtf8('J'),
    attributes: [{ name: 'ConstantValue', nameIndex: pool.addUtf8('ConstantValue'), valueIndex: pool.addLong(suid) }],
  });
  return true;
}
