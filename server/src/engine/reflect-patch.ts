// The HotSpot engine's reflection patch (paper 000, Section 4.3): a java.lang.Class whose
// getDeclaredMethods0/Fields0/Constructors0 results pass through java.lang.KomoriumReflect,
// which drops what the transformation added, a java.lang.Throwable whose stack traces
// leave out the frames of reverse trampolines, and a java.lang.NullPointerException whose
// helpful messages name methods by their original descriptors. Built once per JDK into the cache and used with
// `--patch-module java.base=DIR`.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JImage, type JdkInfo } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { ConstantPool } from '../classfile/pool';
import { codeContext } from '../classfile/code/context';
import { decodeWithContext } from '../classfile/code/decode';
import { encodeCode } from '../classfile/code/encode';
import type { Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import type { AttributeOf } from '../classfile/model';

/** Per patched class: calls (owner.name+descriptor) whose result passes through a filter. */
const FILTERS: Record<string, Record<string, { name: string; desc: string }>> = {
  'java/lang/Class': {
    'java/lang/Class.getDeclaredMethods0(Z)[Ljava/lang/reflect/Method;': { name: 'methods', desc: '([Ljava/lang/reflect/Method;)[Ljava/lang/reflect/Method;' },
    'java/lang/Class.getDeclaredFields0(Z)[Ljava/lang/reflect/Field;': { name: 'fields', desc: '([Ljava/lang/reflect/Field;)[Ljava/lang/reflect/Field;' },
    'java/lang/Class.getDeclaredConstructors0(Z)[Ljava/lang/reflect/Constructor;': {
      name: 'constructors',
      desc: '([Ljava/lang/reflect/Constructor;)[Ljava/lang/reflect/Constructor;',
    },
  },
  // Stack traces without the frames of reverse trampolines (TRAMPOLINE_LINE).
  'java/lang/Throwable': {
    'java/lang/StackTraceElement.of(Ljava/lang/Throwable;I)[Ljava/lang/StackTraceElement;': {
      name: 'frames',
      desc: '([Ljava/lang/StackTraceElement;)[Ljava/lang/StackTraceElement;',
    },
    // JDK 19 and later pass the backtrace object itself.
    'java/lang/StackTraceElement.of(Ljava/lang/Object;I)[Ljava/lang/StackTraceElement;': {
      name: 'frames',
      desc: '([Ljava/lang/StackTraceElement;)[Ljava/lang/StackTraceElement;',
    },
  },
  // Helpful NPE messages (JEP 358) naming methods with their original descriptors.
  'java/lang/NullPointerException': {
    'java/lang/NullPointerException.getExtendedNPEMessage()Ljava/lang/String;': { name: 'npeMessage', desc: '(Ljava/lang/String;)Ljava/lang/String;' },
  },
};

/** How many call sites each patched class must have (a JDK that differs fails loudly). */
const EXPECTED: Record<string, number> = { 'java/lang/Class': 3, 'java/lang/Throwable': 1, 'java/lang/NullPointerException': 1 };

function patchSource(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const p = join(dir, 'runtime', 'patch');
    if (existsSync(join(p, 'java', 'lang', 'KomoriumReflect.java'))) return p;
    dir = dirname(dir);
  }
  throw new Error('cannot find runtime/patch/java/lang/KomoriumReflect.java');
}

/** Returns class `name` (a key of FILTERS) with every filtered call followed by its filter. */
function patchCalls(bytes: Uint8Array, name: string): { bytes: Uint8Array; patched: number } {
  const filters = FILTERS[name]!;
  const cf = readClass(bytes, `${name}.class`);
  const pool = new ConstantPool(cf);
  let patched = 0;
  cf.methods = cf.methods.map((m) => {
    const code = m.attributes.find((a): a is AttributeOf<'Code'> => a.name === 'Code');
    if (!code) return m;
    const ctx = codeContext(cf, m, pool, name);
    const mc = decodeWithContext(ctx, code);
    const out: Insn[] = [];
    let hit = false;
    for (const insn of mc.insns) {
      out.push(insn);
      if (insn.kind !== 'method') continue;
      const ref = pool.memberRef(insn.index);
      const f = filters[`${ref.owner}.${ref.name}${ref.descriptor}`];
      if (!f) continue;
      out.push({ kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/KomoriumReflect', f.name, f.desc) });
      hit = true;
      patched++;
    }
    if (!hit) return m;
    mc.insns = out;
    return { ...m, attributes: m.attributes.map((a) => (a.name === 'Code' ? { ...encodeCode(ctx, mc), nameIndex: a.nameIndex } : a)) };
  });
  return { bytes: writeClass(cf), patched };
}

/** Builds (or reuses) the patch directory for `jdk` under `cacheDir`; returns it. */
export function reflectionPatch(jdk: JdkInfo, cacheDir: string): string {
  const src = patchSource();
  const javaSrc = readFileSync(join(src, 'java', 'lang', 'KomoriumReflect.java'));
  const key = createHash('sha256').update(`reflect-patch-3\0${jdk.home}\0${jdk.version}\0`).update(javaSrc).digest('hex').slice(0, 16);
  const dir = join(cacheDir, `java.base-${key}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, 'java', 'lang'), { recursive: true });
  execFileSync(join(jdk.home, 'bin', 'javac'), ['--patch-module', `java.base=${src}`, '-d', tmp, join(src, 'java', 'lang', 'KomoriumReflect.java')], {
    stdio: 'pipe',
  });
  const image = JImage.open(jdk.modulesPath);
  try {
    for (const name of Object.keys(FILTERS)) {
      const cls = image.find(`/java.base/${name}.class`);
      if (!cls) throw new Error(`${jdk.modulesPath} has no ${name}.class`);
      const { bytes, patched } = patchCalls(cls, name);
      if (patched < EXPECTED[name]!) throw new Error(`${name} of ${jdk.home}: found ${patched} of the ${EXPECTED[name]} call sites to patch`);
      writeFileSync(join(tmp, `${name}.class`), bytes);
    }
  } finally {
    image.close();
  }
  writeFileSync(join(tmp, '.complete'), '');
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}
