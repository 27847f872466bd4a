// Never-throwing constant-pool rendering for the disassembler: javap's "string value" of each
// entry (`java/lang/Object."<init>":()V`), the instruction comment (`Method ...`, `class ...`)
// and the constant-pool listing line (`#7 = Methodref  #8.#9  // ...`). Bad indices and wrong
// tags render as `<invalid>` instead of throwing, so corrupt or half-built classes still list.

import { Tag, type ClassFile, type CpEntry } from '../classfile/model';
import { doubleFromBits, escapeString, floatFromBits, javaDouble, javaFloat, quoteName } from './text';

export const INVALID = '<invalid>';

const TAG_NAMES: Readonly<Record<number, string>> = {
  [Tag.Utf8]: 'Utf8',
  [Tag.Integer]: 'Integer',
  [Tag.Float]: 'Float',
  [Tag.Long]: 'Long',
  [Tag.Double]: 'Double',
  [Tag.Class]: 'Class',
  [Tag.String]: 'String',
  [Tag.Fieldref]: 'Fieldref',
  [Tag.Methodref]: 'Methodref',
  [Tag.InterfaceMethodref]: 'InterfaceMethodref',
  [Tag.NameAndType]: 'NameAndType',
  [Tag.MethodHandle]: 'MethodHandle',
  [Tag.MethodType]: 'MethodType',
  [Tag.Dynamic]: 'Dynamic',
  [Tag.InvokeDynamic]: 'InvokeDynamic',
  [Tag.Module]: 'Module',
  [Tag.Package]: 'Package',
};

/** Kind words javap puts before an instruction operand's value. */
const COMMENT_KINDS: Readonly<Record<number, string>> = {
  [Tag.Utf8]: 'Utf8',
  [Tag.Integer]: 'int',
  [Tag.Float]: 'float',
  [Tag.Long]: 'long',
  [Tag.Double]: 'double',
  [Tag.Class]: 'class',
  [Tag.String]: 'String',
  [Tag.Fieldref]: 'Field',
  [Tag.Methodref]: 'Method',
  [Tag.InterfaceMethodref]: 'InterfaceMethod',
  [Tag.NameAndType]: 'NameAndType',
  [Tag.MethodHandle]: 'MethodHandle',
  [Tag.MethodType]: 'MethodType',
  [Tag.Dynamic]: 'Dynamic',
  [Tag.InvokeDynamic]: 'InvokeDynamic',
  [Tag.Module]: 'Module',
  [Tag.Package]: 'Package',
};

/** Method-handle reference kinds (JVMS table 5.4.3.5-A). */
export const REF_KIND_NAMES: Readonly<Record<number, string>> = {
  1: 'REF_getField',
  2: 'REF_getStatic',
  3: 'REF_putField',
  4: 'REF_putStatic',
  5: 'REF_invokeVirtual',
  6: 'REF_invokeStatic',
  7: 'REF_invokeSpecial',
  8: 'REF_newInvokeSpecial',
  9: 'REF_invokeInterface',
};

export function tagName(tag: number): string {
  return TAG_NAMES[tag] ?? `Unknown(${tag})`;
}

/** Read-only, never-throwing view of a class's constant pool for printing. */
export class PoolText {
  private readonly entries: readonly (CpEntry | undefined)[];
  private readonly thisClass: number;

  constructor(cf: Pick<ClassFile, 'constantPool' | 'thisClass'>) {
    this.entries = cf.constantPool;
    this.thisClass = cf.thisClass;
  }

  get size(): number {
    return this.entries.length;
  }

  entry(i: number): CpEntry | undefined {
    return Number.isInteger(i) && i > 0 && i < this.entries.length ? this.entries[i] : undefined;
  }

  /** The Utf8 at `i`, or undefined. */
  utf8(i: number): string | undefined {
    const e = this.entry(i);
    return e?.tag === Tag.Utf8 ? e.value : undefined;
  }

  /** The Utf8 at `i`, or `<invalid>`. */
  utf8OrInvalid(i: number): string {
    return this.utf8(i) ?? INVALID;
  }

  /** Internal name of the CONSTANT_Class at `i`, or undefined. */
  className(i: number): string | undefined {
    const e = this.entry(i);
    return e?.tag === Tag.Class ? this.utf8(e.nameIndex) : undefined;
  }

  /** Name of a Module or Package entry, or undefined. */
  moduleOrPackageName(i: number): string | undefined {
    const e = this.entry(i);
    return e?.tag === Tag.Module || e?.tag === Tag.Package ? this.utf8(e.nameIndex) : undefined;
  }

  /** javap's string value of entry `i` (what follows `//` in the constant-pool listing). */
  value(i: number, depth = 0): string {
    try {
      return this.valueOf(i, depth);
    } catch {
      // Only a model whose entries break their own types (e.g. a Long whose value is not a
      // bigint) gets here.
      return INVALID;
    }
  }

