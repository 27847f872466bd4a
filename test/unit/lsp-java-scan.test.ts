// The tolerant Java scanner (server/src/lsp/java-scan.ts): class binary names as javac gives
// them, method and constructor declarations with erased parameter types, overloads matched by
// descriptor, main classes — checked against javac's own class files where it matters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { classAtLine, descriptorParams, findDeclaration, mainClasses, methodAtLine, scanJava } from '../../server/src/lsp/java-scan';
import { tokenize } from '../../server/src/lsp/java-tokens';
import { javaHome, tempDir } from '../helpers/java';

const SRC = `package a.b;

import java.util.*;

/** A { comment with braces } and "quotes" */
public class Shapes<T extends Comparable<T>> {
  private final String s = "not { a block";
  private final char c = '{';
  static int counter = init(3);
  Runnable r = new Runnable() {
    public void run() { System.out.println("}"); }
  };

  static { counter++; }

  public Shapes() { this(1); }
  Shapes(int x) { }
  Shapes(String s, int... rest) { }

  static int init(int x) { return x; }
  int area(int w, int h) { return w * h; }
  double area(double r) { return r * r; }
  long area(List<Map<String, Integer>> m, T t, T[] ts) { return 0; }
  <U> U pick(final U u, @Deprecated String[] names) { return u; }
  String text = """
      text block } {
      """;

  public static void main(String[] args) throws Exception {
    new Thread(() -> { Object o = new Object() { public String toString() { return "x"; } }; }).start();
    class Local { void m() {} }
  }

  interface Visitor { void visit(int[][] grid); default int size() { return 0; } }
  enum Colour { RED { int v() { return 1; } }, GREEN; Colour() {} int v() { return 0; } }
  record Point(int x, int y) { Point { if (x < 0) throw new IllegalArgumentException(); } static Point origin() { return new Point(0, 0); } }
  static class Inner { Inner(long seed) {} }
  class Member { Member(int k) {} }
}

class Other { public static void main(String... a) {} }
`;

const src = scanJava(SRC);
const find = (cls: string, name: string) => src.methods.filter((m) => m.className === cls && m.name === name);

test('tokens skip comments, strings, chars and text blocks, and keep lines', () => {
  const t = tokenize('a /* x\n y */ "s{" \'{\' """\n{\n""" b // c\nd');
  assert.deepEqual(t.filter((x) => x.kind === 'ident').map((x) => [x.text, x.line]), [['a', 0], ['b', 3], ['d', 4]]);
  assert.deepEqual(tokenize('x = "unterminated').map((x) => x.text), ['x', '=', '""']);
});

test('classes get javac binary names', () => {
  assert.equal(src.packageName, 'a.b');
  assert.deepEqual(src.classes.map((c) => c.className), [
    'a.b.Shapes',
    'a.b.Shapes$1',
    'a.b.Shapes$2',
    'a.b.Shapes$1Local',
    'a.b.Shapes$Visitor',
    'a.b.Shapes$Colour',
    'a.b.Shapes$Colour$1',
    'a.b.Shapes$Point',
    'a.b.Shapes$Inner',
    'a.b.Shapes$Member',
    'a.b.Other',
  ]);
});

test('the class names agree with javac for every class the scanner finds', () => {
  const dir = tempDir('scan');
  writeFileSync(join(dir, 'Shapes.java'), SRC);
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-d', dir, join(dir, 'Shapes.java')], { stdio: 'pipe' });
  const produced = new Set<string>();
  const walk = (d: string, pkg: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), pkg ? `${pkg}.${e.name}` : e.name);
      else if (e.name.endsWith('.class')) produced.add(`${pkg}.${e.name.slice(0, -6)}`);
    }
  };
  walk(dir, '');
  for (const c of src.classes) assert.ok(produced.has(c.className), `${c.className} in ${[...produced].join(', ')}`);
});

