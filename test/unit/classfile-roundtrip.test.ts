// Identity round trip (parse → write is byte-identical) over the Java test programs and ~800
// JDK classes, plus checks that the decoded model means what the class file says: coverage of
// every attribute/target/tag kind, specific decoded values, and javap as an oracle for the pool.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { ConstantPool } from '../../server/src/classfile/pool';
import { KNOWN_ATTRIBUTES } from '../../server/src/classfile/attributes/index';
import { Tag, type Annotation, type Attribute, type AttributeOf, type ClassFile, type ElementValue } from '../../server/src/classfile/model';
import { FAST_JVM, compileTestPrograms, extractJdkClasses, firstDifference, testClass, type ClassBytes } from './classfile-fixtures';

function assertIdentity(classes: ClassBytes[]): void {
  assert.ok(classes.length > 0);
  for (const { name, bytes } of classes) {
    const out = writeClass(readClass(bytes, name));
    const d = firstDifference(bytes, out);
    assert.equal(d, -1, `${name}: round trip differs at offset ${d} (${bytes.length} → ${out.length} bytes)`);
  }
}

test('identity round trip: the Java test programs', () => {
  const classes = compileTestPrograms();
  assert.ok(classes.length >= 35, `only ${classes.length} classes compiled`);
  assertIdentity(classes);
});

test('identity round trip: JDK java.lang and java.util classes and every module-info', () => {
  const classes = extractJdkClasses();
  assert.ok(classes.length >= 300, `only ${classes.length} JDK classes extracted`);
  assert.ok(classes.some((c) => c.name === 'java.base/module-info.class'));
  assertIdentity(classes);
});

// ---- what the model contains ------------------------------------------------------------------

interface Seen {
  attributes: Set<string>;
  targetTypes: Set<number>;
  pathKinds: Set<number>;
  elementTags: Set<string>;
  frameTypes: Set<string>;
  poolTags: Set<number>;
}

function survey(classes: ClassBytes[]): Seen {
  const s: Seen = {
    attributes: new Set(),
    targetTypes: new Set(),
    pathKinds: new Set(),
    elementTags: new Set(),
    frameTypes: new Set(),
    poolTags: new Set(),
  };
  const value = (v: ElementValue): void => {
    s.elementTags.add(v.tag);
    if (v.tag === '@') annotation(v.annotation);
    if (v.tag === '[') v.values.forEach(value);
  };
  const annotation = (a: Annotation): void => a.pairs.forEach((p) => value(p.value));
  const visit = (list: Attribute[]): void => {
    for (const a of list) {
      s.attributes.add(a.name === 'Unknown' ? `Unknown:${a.attributeName}` : a.name);
      switch (a.name) {
        case 'Code':
          visit(a.attributes);
          break;
        case 'Record':
          a.components.forEach((c) => visit(c.attributes));
          break;
        case 'RuntimeVisibleTypeAnnotations':
        case 'RuntimeInvisibleTypeAnnotations':
          for (const t of a.annotations) {
            s.targetTypes.add(t.targetType);
            t.path.forEach(([k]) => s.pathKinds.add(k));
            annotation(t.annotation);
          }
          break;
        case 'RuntimeVisibleAnnotations':
        case 'RuntimeInvisibleAnnotations':
          a.annotations.forEach(annotation);
          break;
        case 'RuntimeVisibleParameterAnnotations':
        case 'RuntimeInvisibleParameterAnnotations':
          a.parameters.forEach((p) => p.forEach(annotation));
          break;
        case 'AnnotationDefault':
          value(a.value);
          break;
        case 'StackMapTable':
          for (const f of a.frames) s.frameTypes.add(`${f.kind}${f.frameType === 247 || f.frameType === 251 ? '_extended' : ''}`);
          break;
        default:
          break;
      }
    }
  };
  for (const { name, bytes } of classes) {
    const cf = readClass(bytes, name);
    cf.constantPool.forEach((e) => e && s.poolTags.add(e.tag));
    visit(cf.attributes);
    for (const m of [...cf.fields, ...cf.methods]) visit(m.attributes);
  }
  return s;
}

