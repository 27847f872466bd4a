// The identity hashes of the lambda proxies a JDK 17 or 25 CDS archive holds (its class list's
// `@lambda-proxy` lines). The dump archives each proxy's mirror with the hash it gave it, and
// LambdaProxyClassArchive.find hands that mirror out when the proxy's site links, so a MethodType
// naming the proxy hashes into the intern set's bins with the dump's value (corpus serialization
// on JDK 17: `(CharSequence,CharSequence,CharSequence)Collectors$$Lambda$31` and Pattern's
// `$$Lambda$18`, `$$Lambda$19`, `BmpCharPredicate$$Lambda$20` in other bins, a later add met an
// occupied bin on the embedded engine only; branch ih39). The embedded engine lets the JDK generate
// such a proxy (indy/link.ts archivedProxyOnJdk17) and gives its mirror the value read here; on
// JDK 25 it spins the proxy in findFromArchive (natives/java/lang/invoke/LambdaProxyClassArchive.ts)
// and gives it the same (corpus annotations-runtime: `()Collectors$$Lambda` MethodTypes; ar25).
//
// A trial on the copy (archived-hashes.ts runHashTrial, `-XX:hashCode=2`: a hash drawn in the
// trial is 1) asks `LambdaProxyClassArchive.findFromArchive` for each line's proxy, as
// InnerClassLambdaMetafactory does, with a MemberName made from the implementation's Method or
// Constructor, and prints its mirror's hash (0: none, -1: failed). Those are private members of
// java.lang.invoke: the trial's mirror first names java.base in `Class.module` (sun.misc.Unsafe),
// so reflection lets it set them accessible.

