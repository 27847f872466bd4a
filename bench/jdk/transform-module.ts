// Transforms every class of one JDK module in memory with the `all` scope (the embedded
// engine's setting: the JDK instrumented too) and reports the time per phase. Bundled and run
// by bench/jdk.mjs; also runnable through tsx (slower, see docs/BENCHMARKS.md):
//   node --import tsx bench/jdk/transform-module.ts [--module java.base] [--jdk HOME]

import { parseArgs } from 'node:util';
import { ClassPath, findJavaHome } from '../../server/src/classpath/index';
import { readClass } from '../../server/src/classfile/reader';
import { writeClass } from '../../server/src/classfile/writer';
import type { ClassFile } from '../../server/src/classfile/model';
import { transformClass, type MethodOutcome } from '../../server/src/transform/clazz';
import { Hierarchy } from '../../server/src/transform/hierarchy';
import { allScope } from '../../server/src/transform/scope';

export interface ModuleTransformResult {
  module: string;
  classes: number;
  instrumented: number;
  failed: { name: string; error: string }[];
  outcomes: Partial<Record<MethodOutcome, number>>;
  bytesIn: number;
  bytesOut: number;
  /** Milliseconds: reading from lib/modules, parsing, transforming, writing the class files. */
  ms: { load: number; parse: number; transform: number; write: number; total: number };
}

export function transformModule(module: string, jdkHome?: string): ModuleTransformResult {
  const t0 = performance.now();
  const cp = ClassPath.from([], { jdk: findJavaHome(jdkHome) });
  try {
    const image = cp.image;
    if (!image) throw new Error('no lib/modules in the JDK');
    if (!image.modules().includes(module)) throw new Error(`module '${module}' is not in ${cp.jdk?.modulesPath}`);
    const r: ModuleTransformResult = {
      module,
      classes: 0,
      instrumented: 0,
      failed: [],
      outcomes: {},
      bytesIn: 0,
      bytesOut: 0,
      ms: { load: 0, parse: 0, transform: 0, write: 0, total: 0 },
    };
    const hierarchy = new Hierarchy((n) => cp.findBoot(n)?.bytes);
    // Load and parse everything first (the hierarchy of a whole module is needed anyway).
    const parsed: { name: string; cf: ClassFile }[] = [];
    for (const entry of image.entries(module)) {
      if (!entry.endsWith('.class') || entry.endsWith('/module-info.class')) continue;
      r.classes++;
      let t = performance.now();
      const bytes = image.find(entry);
      r.ms.load += performance.now() - t;
      if (!bytes) {
        r.failed.push({ name: entry, error: 'not found' });
        continue;
      }
      r.bytesIn += bytes.length;
      t = performance.now();
      try {
        parsed.push({ name: entry, cf: readClass(bytes, `jrt:${entry}`) });
      } catch (e) {
        r.failed.push({ name: entry, error: `${(e as Error).name}: ${(e as Error).message}` });
      }
      r.ms.parse += performance.now() - t;
    }
    for (const { name, cf } of parsed) {
      let t = performance.now();
      try {
        const { cf: out, report } = transformClass(cf, { scope: allScope, hierarchy }, `jrt:${name}`);
        r.ms.transform += performance.now() - t;
        if (report.instrumented) r.instrumented++;
        for (const m of report.methods) r.outcomes[m.outcome] = (r.outcomes[m.outcome] ?? 0) + 1;
        t = performance.now();
        r.bytesOut += writeClass(out).length;
        r.ms.write += performance.now() - t;
      } catch (e) {
        r.ms.transform += performance.now() - t;
        r.failed.push({ name, error: `${(e as Error).name}: ${(e as Error).message}` });
      }
    }
    r.ms.total = performance.now() - t0;
    return r;
  } finally {
    cp.close();
  }
}

function main(): void {
  const { values } = parseArgs({ options: { module: { type: 'string', default: 'java.base' }, jdk: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const r = transformModule(values.module ?? 'java.base', values.jdk);
  if (values.json) {
    process.stdout.write(JSON.stringify(r) + '\n');
  } else {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    process.stdout.write(
      `transform ${r.module}: ${r.classes} classes, ${r.instrumented} instrumented, ${r.failed.length} failed; ` +
        `${(r.bytesIn / 2 ** 20).toFixed(1)} MiB -> ${(r.bytesOut / 2 ** 20).toFixed(1)} MiB; ` +
        `total ${s(r.ms.total)} (load ${s(r.ms.load)}, parse ${s(r.ms.parse)}, transform ${s(r.ms.transform)}, write ${s(r.ms.write)})\n` +
        `methods: ${Object.entries(r.outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}\n`,
    );
    for (const f of r.failed.slice(0, 20)) process.stdout.write(`FAILED ${f.name}: ${f.error}\n`);
  }
  if (r.failed.length > 0) process.exitCode = 1;
}

if (process.argv[1] && /transform-module\.(ts|mjs)$/.test(process.argv[1])) main();