test('the test programs exercise every attribute javac emits, every type-annotation target and path, element value and frame type', () => {
  const s = survey(compileTestPrograms());
  // javac never emits Synthetic, SourceDebugExtension, ModulePackages or ModuleMainClass; those are
  // covered by classfile-synthetic.test.ts (and ModulePackages by the JDK's module-infos).
  const notFromJavac = ['Synthetic', 'SourceDebugExtension', 'ModulePackages', 'ModuleMainClass'];
  const expected = KNOWN_ATTRIBUTES.filter((n) => !notFromJavac.includes(n));
  assert.deepEqual([...s.attributes].sort(), [...expected].sort());
  const targets = [0x00, 0x01, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b];
  assert.deepEqual([...s.targetTypes].sort((a, b) => a - b), targets);
  assert.deepEqual([...s.pathKinds].sort(), [0, 1, 2, 3]);
  assert.deepEqual([...s.elementTags].sort(), [...'@BCDFIJSZ[ces'].sort());
  assert.deepEqual(
    [...s.frameTypes].sort(),
    ['append', 'chop', 'full', 'same', 'same_extended', 'same_locals_1_stack_item', 'same_locals_1_stack_item_extended'],
  );
  // Every constant tag javac 17 emits (no Dynamic: that is covered by classfile-synthetic).
  assert.deepEqual([...s.poolTags].sort((a, b) => a - b), [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 18, 19, 20]);
});

test('the JDK sample decodes ModulePackages and keeps non-standard attributes as Unknown', () => {
  const s = survey(extractJdkClasses());
  assert.ok(s.attributes.has('ModulePackages'));
  assert.ok(s.attributes.has('Unknown:ModuleTarget'));
});

// ---- decoded values -----------------------------------------------------------------------------

function attr<N extends Attribute['name']>(list: Attribute[], name: N): AttributeOf<N> {
  const a = list.find((x) => x.name === name);
  assert.ok(a, `no ${name} attribute`);
  return a as AttributeOf<N>;
}

function member(cf: ClassFile, kind: 'fields' | 'methods', name: string) {
  const pool = new ConstantPool(cf);
  const m = cf[kind].find((x) => pool.utf8(x.nameIndex) === name);
  assert.ok(m, `no ${kind} ${name}`);
  return m;
}

/** An element value as a plain JS value, resolving the pool. */
function resolve(pool: ConstantPool, v: ElementValue): unknown {
  switch (v.tag) {
    case 'B':
    case 'C':
    case 'I':
    case 'S':
    case 'Z': {
      const e = pool.entry(v.constValueIndex);
      assert.equal(e.tag, Tag.Integer);
      return e.tag === Tag.Integer ? e.value : undefined;
    }
    case 'J': {
      const e = pool.entry(v.constValueIndex);
      return e.tag === Tag.Long ? e.value : undefined;
    }
    case 'D': {
      const e = pool.entry(v.constValueIndex);
      return e.tag === Tag.Double ? `bits:${BigInt.asUintN(64, e.bits).toString(16)}` : undefined;
    }
    case 'F': {
      const e = pool.entry(v.constValueIndex);
      return e.tag === Tag.Float ? `bits:${(e.bits >>> 0).toString(16)}` : undefined;
    }
    case 's':
      return pool.utf8(v.constValueIndex);
    case 'e':
      return `${pool.utf8(v.typeNameIndex)}.${pool.utf8(v.constNameIndex)}`;
    case 'c':
      return `class ${pool.utf8(v.classInfoIndex)}`;
    case '@':
      return resolveAnnotation(pool, v.annotation);
    case '[':
      return v.values.map((x) => resolve(pool, x));
  }
}

function resolveAnnotation(pool: ConstantPool, a: Annotation): Record<string, unknown> {
  const out: Record<string, unknown> = { '@': pool.utf8(a.typeIndex) };
  for (const p of a.pairs) out[pool.utf8(p.nameIndex)] = resolve(pool, p.value);
  return out;
}

