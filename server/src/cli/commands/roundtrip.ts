// komorium roundtrip [--jdk JAVA_HOME] [--module M]... [PATH...]
// Runs both class-file round trips over every class found:
//   identity:   readClass → writeClass, byte-identical;
//   re-encode:  decode every Code into the instruction list and full frames, encode again
//               (counted when byte-identical; a re-encode error is a failure).

import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { registerCommand } from '../cli';
import { parseArgs, flag, UsageError } from '../args';
import { findJavaHome, JImage, JarFile, ClassDirectory } from '../../classpath/index';
import { isPlainResourcePath } from '../../classpath/entry';
import { ClassPathError, ZipFormatError } from '../../classpath/errors';
import { roundTripClasses, mergeRoundTrip, type RoundTripResult } from '../../classfile/roundtrip';
import { jobUrl, runJob } from '../../engine/worker-thread';
import type { RoundTripJob } from './roundtrip-worker';

export interface ClassSource {
  name: string;
  bytes: () => Uint8Array;
}

/** Batches below this size run on the calling thread (a worker costs more than it saves). */
const MIN_PARALLEL = 400;

/**
 * Both round trips over every source, split over `jobs` worker threads (round robin, so each
 * gets a similar mix); failures come back in source order.
 */
export async function roundTrip(sources: Iterable<ClassSource>, jobs = 1): Promise<RoundTripResult> {
  const t0 = performance.now();
  const names: string[] = [];
  const classes: Uint8Array[] = [];
  /** Positions of the classes that could be read (the others failed already). */
  const todo: number[] = [];
  const total: RoundTripResult = { classes: 0, identical: 0, reencodedIdentical: 0, failed: [], ms: 0 };
  for (const src of sources) {
    const index = names.length;
    names.push(src.name);
    try {
      classes.push(src.bytes());
      todo.push(index);
    } catch (e) {
      const err = e as Error;
      classes.push(new Uint8Array(0));
      total.classes++;
      total.failed.push({ index, name: src.name, error: `${err.name}: ${err.message}` });
    }
  }
  const n = todo.length < MIN_PARALLEL ? 1 : Math.max(1, Math.min(jobs, 16));
  const batches: number[][] = Array.from({ length: n }, () => []);
  todo.forEach((idx, k) => batches[k % n]!.push(idx));
  const parts = await Promise.all(
    batches.map((b) => {
      const job: RoundTripJob = { names: b.map((i) => names[i]!), classes: b.map((i) => classes[i]!) };
      if (n === 1) return Promise.resolve(roundTripClasses(job.names, job.classes));
      return runJob<RoundTripResult>(jobUrl(import.meta.url, 'roundtrip-worker'), job).result;
    }),
  );
  parts.forEach((p, i) => mergeRoundTrip(total, p, batches[i]!));
  total.ms = performance.now() - t0;
  return total;
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
      if (!p.endsWith('.class')) continue;
      // An entry named `../x.class` or `/x.class` is not a class of the jar: reported, not read.
      const bytes = (): Uint8Array => {
        if (!isPlainResourcePath(p)) throw new ClassPathError(abs, `entry ${JSON.stringify(p)}: not a plain relative path ('..', '.', empty segments, a leading '/' or '\\'); skipped`);
        const found = jar.findResource(p);
        if (found === undefined) throw new ZipFormatError(abs, `entry ${JSON.stringify(p)}: cannot be read`);
        return found.bytes;
      };
      yield { name: jar.sourceOf(p), bytes };
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

const USAGE = `usage: komorium roundtrip [--jdk JAVA_HOME] [--module M]... [--jobs N] [PATH...]

Parses and writes back every class found, and reports:
  roundtrip: <N> classes, <I> identical, <R> re-encoded identical, <F> failed
PATHs are class directories, jars or .class files. --module M takes the classes of module M
from the JDK's lib/modules. With neither, every module of the JDK is used. --jobs N: worker
threads (default: the number of CPUs, at most 4; 1 = none).
Exits 1 if any class failed.`;

registerCommand({
  name: 'roundtrip',
  summary: 'identity and re-encode round trips over JDK modules, jars, directories',
  usage: USAGE,
  async run(argv) {
    const args = parseArgs(argv, { jdk: { value: true }, module: { value: true, repeat: true }, jobs: { value: true }, quiet: { aliases: ['-q'] } });
    const jobsFlag = flag(args, 'jobs');
    const jobs = jobsFlag === undefined ? Math.min(availableParallelism(), 4) : Number(jobsFlag);
    if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a positive integer, not '${jobsFlag}'`);
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
      const r = await roundTrip(
        (function* () {
          for (const s of sources) yield* s;
        })(),
        jobs,
      );
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
