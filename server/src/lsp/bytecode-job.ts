// "Show Bytecode": the disassembly of a class as compiled and as the transformer rewrites it.
// Runs in a worker thread (bytecode-worker.ts): transforming reads the whole class path.

import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassPath, findJavaHome } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { disassemble } from '../disasm/index';
import { transformClassPath } from '../transform/driver';
import { cacheRoot } from '../engine/cache';

export interface BytecodeJob {
  classpath: string[];
  /** Binary name, e.g. `a.b.Outer$Inner`. */
  className: string;
  jdk?: string;
}

export interface BytecodeListings {
  original: string;
  transformed: string;
}

export class BytecodeError extends Error {
  override readonly name = 'BytecodeError';
}

export function bytecodeListings(job: BytecodeJob): BytecodeListings {
  const internal = job.className.replace(/\./g, '/');
  const jdk = findJavaHome(job.jdk);
  const cp = ClassPath.from(job.classpath, { jdk });
  let original: string;
  try {
    const found = cp.findUser(internal);
    if (!found) throw new BytecodeError(`class ${job.className} is not on the class path (${job.classpath.join(', ')}); is the project compiled?`);
    original = disassemble(readClass(found.bytes, found.source), { source: found.source });
  } finally {
    cp.close();
  }
  const out = mkdtempSync(join(tmpdir(), 'komorium-bytecode-'));
  try {
    transformClassPath({ classpath: job.classpath, outDir: out, jdk, cacheDir: join(cacheRoot(), 'transformed'), copyResources: false });
    const file = join(out, `${internal}.class`);
    const transformed = existsSync(file) ? disassemble(readClass(readFileSync(file), `${job.className} (transformed)`), { source: `${job.className} (transformed by Komorium)` }) : '(not transformed)\n';
    return { original, transformed };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