test('annotation element values of every kind decode to what the source says', () => {
  const cf = readClass(testClass('cf/Annotations.class'));
  const pool = new ConstantPool(cf);
  const field = member(cf, 'fields', 'field');
  const visible = attr(field.attributes, 'RuntimeVisibleAnnotations').annotations.map((a) => resolveAnnotation(pool, a));
  assert.deepEqual(visible, [
    {
      '@': 'Lcf/Annotations$All;',
      b: -1,
      c: 0xe9,
      d: 'bits:7ff8000000000000',
      f: 'bits:ff800000',
      i: -2147483648,
      j: 0x7fffffffffffffffn,
      s: -32768,
      z: 0,
      str: 'h\u00e9llo \0 \ud83d\ude00',
      e: 'Lcf/Annotations$Color;.GREEN',
      cls: 'class [Ljava/lang/String;',
      ann: { '@': 'Lcf/Annotations$Inner;', value: 'nested' },
      arr: [],
      prim: 'class J',
    },
  ]);
  const invisible = attr(field.attributes, 'RuntimeInvisibleAnnotations').annotations.map((a) => resolveAnnotation(pool, a));
  assert.deepEqual(invisible, [{ '@': 'Lcf/Annotations$Invisible;', value: ['a', 'b'] }]);

  const m = member(cf, 'methods', 'm');
  const params = attr(m.attributes, 'MethodParameters').parameters.map((p) => pool.utf8(p.nameIndex));
  assert.deepEqual(params, ['a', 'b', 'c', 'd']);
  const pv = attr(m.attributes, 'RuntimeVisibleParameterAnnotations').parameters.map((p) => p.map((a) => resolveAnnotation(pool, a)));
  const P = (n: number) => ({ '@': 'Lcf/Annotations$P;', value: n });
  assert.deepEqual(pv, [[P(1)], [P(2)], [], [P(3)]]);
  const pi = attr(m.attributes, 'RuntimeInvisibleParameterAnnotations').parameters.map((p) => p.map((a) => resolveAnnotation(pool, a)));
  assert.deepEqual(pi, [[], [{ '@': 'Lcf/Annotations$Invisible;', value: ['x'] }], [], []]);
  assert.ok(m.attributes.some((a) => a.name === 'Deprecated'));

  const all = readClass(testClass('cf/Annotations$All.class'));
  const allPool = new ConstantPool(all);
  const defaults = Object.fromEntries(
    all.methods.map((x) => [allPool.utf8(x.nameIndex), resolve(allPool, attr(x.attributes, 'AnnotationDefault').value)]),
  );
  assert.deepEqual(defaults, {
    b: 1,
    c: 99,
    d: 'bits:3ff8000000000000',
    f: 'bits:40200000',
    i: 3,
    j: 4n,
    s: 5,
    z: 1,
    str: 's',
    e: 'Lcf/Annotations$Color;.RED',
    cls: 'class Ljava/lang/Object;',
    ann: { '@': 'Lcf/Annotations$Inner;' },
    arr: [1, 2],
    prim: 'class I',
    voidCls: 'class V',
  });
});

test('constants: long/double two-slot entries, NaN and -0.0 bits, and strings with NUL and surrogates', () => {
  const cf = readClass(testClass('cf/Control.class'));
  const pool = new ConstantPool(cf);
  const constant = (name: string) => pool.entry(attr(member(cf, 'fields', name).attributes, 'ConstantValue').valueIndex);
  assert.deepEqual(constant('BIG'), { tag: Tag.Long, value: 0x7fffffffffffffffn });
  assert.deepEqual(constant('NEG'), { tag: Tag.Long, value: -1234567890123n });
  assert.deepEqual(constant('NAN'), { tag: Tag.Double, bits: 0x7ff8000000000000n });
  assert.deepEqual(constant('NEG_ZERO'), { tag: Tag.Double, bits: -0x8000000000000000n });
  assert.deepEqual(constant('INF'), { tag: Tag.Double, bits: 0x7ff0000000000000n });
  assert.deepEqual(constant('FNAN'), { tag: Tag.Float, bits: 0x7fc00000 });
  assert.deepEqual(constant('FMIN'), { tag: Tag.Float, bits: 1 });
  assert.deepEqual(constant('IMIN'), { tag: Tag.Integer, value: -2147483648 });
  assert.deepEqual(constant('CH'), { tag: Tag.Integer, value: 0xffff });
  const str = (name: string) => {
    const e = constant(name);
    assert.equal(e.tag, Tag.String);
    return e.tag === Tag.String ? pool.utf8(e.stringIndex) : '';
  };
  assert.equal(str('NUL'), 'a\0b');
  assert.equal(str('LONE_HIGH'), 'x\ud800y');
  assert.equal(str('LONE_LOW'), '\udc00');
  assert.equal(str('EMOJI'), '\ud83d\ude00 \u00e9\u0800\u07ff\u0080\u007f');
  assert.equal(str('EMPTY'), '');
  // The slot after each Long/Double is empty.
  cf.constantPool.forEach((e, i) => {
    if (e?.tag === Tag.Long || e?.tag === Tag.Double) assert.equal(cf.constantPool[i + 1], undefined, `slot after ${i}`);
  });
});

