// A small class builder and bytecode assembler for the classes the VM spins at run time
// (invokedynamic call sites: string concatenation, lambda proxies, record methods). The
// classes are written with the class-file library and loaded like any other class; they are
// never verified (the embedded VM does not verify), so no StackMapTable is emitted.

import { Acc, type Attribute, type ClassFile, type MemberInfo } from '../../classfile/model';
import { ConstantPool } from '../../classfile/pool';
import { writeClass } from '../../classfile/writer';
import { parseMethodDescriptor } from '../../classfile/descriptors';

export class Code {
  readonly bytes: number[] = [];
  maxStack = 0;
  private depth = 0;
  constructor(
    readonly pool: ConstantPool,
    public maxLocals: number,
  ) {}

  private push(n: number): void {
    this.depth += n;
    if (this.depth > this.maxStack) this.maxStack = this.depth;
  }

  op(opcode: number, stackDelta: number, ...operands: number[]): this {
    this.bytes.push(opcode, ...operands);
    this.push(stackDelta);
    return this;
  }

  u2(opcode: number, index: number, stackDelta: number): this {
    return this.op(opcode, stackDelta, (index >> 8) & 0xff, index & 0xff);
  }

  ldcString(s: string): this {
    return this.ldcIndex(this.pool.addString(s), 1);
  }

  ldcIndex(idx: number, slots: 1 | 2): this {
    if (slots === 2) return this.u2(0x14, idx, 2);
    if (idx < 256) return this.op(0x12, 1, idx);
    return this.u2(0x13, idx, 1);
  }

  /** Loads local `slot` of type `desc`. */
  load(desc: string, slot: number): this {
    const c = desc[0];
    const op = c === 'J' ? 0x16 : c === 'F' ? 0x17 : c === 'D' ? 0x18 : c === 'L' || c === '[' ? 0x19 : 0x15;
    return this.op(op, c === 'J' || c === 'D' ? 2 : 1, slot);
  }

  ret(desc: string): this {
    const c = desc[0];
    const op = c === 'V' ? 0xb1 : c === 'J' ? 0xad : c === 'F' ? 0xae : c === 'D' ? 0xaf : c === 'L' || c === '[' ? 0xb0 : 0xac;
    return this.op(op, 0);
  }

  newObject(cls: string): this {
    return this.u2(0xbb, this.pool.addClass(cls), 1);
  }

  checkcast(cls: string): this {
    return this.u2(0xc0, this.pool.addClass(cls), 0);
  }

  instanceOf(cls: string): this {
    return this.u2(0xc1, this.pool.addClass(cls), 0);
  }

  private invoke(op: number, owner: string, name: string, desc: string, iface: boolean, hasThis: boolean): this {
    const d = parseMethodDescriptor(desc);
    let args = hasThis ? 1 : 0;
    for (const p of d.params) args += p === 'J' || p === 'D' ? 2 : 1;
    const ret = d.ret === 'V' ? 0 : d.ret === 'J' || d.ret === 'D' ? 2 : 1;
    const idx = this.pool.addMethodref(owner, name, desc, iface);
    if (op === 0xb9) return this.op(op, ret - args, (idx >> 8) & 0xff, idx & 0xff, args, 0);
    return this.u2(op, idx, ret - args);
  }

  invokestatic(owner: string, name: string, desc: string, iface = false): this {
    return this.invoke(0xb8, owner, name, desc, iface, false);
  }

  invokevirtual(owner: string, name: string, desc: string): this {
    return this.invoke(0xb6, owner, name, desc, false, true);
  }

  invokeinterface(owner: string, name: string, desc: string): this {
    return this.invoke(0xb9, owner, name, desc, true, true);
  }

  invokespecial(owner: string, name: string, desc: string, iface = false): this {
    return this.invoke(0xb7, owner, name, desc, iface, true);
  }

  getfield(owner: string, name: string, desc: string): this {
    return this.u2(0xb4, this.pool.addFieldref(owner, name, desc), desc === 'J' || desc === 'D' ? 1 : 0);
  }

  putfield(owner: string, name: string, desc: string): this {
    return this.u2(0xb5, this.pool.addFieldref(owner, name, desc), desc === 'J' || desc === 'D' ? -3 : -2);
  }

  getstatic(owner: string, name: string, desc: string): this {
    return this.u2(0xb2, this.pool.addFieldref(owner, name, desc), desc === 'J' || desc === 'D' ? 2 : 1);
  }

  putstatic(owner: string, name: string, desc: string): this {
    return this.u2(0xb3, this.pool.addFieldref(owner, name, desc), desc === 'J' || desc === 'D' ? -2 : -1);
  }

  /** Current offset (for branches). */
  get pc(): number {
    return this.bytes.length;
  }

  /** Emits a 16-bit branch with a placeholder; returns a function that sets its target. */
  branch(opcode: number, stackDelta: number): (target: number) => void {
    const at = this.bytes.length;
    this.op(opcode, stackDelta, 0, 0);
    return (target: number) => {
      const off = target - at;
      this.bytes[at + 1] = (off >> 8) & 0xff;
      this.bytes[at + 2] = off & 0xff;
    };
  }

  /** Resets the tracked stack depth (after an unconditional jump). */
  setDepth(d: number): void {
    this.depth = d;
  }
}

export interface MethodSpec {
  access: number;
  name: string;
  desc: string;
  code: Code | null;
}

export class ClassBuilder {
  readonly pool = new ConstantPool([undefined]);
  private readonly fields: MemberInfo[] = [];
  private readonly methods: MemberInfo[] = [];
  constructor(
    readonly name: string,
    readonly superName: string,
    readonly interfaces: string[],
    readonly access = Acc.PUBLIC | Acc.FINAL | Acc.SUPER | Acc.SYNTHETIC,
  ) {}

  field(access: number, name: string, desc: string): void {
    this.fields.push({ accessFlags: access, nameIndex: this.pool.addUtf8(name), descriptorIndex: this.pool.addUtf8(desc), attributes: [] });
  }

  /** A method; `argSlots` (with `this`) sizes max_locals. */
  code(argSlots: number): Code {
    return new Code(this.pool, argSlots);
  }

  method(spec: MethodSpec): void {
    const attributes: Attribute[] = [];
    if (spec.code) {
      attributes.push({
        name: 'Code',
        nameIndex: this.pool.addUtf8('Code'),
        maxStack: spec.code.maxStack + 2,
        maxLocals: spec.code.maxLocals,
        code: Uint8Array.from(spec.code.bytes),
        exceptionTable: [],
        attributes: [],
      });
    }
    this.methods.push({ accessFlags: spec.access, nameIndex: this.pool.addUtf8(spec.name), descriptorIndex: this.pool.addUtf8(spec.desc), attributes });
  }

  build(): Uint8Array {
    const thisClass = this.pool.addClass(this.name);
    const superClass = this.pool.addClass(this.superName);
    const interfaces = this.interfaces.map((i) => this.pool.addClass(i));
    const cf: ClassFile = {
      minorVersion: 0,
      majorVersion: 52,
      constantPool: this.pool.entries,
      accessFlags: this.access,
      thisClass,
      superClass,
      interfaces,
      fields: this.fields,
      methods: this.methods,
      attributes: [],
    };
    return writeClass(cf);
  }
}

/** Slots of a method's parameters (without `this`). */
export function paramSlots(desc: string): number {
  let n = 0;
  for (const p of parseMethodDescriptor(desc).params) n += p === 'J' || p === 'D' ? 2 : 1;
  return n;
}
