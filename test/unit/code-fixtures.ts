// Fixtures for the code-model tests: compiling the Java programs in test/java/code, running
// classes on HotSpot, java.base classes from the JDK's jimage, and a "transform every method"
// helper (read -> decode -> edit -> encode -> write).

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { codeContext, entryFrame, type CodeContext } from '../../server/src/classfile/code/context';
import { decodeWithContext } from '../../server/src/classfile/code/decode';
import { encodeCode, type EncodeOptions } from '../../server/src/classfile/code/encode';
import { FrameSimulator } from '../../server/src/classfile/code/frames';
import { isRealInsn, Label, type Insn, type MethodCode } from '../../server/src/classfile/code/insn';
import { Op } from '../../server/src/classfile/code/opcodes';
import type { ClassFile } from '../../server/src/classfile/model';
import { ConstantPool } from '../../server/src/classfile/pool';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import { JImage } from '../../server/src/classpath/jimage';

export const REPO = join(import.meta.dirname, '..', '..');
export const CODE_JAVA = join(REPO, 'test', 'java', 'code');

/** JAVA_HOME of the machine's javac (JAVA_HOME is not set here). */
export function javaHome(): string {
  if (process.env.JAVA_HOME) return process.env.JAVA_HOME;
  const which = execFileSync('sh', ['-c', 'command -v javac'], { encoding: 'utf8' }).trim();
  return dirname(dirname(realpathSync(which)));
}

export function tool(name: string): string {
  return join(javaHome(), 'bin', name);
}