test('records: components with their own Signature and annotation attributes', () => {
  const cf = readClass(testClass('cf/Records$Box.class'));
  const pool = new ConstantPool(cf);
  const comps = attr(cf.attributes, 'Record').components.map((c) => ({
    name: pool.utf8(c.nameIndex),
    desc: pool.utf8(c.descriptorIndex),
    attrs: c.attributes.map((a) => a.name),
  }));
  assert.deepEqual(comps, [
    // @Comp is also a TYPE_USE annotation, so it lands on the component's type too.
    { name: 'value', desc: 'Ljava/lang/Comparable;', attrs: ['Signature', 'RuntimeVisibleAnnotations', 'RuntimeVisibleTypeAnnotations'] },
    { name: 'tags', desc: 'Ljava/util/List;', attrs: ['Signature', 'RuntimeVisibleAnnotations', 'RuntimeVisibleTypeAnnotations'] },
    { name: 'big', desc: 'J', attrs: [] },
    { name: 'd', desc: 'D', attrs: [] },
  ]);
  const value = attr(cf.attributes, 'Record').components[0]!;
  assert.equal(pool.utf8(attr(value.attributes, 'Signature').signatureIndex), 'TT;');
  const sealed = readClass(testClass('cf/Sealed.class'));
  const sp = new ConstantPool(sealed);
  assert.deepEqual(
    attr(sealed.attributes, 'PermittedSubclasses').classIndices.map((i) => sp.className(i)),
    ['cf/Sealed$Circle', 'cf/Sealed$Square', 'cf/Sealed$Shape'],
  );
});

test('module-info: requires/exports/opens/uses/provides with flags, targets and version', () => {
  const cf = readClass(testClass('module-info.class'));
  const pool = new ConstantPool(cf);
  const name = (i: number) => {
    const e = pool.entry(i);
    assert.ok(e.tag === Tag.Module || e.tag === Tag.Package);
    return e.tag === Tag.Module || e.tag === Tag.Package ? pool.utf8(e.nameIndex) : '';
  };
  const m = attr(cf.attributes, 'Module').module;
  assert.equal(name(m.moduleNameIndex), 'komorium.cftest');
  assert.equal(pool.utf8(m.moduleVersionIndex), '1.2.3');
  assert.equal(m.moduleFlags, 0);
  const requires = Object.fromEntries(m.requires.map((r) => [name(r.index), r.flags]));
  assert.deepEqual(requires, { 'java.base': 0x8000, 'java.logging': 0, 'java.compiler': 0x40, 'java.xml': 0x20 });
  assert.deepEqual(
    m.exports.map((e) => [name(e.index), e.toIndices.map(name)]),
    [
      ['cf', []],
      ['cf/api', ['java.logging', 'java.xml']],
    ],
  );
  assert.deepEqual(
    m.opens.map((e) => [name(e.index), e.toIndices.map(name)]),
    [
      ['cf/impl', []],
      ['cf/api', ['java.logging']],
    ],
  );
  assert.deepEqual(m.usesIndices.map((i) => pool.className(i)), ['cf/api/Service']);
  assert.deepEqual(
    m.provides.map((p) => [pool.className(p.index), p.withIndices.map((i) => pool.className(i))]),
    [['cf/api/Service', ['cf/impl/ServiceImpl', 'cf/impl/ServiceImpl$Other']]],
  );
  assert.ok(cf.attributes.some((a) => a.name === 'RuntimeVisibleAnnotations'));
});

