// Malformed class files: each kind of damage gives a ClassFormatError naming the file, the exact
// offset of the bad bytes and what was expected — never a TypeError/RangeError or a hang.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { ClassFormatError } from '../../server/src/classfile/errors';
import { Tag } from '../../server/src/classfile/model';
import { buildClass, indexOf, u2, u4, utf8Entry, type Built } from './classfile-build';
import { testClass } from './classfile-fixtures';

const FILE = 'broken/Test.class';

/** Asserts that reading `bytes` fails with a ClassFormatError at `offset` matching `pattern`. */
function rejects(bytes: Uint8Array, offset: number | undefined, pattern: RegExp): ClassFormatError {
  let err: unknown;
  try {
    readClass(bytes, FILE);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof ClassFormatError, `expected a ClassFormatError, got ${String(err)}`);
  assert.equal(err.file, FILE);
  assert.ok(err.message.startsWith(`${FILE}: at offset ${err.offset}: expected `), err.message);
  if (offset !== undefined) assert.equal(err.offset, offset, err.message);
  assert.match(err.message, pattern);
  return err;
}

/** Offset of the body of the attribute named `nameIndex` whose body is `data`. */
function bodyOffset(bytes: Uint8Array, nameIndex: number, data: number[]): number {
  const at = indexOf(bytes, [...u2(nameIndex), ...u4(data.length), ...data]);
  assert.ok(at >= 0);
  return at + 6;
}

/** A class with one attribute (raw body `data` under a known name) at class level. */
function withRaw(name: string, body: number[] | ((b: Built) => number[])): { bytes: Uint8Array; body: number } {
  const b = buildClass();
  const data = typeof body === 'function' ? body(b) : body;
  const a = b.raw(name, data);
  b.cf.attributes.push(a);
  const bytes = b.bytes();
  return { bytes, body: bodyOffset(bytes, a.nameIndex, data) };
}

test('every truncation of a real class file is rejected with a ClassFormatError', () => {
  const full = testClass('cf/Records$Point.class');
  for (let n = 0; n < full.length; n++) {
    const e = rejects(full.subarray(0, n), undefined, /expected/);
    assert.ok(e.offset <= n, `prefix ${n}: offset ${e.offset}`);
  }
  assert.ok(readClass(full, FILE));
});

test('header: magic and supported versions', () => {
  const good = buildClass().bytes();
  const bad = good.slice();
  bad[3] = 0xbf;
  rejects(bad, 0, /expected magic 0xCAFEBABE, found 0xCAFEBABF/);
  rejects(buildClass('T', 70).bytes(), 6, /a major version between 45 and 69, found 70\.0/);
  rejects(buildClass('T', 44).bytes(), 6, /found 44\.0/);
  assert.equal(readClass(buildClass('T', 45).bytes()).majorVersion, 45);
  const minor = buildClass('T', 61);
  minor.cf.minorVersion = 3;
  rejects(minor.bytes(), 4, /minor version 0 or 65535 for major version 61, found 3/);
  minor.cf.minorVersion = 0xffff;
  assert.equal(readClass(minor.bytes()).minorVersion, 0xffff);
  minor.cf.majorVersion = 55;
  minor.cf.minorVersion = 3;
  assert.equal(readClass(minor.bytes()).minorVersion, 3);
  rejects(Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61, 0, 0]), 8, /constant_pool_count of at least 1/);
});

