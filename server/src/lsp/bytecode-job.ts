// "Show Bytecode": the disassembly of a class as compiled and as the transformer rewrites it.
// Runs in a worker thread (bytecode-worker.ts): transforming reads the whole class path.

import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassPath, findJavaHome } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { disassemble, disassembleListing } from '../disasm/index';
import { listingMargin, type ListingMargin, type MethodLineSamples } from './bytecode-margin';
import { transformClassPath } from '../transform/driver';
import { cacheRoot } from '../engine/cache';

export interface BytecodeJob {
  classpath: string[];
  /** Binary name, e.g. `a.b.Outer$Inner`. */
  className: string;
  jdk?: string;
  /** The profile's self samples by line of the class's methods (the listing's margin). */
  samples?: MethodLineSamples[];
  /** A class of the JDK (a profile frame without source): its listing, not transformed. */
  jdkClass?: boolean;
}

export interface BytecodeListings extends ListingMargin {
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
  let margin: ListingMargin;
  try {
    const found = job.jdkClass ? cp.findBoot(internal) : cp.findUser(internal);
    if (!found) throw new BytecodeError(job.jdkClass ? `class ${job.className} is not in the JDK (${jdk.home})` : `class ${job.className} is not on the class path (${job.classpath.join(', ')}); is the project compiled?`);
    const cf = readClass(found.bytes, found.source);
    const listing = disassembleListing(cf, { source: found.source });
    original = listing.lines.map((l) => l.text).join('\n') + '\n';
    margin = listingMargin(cf, listing, job.samples ?? []);
  } finally {
    cp.close();
  }
  if (job.jdkClass) return { original, transformed: '(a JDK class: the embedded engine transforms it as it loads; scope app leaves it as it is)\n', ...margin };
  const out = mkdtempSync(join(tmpdir(), 'komorium-bytecode-'));
  try {
    transformClassPath({ classpath: job.classpath, outDir: out, jdk, cacheDir: join(cacheRoot(), 'transformed'), copyResources: false });
    const file = join(out, `${internal}.class`);
    const transformed = existsSync(file) ? disassemble(readClass(readFileSync(file), `${job.className} (transformed)`), { source: `${job.className} (transformed by Komorium)` }) : '(not transformed)\n';
    return { original, transformed, ...margin };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
