// The disassembler on damaged models: bad constant-pool indices, wrong tags, broken code,
// bad frames and annotations print as `<invalid>` instead of throwing; a seeded fuzzer
// mutates numbers and code bytes all over real JDK classes. Also the line tags (member,
// offset) that the side-by-side view relies on, and the options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readClass } from '../../server/src/classfile/reader';
import { Tag, VTag, type Attribute, type AttributeOf, type ClassFile, type MemberInfo } from '../../server/src/classfile/model';
import { decodeInstructions } from '../../server/src/classfile/code/raw';
import { ClassPath, findJavaHome } from '../../server/src/classpath/index';
import { disassemble, disassembleListing } from '../../server/src/disasm/index';
import { javaHome } from '../helpers/java';
import { prng } from '../../server/src/prng';

const cp = ClassPath.from([], { jdk: findJavaHome(javaHome()) });
const bytesOf = (name: string): Uint8Array => {
  const f = cp.find(name);
  assert.ok(f, `${name} not in the JDK`);
  return f.bytes;
};
const fresh = (name: string): ClassFile => readClass(bytesOf(name), name);

function findAttr<N extends Attribute['name']>(attrs: readonly Attribute[], name: N): AttributeOf<N> | undefined {
  return attrs.find((a) => a.name === name) as AttributeOf<N> | undefined;
}
function methodNamed(cf: ClassFile, name: string): MemberInfo {
  const m = cf.methods.find((x) => {
    const e = cf.constantPool[x.nameIndex];
    return e?.tag === Tag.Utf8 && e.value === name;
  });
  assert.ok(m, `no method ${name}`);
  return m;
}

test('an unresolvable constant-pool operand prints as #n // <invalid>', () => {
  const cf = fresh('java/util/ArrayList');
  const code = findAttr(methodNamed(cf, 'add').attributes, 'Code')!;
  const insn = decodeInstructions(code.code).find((i) => i.operands.kind === 'cp' && i.op === 0xb6)!; // invokevirtual
  code.code[insn.offset + 1] = 0xff;
  code.code[insn.offset + 2] = 0xf0;
  const text = disassemble(cf);
  assert.match(text, new RegExp(`^ +${insn.offset}: invokevirtual #65520 +// <invalid>$`, 'm'));
});

