// The constant pool: typed lookups by index, and `add*` methods that reuse an existing
// equal entry or append a new one. The underlying array is `ClassFile.constantPool`, shared
// (not copied), so additions show up in the class file that is written.

import { Tag, type ClassFile, type CpEntry } from './model';
import { CodeModelError } from './errors';

export interface MemberRef {
  owner: string;
  name: string;
  descriptor: string;
}

type Keyed = Exclude<CpEntry, { tag: Tag.Long | Tag.Double }>;

function keyOf(e: CpEntry): string {
  switch (e.tag) {
    case Tag.Utf8:
      return `1:${e.value}`;
    case Tag.Integer:
      return `3:${e.value | 0}`;
    case Tag.Float:
      return `4:${e.bits | 0}`;
    case Tag.Long:
      return `5:${BigInt.asIntN(64, e.value)}`;
    case Tag.Double:
      return `6:${BigInt.asIntN(64, e.bits)}`;
    case Tag.Class:
      return `7:${e.nameIndex}`;
    case Tag.String:
      return `8:${e.stringIndex}`;
    case Tag.Fieldref:
    case Tag.Methodref:
    case Tag.InterfaceMethodref:
      return `${e.tag}:${e.classIndex}:${e.nameAndTypeIndex}`;
    case Tag.NameAndType:
      return `12:${e.nameIndex}:${e.descriptorIndex}`;
    case Tag.MethodHandle:
      return `15:${e.referenceKind}:${e.referenceIndex}`;
    case Tag.MethodType:
      return `16:${e.descriptorIndex}`;
    case Tag.Dynamic:
    case Tag.InvokeDynamic:
      return `${e.tag}:${e.bootstrapMethodAttrIndex}:${e.nameAndTypeIndex}`;
    case Tag.Module:
    case Tag.Package:
      return `${e.tag}:${e.nameIndex}`;
  }
}

export class ConstantPool {
  readonly entries: (CpEntry | undefined)[];
  private index: Map<string, number> | undefined;
  /** Member references added through addFieldref/addMethodref, by owner, name and descriptor. */
  private readonly refs = new Map<string, number>();
  /** addUtf8 and addClass results by string (no key strings built for repeated adds). */
  private readonly utf8s = new Map<string, number>();
  private readonly classes = new Map<string, number>();
  /** fieldrefOf/methodrefOf results by the identity of the member object passed in. */
  private readonly fieldMembers = new Map<object, number>();
  private readonly methodMembers = new Map<object, number>();

  constructor(entriesOrClass: (CpEntry | undefined)[] | ClassFile) {
    this.entries = Array.isArray(entriesOrClass) ? entriesOrClass : entriesOrClass.constantPool;
    if (this.entries.length === 0) this.entries.push(undefined);
  }

  get size(): number {
    return this.entries.length;
  }

  entry(i: number): CpEntry {
    const e = i > 0 && i < this.entries.length ? this.entries[i] : undefined;
    if (!e) throw new CodeModelError(`constant-pool index ${i} is not a valid entry (pool size ${this.entries.length})`);
    return e;
  }

  private expect<T extends Tag>(i: number, tag: T, what: string): Extract<CpEntry, { tag: T }> {
    const e = this.entry(i);
    if (e.tag !== tag) throw new CodeModelError(`constant-pool entry ${i} is tag ${e.tag}, expected ${what}`);
    return e as Extract<CpEntry, { tag: T }>;
  }

  utf8(i: number): string {
    return this.expect(i, Tag.Utf8, 'Utf8').value;
  }
  /** Internal name of a CONSTANT_Class (e.g. `java/lang/String` or `[I`). */
  className(i: number): string {
    return this.utf8(this.expect(i, Tag.Class, 'Class').nameIndex);
  }
  nameAndType(i: number): { name: string; descriptor: string } {
    const e = this.expect(i, Tag.NameAndType, 'NameAndType');
    return { name: this.utf8(e.nameIndex), descriptor: this.utf8(e.descriptorIndex) };
  }
  /** Fieldref, Methodref or InterfaceMethodref. */
  memberRef(i: number): MemberRef & { tag: Tag.Fieldref | Tag.Methodref | Tag.InterfaceMethodref } {
    const e = this.entry(i);
    if (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref)
      throw new CodeModelError(`constant-pool entry ${i} is tag ${e.tag}, expected a member reference`);
    return { tag: e.tag, owner: this.className(e.classIndex), ...this.nameAndType(e.nameAndTypeIndex) };
  }
  /** The descriptor of a member reference, Dynamic or InvokeDynamic entry (no allocation). */
  refDescriptor(i: number): string {
    const e = this.entry(i);
    if (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref && e.tag !== Tag.Dynamic && e.tag !== Tag.InvokeDynamic)
      throw new CodeModelError(`constant-pool entry ${i} is tag ${e.tag}, expected a member reference or a dynamic constant`);
    return this.utf8(this.expect(e.nameAndTypeIndex, Tag.NameAndType, 'NameAndType').descriptorIndex);
  }
  /** Dynamic or InvokeDynamic: bootstrap index plus name and descriptor. */
  dynamic(i: number): { bootstrap: number; name: string; descriptor: string } {
    const e = this.entry(i);
    if (e.tag !== Tag.Dynamic && e.tag !== Tag.InvokeDynamic)
      throw new CodeModelError(`constant-pool entry ${i} is tag ${e.tag}, expected Dynamic or InvokeDynamic`);
    return { bootstrap: e.bootstrapMethodAttrIndex, ...this.nameAndType(e.nameAndTypeIndex) };
  }