export function tempDir(tag: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `komorium-${tag}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Relative '/'-separated paths of the files under `dir`. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Compiles test/java/code/*.java into `outDir`; returns the class files (relative path -> bytes). */
export function compileCodeSamples(outDir: string): Map<string, Uint8Array> {
  const sources = readdirSync(CODE_JAVA)
    .filter((f) => f.endsWith('.java'))
    .map((f) => join(CODE_JAVA, f));
  execFileSync(tool('javac'), ['-g', '-d', outDir, ...sources], { stdio: 'pipe' });
  return readClassDir(outDir);
}

let samples: { dir: string; classes: Map<string, Uint8Array> } | undefined;

/**
 * The code samples, compiled once into test/.build/code-samples/<hash of the sources> (shared
 * by the test processes; recompiled when a source changes). Treat the result as read-only.
 */
export function compiledSamples(): { dir: string; classes: ReadonlyMap<string, Uint8Array> } {
  if (!samples) {
    const hash = createHash('sha256');
    for (const f of readdirSync(CODE_JAVA).filter((n) => n.endsWith('.java')).sort()) hash.update(f).update(readFileSync(join(CODE_JAVA, f)));
    const dir = join(REPO, 'test', '.build', 'code-samples', hash.digest('hex').slice(0, 16));
    if (!existsSync(join(dir, '.done'))) {
      const tmp = `${dir}.${process.pid}.tmp`;
      rmSync(tmp, { recursive: true, force: true });
      compileCodeSamples(tmp);
      writeFileSync(join(tmp, '.done'), '');
      try {
        renameSync(tmp, dir);
      } catch {
        rmSync(tmp, { recursive: true, force: true }); // another process got there first
      }
    }
    samples = { dir, classes: readClassDir(dir) };
  }
  return samples;
}

const outputs = new Map<string, string>();

/** Output of a sample's main on the original classes (cached). */
export function originalOutput(main: string): string {
  let o = outputs.get(main);
  if (o === undefined) outputs.set(main, (o = runJava(compiledSamples().dir, main)));
  return o;
}

export function readClassDir(dir: string): Map<string, Uint8Array> {
  const m = new Map<string, Uint8Array>();
  for (const f of listFiles(dir)) if (f.endsWith('.class')) m.set(f, new Uint8Array(readFileSync(join(dir, f))));
  return m;
}

export function writeClassDir(dir: string, classes: ReadonlyMap<string, Uint8Array>): void {
  for (const [rel, bytes] of classes) {
    const p = join(dir, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, bytes);
  }
}

/** Runs `java -Xverify:all -cp cp main`; returns stdout, or throws with stderr. */
export function runJava(cp: string, main: string, extra: string[] = []): string {
  const r = spawnSync(tool('java'), ['-Xverify:all', ...extra, '-cp', cp, main], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`java ${main} exited with ${r.status}:\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/**
 * Decodes every method's code, lets `edit` change it, and encodes it again.
 * `edit` may return false to leave a method's Code attribute untouched.
 */
export function transformClass(
  bytes: Uint8Array,
  edit: (mc: MethodCode, ctx: CodeContext) => boolean | void,
  opts: EncodeOptions = {},
  file = '<bytes>',
): Uint8Array {
  const cf: ClassFile = readClass(bytes, file);
  const pool = new ConstantPool(cf);
  cf.methods = cf.methods.map((m) => {
    const ctx = codeContext(cf, m, pool, file);
    return {
      ...m,
      attributes: m.attributes.map((a) => {
        if (a.name !== 'Code') return a;
        const mc = decodeWithContext(ctx, a);
        if (edit(mc, ctx) === false) return a;
        return { ...encodeCode(ctx, mc, opts), nameIndex: a.nameIndex };
      }),
    };
  });
  return writeClass(cf);
}

/** The JDK's jimage. */
export function openJdkImage(): JImage {
  return JImage.open(join(javaHome(), 'lib', 'modules'));
}

/** Names (`/java.base/...class`) of java.base classes: every `step`-th one, sorted. */
export function javaBaseClassNames(img: JImage, step = 1): string[] {
  return img
    .entries('java.base')
    .filter((n) => n.endsWith('.class') && !n.endsWith('module-info.class'))
    .sort()
    .filter((_, i) => i % step === 0);
}

/** Deterministic PRNG (mulberry32, server/src/prng.ts). */
import { prng as rng } from '../../server/src/prng';
export { rng };

/**
 * Before every instruction that has no frame (and is not a `new`, whose label the
 * Uninitialized types name), inserts `iconst_0; ifeq L; L:` with L's frame from the simulator.
 */
export function branchBeforeEveryInstruction(mc: MethodCode, ctx: CodeContext): number {
  // HotSpot decides whether a class has a finalizer by whether finalize()V is an empty method;
  // code in java.lang.Object's would make every object finalizable (and crashes VM startup).
  if (ctx.methodName === 'finalize' && ctx.descriptor === '()V') return 0;
  const s = new FrameSimulator({ pool: ctx.pool, thisClass: ctx.thisClass }, entryFrame(ctx));
  const out: Insn[] = [];
  let sawFrame = false;
  let inserted = 0;
  for (const insn of mc.insns) {
    if (insn.kind === 'frame') sawFrame = true;
    if (isRealInsn(insn)) {
      if (!sawFrame && !(insn.kind === 'type' && insn.op === Op.NEW)) {
        const l = new Label();
        out.push({ kind: 'op', op: Op.ICONST_0 }, { kind: 'jump', op: Op.IFEQ, target: l }, { kind: 'label', label: l }, { kind: 'frame', ...s.frame() });
        inserted++;
      }
      sawFrame = false;
    }
    out.push(insn);
    s.apply(insn);
  }
  mc.insns = out;
  return inserted;
}


let driverDir: string | undefined;

/** test/java/code/driver/LinkAll.java compiled once per process. */
function linkDriver(): string {
  if (!driverDir) {
    const t = tempDir('code-driver');
    process.on('exit', t.cleanup);
    execFileSync(tool('javac'), ['-d', t.dir, join(CODE_JAVA, 'driver', 'LinkAll.java')], { stdio: 'pipe' });
    driverDir = t.dir;
  }
  return driverDir;
}

/**
 * Loads and links (so verifies, under -Xverify:all) the named classes on HotSpot: java.base
 * classes from `patchDir` through --patch-module (boot loader), or application classes from
 * `classPath`. Returns the classes that failed, with the error, and how many linked.
 */
export function linkAll(names: string[], where: { patchJavaBase: string } | { classPath: string }): { linked: number; failures: string[]; stderr: string } {
  const { dir, cleanup } = tempDir('code-link');
  try {
    const list = join(dir, 'names.txt');
    writeFileSync(list, names.join('\n'));
    const args =
      'patchJavaBase' in where
        ? ['-Xverify:all', '-Xshare:off', `--patch-module`, `java.base=${where.patchJavaBase}`, '-cp', linkDriver(), 'driver.LinkAll', list, 'boot']
        : ['-Xverify:all', '-cp', `${linkDriver()}:${where.classPath}`, 'driver.LinkAll', list, 'app'];
    const r = spawnSync(tool('java'), args, { encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
    const lines = (r.stdout ?? '').split('\n');
    const linkedLine = lines.find((l) => l.startsWith('LINKED '));
    if (r.status !== 0 || !linkedLine) throw new Error(`LinkAll exited with ${r.status}:\n${r.stderr}\n${(r.stdout ?? '').slice(0, 4000)}`);
    return { linked: Number(linkedLine.slice(7)), failures: lines.filter((l) => l.startsWith('FAIL ')), stderr: r.stderr };
  } finally {
    cleanup();
  }
}
