// Interface methods with extended versions (server/src/transform/interfaces.ts): the program's
// interfaces with two or more abstract methods get default-method trampolines, calls through
// them go straight to the implementation's extended method, and interfaces a lambda can
// implement, methods two unrelated interfaces declare, and annotation types keep call-outs.
// test/programs/interface-dispatch runs the same shapes against the original on HotSpot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { readClass } from '../../server/src/classfile/reader';
import { ConstantPool } from '../../server/src/classfile/pool';
import { transformClassPath } from '../../server/src/transform/driver';
import { Acc } from '../../server/src/classfile/model';
import { interfacePolicy } from '../../server/src/transform/interfaces';

const classes = compileJava(join(REPO, 'test', 'programs', 'interface-dispatch'));
const out = tempDir('ifaces');
transformClassPath({ classpath: [classes], outDir: out });
const EXT = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

function methods(dir: string, name: string): Map<string, number> {
  const cf = readClass(readFileSync(join(dir, `${name}.class`)), name);
  const pool = new ConstantPool(cf);
  return new Map(cf.methods.map((m) => [pool.utf8(m.nameIndex) + pool.utf8(m.descriptorIndex), m.accessFlags]));
}

test('interfaces with two or more abstract methods get default trampolines for their instance methods', () => {
  const shape = methods(out, 'Main$Shape');
  for (const k of [`area(${EXT}D`, `name(${EXT}Ljava/lang/String;`, `describe(${EXT}Ljava/lang/String;`, `tag(${EXT}Ljava/lang/String;`]) {
    const acc = shape.get(k);
    assert.ok(acc !== undefined, `Main$Shape.${k}`);
    assert.equal(acc & (Acc.ABSTRACT | Acc.STATIC), 0, `${k} is a default method`);
    assert.notEqual(acc & Acc.SYNTHETIC, 0, `${k} is synthetic`);
  }
  assert.ok(methods(out, 'Main$Square').has(`area(${EXT}D`), 'the implementation overrides it with its instrumented body');
});

test('a method declared by two unrelated interfaces, and interfaces a lambda can implement, stay call-outs', () => {
  const sized = methods(out, 'Main$Sized');
  assert.ok(!sized.has(`size(${EXT}I`), 'size() is declared by Sized and Counted');
  assert.ok(sized.has(`full(${EXT}Z`), 'full() is only in Sized');
  assert.ok(!methods(out, 'Main$Counted').has(`size(${EXT}I`));
  for (const n of ['Main$IntOp', 'Main$IntOp2', 'Main$Visitor']) {
    assert.deepEqual([...methods(out, n).keys()].filter((k) => k.includes(EXT)), [], `${n} can be a lambda`);
  }
});

test('calls through such an interface call the extended method, other interface calls record a call-out', () => {
  const cf = readClass(readFileSync(join(out, 'Main.class')), 'Main');
  const pool = new ConstantPool(cf);
  const refs = new Set<string>();
  for (let i = 1; i < cf.constantPool.length; i++) {
    const e = cf.constantPool[i];
    if (e && e.tag === 11 /* InterfaceMethodref */) {
      const r = pool.memberRef(i);
      refs.add(`${r.owner}.${r.name}${r.descriptor}`);
    }
  }
  assert.ok(refs.has(`Main$Shape.area(${EXT}D`), [...refs].join('\n'));
  assert.ok(refs.has('Main$Visitor.visit(I)V'));
  assert.ok(!refs.has(`Main$Visitor.visit(I${EXT}V`));
});

test('the policy: only the program interfaces given, by abstract-method count and shared methods', () => {
  const info = (name: string, ms: [string, number][], interfaces: string[] = [], access = Acc.INTERFACE | Acc.ABSTRACT) => ({
    name,
    superName: 'java/lang/Object',
    interfaces,
    access,
    majorVersion: 61,
    methods: new Map(ms.map(([k, a]) => [k, { name: k.slice(0, k.indexOf('(')), descriptor: k.slice(k.indexOf('(')), access: a, callerSensitive: false }])),
  });
  const A = Acc.PUBLIC | Acc.ABSTRACT;
  const p = interfacePolicy([
    info('Two', [['a()V', A], ['b()V', A]]),
    info('One', [['f()V', A], ['toString()Ljava/lang/String;', A]]),
    info('Sub', [['c()V', A]], ['One']),
    info('Other', [['b()V', A], ['d()V', A]]),
    info('Narrow', [['a()V', A], ['e()V', A]], ['Two']),
    info('NotAnInterface', [['x()V', Acc.PUBLIC], ['y()V', Acc.PUBLIC]], [], Acc.PUBLIC),
  ]);
  assert.equal(p.extendable('Two', 'a()V'), true);
  assert.equal(p.extendable('Two', 'b()V'), false, 'b() is also declared by Other, unrelated');
  assert.equal(p.extendable('Narrow', 'a()V'), true, 'a() is redeclared by a subinterface only');
  assert.equal(p.extendable('One', 'f()V'), false, 'One is functional (toString does not count)');
  assert.equal(p.extendable('Sub', 'c()V'), true, 'Sub has two abstract methods with One’s');
  assert.equal(p.extendable('Other', 'd()V'), true);
  assert.equal(p.extendable('java/util/List', 'size()I'), false, 'not a program interface');
  assert.equal(p.extendable('NotAnInterface', 'x()V'), false);
});

test('the policy: an interface whose static initialiser a default method would move keeps call-outs', () => {
  const info = (name: string, ms: [string, number][]) => ({
    name,
    superName: 'java/lang/Object',
    interfaces: [],
    access: Acc.INTERFACE | Acc.ABSTRACT,
    majorVersion: 61,
    methods: new Map(ms.map(([k, a]) => [k, { name: k.slice(0, k.indexOf('(')), descriptor: k.slice(k.indexOf('(')), access: a, callerSensitive: false }])),
  });
  const A = Acc.PUBLIC | Acc.ABSTRACT;
  const CLINIT: [string, number] = ['<clinit>()V', Acc.STATIC];
  const p = interfacePolicy([
    info('Init', [['a()V', A], ['b()V', A], CLINIT]),
    info('InitPrivate', [['c()V', A], ['d()V', A], ['p()V', Acc.PRIVATE], CLINIT]),
    info('InitDefault', [['e()V', A], ['f()V', A], ['g()V', Acc.PUBLIC], CLINIT]),
    info('NoInit', [['h()V', A], ['i()V', A]]),
  ]);
  assert.equal(p.extendable('Init', 'a()V'), false, 'new Impl() would initialise Init');
  assert.equal(p.extendable('InitPrivate', 'c()V'), false, 'a private method does not initialise it (HotSpot)');
  assert.equal(p.extendable('InitDefault', 'e()V'), true, 'initialised with its implementations already');
  assert.equal(p.extendable('NoInit', 'h()V'), true, 'no initialiser to move');
});
