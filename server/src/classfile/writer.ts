// Class-file serialisation: the exact inverse of ./reader. For a class read and left unchanged
// the output is byte-identical to the input. Values that cannot be encoded (an index over 65535,
// a misplaced Long slot, a frame type that contradicts its kind, ...) throw a CodeModelError.

import { ByteWriter } from './bytes';
import { writeMutf8 } from './mutf8';
import { CodeModelError } from './errors';
import { Tag, type Attribute, type ClassFile, type CpEntry, type MemberInfo } from './model';
import type { WriteContext } from './attributes/context';
import { writeAttributes } from './attributes/index';

export interface WriteOptions {
  /** Initial output buffer size (it grows as needed). */
  capacity?: number;
}

/** Serialises a class file. */
export function writeClass(cf: ClassFile, options: WriteOptions = {}): Uint8Array {
  const w = new ByteWriter(options.capacity ?? 8192);
  const pool = cf.constantPool;
  const ctx: WriteContext = { w, pool, attributes: (list: readonly Attribute[]) => writeAttributes(ctx, list) };

  w.u4(0xcafebabe);
  w.u2(cf.minorVersion);
  w.u2(cf.majorVersion);
  writePool(w, pool);
  w.u2(cf.accessFlags);
  w.u2(cf.thisClass);
  w.u2(cf.superClass);
  w.u2(cf.interfaces.length);
  for (const i of cf.interfaces) w.u2(i);
  writeMembers(ctx, cf.fields);
  writeMembers(ctx, cf.methods);
  writeAttributes(ctx, cf.attributes);
  return w.finish();
}

function writeMembers(ctx: WriteContext, members: readonly MemberInfo[]): void {
  const { w } = ctx;
  w.u2(members.length);
  for (const m of members) {
    w.u2(m.accessFlags);
    w.u2(m.nameIndex);
    w.u2(m.descriptorIndex);
    writeAttributes(ctx, m.attributes);
  }
}

function writePool(w: ByteWriter, pool: readonly (CpEntry | undefined)[]): void {
  const count = pool.length;
  if (count === 0 || count > 0xffff) throw new CodeModelError(`constant pool of ${count} slots (must be 1-65535, counting slot 0)`);
  if (pool[0] !== undefined) throw new CodeModelError('constant-pool slot 0 must be empty');
  w.u2(count);
  for (let i = 1; i < count; i++) {
    const e = pool[i];
    if (e === undefined) throw new CodeModelError(`constant-pool slot ${i} is empty but does not follow a Long or Double`);
    w.u1(e.tag);
    switch (e.tag) {
      case Tag.Utf8:
        writeMutf8(w, e.value);
        break;
      case Tag.Integer:
        w.i4(e.value);
        break;
      case Tag.Float:
        w.i4(e.bits);
        break;
      case Tag.Long:
      case Tag.Double:
        w.i8(e.tag === Tag.Long ? e.value : e.bits);
        if (i + 1 >= count || pool[i + 1] !== undefined)
          throw new CodeModelError(`constant-pool entry ${i} (${e.tag === Tag.Long ? 'Long' : 'Double'}) must be followed by an empty slot`);
        i++;
        break;
      case Tag.Class:
      case Tag.Module:
      case Tag.Package:
        w.u2(e.nameIndex);
        break;
      case Tag.String:
        w.u2(e.stringIndex);
        break;
      case Tag.MethodType:
        w.u2(e.descriptorIndex);
        break;
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref:
        w.u2(e.classIndex);
        w.u2(e.nameAndTypeIndex);
        break;
      case Tag.NameAndType:
        w.u2(e.nameIndex);
        w.u2(e.descriptorIndex);
        break;
      case Tag.MethodHandle:
        w.u1(e.referenceKind);
        w.u2(e.referenceIndex);
        break;
      case Tag.Dynamic:
      case Tag.InvokeDynamic:
        w.u2(e.bootstrapMethodAttrIndex);
        w.u2(e.nameAndTypeIndex);
        break;
      default:
        throw new CodeModelError(`constant-pool entry ${i} has unknown tag ${(e as { tag: unknown }).tag}`);
    }
  }
}
