// Hand-built class files for what javac does not emit (Synthetic, SourceDebugExtension,
// ModuleMainClass, CONSTANT_Dynamic, every MethodHandle kind, NaN payloads, major 69, every
// verification type), checked by write → read → write; and the writer's own validation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { CodeModelError } from '../../server/src/classfile/errors';
import { compactFrameType } from '../../server/src/classfile/attributes/stackmap';
import { MAX_SUPPORTED_MAJOR, Tag, VTag, type Attribute, type ClassFile, type RawFrame } from '../../server/src/classfile/model';
import { buildClass } from './classfile-build';
import { firstDifference, testClass } from './classfile-fixtures';

function roundTrip(cf: ClassFile): ClassFile {
  const bytes = writeClass(cf);
  const back = readClass(bytes, 'synthetic');
  assert.deepEqual(back, cf);
  assert.equal(firstDifference(writeClass(back), bytes), -1);
  return back;
}

test('a hand-built class with every constant kind, NaN payloads and the attributes javac never writes', () => {
  const b = buildClass('syn/Everything', MAX_SUPPORTED_MAJOR);
  const { cf, pool } = b;
  const entries = cf.constantPool;
  const push = (e: NonNullable<ClassFile['constantPool'][number]>) => {
    entries.push(e);
    if (e.tag === Tag.Long || e.tag === Tag.Double) entries.push(undefined);
    return entries.length - (e.tag === Tag.Long || e.tag === Tag.Double ? 2 : 1);
  };
  // NaN payloads, signed zero, extremes: the raw bits must survive.
  const floats = [0x7fa00001, 0xffc00001 | 0, 0x80000000 | 0, 1, 0x7f800000].map((bits) => push({ tag: Tag.Float, bits }));
  const doubles = [0x7ff0000000000001n, -1n, -0x8000000000000000n, 0x7ff8000000000000n].map((bits) => push({ tag: Tag.Double, bits }));
  const longs = [-0x8000000000000000n, 0x7fffffffffffffffn, 0n].map((value) => push({ tag: Tag.Long, value }));
  const field = pool.addFieldref('syn/Everything', 'f', 'I');
  const method = pool.addMethodref('syn/Everything', 'm', '()V');
  const imethod = pool.addMethodref('syn/I', 'im', '()V', true);
  const bsm = pool.addMethodref('syn/Everything', 'bsm', '(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;');
  const handles = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((kind) =>
    push({ tag: Tag.MethodHandle, referenceKind: kind, referenceIndex: kind <= 4 ? field : kind === 9 ? imethod : kind === 6 || kind === 7 ? imethod : method }),
  );
  const bsmHandle = push({ tag: Tag.MethodHandle, referenceKind: 6, referenceIndex: bsm });
  const mtype = push({ tag: Tag.MethodType, descriptorIndex: pool.addUtf8('(IJ)D') });
  const condy = push({ tag: Tag.Dynamic, bootstrapMethodAttrIndex: 0, nameAndTypeIndex: pool.addNameAndType('c', 'Ljava/lang/Object;') });
  const indy = push({ tag: Tag.InvokeDynamic, bootstrapMethodAttrIndex: 1, nameAndTypeIndex: pool.addNameAndType('run', '()Ljava/lang/Runnable;') });
  push({ tag: Tag.Module, nameIndex: pool.addUtf8('syn.mod') });
  push({ tag: Tag.Package, nameIndex: pool.addUtf8('syn') });
  const weird = pool.addUtf8('\0\ud800\udfff\uffff\u0080\u07ff\u0800 ok');

  const frames: RawFrame[] = [
    { kind: 'same', frameType: 5, offsetDelta: 5 },
    { kind: 'same', frameType: 251, offsetDelta: 3 },
    { kind: 'same_locals_1_stack_item', frameType: 64, offsetDelta: 0, stack: { tag: VTag.Top } },
    { kind: 'same_locals_1_stack_item', frameType: 247, offsetDelta: 1000, stack: { tag: VTag.Uninitialized, offset: 7 } },
    { kind: 'chop', frameType: 248, offsetDelta: 2 },
    { kind: 'append', frameType: 254, offsetDelta: 1, locals: [{ tag: VTag.Integer }, { tag: VTag.Float }, { tag: VTag.Null }] },
    {
      kind: 'full',
      frameType: 255,
      offsetDelta: 65535,
      locals: [{ tag: VTag.UninitializedThis }, { tag: VTag.Long }, { tag: VTag.Double }, { tag: VTag.Object, cpIndex: cf.thisClass }],
      stack: [],
    },
  ];
  const codeAttrs: Attribute[] = [
    { name: 'StackMapTable', nameIndex: pool.addUtf8('StackMapTable'), frames },
    b.raw('com.example.Custom', [1, 2, 3]),
  ];
  const m = b.method('m', '()V', [0xb1], codeAttrs);
  m.attributes.push({ name: 'Synthetic', nameIndex: pool.addUtf8('Synthetic') }, b.raw('Unknown', []));
  m.accessFlags |= 0x1000;
  cf.attributes.push(
    { name: 'SourceFile', nameIndex: pool.addUtf8('SourceFile'), sourceFileIndex: weird },
    // Not valid modified UTF-8, which is fine: the bytes are kept as they are.
    { name: 'SourceDebugExtension', nameIndex: pool.addUtf8('SourceDebugExtension'), data: Uint8Array.from([0, 0xff, 0xc0, 0x80, 0x41]) },
    { name: 'Synthetic', nameIndex: pool.addUtf8('Synthetic') },
    { name: 'Deprecated', nameIndex: pool.addUtf8('Deprecated') },
    { name: 'ModuleMainClass', nameIndex: pool.addUtf8('ModuleMainClass'), mainClassIndex: cf.thisClass },
    {
      name: 'BootstrapMethods',
      nameIndex: pool.addUtf8('BootstrapMethods'),
      methods: [
        { methodRefIndex: bsmHandle, argumentIndices: [...floats, ...doubles, ...longs, ...handles, mtype, pool.addString('s'), cf.thisClass] },
        { methodRefIndex: bsmHandle, argumentIndices: [condy, pool.addInteger(-7)] },
      ],
    },
  );
  assert.ok(indy > 0);
  const back = roundTrip(cf);
  assert.equal(back.majorVersion, 69);
  const floatBits = floats.map((i) => back.constantPool[i]).map((e) => (e?.tag === Tag.Float ? e.bits : NaN));
  assert.deepEqual(floatBits, [0x7fa00001, 0xffc00001 | 0, 0x80000000 | 0, 1, 0x7f800000]);
});