import { Acc, type MemberInfo } from '../classfile/model';
import type { ConstantPool } from '../classfile/pool';
import { synthMethod } from '../classfile/code/synth';
import { Label, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { writeClass } from '../classfile/writer';
import { lambdaProxyKey } from '../interp/cds-archive';
import { runHashTrial, trialClass } from './archived-hashes';

const PROBE = 'KomoriumArchivedLambdas';

/** The prefix of a lambda proxy's entry among the archived mirrors' hashes (VmOptions.archivedHashes): `@lambda-proxy KEY`. */
export const LAMBDA_PROXY_PREFIX = '@lambda-proxy ';

/** A class list's `@lambda-proxy` line, its words. */
interface ProxyLine {
  caller: string;
  name: string;
  invokedType: string;
  methodType: string;
  implClass: string;
  implName: string;
  implType: string;
  instantiated: string;
}

/** The `@lambda-proxy` lines of a class list. */
export function proxyLines(classlist: string): ProxyLine[] {
  const out: ProxyLine[] = [];
  for (const line of classlist.split('\n')) {
    const w = line.trim().split(/\s+/);
    if (w[0] !== '@lambda-proxy' || w.length !== 10) continue;
    out.push({ caller: w[1]!, name: w[2]!, invokedType: w[3]!, methodType: w[4]!, implClass: w[6]!, implName: w[7]!, implType: w[8]!, instantiated: w[9]! });
  }
  return out;
}

/** The hash the archive gave each proxy of `classlist` (by `LAMBDA_PROXY_PREFIX` + lambdaProxyKey), from a trial on `home`'s java; empty when it fails. */
export function archivedProxyHashes(home: string, classlist: string): [string, number][] {
  const lines = proxyLines(classlist);
  if (lines.length === 0) return [];
  const input = lines.map((l) => [l.caller.replace(/\//g, '.'), l.name, l.invokedType, l.methodType, l.implClass.replace(/\//g, '.'), l.implName, l.implType, l.instantiated].join(' '));
  const out = runHashTrial(home, PROBE, probeClass(), '-Xshare:auto', input, 60_000);
  if (out === undefined) return [];
  const hashes = out.split('\n').filter((l) => l.length > 0);
  if (hashes.length !== lines.length) return [];
  const result: [string, number][] = [];
  lines.forEach((l, i) => {
    const h = Number(hashes[i]);
    if (Number.isInteger(h) && h !== 0 && h !== 1 && h !== -1) {
      result.push([LAMBDA_PROXY_PREFIX + lambdaProxyKey(l.caller, l.name, l.invokedType, l.methodType, l.implClass, l.implName, l.implType, l.instantiated), h]);
    }
  });
  return result;
}

const CLS = 'java/lang/Class';
const MT = 'java/lang/invoke/MethodType';
const UNSAFE = 'sun/misc/Unsafe';
const REFLECT_METHOD = 'java/lang/reflect/Method';
const CTOR = 'java/lang/reflect/Constructor';
const AO = 'java/lang/reflect/AccessibleObject';

/**
 * The trial's class (version 49: no stack map frames): `main` makes its mirror a member of
 * java.base, then prints for each line of standard input (`caller name invokedType methodType
 * implClass implName implType instantiated`, classes in binary names) the identity hash of the
 * archived proxy's mirror, 0 when the archive has none, -1 when the lookup failed.
 */
export function probeClass(): Uint8Array {
  const { cf, pool, out, println, ihash } = trialClass(PROBE);
  const m = (op: number, owner: string, name: string, desc: string, itf = false): Insn => ({ kind: 'method', op, index: pool.addMethodref(owner, name, desc, itf) });
  const s = (v: string): Insn => ({ kind: 'ldc', index: pool.addString(v) });
  const c = (v: string): Insn => ({ kind: 'ldc', index: pool.addClass(v) });
  const aload = (i: number): Insn => ({ kind: 'var', op: Op.ALOAD, index: i });
  const astore = (i: number): Insn => ({ kind: 'var', op: Op.ASTORE, index: i });
  const op = (o: number): Insn => ({ kind: 'op', op: o });
  const forName = m(Op.INVOKESTATIC, CLS, 'forName', '(Ljava/lang/String;)Ljava/lang/Class;');
  const declaredField = m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredField', '(Ljava/lang/String;)Ljava/lang/reflect/Field;');
  const setAccessible = m(Op.INVOKEVIRTUAL, AO, 'setAccessible', '(Z)V');
  /** new Class[] { ...classes on the stack pushed by `items` } */
  const classArray = (items: Insn[][]): Insn[] => [
    { kind: 'int', op: Op.BIPUSH, value: items.length },
    { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass(CLS) },
    ...items.flatMap((it, i): Insn[] => [op(Op.DUP), { kind: 'int', op: Op.BIPUSH, value: i }, ...it, op(Op.AASTORE)]),
  ];
  const loop = new Label('loop');
  const done = new Label('done');
  const start = new Label('try');
  const end = new Label('tryEnd');
  const handler = new Label('catch');
  const next = new Label('next');
  const insns: Insn[] = [
    // sun.misc.Unsafe u (1); this class's mirror a member of java.base.
    s('sun.misc.Unsafe'), forName, s('theUnsafe'), declaredField, astore(1),
    aload(1), op(Op.ICONST_1), setAccessible,
    aload(1), op(Op.ACONST_NULL), m(Op.INVOKEVIRTUAL, 'java/lang/reflect/Field', 'get', '(Ljava/lang/Object;)Ljava/lang/Object;'),
    { kind: 'type', op: Op.CHECKCAST, index: pool.addClass(UNSAFE) }, astore(1),
    aload(1), c(PROBE), aload(1), c(CLS), s('module'), declaredField,
    m(Op.INVOKEVIRTUAL, UNSAFE, 'objectFieldOffset', '(Ljava/lang/reflect/Field;)J'),
    c('java/lang/Object'), m(Op.INVOKEVIRTUAL, CLS, 'getModule', '()Ljava/lang/Module;'),
    m(Op.INVOKEVIRTUAL, UNSAFE, 'putObject', '(Ljava/lang/Object;JLjava/lang/Object;)V'),
    // Method find (2) = LambdaProxyClassArchive.findFromArchive, accessible.
    s('java.lang.invoke.LambdaProxyClassArchive'), forName, s('findFromArchive'),
    ...classArray([[c(CLS)], [c('java/lang/String')], [c(MT)], [c(MT)], [s('java.lang.invoke.MemberName'), forName], [c(MT)]]),
    m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredMethod', '(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;'), astore(2),
    aload(2), op(Op.ICONST_1), setAccessible,
    // Constructor ofMethod (3) = MemberName(Method), ofCtor (4) = MemberName(Constructor), accessible.
    s('java.lang.invoke.MemberName'), forName, ...classArray([[c(REFLECT_METHOD)]]),
    m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredConstructor', '([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;'), astore(3),
    aload(3), op(Op.ICONST_1), setAccessible,
    s('java.lang.invoke.MemberName'), forName, ...classArray([[c(CTOR)]]),
    m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredConstructor', '([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;'), astore(4),
    aload(4), op(Op.ICONST_1), setAccessible,
    // BufferedReader (5) on System.in; the system loader (6).
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/BufferedReader') }, op(Op.DUP),
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/InputStreamReader') }, op(Op.DUP),
    { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/System', 'in', 'Ljava/io/InputStream;') },
    m(Op.INVOKESPECIAL, 'java/io/InputStreamReader', '<init>', '(Ljava/io/InputStream;)V'),
    m(Op.INVOKESPECIAL, 'java/io/BufferedReader', '<init>', '(Ljava/io/Reader;)V'), astore(5),
    m(Op.INVOKESTATIC, 'java/lang/ClassLoader', 'getSystemClassLoader', '()Ljava/lang/ClassLoader;'), astore(6),
    { kind: 'label', label: loop },
    aload(5), m(Op.INVOKEVIRTUAL, 'java/io/BufferedReader', 'readLine', '()Ljava/lang/String;'), op(Op.DUP), astore(7),
    { kind: 'jump', op: Op.IFNULL, target: done },
    { kind: 'label', label: start },
    aload(7), s(' '), m(Op.INVOKEVIRTUAL, 'java/lang/String', 'split', '(Ljava/lang/String;)[Ljava/lang/String;'),
    aload(2), aload(3), aload(4), aload(6),
    m(Op.INVOKESTATIC, PROBE, 'find', `([Ljava/lang/String;L${REFLECT_METHOD};L${CTOR};L${CTOR};Ljava/lang/ClassLoader;)Ljava/lang/Object;`),
    astore(8),
    { kind: 'label', label: end },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    aload(8), { kind: 'jump', op: Op.IFNULL, target: next },
    aload(8), { kind: 'method', op: Op.INVOKESTATIC, index: ihash },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: next },
    op(Op.ICONST_0), { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: handler },
    op(Op.POP),
    { kind: 'field', op: Op.GETSTATIC, index: out }, op(Op.ICONST_M1), { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'jump', op: Op.GOTO, target: loop },
    { kind: 'label', label: done },
    op(Op.RETURN),
  ];
  cf.methods.push(synthMethod(cf, pool, PROBE, { access: Acc.PUBLIC | Acc.STATIC, name: 'main', desc: '([Ljava/lang/String;)V', maxLocals: 9, insns, tryCatch: [{ start, end, handler, catchType: pool.addClass('java/lang/Throwable') }] }));
  cf.methods.push(findMethod(cf, pool));
  return writeClass(cf);
}

/**
 * `static Object find(String[] w, Method findFromArchive, Constructor ofMethod, Constructor ofCtor, ClassLoader l)`:
 * the archived proxy's mirror for the line's words, or null.
 */
function findMethod(cf: Parameters<typeof synthMethod>[0], pool: ConstantPool): MemberInfo {
  const m = (op: number, owner: string, name: string, desc: string): Insn => ({ kind: 'method', op, index: pool.addMethodref(owner, name, desc) });
  const aload = (i: number): Insn => ({ kind: 'var', op: Op.ALOAD, index: i });
  const astore = (i: number): Insn => ({ kind: 'var', op: Op.ASTORE, index: i });
  const op = (o: number): Insn => ({ kind: 'op', op: o });
  const int = (v: number): Insn => ({ kind: 'int', op: Op.BIPUSH, value: v });
  const word = (i: number): Insn[] => [aload(0), int(i), op(Op.AALOAD)];
  const classFor = m(Op.INVOKESTATIC, CLS, 'forName', '(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;');
  const typeOf = m(Op.INVOKESTATIC, MT, 'fromMethodDescriptorString', `(Ljava/lang/String;Ljava/lang/ClassLoader;)L${MT};`);
  const newInstance = m(Op.INVOKEVIRTUAL, CTOR, 'newInstance', '([Ljava/lang/Object;)Ljava/lang/Object;');
  const objects = (n: number): Insn[] => [int(n), { kind: 'type', op: Op.ANEWARRAY, index: pool.addClass('java/lang/Object') }];
  const ctor = new Label('ctor');
  const call = new Label('call');
  const insns: Insn[] = [
    // impl (5), its parameter types (6).
    ...word(4), op(Op.ICONST_0), aload(4), classFor, astore(5),
    ...word(6), aload(4), typeOf, m(Op.INVOKEVIRTUAL, MT, 'parameterArray', '()[Ljava/lang/Class;'), astore(6),
    ...word(5), { kind: 'ldc', index: pool.addString('<init>') }, m(Op.INVOKEVIRTUAL, 'java/lang/String', 'equals', '(Ljava/lang/Object;)Z'),
    { kind: 'jump', op: Op.IFNE, target: ctor },
    // new MemberName(impl.getDeclaredMethod(name, params)) (7)
    aload(2), ...objects(1), op(Op.DUP), op(Op.ICONST_0),
    aload(5), ...word(5), aload(6), m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredMethod', '(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;'),
    op(Op.AASTORE), newInstance, astore(7),
    { kind: 'jump', op: Op.GOTO, target: call },
    { kind: 'label', label: ctor },
    // new MemberName(impl.getDeclaredConstructor(params)) (7)
    aload(3), ...objects(1), op(Op.DUP), op(Op.ICONST_0),
    aload(5), aload(6), m(Op.INVOKEVIRTUAL, CLS, 'getDeclaredConstructor', '([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;'),
    op(Op.AASTORE), newInstance, astore(7),
    { kind: 'label', label: call },
    // findFromArchive(caller, name, invokedType, methodType, member, instantiated)
    aload(1), op(Op.ACONST_NULL), ...objects(6),
    op(Op.DUP), int(0), ...word(0), op(Op.ICONST_0), aload(4), classFor, op(Op.AASTORE),
    op(Op.DUP), int(1), ...word(1), op(Op.AASTORE),
    op(Op.DUP), int(2), ...word(2), aload(4), typeOf, op(Op.AASTORE),
    op(Op.DUP), int(3), ...word(3), aload(4), typeOf, op(Op.AASTORE),
    op(Op.DUP), int(4), aload(7), op(Op.AASTORE),
    op(Op.DUP), int(5), ...word(7), aload(4), typeOf, op(Op.AASTORE),
    m(Op.INVOKEVIRTUAL, REFLECT_METHOD, 'invoke', '(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;'),
    op(Op.ARETURN),
  ];
  return synthMethod(cf, pool, PROBE, { access: Acc.STATIC, name: 'find', desc: `([Ljava/lang/String;L${REFLECT_METHOD};L${CTOR};L${CTOR};Ljava/lang/ClassLoader;)Ljava/lang/Object;`, maxLocals: 8, insns });
}
