// Class-file parsing (JVMS chapter 4) into the structural model of ./model.
//
// Everything is validated that is needed for a faithful model and a byte-identical write-back:
// the header, every constant-pool entry and every cross-reference between entries, every
// constant-pool index in members and attributes (range and tag), attribute framing, and the
// absence of trailing bytes. Malformed input throws a ClassFormatError naming the file, offset
// and what was expected; reads are bounds-checked so nothing else can escape.

import { ByteReader } from './bytes';
import { decodeMutf8 } from './mutf8';
import { MAX_SUPPORTED_MAJOR, Tag, type Attribute, type ClassFile, type CpEntry, type MemberInfo } from './model';
import { M, ReadContext, checkRef } from './attributes/context';
import { readAttributes } from './attributes/index';

/** The oldest class-file version (JDK 1.0.2). */
export const MIN_SUPPORTED_MAJOR = 45;

export interface ReadOptions {
  /**
   * Keep annotation attributes (the six Runtime*Annotations and AnnotationDefault) that fail to
   * decode as `Unknown` raw bytes instead of throwing. HotSpot loads such classes (it skips
   * invisible annotations and parses visible ones lazily), so a tool that must process every
   * loadable class should set this. Default false: every attribute is validated.
   */
  lenientAnnotations?: boolean;
  /**
   * Attributes to keep as `Unknown` raw bytes without decoding (e.g. StackMapTable for a
   * consumer that never looks at frames). The identity round trip is unaffected.
   */
  rawAttributes?: ReadonlySet<string>;
}

/** Parses a class file. `file` names it in error messages (a path, `jar!entry`, ...). */
export function readClass(input: Uint8Array, file = '<bytes>', options: ReadOptions = {}): ClassFile {
  // A plain view, so that a Node Buffer's `slice` (a view, not a copy) and slower `subarray`
  // are never used: the model must not alias the caller's buffer.
  const bytes = input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const r = new ByteReader(bytes, file);
  const magicAt = r.pos;
  const magic = r.u4('magic');
  if (magic !== 0xcafebabe) r.fail('magic 0xCAFEBABE', `0x${magic.toString(16).toUpperCase().padStart(8, '0')}`, magicAt);
  const minorVersion = r.u2('minor_version');
  const majorAt = r.pos;
  const majorVersion = r.u2('major_version');
  if (majorVersion < MIN_SUPPORTED_MAJOR || majorVersion > MAX_SUPPORTED_MAJOR)
    r.fail(`a major version between ${MIN_SUPPORTED_MAJOR} and ${MAX_SUPPORTED_MAJOR}`, `${majorVersion}.${minorVersion}`, majorAt);
  // JVMS 4.1: from version 56 the minor version is 0, or 65535 for a class using preview features.
  if (majorVersion >= 56 && minorVersion !== 0 && minorVersion !== 0xffff)
    r.fail(`minor version 0 or 65535 for major version ${majorVersion}`, String(minorVersion), majorAt - 2);

  const { pool: constantPool, offsets } = readPool(r);
  const ctx = new ReadContext(r, constantPool, readAttributes);
  ctx.lenientAnnotations = options.lenientAnnotations ?? false;
  if (options.rawAttributes) ctx.rawAttributes = options.rawAttributes;

  const accessFlags = r.u2('access_flags');
  const thisClass = ctx.ref(M.Class, 'this_class');
  const superClass = ctx.optRef(M.Class, 'super_class');
  const nInterfaces = ctx.count(2, 'interfaces');
  const interfaces: number[] = new Array(nInterfaces);
  for (let i = 0; i < nInterfaces; i++) interfaces[i] = ctx.ref(M.Class, 'interface');
  const fields = readMembers(ctx, 'field');
  const methods = readMembers(ctx, 'method');
  const attributes = readAttributes(ctx);
  if (r.pos !== bytes.length) r.fail('the end of the class file', `${bytes.length - r.pos} trailing bytes`);
  checkBootstrapIndices(r, constantPool, offsets, attributes);

  return { minorVersion, majorVersion, constantPool, accessFlags, thisClass, superClass, interfaces, fields, methods, attributes };
}

/**
 * The constant pool of a class file alone (the header checked, the rest not read): for a
 * consumer that needs the pool of a class whose other parts it already has.
 */