  private valueOf(i: number, depth: number): string {
    const e = this.entry(i);
    if (!e || depth > 4) return INVALID;
    switch (e.tag) {
      case Tag.Utf8:
        return escapeString(e.value);
      case Tag.Integer:
        return String(e.value | 0);
      case Tag.Float:
        return `${javaFloat(floatFromBits(e.bits))}f`;
      case Tag.Long:
        return `${BigInt.asIntN(64, e.value)}l`;
      case Tag.Double:
        return `${javaDouble(doubleFromBits(e.bits))}d`;
      case Tag.Class: {
        const n = this.utf8(e.nameIndex);
        return n === undefined ? INVALID : quoteName(n);
      }
      case Tag.String: {
        const s = this.utf8(e.stringIndex);
        return s === undefined ? INVALID : escapeString(s);
      }
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref:
        return `${this.classValue(e.classIndex)}.${this.nameAndTypeValue(e.nameAndTypeIndex)}`;
      case Tag.NameAndType:
        return this.nameAndTypeValue(i);
      case Tag.MethodHandle: {
        const kind = REF_KIND_NAMES[e.referenceKind] ?? `REF_unknown(${e.referenceKind})`;
        return `${kind} ${this.value(e.referenceIndex, depth + 1)}`;
      }
      case Tag.MethodType:
        return this.utf8OrInvalid(e.descriptorIndex);
      case Tag.Dynamic:
      case Tag.InvokeDynamic:
        return `#${e.bootstrapMethodAttrIndex}:${this.nameAndTypeValue(e.nameAndTypeIndex)}`;
      case Tag.Module:
      case Tag.Package: {
        const n = this.utf8(e.nameIndex);
        return n === undefined ? INVALID : quoteName(n);
      }
    }
    return INVALID;
  }

  private classValue(i: number): string {
    const n = this.className(i);
    return n === undefined ? INVALID : quoteName(n);
  }

  private nameAndTypeValue(i: number): string {
    const e = this.entry(i);
    if (e?.tag !== Tag.NameAndType) return INVALID;
    const name = this.utf8(e.nameIndex);
    return `${name === undefined ? INVALID : quoteName(name)}:${this.utf8OrInvalid(e.descriptorIndex)}`;
  }

  /**
   * The comment javap writes after an instruction's cp operand: `Method java/io/PrintStream.println:(I)V`,
   * `class java/lang/String`, `String hello`. Members of this class drop the class name.
   */
  comment(i: number): string {
    const e = this.entry(i);
    if (!e) return INVALID;
    const kind = COMMENT_KINDS[e.tag] ?? 'unknown';
    if ((e.tag === Tag.Fieldref || e.tag === Tag.Methodref || e.tag === Tag.InterfaceMethodref) && e.classIndex === this.thisClass)
      return `${kind} ${this.nameAndTypeValue(e.nameAndTypeIndex)}`;
    return `${kind} ${this.value(i)}`;
  }

  /**
   * One constant-pool listing entry: [tag, operands, comment]. Utf8 and numbers have no
   * comment; the operands are `#8.#9`, `#11:#12`, `6:#212`, `#0:#14` or the value itself.
   */
  listing(i: number): { tag: string; operands: string; comment?: string } | undefined {
    const e = this.entry(i);
    if (!e) return undefined;
    const tag = tagName(e.tag);
    switch (e.tag) {
      case Tag.Utf8:
      case Tag.Integer:
      case Tag.Float:
      case Tag.Long:
      case Tag.Double:
        return { tag, operands: this.value(i) };
      case Tag.Class:
        return { tag, operands: `#${e.nameIndex}`, comment: this.value(i) };
      case Tag.String:
        return { tag, operands: `#${e.stringIndex}`, comment: this.value(i) };
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref:
        return { tag, operands: `#${e.classIndex}.#${e.nameAndTypeIndex}`, comment: this.value(i) };
      case Tag.NameAndType:
        return { tag, operands: `#${e.nameIndex}:#${e.descriptorIndex}`, comment: this.value(i) };
      case Tag.MethodHandle:
        return { tag, operands: `${e.referenceKind}:#${e.referenceIndex}`, comment: this.value(i) };
      case Tag.MethodType:
        // javap puts two spaces before a MethodType's descriptor here.
        return { tag, operands: `#${e.descriptorIndex}`, comment: ` ${this.value(i)}` };
      case Tag.Dynamic:
      case Tag.InvokeDynamic:
        return { tag, operands: `#${e.bootstrapMethodAttrIndex}:#${e.nameAndTypeIndex}`, comment: this.value(i) };
      case Tag.Module:
      case Tag.Package:
        return { tag, operands: `#${e.nameIndex}`, comment: this.value(i) };
    }
    return { tag, operands: '' };
  }
}
