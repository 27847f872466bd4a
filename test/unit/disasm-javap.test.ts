// The disassembler against `javap -c -v -p` as the oracle: the test programs under
// test/java/disasm (switches, wide, exceptions, lambdas, constants, nested classes, records,
// sealed types, annotations, generics, a module descriptor) and a few JDK classes. Content is
// compared per member (instructions, line numbers, exception tables, stack map frames, other
// attributes) after whitespace normalisation; see disasm-javap-parse.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { disassemble } from '../../server/src/disasm/index';
import { compileJava, REPO } from '../helpers/java';
import { compareListings, parseListing } from './disasm-javap-parse';
import { compareJdkClasses, javap } from './disasm-oracle';

function classFiles(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...classFiles(p));
    else if (n.endsWith('.class')) out.push(p);
  }
  return out.sort();
}

const compiled = compileJava(join(REPO, 'test', 'java', 'disasm'));
const files = classFiles(compiled);

test('test programs compile to the expected variety of classes', () => {
  const names = files.map((f) => f.slice(compiled.length + 1));
  for (const n of ['module-info.class', 'dis/Switches.class', 'dis/Wide.class', 'dis/Nested$Point.class', 'dis/Annotations.class'])
    assert.ok(names.includes(n), `${n} missing from ${names.join(', ')}`);
  assert.ok(files.length >= 25, `only ${files.length} classes`);
});

test('test programs: listing content equals javap -c -v -p', () => {
  const listings = javap(files);
  let instructions = 0;
  files.forEach((f, i) => {
    const ours = disassemble(readClass(readFileSync(f), f), { constantPool: true, source: f });
    const diffs = compareListings(listings[i]!, ours);
    assert.deepEqual(diffs, [], `${f}:\n${diffs.slice(0, 10).join('\n')}`);
    instructions += parseListing(ours).members.reduce((n, m) => n + (m.code?.insns.length ?? 0), 0);
  });
  assert.ok(instructions > 1000, `only ${instructions} instructions compared`);
});

test('test programs cover the instruction forms the brief names', () => {
  const all = files.map((f) => disassemble(readClass(readFileSync(f), f))).join('\n');
  for (const re of [
    /\d+: tableswitch +\{ \/\/ -3 to 0/,
    /\d+: lookupswitch +\{ \/\/ 5/,
    /^ +-2147483648: \d+$/m,
    /\d+: iinc_w +\d+, -129/,
    /\d+: istore_w +\d+/,
    /\d+: newarray +boolean/,
    /\d+: invokeinterface #\d+, {2}2 +\/\/ InterfaceMethod java\/util\/stream\/Stream\.map/,
    /\d+: invokedynamic #\d+, {2}0 +\/\/ InvokeDynamic #\d+:makeConcatWithConstants:/,
    /\d+: multianewarray #\d+, {2}2 +\/\/ class "\[\[J"/,
    /\d+: ldc2_w +#\d+ +\/\/ double 1\.0E300d/,
    /\d+: ldc2_w +#\d+ +\/\/ long 1234567890123l|ConstantValue: long 1234567890123l/,
    /frame_type = 255 \/\* full_frame \*\//,
    /frame_type = 250 \/\* chop \*\//,
    /frame_type = 253 \/\* append \*\//,
    /Exception table:\n +from +to +target type\n +\d+ +\d+ +\d+ +Class java\/lang\/IllegalStateException/,
    /^PermittedSubclasses:$/m,
    /^NestMembers:$/m,
    /^Record:$/m,
    /^BootstrapMethods:$/m,
    /RuntimeVisibleTypeAnnotations:/,
    /RuntimeInvisibleParameterAnnotations:/,
    /AnnotationDefault:/,
    /LocalVariableTypeTable:/,
    /MethodParameters:/,
    /^Module:$/m,
    /^open module dis\.test$/m,
  ])
    assert.match(all, re);
});

test('the comparison detects a wrong operand, a wrong frame and a missing line entry', () => {
  const f = files.find((x) => x.endsWith('Switches.class'))!;
  const [theirs] = javap([f]);
  const ours = disassemble(readClass(readFileSync(f), f), { constantPool: true });
  assert.deepEqual(compareListings(theirs!, ours), []);
  const badTarget = ours.replace(/^( +\d+: goto +)(\d+)$/m, (_m, a: string, t: string) => `${a}${Number(t) + 1}`);
  assert.notEqual(badTarget, ours);
  assert.ok(compareListings(theirs!, badTarget).some((d) => d.includes('instruction')), 'changed goto target not detected');
  const badFrame = ours.replace('frame_type = 253 /* append */', 'frame_type = 252 /* append */');
  assert.notEqual(badFrame, ours);
  assert.ok(compareListings(theirs!, badFrame).some((d) => d.includes('frames')), 'changed frame type not detected');
  const badLine = ours.replace(/^ +line \d+: \d+\n/m, '');
  assert.ok(compareListings(theirs!, badLine).some((d) => d.includes('lineNumbers')), 'missing line entry not detected');
});

// A few JDK classes here; test/slow/disasm-jdk.test.ts compares ~60.
test('JDK classes (String, HashMap, ConcurrentHashMap, ...): listing content equals javap', () => {
  const n = compareJdkClasses([
    'java.lang.String',
    'java.util.HashMap',
    'java.util.concurrent.ConcurrentHashMap',
    'java.lang.Float',
    'java.lang.invoke.StringConcatFactory',
    'java.lang.Runtime$Version',
    'java.lang.ProcessBuilder$Redirect$Type',
    'jrt:/java.base/module-info.class',
  ]);
  assert.ok(n > 10000, `only ${n} instructions compared`);
});