test('methods, constructors and initialisers with erased parameter types', () => {
  assert.deepEqual(find('a.b.Shapes', '<init>').map((m) => m.params), [[], ['int'], ['String', 'int[]']]);
  assert.deepEqual(find('a.b.Shapes', 'area').map((m) => m.params), [['int', 'int'], ['double'], ['List', '*', '*[]']]);
  assert.deepEqual(find('a.b.Shapes', 'pick')[0]?.params, ['*', 'String[]']);
  assert.deepEqual(find('a.b.Shapes', '<clinit>').map((m) => m.line), [13]);
  assert.deepEqual(find('a.b.Shapes$1', 'run').map((m) => m.line), [10]);
  assert.deepEqual(find('a.b.Shapes$2', 'toString').map((m) => m.line), [29]);
  assert.deepEqual(find('a.b.Shapes$1', 'run').map((m) => m.params), [[]]);
  assert.equal(find('a.b.Shapes$1Local', 'm').length, 1);
  assert.deepEqual(find('a.b.Shapes$Visitor', 'visit')[0]?.params, ['int[][]']);
  assert.equal(find('a.b.Shapes$Visitor', 'size').length, 1);
  assert.equal(find('a.b.Shapes$Colour$1', 'v').length, 1);
  assert.deepEqual(find('a.b.Shapes$Point', '<init>')[0]?.params, ['int', 'int'], 'compact constructor takes the components');
  assert.equal(find('a.b.Shapes$Point', 'origin').length, 1);
  // No field initialisers or calls mistaken for declarations.
  assert.deepEqual(src.methods.filter((m) => m.className === 'a.b.Shapes').map((m) => m.name).sort(), ['<clinit>', '<init>', '<init>', '<init>', 'area', 'area', 'area', 'init', 'main', 'pick']);
  const main = find('a.b.Shapes', 'main')[0]!;
  assert.deepEqual([main.line, main.col, main.bodyStart, main.bodyEnd, main.isStatic], [28, 21, 28, 31, true]);
});

test('profile methods find their declarations by descriptor', () => {
  const at = (cls: string, name: string, desc: string) => findDeclaration(src.methods, cls, name, desc)?.line;
  assert.equal(at('a.b.Shapes', 'area', '(II)I'), 20);
  assert.equal(at('a.b.Shapes', 'area', '(D)D'), 21);
  assert.equal(at('a.b.Shapes', 'area', '(Ljava/util/List;Ljava/lang/Comparable;[Ljava/lang/Comparable;)J'), 22);
  assert.equal(at('a.b.Shapes', '<init>', '()V'), 15);
  assert.equal(at('a.b.Shapes', '<init>', '(Ljava/lang/String;[I)V'), 17);
  assert.equal(at('a.b.Shapes$Member', '<init>', '(La/b/Shapes;I)V'), 37, 'inner-class constructors have the outer instance first');
  assert.equal(at('a.b.Shapes$Colour', '<init>', '(Ljava/lang/String;I)V'), 34, 'enum constructors have name and ordinal first');
  assert.equal(at('a.b.Shapes', 'area', '(F)F'), 21, 'stale source: the only overload of that arity');
  assert.equal(at('a.b.Shapes', 'area', '(FFFF)F'), undefined, 'no overload fits and the name is ambiguous');
  assert.equal(at('a.b.Shapes', 'init', '(J)I'), 19, 'the only method of that name');
  assert.equal(at('a.b.Shapes', 'lambda$main$0', '()V'), undefined);
  assert.deepEqual(descriptorParams('(I[Ljava/lang/String;La/B$C;[[J)V'), ['int', 'String[]', 'C', 'long[][]']);
});

test('main classes, and the class and method at a line', () => {
  assert.deepEqual(mainClasses(src), ['a.b.Shapes', 'a.b.Other']);
  assert.equal(classAtLine(src, 10)?.className, 'a.b.Shapes$1');
  assert.equal(classAtLine(src, 20)?.className, 'a.b.Shapes');
  assert.equal(classAtLine(src, 40)?.className, 'a.b.Other');
  assert.equal(classAtLine(src, 29)?.className, 'a.b.Shapes$2');
  assert.equal(classAtLine(src, 0), undefined);
  assert.equal(methodAtLine(src, 30)?.name, 'm');
  assert.equal(methodAtLine(src, 31)?.name, 'main');
  assert.equal(methodAtLine(src, 29)?.name, 'toString');
});

test('garbage and half-typed code do not throw', () => {
  for (const text of ['', '}}}{{{', 'class', 'class X { void f( { ', 'package ; class { record', 'enum E { A(', 'class A { int x = new int[] {1, 2}; void g() {} }']) {
    const s = scanJava(text);
    assert.ok(Array.isArray(s.methods));
  }
  assert.deepEqual(scanJava('class A { int[] x = new int[] {1, 2}; void g() {} }').methods.map((m) => m.name), ['g']);
});