  // ---- adding (reusing equal entries) ---------------------------------------------------

  private buildIndex(): Map<string, number> {
    const m = new Map<string, number>();
    for (let i = 0; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (!e) continue;
      const key = keyOf(e);
      if (!m.has(key)) m.set(key, i);
    }
    return m;
  }

  /** Returns the index of an equal entry, appending one if none exists. */
  add(e: Keyed | Extract<CpEntry, { tag: Tag.Long | Tag.Double }>): number {
    this.index ??= this.buildIndex();
    const k = keyOf(e);
    const found = this.index.get(k);
    if (found !== undefined) return found;
    const i = this.entries.length;
    const wide = e.tag === Tag.Long || e.tag === Tag.Double;
    if (i + (wide ? 2 : 1) > 0xffff) throw new CodeModelError('constant pool overflow: more than 65535 entries');
    this.entries.push(e);
    if (wide) this.entries.push(undefined);
    this.index.set(k, i);
    return i;
  }

  addUtf8(value: string): number {
    let i = this.utf8s.get(value);
    if (i === undefined) this.utf8s.set(value, (i = this.add({ tag: Tag.Utf8, value })));
    return i;
  }
  addClass(internalName: string): number {
    let i = this.classes.get(internalName);
    if (i === undefined) this.classes.set(internalName, (i = this.add({ tag: Tag.Class, nameIndex: this.addUtf8(internalName) })));
    return i;
  }
  /**
   * addFieldref for a member object that names the same field every time it is passed (a
   * constant of generated code): cached by the object's identity.
   */
  fieldrefOf(m: { readonly owner: string; readonly name: string; readonly desc: string }): number {
    let i = this.fieldMembers.get(m);
    if (i === undefined) this.fieldMembers.set(m, (i = this.addFieldref(m.owner, m.name, m.desc)));
    return i;
  }
  /** addMethodref (not an interface method) by the identity of `m`, like fieldrefOf. */
  methodrefOf(m: { readonly owner: string; readonly name: string; readonly desc: string }): number {
    let i = this.methodMembers.get(m);
    if (i === undefined) this.methodMembers.set(m, (i = this.addMethodref(m.owner, m.name, m.desc)));
    return i;
  }
  addString(value: string): number {
    return this.add({ tag: Tag.String, stringIndex: this.addUtf8(value) });
  }
  addInteger(value: number): number {
    return this.add({ tag: Tag.Integer, value: value | 0 });
  }
  addLong(value: bigint): number {
    return this.add({ tag: Tag.Long, value: BigInt.asIntN(64, value) });
  }
  addNameAndType(name: string, descriptor: string): number {
    return this.add({ tag: Tag.NameAndType, nameIndex: this.addUtf8(name), descriptorIndex: this.addUtf8(descriptor) });
  }
  addFieldref(owner: string, name: string, descriptor: string): number {
    const key = `F${owner}.${name}:${descriptor}`;
    let i = this.refs.get(key);
    if (i === undefined) {
      i = this.add({ tag: Tag.Fieldref, classIndex: this.addClass(owner), nameAndTypeIndex: this.addNameAndType(name, descriptor) });
      this.refs.set(key, i);
    }
    return i;
  }
  addMethodref(owner: string, name: string, descriptor: string, isInterface = false): number {
    const key = `${isInterface ? 'I' : 'M'}${owner}.${name}:${descriptor}`;
    let i = this.refs.get(key);
    if (i === undefined) {
      i = this.add({
        tag: isInterface ? Tag.InterfaceMethodref : Tag.Methodref,
        classIndex: this.addClass(owner),
        nameAndTypeIndex: this.addNameAndType(name, descriptor),
      });
      this.refs.set(key, i);
    }
    return i;
  }
}