test('compactFrameType picks the encodings that round-trip', () => {
  const b = buildClass();
  const frames: RawFrame[] = [
    { kind: 'same', frameType: compactFrameType('same', 63), offsetDelta: 63 },
    { kind: 'same', frameType: compactFrameType('same', 64), offsetDelta: 64 },
    { kind: 'same_locals_1_stack_item', frameType: compactFrameType('same_locals_1_stack_item', 0), offsetDelta: 0, stack: { tag: VTag.Integer } },
    { kind: 'same_locals_1_stack_item', frameType: compactFrameType('same_locals_1_stack_item', 64), offsetDelta: 64, stack: { tag: VTag.Integer } },
    { kind: 'chop', frameType: compactFrameType('chop', 9, 3), offsetDelta: 9 },
    { kind: 'append', frameType: compactFrameType('append', 9, 1), offsetDelta: 9, locals: [{ tag: VTag.Integer }] },
    { kind: 'full', frameType: compactFrameType('full', 1), offsetDelta: 1, locals: [], stack: [] },
  ];
  assert.deepEqual(frames.map((f) => f.frameType), [63, 251, 64, 247, 248, 252, 255]);
  b.method('m', '()V', [0xb1], [{ name: 'StackMapTable', nameIndex: b.pool.addUtf8('StackMapTable'), frames }]);
  roundTrip(b.cf);
});