test('constant-pool indices: out of range, slot 0, the second slot of a Long, wrong tag', () => {
  const locate = (b: Built) => {
    const bytes = b.bytes();
    return { bytes, at: (o: number) => (bytes[o]! << 8) | bytes[o + 1]! };
  };
  let b = buildClass();
  b.cf.thisClass = 999;
  let { bytes, at } = locate(b);
  let e = rejects(bytes, undefined, /this_class: a constant-pool index of a Class entry, found index 999 \(no entry/);
  assert.equal(at(e.offset), 999);

  b = buildClass();
  b.cf.thisClass = 0;
  rejects(b.bytes(), undefined, /this_class: a constant-pool index of a Class entry, found index 0 \(no entry/);

  b = buildClass();
  b.cf.superClass = b.pool.addUtf8('java/lang/Object');
  ({ bytes, at } = locate(b));
  e = rejects(bytes, undefined, /super_class: a constant-pool index of a Class entry, found index \d+ \(a Utf8 entry/);
  assert.equal(at(e.offset), b.cf.superClass);

  b = buildClass();
  const long = b.pool.addLong(5n);
  b.cf.interfaces.push(long + 1);
  e = rejects(b.bytes(), undefined, /interface: a constant-pool index of a Class entry, found index \d+ \(no entry \(index 0, out of range, or the second slot/);

  // A pool entry referring to an entry of the wrong kind: Class → Class instead of Utf8.
  b = buildClass();
  const cls = b.cf.constantPool.push({ tag: Tag.Class, nameIndex: b.cf.thisClass }) - 1;
  const bytes2 = b.bytes();
  const entry = indexOf(bytes2, [7, ...u2(b.cf.thisClass)]);
  rejects(bytes2, entry + 1, new RegExp(`constant-pool entry ${cls}'s name_index \\(Class\\): a constant-pool index of a Utf8 entry, found index ${b.cf.thisClass} \\(a Class entry`));

  b = buildClass();
  const nat = b.pool.addNameAndType('x', 'I');
  b.cf.constantPool.push({ tag: Tag.Fieldref, classIndex: b.cf.thisClass, nameAndTypeIndex: b.cf.thisClass });
  const bytes3 = b.bytes();
  rejects(bytes3, indexOf(bytes3, [9, ...u2(b.cf.thisClass), ...u2(b.cf.thisClass)]) + 3, /name_and_type_index \(member reference\): a constant-pool index of a NameAndType entry/);
  assert.ok(nat > 0);
});

test('constant pool: bad MethodHandle kinds and targets, unknown tags, a Long in the last slot', () => {
  const b = buildClass();
  const method = b.pool.addMethodref('T', 'm', '()V');
  const mh = b.cf.constantPool.push({ tag: Tag.MethodHandle, referenceKind: 1, referenceIndex: method }) - 1;
  let bytes = b.bytes();
  const at = indexOf(bytes, [15, 1, ...u2(method)]);
  rejects(bytes, at + 2, new RegExp(`entry ${mh}'s reference_index \\(MethodHandle of kind 1\\): a constant-pool index of a Fieldref entry`));
  for (const kind of [0, 10, 255]) {
    const k = bytes.slice();
    k[at + 1] = kind;
    rejects(k, at + 1, new RegExp(`a MethodHandle reference_kind \\(1-9\\), found ${kind}`));
  }
  // Change the tag byte of the first pool entry (offset 10) to tags that do not exist.
  bytes = buildClass().bytes();
  for (const tag of [0, 2, 13, 14, 21, 255]) {
    const k = bytes.slice();
    k[10] = tag;
    rejects(k, 10, new RegExp(`a constant-pool tag \\(1, 3-12, 15-20\\), found ${tag}$`));
  }
  const lastSlot = Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61, 0, 2, 5, 0, 0, 0, 0, 0, 0, 0, 1]);
  rejects(lastSlot, 10, /room for the two-slot Long at index 1 in a pool of 2/);
});

test('modified UTF-8: raw NUL, 4-byte forms, stray continuation bytes, overlong and truncated sequences', () => {
  const b = buildClass();
  b.pool.addUtf8('ABCDEF');
  const bytes = b.bytes();
  const s = indexOf(bytes, utf8Entry('ABCDEF')) + 3; // first string byte
  const cases: [number[], number, RegExp][] = [
    [[0x00], 0, /a modified UTF-8 lead byte .*, found 0x00/],
    [[0xf0, 0x90, 0x80, 0x80], 0, /found 0xF0/],
    [[0xff], 0, /found 0xFF/],
    [[0x80], 0, /found 0x80/],
    [[0xc1, 0x81], 0, /the shortest encoding of each character, found overlong 0xC1 0x81/],
    [[0xe0, 0x80, 0x80], 0, /found overlong 0xE0 0x80 0x80/],
    [[0x41, 0xc3, 0x41], 2, /a continuation byte \(10xxxxxx\), found 0x41/],
    [[0x41, 0x41, 0xe2, 0x82, 0x41], 4, /a continuation byte/],
  ];
  for (const [patch, at, pattern] of cases) {
    const k = bytes.slice();
    k.set(patch, s);
    rejects(k, s + at, pattern);
  }
  const k = bytes.slice();
  k[s + 5] = 0xc3; // a 2-byte lead as the last byte of the string
  rejects(k, s + 5, /a continuation byte after a 2-byte lead, found end of string/);
  // C0 80 (NUL) and 3-byte surrogates are the canonical forms and are accepted.
  const ok = bytes.slice();
  ok.set([0xc0, 0x80, 0xed, 0xa0, 0x80], s);
  const cf = readClass(ok);
  assert.ok(cf.constantPool.some((e) => e?.tag === Tag.Utf8 && e.value === '\0\ud800F'));
});

test('attribute framing: body not consumed, body overrun, length past the end of the file', () => {
  let r = withRaw('SourceFile', (b) => [...u2(b.pool.addUtf8('T.java')), 0]);
  rejects(r.bytes, r.body + 2, new RegExp(`the SourceFile attribute's body to end at offset ${r.body + 3} \\(attribute_length 3 at offset ${r.body - 4}\\), found 1 unread bytes`));
  r = withRaw('SourceFile', [0]);
  rejects(r.bytes, r.body, /2 bytes for sourcefile_index before the end of the SourceFile attribute \(at offset \d+\), found 1 byte left/);
  r = withRaw('Synthetic', [0]);
  rejects(r.bytes, r.body, /the Synthetic attribute's body to end/);
  // attribute_length larger than the rest of the file
  r = withRaw('Whatever', [1, 2, 3]);
  const k = r.bytes.slice();
  k.set(u4(0x7fffffff), r.body - 4);
  rejects(k, r.body - 4, /attribute Whatever \(attribute_length 2147483647\) to fit before the end of the class file, found 3 bytes left/);
  // Code: a nested attribute that overruns its parent Code attribute
  const c = buildClass();
  const code = c.method('m', '()V', [0xb1]);
  const inner = c.raw('Custom', [1, 2, 3, 4]);
  const codeAttr = code.attributes[0]!;
  if (codeAttr.name === 'Code') codeAttr.attributes.push(inner);
  const cb = c.bytes();
  const innerBody = bodyOffset(cb, inner.nameIndex, [1, 2, 3, 4]);
  const k2 = cb.slice();
  k2.set(u4(5), innerBody - 4);
  rejects(k2, innerBody - 4, /attribute Custom \(attribute_length 5\) to fit before the end of the Code attribute \(at offset \d+\), found 4 bytes left/);
});

test('Code: code_length 0 or too large, and code running past the attribute', () => {
  const mk = (data: number[]) => withRaw('Code', data);
  let r = mk([0, 1, 0, 1, ...u4(0), 0, 0, 0, 0]);
  rejects(r.bytes, r.body + 4, /code_length between 1 and 65535, found 0/);
  r = mk([0, 1, 0, 1, ...u4(65536), 0, 0, 0, 0]);
  rejects(r.bytes, r.body + 4, /code_length between 1 and 65535, found 65536/);
  r = mk([0, 1, 0, 1, ...u4(100), 0xb1, 0, 0, 0, 0]);
  rejects(r.bytes, r.body + 8, /100 bytes for code before the end of the Code attribute/);
});

test('StackMapTable: reserved frame types and bad verification type tags', () => {
  for (const ft of [128, 200, 246]) {
    const r = withRaw('StackMapTable', [0, 1, ft]);
    rejects(r.bytes, r.body + 2, new RegExp(`a stack map frame type \\(0-127 or 247-255; 128-246 are reserved\\), found ${ft}`));
  }
  const r = withRaw('StackMapTable', [0, 2, 0, 64, 9]);
  rejects(r.bytes, r.body + 4, /a verification type tag \(0-8\), found 9/);
  const r2 = withRaw('StackMapTable', [0, 1, 255, 0, 0, 0xff, 0xff]);
  rejects(r2.bytes, r2.body + 7, /65535 bytes for 65535 verification types before the end of the StackMapTable attribute/);
});

test('annotations: bad element_value tags, bad target types and type path kinds, wrong constant kinds', () => {
  // The annotation's type_index 0 is rejected first ...
  let r = withRaw('RuntimeVisibleAnnotations', [0, 1, 0, 0, 0, 1, 0, 0, 0x78]);
  rejects(r.bytes, r.body + 2, /annotation type_index: a constant-pool index of a Utf8 entry, found index 0/);
  // ... and with valid indices the tag is.
  const ann = (b: Built, tail: number[]) => {
    const type = b.pool.addUtf8('LA;');
    return [0, 1, ...u2(type), 0, 1, ...u2(type), ...tail];
  };
  r = withRaw('RuntimeVisibleAnnotations', (b) => ann(b, [0x78]));
  rejects(r.bytes, r.body + 8, /an element_value tag \(one of BCDFIJSZsec@\[\), found 0x78/);
  r = withRaw('RuntimeVisibleAnnotations', (b) => ann(b, [0x4a, ...u2(b.pool.addInteger(1))]));
  rejects(r.bytes, r.body + 9, /const_value_index: a constant-pool index of a Long entry, found index \d+ \(a Integer entry/);
  r = withRaw('RuntimeInvisibleTypeAnnotations', [0, 1, 0x20, 0, 0, 0, 0, 0, 0]);
  rejects(r.bytes, r.body + 2, /a type annotation target_type \(0x00-0x01, 0x10-0x17, 0x40-0x4B\), found 0x20/);
  r = withRaw('RuntimeInvisibleTypeAnnotations', (b) => [0, 1, 0x13, 1, 4, 0, ...u2(b.pool.addUtf8('LA;')), 0, 0]);
  rejects(r.bytes, r.body + 4, /a type_path_kind \(0-3\), found 4/);
});

test('a class with Dynamic/InvokeDynamic entries needs a BootstrapMethods attribute covering them', () => {
  const b = buildClass();
  const nat = b.pool.addNameAndType('run', '()V');
  const indy = b.cf.constantPool.push({ tag: Tag.InvokeDynamic, bootstrapMethodAttrIndex: 3, nameAndTypeIndex: nat }) - 1;
  const bytes = b.bytes();
  rejects(bytes, indexOf(bytes, [18, 0, 3]) + 1, new RegExp(`a BootstrapMethods attribute .*, found constant-pool entry ${indy} uses bootstrap method 3`));
  const handle = b.cf.constantPool.push({ tag: Tag.MethodHandle, referenceKind: 6, referenceIndex: b.pool.addMethodref('T', 'b', '()V') }) - 1;
  b.cf.attributes.push({ name: 'BootstrapMethods', nameIndex: b.pool.addUtf8('BootstrapMethods'), methods: [{ methodRefIndex: handle, argumentIndices: [] }] });
  rejects(b.bytes(), undefined, /bootstrap_method_attr_index < 1 \(the BootstrapMethods count\)/);
});

test('trailing bytes, impossible counts and deep nesting fail fast with a ClassFormatError', () => {
  const good = buildClass().bytes();
  const longer = new Uint8Array(good.length + 2);
  longer.set(good);
  rejects(longer, good.length, /the end of the class file, found 2 trailing bytes/);

  // interfaces_count 65535 followed by nothing: fails on the count, before reading entries.
  const b = buildClass();
  const bytes = b.bytes();
  const ifaces = bytes.length - 8; // interfaces_count, fields_count, methods_count, attributes_count
  const k = bytes.slice(0, ifaces + 2);
  k.set(u2(65535), ifaces);
  rejects(k, ifaces + 2, /131070 bytes for 65535 interfaces before the end of the class file, found 0 bytes left/);
  // constant_pool_count 65535 with a tiny file
  rejects(Uint8Array.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61, 0xff, 0xff, 1]), 10, /196602 bytes for 65534 constant-pool entries/);

  // Element values nested 300 deep ('[' with one element each) — no stack overflow.
  const deep = withRaw('AnnotationDefault', [...Array(300).fill([0x5b, 0, 1]).flat(), 0x5a, 0, 0]);
  rejects(deep.bytes, deep.body + 256 * 3, /element values nested at most 256 deep/);

  // Code attributes nested 70 deep through their attribute lists.
  const c = buildClass();
  const name = c.pool.addUtf8('Code');
  let body: number[] = [];
  for (let i = 0; i < 70; i++) {
    const inner = i === 0 ? [0, 0] : [0, 1, ...u2(name), ...u4(body.length), ...body];
    body = [0, 0, 0, 0, ...u4(1), 0xb1, 0, 0, ...inner];
  }
  const nested = c.raw('Code', body);
  c.cf.attributes.push(nested);
  rejects(c.bytes(), undefined, /attributes nested at most 64 deep/);
});

test('lenientAnnotations keeps malformed annotation attributes as raw bytes; other attributes still fail', () => {
  const b = buildClass();
  const type = b.pool.addUtf8('LA;');
  // A bad element_value tag, a truncated body and an element nested too deep, each in its own attribute.
  const bad = [
    b.raw('RuntimeVisibleAnnotations', [0, 1, ...u2(type), 0, 1, ...u2(type), 0x78]),
    b.raw('RuntimeInvisibleParameterAnnotations', [1, 0, 1, ...u2(type)]),
    b.raw('AnnotationDefault', [...Array(300).fill([0x5b, 0, 1]).flat(), 0x5a, 0, 0]),
  ];
  const good = { name: 'RuntimeVisibleAnnotations' as const, nameIndex: b.pool.addUtf8('RuntimeVisibleAnnotations'), annotations: [{ typeIndex: type, pairs: [] }] };
  const m = b.method('m', '()V', [0xb1], [b.raw('RuntimeInvisibleTypeAnnotations', [0, 1, 0x99, 0, 0, 0, 0, 0])]);
  m.attributes.push(...bad);
  b.cf.attributes.push(good);
  const bytes = b.bytes();
  rejects(bytes, undefined, /element_value tag|target_type/);
  const cf = readClass(bytes, FILE, { lenientAnnotations: true });
  const attrs = cf.methods[0]!.attributes;
  assert.deepEqual(
    attrs.map((a) => (a.name === 'Unknown' ? `raw ${a.attributeName}` : a.name)),
    ['Code', 'raw RuntimeVisibleAnnotations', 'raw RuntimeInvisibleParameterAnnotations', 'raw AnnotationDefault'],
  );
  const code = attrs[0]!;
  assert.ok(code.name === 'Code' && code.attributes[0]!.name === 'Unknown');
  assert.deepEqual(cf.attributes, [good]);
  assert.deepEqual(writeClass(cf), bytes);
  // Non-annotation attributes are still validated.
  const smt = withRaw('StackMapTable', [0, 1, 128]);
  assert.throws(() => readClass(smt.bytes, FILE, { lenientAnnotations: true }), ClassFormatError);
});
