// The class list of the instrumented JDK copy's CDS archive (jdk-image.ts): the JDK's own
// `lib/classlist` (what its default archive holds) plus the classes a profiled hello world loads
// on the copy that the list lacks: the runtime (komorium.rt.*), the class swap
// (java.lang.KomoriumClasses), the MID holders of enum classes (transform/clazz.ts
// enumMidHolder) and the JDK classes only the runtime uses. Without them those classes are
// parsed from lib/modules at every start (22 classes on JDK 25's copy).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Acc, type ClassFile } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';
import { synthMethod } from '../classfile/code/synth';
import { Op } from '../classfile/code/opcodes';
import { writeClass } from '../classfile/writer';
import { HOTSPOT_JIT_OPTIONS } from '../runtime/contract';

/** The class the trial run starts: `public class KomoriumHello { main: System.out.println("hello") }` (version 52). */
export function helloClass(name: string): Uint8Array {
  const cf: ClassFile = { minorVersion: 0, majorVersion: 52, constantPool: [undefined], accessFlags: Acc.PUBLIC | Acc.SUPER, thisClass: 0, superClass: 0, interfaces: [], fields: [], methods: [], attributes: [] };
  const pool = new ConstantPool(cf);
  cf.thisClass = pool.addClass(name);
  cf.superClass = pool.addClass('java/lang/Object');
  cf.methods.push(
    synthMethod(cf, pool, name, {
      access: Acc.PUBLIC | Acc.STATIC,
      name: 'main',
      desc: '([Ljava/lang/String;)V',
      maxLocals: 0,
      insns: [
        { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/System', 'out', 'Ljava/io/PrintStream;') },
        { kind: 'ldc', index: pool.addString('hello') },
        { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/String;)V') },
        { kind: 'op', op: Op.RETURN },
      ],
    }),
  );
  return writeClass(cf);
}

/**
 * Replaces the copy's `lib/classlist` (a link to the JDK's) by a file: the JDK's list plus the
 * boot classes a profiled hello world on the copy (`home`, no archive yet) loads that it lacks.
 * Returns the number of classes added, or a reason when the trial run failed (the JDK's list
 * is kept).
 */
export function extendClassList(home: string): number | string {
  const list = join(home, 'lib', 'classlist');
  if (!existsSync(list)) return 'the JDK has no lib/classlist';
  const dir = mkdtempSync(join(tmpdir(), 'komorium-classlist-'));
  try {
    const main = 'KomoriumHello';
    writeFileSync(join(dir, `${main}.class`), helloClass(main));
    const loaded = join(dir, 'loaded.txt');
    const r = spawnSync(
      join(home, 'bin', 'java'),
      [
        '-Xshare:off',
        `-XX:DumpLoadedClassList=${loaded}`,
        ...HOTSPOT_JIT_OPTIONS,
        `-Dkomorium.out=${join(dir, 'profile.json')}`,
        '-Dkomorium.engine=hotspot',
        '-Dkomorium.scope=all',
        '-Dkomorium.startup=excluded',
        '-cp',
        dir,
        main,
      ],
      { encoding: 'utf8', timeout: 600_000 },
    );
    if (r.status !== 0 || !existsSync(loaded)) return `the trial run failed (${(r.stderr ?? '').trim().split('\n').slice(-2).join(' | ') || (r.error?.message ?? `exit ${r.status ?? r.signal}`)})`;
    const base = readFileSync(list, 'utf8');
    const known = new Set(base.split('\n').map((l) => l.split(' ')[0]!));
    const added: string[] = [];
    for (const line of readFileSync(loaded, 'utf8').split('\n')) {
      const name = line.split(' ')[0]!;
      // Plain class names only (not @lambda-proxy and the like, not the trial's own class).
      if (name === '' || name.startsWith('@') || name.startsWith('#') || name === main || known.has(name)) continue;
      known.add(name);
      added.push(name);
    }
    rmSync(list, { force: true });
    writeFileSync(list, `${base.endsWith('\n') || base === '' ? base : `${base}\n`}${added.map((n) => `${n}\n`).join('')}`);
    return added.length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
