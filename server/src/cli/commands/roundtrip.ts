// komorium roundtrip [--jdk JAVA_HOME] [--module M]... [PATH...]
// Runs both class-file round trips over every class found:
//   identity:   readClass → writeClass, byte-identical;
//   re-encode:  decode every Code into the instruction list and full frames, encode again
//               (counted when byte-identical; a re-encode error is a failure).

import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { registerCommand } from '../cli';
import { parseArgs, flag, UsageError } from '../args';
import { findJavaHome, JImage, JarFile, ClassDirectory } from '../../classpath/index';
import { readClass } from '../../classfile/reader';
import { writeClass } from '../../classfile/writer';
import { reencodeClass } from '../../classfile/code/reencode';

export interface ClassSource {
  name: string;
  bytes: () => Uint8Array;
}

export interface RoundTripResult {
  classes: number;
  identical: number;
  reencodedIdentical: number;
  failed: { name: string; error: string }[];
  ms: number;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The first differing offset, for the failure message. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

export function roundTrip(sources: Iterable<ClassSource>): RoundTripResult {
  const t0 = performance.now();
  const r: RoundTripResult = { classes: 0, identical: 0, reencodedIdentical: 0, failed: [], ms: 0 };
  for (const src of sources) {
    r.classes++;
    try {
      const bytes = src.bytes();
      const cf = readClass(bytes, src.name);
      const out = writeClass(cf);
      if (!equalBytes(bytes, out)) {
        r.failed.push({ name: src.name, error: `identity round trip differs at byte ${firstDifference(bytes, out)} (${bytes.length} → ${out.length} bytes)` });
        continue;
      }
      r.identical++;
      const re = writeClass(reencodeClass(cf, src.name));
      if (equalBytes(bytes, re)) r.reencodedIdentical++;
    } catch (e) {
      const err = e as Error;
      r.failed.push({ name: src.name, error: `${err.name}: ${err.message}` });
    }
  }
  r.ms = performance.now() - t0;
  return r;
}

function* pathSources(path: string): Iterable<ClassSource> {
  const abs = resolve(path);
  let st;
  try {
    st = statSync(abs);
  } catch {
    throw new UsageError(`no such file or directory: ${path}`);
  }
  if (st.isDirectory()) {
    const dir = new ClassDirectory(abs);
    for (const p of [...dir.listResources()].sort()) {
      if (p.endsWith('.class')) yield { name: dir.sourceOf(p), bytes: () => dir.findResource(p)!.bytes };
    }
  } else if (/\.(jar|zip)$/i.test(abs)) {
    const jar = JarFile.open(abs);
    for (const p of [...jar.listResources()].sort()) {
      if (p.endsWith('.class')) yield { name: jar.sourceOf(p), bytes: () => jar.findResource(p)!.bytes };
    }
  } else {
    yield { name: abs, bytes: () => new Uint8Array(readFileSync(abs)) };
  }
}

function* imageSources(image: JImage, modules: readonly string[]): Iterable<ClassSource> {
  for (const m of modules) {
    for (const e of image.entries(m)) {
      if (e.endsWith('.class')) yield { name: `jrt:${e}`, bytes: () => image.find(e)! };
    }
  }
}

const USAGE = `usage: komorium roundtrip [--jdk JAVA_HOME] [--module M]... [PATH...]

Parses and writes back every class found, and reports:
  roundtrip: <N> classes, <I> identical, <R> re-encoded identical, <F> failed
PATHs are class directories, jars or .class files. --module M takes the classes of module M
from the JDK's lib/modules. With neither, every module of the JDK is used.
Exits 1 if any class failed.`;

registerCommand({
  name: 'roundtrip',
  summary: 'identity and re-encode round trips over JDK modules, jars, directories',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, { jdk: { value: true }, module: { value: true, repeat: true }, quiet: { aliases: ['-q'] } });
    const modules = args.flags.get('module') ?? [];
    const sources: Iterable<ClassSource>[] = args.positional.map((p) => pathSources(p));
    let image: JImage | undefined;
    if (modules.length > 0 || args.positional.length === 0) {
      const jdk = findJavaHome(flag(args, 'jdk'));
      image = JImage.open(jdk.modulesPath);
      const known = new Set(image.modules());
      for (const m of modules) if (!known.has(m)) throw new UsageError(`module '${m}' is not in ${jdk.modulesPath}`);
      sources.push(imageSources(image, modules.length > 0 ? modules : [...known]));
    }
    try {
      const r = roundTrip((function* () {
        for (const s of sources) yield* s;
      })());
      const shown = r.failed.slice(0, 50);
      for (const f of shown) process.stderr.write(`FAILED ${f.name}: ${f.error}\n`);
      if (r.failed.length > shown.length) process.stderr.write(`... and ${r.failed.length - shown.length} more failures\n`);
      if (!args.flags.has('quiet')) process.stderr.write(`time: ${(r.ms / 1000).toFixed(2)} s\n`);
      process.stdout.write(`roundtrip: ${r.classes} classes, ${r.identical} identical, ${r.reencodedIdentical} re-encoded identical, ${r.failed.length} failed\n`);
      return r.failed.length > 0 ? 1 : 0;
    } finally {
      image?.close();
    }
  },
});