// ---- javap as an oracle for the constant pool ---------------------------------------------------

const TAG_NAMES: Record<number, string> = {
  1: 'Utf8',
  3: 'Integer',
  4: 'Float',
  5: 'Long',
  6: 'Double',
  7: 'Class',
  8: 'String',
  9: 'Fieldref',
  10: 'Methodref',
  11: 'InterfaceMethodref',
  12: 'NameAndType',
  15: 'MethodHandle',
  16: 'MethodType',
  18: 'InvokeDynamic',
  19: 'Module',
  20: 'Package',
};

/** The pool as javap prints it: "#N = Tag operands" (comments dropped). */
function ours(cf: ClassFile): Map<number, string> {
  const out = new Map<number, string>();
  cf.constantPool.forEach((e, i) => {
    if (!e) return;
    let ops: string;
    switch (e.tag) {
      case Tag.Utf8:
        ops = /^[\x21-\x7e]*$/.test(e.value) ? e.value : '?';
        break;
      case Tag.Integer:
        ops = String(e.value);
        break;
      case Tag.Long:
        ops = `${e.value}l`;
        break;
      case Tag.Float:
      case Tag.Double:
        ops = '?';
        break;
      case Tag.Class:
      case Tag.Module:
      case Tag.Package:
        ops = `#${e.nameIndex}`;
        break;
      case Tag.String:
        ops = `#${e.stringIndex}`;
        break;
      case Tag.MethodType:
        ops = `#${e.descriptorIndex}`;
        break;
      case Tag.Fieldref:
      case Tag.Methodref:
      case Tag.InterfaceMethodref:
        ops = `#${e.classIndex}.#${e.nameAndTypeIndex}`;
        break;
      case Tag.NameAndType:
        ops = `#${e.nameIndex}:#${e.descriptorIndex}`;
        break;
      case Tag.MethodHandle:
        ops = `${e.referenceKind}:#${e.referenceIndex}`;
        break;
      case Tag.Dynamic:
      case Tag.InvokeDynamic:
        ops = `#${e.bootstrapMethodAttrIndex}:#${e.nameAndTypeIndex}`;
        break;
    }
    out.set(i, `${TAG_NAMES[e.tag]} ${ops}`);
  });
  return out;
}

test('the decoded constant pool agrees with javap -v', () => {
  const dir = mkdtempSync(join(tmpdir(), 'komorium-javap-'));
  try {
    const names = ['cf/Control.class', 'cf/Nested.class', 'cf/TypeAnnos.class', 'module-info.class'];
    const files = names.map((n, i) => {
      const f = join(dir, `C${i}.class`);
      writeFileSync(f, testClass(n));
      return f;
    });
    const text = execFileSync('javap', [...FAST_JVM, '-v', ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const sections = text.split(/^Classfile /m).slice(1);
    assert.equal(sections.length, names.length);
    sections.forEach((section, k) => {
      const cf = readClass(testClass(names[k]!));
      const expected = ours(cf);
      let compared = 0;
      for (const line of section.split('\n')) {
        const m = /^\s+#(\d+) = (\w+)(?:\s+(.*?))?(\s+\/\/.*)?$/.exec(line);
        if (!m) continue;
        const i = Number(m[1]);
        const mine = expected.get(i);
        assert.ok(mine, `${names[k]}: javap shows #${i}, we have no entry`);
        const [tag, ops] = mine.split(/ (.*)/s);
        assert.equal(m[2], tag, `${names[k]} #${i}`);
        if (ops !== '?') assert.equal(m[3] ?? '', ops, `${names[k]} #${i} (${tag})`);
        compared++;
      }
      assert.equal(compared, expected.size, `${names[k]}: javap printed ${compared} entries, we decoded ${expected.size}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