export function readConstantPool(input: Uint8Array, file = '<bytes>'): (CpEntry | undefined)[] {
  const bytes = input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const r = new ByteReader(bytes, file);
  if (r.u4('magic') !== 0xcafebabe) r.fail('magic 0xCAFEBABE', 'another value', 0);
  r.u2('minor_version');
  r.u2('major_version');
  return readPool(r).pool;
}

function readMembers(ctx: ReadContext, kind: 'field' | 'method'): MemberInfo[] {
  const { r } = ctx;
  const n = ctx.count(8, `${kind}s`);
  const out: MemberInfo[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const accessFlags = r.u2('access_flags');
    const nameIndex = ctx.ref(M.Utf8, kind === 'field' ? 'field name_index' : 'method name_index');
    const descriptorIndex = ctx.ref(M.Utf8, kind === 'field' ? 'field descriptor_index' : 'method descriptor_index');
    out[i] = { accessFlags, nameIndex, descriptorIndex, attributes: readAttributes(ctx) };
  }
  return out;
}

// ---- constant pool --------------------------------------------------------------------------

/** Allowed targets of a MethodHandle's reference_index, by reference_kind (JVMS 4.4.8). */
const HANDLE_TARGETS = [
  0,
  M.Fieldref, // 1 getField
  M.Fieldref, // 2 getStatic
  M.Fieldref, // 3 putField
  M.Fieldref, // 4 putStatic
  M.Methodref, // 5 invokeVirtual
  M.Methodref | M.InterfaceMethodref, // 6 invokeStatic (interface methods from version 52)
  M.Methodref | M.InterfaceMethodref, // 7 invokeSpecial (likewise)
  M.Methodref, // 8 newInvokeSpecial
  M.InterfaceMethodref, // 9 invokeInterface
];

function readPool(r: ByteReader): { pool: (CpEntry | undefined)[]; offsets: Int32Array } {
  const countAt = r.pos;
  const count = r.u2('constant_pool_count');
  if (count === 0) r.fail('constant_pool_count of at least 1', '0', countAt);
  // Every entry takes at least 3 bytes: fail fast on a count the file cannot hold.
  r.need(3 * (count - 1), `${count - 1} constant-pool entries`);
  const pool: (CpEntry | undefined)[] = [undefined];
  const offsets = new Int32Array(count);
  const { buf, file } = r;
  for (let i = 1; i < count; i++) {
    const at = r.pos;
    offsets[i] = at;
    const tag = r.u1('constant-pool tag');
    switch (tag) {
      case Tag.Utf8: {
        const len = r.u2('Utf8 length');
        r.need(len, `a Utf8 of ${len} bytes`);
        pool.push({ tag, value: decodeMutf8(buf, r.pos, r.pos + len, file) });
        r.pos += len;
        break;
      }
      case Tag.Integer:
        pool.push({ tag, value: r.i4('Integer') });
        break;
      case Tag.Float:
        pool.push({ tag, bits: r.i4('Float') });
        break;
      case Tag.Long:
      case Tag.Double:
        if (i + 1 >= count) r.fail(`room for the two-slot ${tag === Tag.Long ? 'Long' : 'Double'} at index ${i} in a pool of ${count}`, undefined, at);
        pool.push(tag === Tag.Long ? { tag, value: r.i8('Long') } : { tag, bits: r.i8('Double') }, undefined);
        i++;
        break;
      case Tag.Class:
      case Tag.Module:
      case Tag.Package:
        pool.push({ tag, nameIndex: r.u2('name_index') });
        break;
      case Tag.String:
        pool.push({ tag, stringIndex: r.u2('string_index') });
        break;
      case Tag.MethodType:
        pool.push({ tag, descriptorIndex: r.u2('descriptor_index') });
        break;
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref: {
        const classIndex = r.u2('class_index');
        pool.push({ tag, classIndex, nameAndTypeIndex: r.u2('name_and_type_index') });
        break;
      }
      case Tag.NameAndType: {
        const nameIndex = r.u2('name_index');
        pool.push({ tag, nameIndex, descriptorIndex: r.u2('descriptor_index') });
        break;
      }
      case Tag.MethodHandle: {
        const kindAt = r.pos;
        const referenceKind = r.u1('reference_kind');
        if (referenceKind < 1 || referenceKind > 9) r.fail('a MethodHandle reference_kind (1-9)', String(referenceKind), kindAt);
        pool.push({ tag, referenceKind, referenceIndex: r.u2('reference_index') });
        break;
      }
      case Tag.Dynamic:
      case Tag.InvokeDynamic: {
        const bootstrapMethodAttrIndex = r.u2('bootstrap_method_attr_index');
        pool.push({ tag, bootstrapMethodAttrIndex, nameAndTypeIndex: r.u2('name_and_type_index') });
        break;
      }
      default:
        r.fail('a constant-pool tag (1, 3-12, 15-20)', String(tag), at);
    }
  }
  checkPoolRefs(r, pool, offsets);
  return { pool, offsets };
}