test('wrong tags, bad indices and bad descriptors all render as <invalid>', () => {
  const cf = fresh('java/util/HashMap');
  const pool = cf.constantPool;
  cf.thisClass = 60000;
  cf.superClass = 1; // whatever entry 1 is, probably not a Class
  // A Methodref pointing at a Utf8 as its class, and a NameAndType pointing past the pool.
  const mref = pool.findIndex((e) => e?.tag === Tag.Methodref);
  const e = pool[mref]!;
  assert.ok(e.tag === Tag.Methodref, 'a Methodref');
  const utf8 = pool.findIndex((x) => x?.tag === Tag.Utf8);
  pool[mref] = { ...e, classIndex: utf8 };
  const nat = pool.findIndex((x) => x?.tag === Tag.NameAndType);
  pool[nat] = { tag: Tag.NameAndType, nameIndex: 65000, descriptorIndex: 0 };
  // A method with a malformed descriptor and a bad Signature index.
  const m = cf.methods[0]!;
  pool[m.descriptorIndex] = { tag: Tag.Utf8, value: '(Lfoo' };
  m.attributes.push({ name: 'Signature', nameIndex: 0, signatureIndex: 9999 });
  m.attributes.push({ name: 'Exceptions', nameIndex: 0, exceptionIndices: [0, 7777] });
  m.attributes.push({ name: 'Unknown', nameIndex: 0, attributeName: 'Mystery', data: new Uint8Array([1, 2, 3]) });
  const text = disassemble(cf, { constantPool: true });
  assert.match(text, /this_class: #60000 +\/\/ <invalid>/);
  assert.match(text, new RegExp(`^ +#${mref} = Methodref +#${utf8}\\.#\\d+ +// <invalid>\\.`, 'm'));
  assert.match(text, new RegExp(`^ +#${nat} = NameAndType +#65000:#0 +// <invalid>:<invalid>`, 'm'));
  assert.match(text, /^ {4}descriptor: \(Lfoo$/m);
  assert.match(text, /Signature: #9999 +\/\/ <invalid>/);
  assert.match(text, /throws #0 \/\* <invalid> \*\/, #7777 \/\* <invalid> \*\//);
  assert.match(text, /Mystery: length = 0x3 \(unknown attribute\)\n +0000: 01 02 03/);
});

test('undecodable code lists what decoded, then an <invalid ...> line; the rest still prints', () => {
  const cf = fresh('java/util/ArrayList');
  const m = methodNamed(cf, 'get');
  const code = findAttr(m.attributes, 'Code')!;
  const insns = decodeInstructions(code.code);
  assert.ok(insns.length >= 3, 'get has >= 3 instructions');
  code.code[insns[2]!.offset] = 0xfe; // impdep1: not a valid opcode in a class file
  const text = disassemble(cf);
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.includes(`${insns[2]!.offset}: <invalid:`));
  assert.ok(at > 0, 'an <invalid> line');
  assert.match(lines[at]!, /valid opcode.*0xfe/);
  assert.match(lines[at - 1]!, new RegExp(`^ +${insns[1]!.offset}: `));
  assert.ok(lines.slice(at).some((l) => l.includes('LineNumberTable:')), 'later attributes still print');

  // Truncated: a 3-byte instruction cut short at the end of the code array.
  const cf2 = fresh('java/util/ArrayList');
  const code2 = findAttr(methodNamed(cf2, 'get').attributes, 'Code')!;
  const three = decodeInstructions(code2.code).find((i) => i.length === 3)!;
  code2.code = code2.code.slice(0, three.offset + 2);
  assert.match(disassemble(cf2), new RegExp(`${three.offset}: <invalid: .*end of code`));
});

test('bad stack map entries, exception types, local names and annotations print as <invalid>', () => {
  const cf = fresh('java/lang/String');
  let frames = 0;
  for (const m of cf.methods) {
    const code = findAttr(m.attributes, 'Code');
    if (!code) continue;
    for (const e of code.exceptionTable) e.catchType = 65001;
    const smt = findAttr(code.attributes, 'StackMapTable');
    for (const f of smt?.frames ?? []) {
      if (f.kind === 'full' || f.kind === 'append') {
        f.locals.push({ tag: VTag.Object, cpIndex: 0 }, { tag: 99 as VTag.Top });
        frames++;
      }
    }
    const lvt = findAttr(code.attributes, 'LocalVariableTable');
    for (const v of lvt?.vars ?? []) v.nameIndex = 0;
  }
  for (const a of cf.attributes) if (a.name === 'RuntimeVisibleAnnotations') for (const an of a.annotations) an.typeIndex = 64000;
  assert.ok(frames > 0, 'some full/append frames were damaged');
  const text = disassemble(cf);
  assert.match(text, /#65001 \/\/ <invalid>/);
  assert.match(text, /locals = \[ .*class #0 \/\* <invalid> \*\/, <invalid> \]/);
});

test('entries that break their own types (a Long holding a string) still do not throw', () => {
  const cf = fresh('java/lang/Long');
  const i = cf.constantPool.findIndex((e) => e?.tag === Tag.Long);
  assert.ok(i > 0, 'a Long entry');
  (cf.constantPool as unknown[])[i] = { tag: Tag.Long, value: 'not a bigint' };
  const code = findAttr(cf.methods.find((m) => findAttr(m.attributes, 'Code'))!.attributes, 'Code')!;
  (code as { exceptionTable: unknown }).exceptionTable = [null];
  let text = '';
  assert.doesNotThrow(() => {
    text = disassemble(cf, { constantPool: true });
  });
  assert.match(text, new RegExp(`^ +#${i} = Long +<invalid>$`, 'm'));
  assert.match(text, /<invalid: /);
  assert.match(text, /^SourceFile: "Long\.java"$/m);
});


/** Mutates numbers and byte arrays anywhere in the model with probability `p` each. */
function mutate(x: unknown, r: () => number, p: number): void {
  if (x === null || typeof x !== 'object') return;
  if (x instanceof Uint8Array) {
    for (let i = 0; i < x.length; i++) if (r() < p) x[i] = Math.floor(r() * 256);
    return;
  }
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'number' && r() < p) {
      const choice = r();
      o[k] = choice < 0.3 ? 0 : choice < 0.6 ? Math.floor(r() * 70000) : choice < 0.8 ? -Math.floor(r() * 1000) : Math.floor(r() * 300);
    } else mutate(v, r, p);
  }
}

test('fuzz: randomly damaged models of JDK classes never make the disassembler throw', () => {
  const names = ['java/util/ArrayList', 'java/lang/invoke/StringConcatFactory', 'java/lang/Runtime$Version', 'java/lang/Deprecated'];
  const originals = names.map(bytesOf);
  const r = prng(0x5eed);
  let invalid = 0;
  for (let iter = 0; iter < 60; iter++) {
    const k = iter % names.length;
    const cf = readClass(originals[k]!, names[k]);
    mutate(cf, r, 0.02);
    let text = '';
    assert.doesNotThrow(() => {
      text = disassemble(cf, { constantPool: true });
    }, `iteration ${iter} (${names[k]})`);
    if (text.includes('<invalid')) invalid++;
  }
  assert.ok(invalid > 30, `mutations produced <invalid> output only ${invalid} times`);
});

test('listing lines carry member and offset: every instruction starts a line with its offset', () => {
  const cf = fresh('java/util/HashMap');
  const listing = disassembleListing(cf);
  let checked = 0;
  cf.methods.forEach((m, index) => {
    const code = findAttr(m.attributes, 'Code');
    const lines = listing.lines.filter((l) => l.member?.kind === 'method' && l.member.index === index);
    assert.equal(lines[0]!.kind, 'member');
    const insnLines = lines.filter((l) => l.kind === 'insn');
    if (!code) {
      assert.equal(insnLines.length, 0);
      return;
    }
    const starts = insnLines.filter((l, i) => i === 0 || insnLines[i - 1]!.offset !== l.offset);
    assert.deepEqual(
      starts.map((l) => l.offset),
      decodeInstructions(code.code).map((i) => i.offset),
    );
    for (const l of starts) assert.match(l.text, new RegExp(`^ *${l.offset}: [a-z]`));
    checked += starts.length;
  });
  assert.ok(checked > 1000, `only ${checked} instructions checked`);
  assert.ok(listing.lines.filter((l) => l.kind === 'insn').every((l) => l.member?.kind === 'method'), 'instruction lines belong to methods');
});

test('options: constant pool only on request; source names the Classfile line', () => {
  const cf = fresh('java/lang/Object');
  const plain = disassemble(cf);
  assert.doesNotMatch(plain, /Constant pool:/);
  assert.doesNotMatch(plain, /^Classfile/m);
  const full = disassemble(cf, { constantPool: true, source: 'jrt:/java.base/java/lang/Object.class' });
  assert.match(full, /^Classfile jrt:\/java\.base\/java\/lang\/Object\.class$/m);
  assert.match(full, /^Constant pool:\n +#1 = /m);
  assert.match(full, /^public class java\.lang\.Object$/m);
});

test.after(() => cp.close());
