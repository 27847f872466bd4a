// HotSpot's format checks when a Java class loader defines a class (ClassFileParser with
// verification on, as for every loader but the boot loader), found by the engine fuzzer
// (npm run fuzz -- --engine): each mutated copy of test/java/class-format/Sample.java is
// defined, linked and run by DefineBytes on java and on the embedded engine, and every line
// (ok, or the Throwable with its message) must be the same. Before the checks, a method without
// a Code attribute, a malformed MethodType signature and a user loader defining a java.lang
// class gave an InternalError (with a JS stack) or ran where java refuses the class.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { Acc, Tag, type ClassFile, type CpEntry } from '../../server/src/classfile/model';
import { compileJava, REPO, runCli, runJava, tempDir } from '../helpers/java';

const classes = compileJava(join(REPO, 'test', 'java', 'class-format'));
const original = readFileSync(join(classes, 'Sample.class'));

function utf8(cf: ClassFile, i: number): string {
  const e = cf.constantPool[i];
  if (e?.tag !== Tag.Utf8) throw new Error(`#${i} is not a Utf8`);
  return e.value;
}

/** Appends a Utf8 entry; returns its index. */
function addUtf8(cf: ClassFile, value: string): number {
  cf.constantPool.push({ tag: Tag.Utf8, value });
  return cf.constantPool.length - 1;
}

function method(cf: ClassFile, name: string) {
  const m = cf.methods.find((x) => utf8(cf, x.nameIndex) === name);
  if (!m) throw new Error(`no method ${name}`);
  return m;
}

function entries<T extends CpEntry['tag']>(cf: ClassFile, tag: T): Extract<CpEntry, { tag: T }>[] {
  return cf.constantPool.filter((e): e is Extract<CpEntry, { tag: T }> => e?.tag === tag);
}

/** The NameAndType of method `name` used by a Methodref. */
function nameAndType(cf: ClassFile, name: string): Extract<CpEntry, { tag: Tag.NameAndType }> {
  const nt = entries(cf, Tag.NameAndType).find((e) => utf8(cf, e.nameIndex) === name);
  if (!nt) throw new Error(`no NameAndType ${name}`);
  return nt;
}

/** Mutations of Sample.class, by file name ("name=file" defines it with that binary name). */
const MUTANTS: [string, (cf: ClassFile) => void][] = [
  ['unchanged', () => undefined],
  ['no-code', (cf) => void (method(cf, 'twice').attributes = [])],
  ['code-in-native', (cf) => void (method(cf, 'twice').accessFlags |= Acc.NATIVE)],
  ['code-in-abstract', (cf) => void (method(cf, 'twice').accessFlags = Acc.ABSTRACT)],
  ['methodtype-signature', (cf) => void (entries(cf, Tag.MethodType)[0]!.descriptorIndex = addUtf8(cf, '(Ljava/lang/Object;'))],
  ['nat-method-signature', (cf) => void (nameAndType(cf, 'twice').descriptorIndex = addUtf8(cf, '(I'))],
  ['nat-field-signature', (cf) => void (nameAndType(cf, 'f').descriptorIndex = addUtf8(cf, 'Q'))],
  ['nat-void-field', (cf) => void (nameAndType(cf, 'f').descriptorIndex = addUtf8(cf, 'V'))],
  ['nat-init-returns', (cf) => void (nameAndType(cf, '<init>').descriptorIndex = addUtf8(cf, '()I'))],
  ['nat-bad-class-in-signature', (cf) => void (nameAndType(cf, 'twice').descriptorIndex = addUtf8(cf, '(La.b;)I'))],
  ['methodref-clinit', (cf) => void (nameAndType(cf, 'twice').nameIndex = addUtf8(cf, '<clinit>'))],
  ['method-signature', (cf) => void (method(cf, 'twice').descriptorIndex = addUtf8(cf, '(I)'))],
  ['method-name', (cf) => void (method(cf, 'twice').nameIndex = addUtf8(cf, 'a.b'))],
  ['field-signature', (cf) => void (cf.fields[1]!.descriptorIndex = addUtf8(cf, 'I;'))],
  ['class-name', (cf) => {
    const e = entries(cf, Tag.Class).find((c) => utf8(cf, c.nameIndex) === 'java/io/PrintStream')!;
    e.nameIndex = addUtf8(cf, 'java/io//PrintStream');
  }],
  ['class-abstract-final', (cf) => void (cf.accessFlags |= Acc.ABSTRACT | Acc.FINAL)],
  ['class-interface', (cf) => void (cf.accessFlags |= Acc.INTERFACE)],
  ['class-module', (cf) => void (cf.accessFlags = Acc.MODULE)],
  ['method-abstract-static', (cf) => void (method(cf, 'twice').accessFlags = Acc.ABSTRACT | Acc.STATIC)],
  ['method-public-private', (cf) => void (method(cf, 'main').accessFlags |= Acc.PRIVATE)],
  ['init-static', (cf) => void (method(cf, '<init>').accessFlags |= Acc.STATIC)],
  ['clinit-native', (cf) => void (method(cf, '<clinit>').accessFlags |= Acc.NATIVE | Acc.ABSTRACT)],
  ['clinit-not-static', (cf) => void (method(cf, '<clinit>').accessFlags = 0)],
  ['field-final-volatile', (cf) => void (cf.fields[1]!.accessFlags = Acc.FINAL | Acc.VOLATILE | 0x100)],
  ['java-lang', (cf) => {
    const e = cf.constantPool[cf.thisClass];
    if (e?.tag !== Tag.Class) throw new Error('this_class');
    e.nameIndex = addUtf8(cf, 'java/lang/Sample');
  }],
];

const NAMED: string[] = ['Sample=methodtype-signature', 'Sample=method-signature', 'Sample=class-interface', 'java.lang.Sample=java-lang'];

test('classes defined by a Java loader: HotSpot format checks and messages on the embedded engine', { timeout: 300_000 }, () => {
  const dir = tempDir('class-format');
  const files: string[] = [];
  for (const [name, mutate] of MUTANTS) {
    const cf = readClass(original, 'Sample.class');
    mutate(cf);
    const f = join(dir, name);
    writeFileSync(f, writeClass(cf));
    files.push(f);
  }
  for (const n of NAMED) {
    const eq = n.indexOf('=');
    files.push(`${n.slice(0, eq)}=${join(dir, n.slice(eq + 1))}`);
  }
  const java = runJava(['-cp', classes, 'DefineBytes', ...files]);
  assert.equal(java.status, 0, java.stderr);
  const k = runCli(['run', '--no-profile', '-cp', classes, 'DefineBytes', ...files]);
  assert.equal(k.stderr, '');
  assert.equal(k.stdout, java.stdout);
  assert.equal(k.status, 0);
});
