// Disassembler text helpers: Java's Float/Double.toString formatting, javap's string escapes
// and name quoting, descriptor and generic-signature rendering.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeString, javaDouble, javaFloat, quoteName } from '../../server/src/disasm/text';
import { classSignature, fieldTypeName, methodSignature, methodTypeNames } from '../../server/src/disasm/types';

test('javaDouble follows Double.toString: plain in [1e-3, 1e7), else d.dddE<n>', () => {
  const cases: [number, string][] = [
    [0, '0.0'],
    [-0, '-0.0'],
    [1, '1.0'],
    [100, '100.0'],
    [0.1, '0.1'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
    [1234567, '1234567.0'],
    [9999999.5, '9999999.5'],
    [1e7, '1.0E7'],
    [12345678, '1.2345678E7'],
    [1e300, '1.0E300'],
    [-2.5e-10, '-2.5E-10'],
    [Number.MAX_VALUE, '1.7976931348623157E308'],
    [Number.MIN_VALUE, '4.9E-324'],
    [2.2250738585072014e-308, '2.2250738585072014E-308'],
    [Math.PI, '3.141592653589793'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
  ];
  for (const [v, s] of cases) assert.equal(javaDouble(v), s, `javaDouble(${v})`);
});

test('javaFloat follows Float.toString: shortest digits that read back as the same float', () => {
  const cases: [number, string][] = [
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e30, '1.0E30'],
    [3.4028234663852886e38, '3.4028235E38'],
    [1.401298464324817e-45, '1.4E-45'],
    [3.25, '3.25'],
    [-0, '-0.0'],
    [16777216, '1.6777216E7'],
    [0.3333333432674408, '0.33333334'],
    [NaN, 'NaN'],
    [-Infinity, '-Infinity'],
  ];
  for (const [v, s] of cases) assert.equal(javaFloat(Math.fround(v)), s, `javaFloat(${v})`);
});

test('escapeString: javap escapes, ISO controls as \\uXXXX, line separators escaped', () => {
  assert.equal(escapeString('tab\there "q" it\'s back\\slash'), 'tab\\there \\"q\\" it\\\'s back\\\\slash');
  assert.equal(escapeString('a\nb\rc\b\f'), 'a\\nb\\rc\\b\\f');
  assert.equal(escapeString('\u0000\u0001\u007f\u0085'), '\\u0000\\u0001\\u007f\\u0085');
  assert.equal(escapeString('\u2028\u2029'), '\\u2028\\u2029');
  assert.equal(escapeString('é中😀\u00a0'), 'é中😀\u00a0');
});

test('quoteName quotes names that are not /-separated identifiers', () => {
  assert.equal(quoteName('java/lang/String'), 'java/lang/String');
  assert.equal(quoteName('a/B$C'), 'a/B$C');
  assert.equal(quoteName('lambda$main$0'), 'lambda$main$0');
  assert.equal(quoteName('<init>'), '"<init>"');
  assert.equal(quoteName('[I'), '"[I"');
  assert.equal(quoteName('module-info'), '"module-info"');
  assert.equal(quoteName('java.base'), '"java.base"');
  assert.equal(quoteName('9lives'), '"9lives"');
  assert.equal(quoteName(''), '""');
});

test('descriptors and signatures render as Java types; malformed ones give undefined', () => {
  assert.equal(fieldTypeName('[[I'), 'int[][]');
  assert.equal(fieldTypeName('Ljava/util/Map$Entry;'), 'java.util.Map$Entry');
  assert.deepEqual(methodTypeNames('(IJ[Ljava/lang/String;D)V'), { params: ['int', 'long', 'java.lang.String[]', 'double'], ret: 'void' });
  for (const bad of ['', 'V', '[V', 'L;', 'Ljava/lang/String', 'II', 'Q'] as const) assert.equal(fieldTypeName(bad), undefined, bad);
  for (const bad of ['', '()', '(V)V', '(I', 'I)V', '()VV'] as const) assert.equal(methodTypeNames(bad), undefined, bad);
  assert.deepEqual(classSignature('<K::Ljava/lang/Comparable<-TK;>;V:Ljava/lang/Object;>Ljava/util/AbstractMap<TK;TV;>;Ljava/util/Comparator<TK;>;'), {
    typeParams: '<K extends java.lang.Comparable<? super K>, V extends java.lang.Object>',
    superclass: 'java.util.AbstractMap<K, V>',
    interfaces: ['java.util.Comparator<K>'],
  });
  assert.deepEqual(methodSignature('<T:Ljava/lang/Object;>([TT;Ljava/util/List<*>;)Ljava/util/Map<TT;+[I>;^TX;^Ljava/io/IOException;'), {
    typeParams: '<T extends java.lang.Object>',
    params: ['T[]', 'java.util.List<?>'],
    ret: 'java.util.Map<T, ? extends int[]>',
    throws: ['X', 'java.io.IOException'],
  });
  assert.equal(classSignature('<T:>Ljava/lang/Object;')?.typeParams, '<T>');
  for (const bad of ['<T>Ljava/lang/Object;', 'Ljava/util/List<TT;', '(I)', '<T:Ljava/lang/Object;>(']) {
    assert.equal(methodSignature(bad), undefined, bad);
  }
});