/** Checks the references between pool entries, once all entries are known. */
function checkPoolRefs(r: ByteReader, pool: readonly (CpEntry | undefined)[], offsets: Int32Array): void {
  const n = pool.length;
  const check = (i: number, field: string, index: number, mask: number, what: string, fieldOffset: number): void => {
    checkRef(r, pool, index, mask, `constant-pool entry ${i}'s ${field} (${what})`, offsets[i] + fieldOffset);
  };
  for (let i = 1; i < n; i++) {
    const e = pool[i];
    if (e === undefined) continue;
    switch (e.tag) {
      case Tag.Class:
        check(i, 'name_index', e.nameIndex, M.Utf8, 'Class', 1);
        break;
      case Tag.Module:
      case Tag.Package:
        check(i, 'name_index', e.nameIndex, M.Utf8, e.tag === Tag.Module ? 'Module' : 'Package', 1);
        break;
      case Tag.String:
        check(i, 'string_index', e.stringIndex, M.Utf8, 'String', 1);
        break;
      case Tag.MethodType:
        check(i, 'descriptor_index', e.descriptorIndex, M.Utf8, 'MethodType', 1);
        break;
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref:
        check(i, 'class_index', e.classIndex, M.Class, 'member reference', 1);
        check(i, 'name_and_type_index', e.nameAndTypeIndex, M.NameAndType, 'member reference', 3);
        break;
      case Tag.NameAndType:
        check(i, 'name_index', e.nameIndex, M.Utf8, 'NameAndType', 1);
        check(i, 'descriptor_index', e.descriptorIndex, M.Utf8, 'NameAndType', 3);
        break;
      case Tag.MethodHandle:
        check(i, 'reference_index', e.referenceIndex, HANDLE_TARGETS[e.referenceKind], `MethodHandle of kind ${e.referenceKind}`, 2);
        break;
      case Tag.Dynamic:
      case Tag.InvokeDynamic:
        check(i, 'name_and_type_index', e.nameAndTypeIndex, M.NameAndType, e.tag === Tag.Dynamic ? 'Dynamic' : 'InvokeDynamic', 3);
        break;
      default:
        break;
    }
  }
}

/** Dynamic/InvokeDynamic entries must index into the class's BootstrapMethods (as in HotSpot). */
function checkBootstrapIndices(
  r: ByteReader,
  pool: readonly (CpEntry | undefined)[],
  offsets: Int32Array,
  attributes: readonly Attribute[],
): void {
  let max = -1;
  let maxAt = 0;
  for (let i = 1; i < pool.length; i++) {
    const e = pool[i];
    if (e !== undefined && (e.tag === Tag.Dynamic || e.tag === Tag.InvokeDynamic) && e.bootstrapMethodAttrIndex > max) {
      max = e.bootstrapMethodAttrIndex;
      maxAt = i;
    }
  }
  if (max < 0) return;
  const bsm = attributes.find((a) => a.name === 'BootstrapMethods');
  const count = bsm?.name === 'BootstrapMethods' ? bsm.methods.length : 0;
  if (max >= count)
    r.fail(
      bsm ? `bootstrap_method_attr_index < ${count} (the BootstrapMethods count)` : 'a BootstrapMethods attribute (the pool has Dynamic/InvokeDynamic entries)',
      `constant-pool entry ${maxAt} uses bootstrap method ${max}`,
      offsets[maxAt] + 1,
    );
}