test('a module-info with ModulePackages and ModuleMainClass round-trips', () => {
  const cf = readClass(testClass('module-info.class'));
  const entries = cf.constantPool;
  const addUtf8 = (s: string) => entries.push({ tag: Tag.Utf8, value: s }) - 1;
  const pkg = entries.push({ tag: Tag.Package, nameIndex: addUtf8('cf/impl') }) - 1;
  cf.attributes.push(
    { name: 'ModulePackages', nameIndex: addUtf8('ModulePackages'), packageIndices: [pkg] },
    { name: 'ModuleMainClass', nameIndex: addUtf8('ModuleMainClass'), mainClassIndex: entries.push({ tag: Tag.Class, nameIndex: addUtf8('cf/Control') }) - 1 },
  );
  const back = roundTrip(cf);
  assert.deepEqual(
    back.attributes.map((a) => a.name).slice(-2),
    ['ModulePackages', 'ModuleMainClass'],
  );
});

// ---- the writer's validation -------------------------------------------------------------------

function throwsModel(f: () => unknown, pattern: RegExp): void {
  assert.throws(f, (e: unknown) => e instanceof CodeModelError && pattern.test(e.message));
}

test('writeClass rejects models it cannot encode with a CodeModelError', () => {
  const fresh = () => {
    const b = buildClass();
    b.method('m', '()V', [0xb1]);
    return b;
  };
  let b = fresh();
  b.cf.thisClass = 70000;
  throwsModel(() => writeClass(b.cf), /70000 does not fit in u2/);

  b = fresh();
  b.cf.attributes.push({ name: 'SourceFile', nameIndex: b.pool.addUtf8('Code'), sourceFileIndex: 1 });
  throwsModel(() => writeClass(b.cf), /attribute SourceFile: nameIndex \d+ is not a Utf8 "SourceFile"/);

  b = fresh();
  b.cf.constantPool.push({ tag: Tag.Long, value: 1n }, { tag: Tag.Integer, value: 1 });
  throwsModel(() => writeClass(b.cf), /must be followed by an empty slot/);

  b = fresh();
  b.cf.constantPool.push(undefined, { tag: Tag.Integer, value: 1 });
  throwsModel(() => writeClass(b.cf), /slot \d+ is empty but does not follow a Long or Double/);

  b = fresh();
  b.pool.addUtf8('\u0800'.repeat(21846));
  throwsModel(() => writeClass(b.cf), /65538 bytes in modified UTF-8 is too long/);

  b = fresh();
  b.pool.addUtf8('\u0800'.repeat(21845)); // exactly 65535 bytes is fine
  assert.equal(readClass(writeClass(b.cf)).constantPool.length, b.cf.constantPool.length);

  const smt = (f: RawFrame) => {
    const x = fresh();
    x.cf.methods[0]!.attributes[0] = {
      ...(x.cf.methods[0]!.attributes[0] as Extract<Attribute, { name: 'Code' }>),
      attributes: [{ name: 'StackMapTable', nameIndex: x.pool.addUtf8('StackMapTable'), frames: [f] }],
    };
    return x.cf;
  };
  throwsModel(() => writeClass(smt({ kind: 'same', frameType: 5, offsetDelta: 6 })), /offset delta 6 must equal the frame type/);
  throwsModel(() => writeClass(smt({ kind: 'chop', frameType: 251, offsetDelta: 6 })), /expected frame type 248-250/);
  throwsModel(() => writeClass(smt({ kind: 'append', frameType: 252, offsetDelta: 0, locals: [] })), /needs 1 locals, has 0/);

  b = fresh();
  b.cf.attributes.push({
    name: 'RuntimeVisibleTypeAnnotations',
    nameIndex: b.pool.addUtf8('RuntimeVisibleTypeAnnotations'),
    annotations: [{ targetType: 0x13, target: { kind: 'supertype', index: 0 }, path: [], annotation: { typeIndex: 1, pairs: [] } }],
  });
  throwsModel(() => writeClass(b.cf), /target_type 0x13 cannot have a 'supertype' target/);

  b = fresh();
  b.cf.attributes.push({
    name: 'AnnotationDefault',
    nameIndex: b.pool.addUtf8('AnnotationDefault'),
    value: { tag: 'x' as 'B', constValueIndex: 1 },
  });
  throwsModel(() => writeClass(b.cf), /bad element_value tag "x"/);

  b = fresh();
  b.cf.methods[0]!.attributes[0] = { ...(b.cf.methods[0]!.attributes[0] as Extract<Attribute, { name: 'Code' }>), maxStack: -1 };
  throwsModel(() => writeClass(b.cf), /-1 does not fit in u2/);
});
