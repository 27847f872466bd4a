// Worker entry: transforms a slice of the JDK's classes with the `all` scope into a directory
// (jdk-image.ts splits the JDK's classes over several of these, one per core at a time).

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ClassPath, findJavaHome } from '../classpath/index';
import { readClass } from '../classfile/reader';
import { writeClass } from '../classfile/writer';
import { ConstantPool } from '../classfile/pool';
import { transformClass } from '../transform/clazz';
import { Hierarchy } from '../transform/hierarchy';
import { allScope } from '../transform/scope';
import { serveJob } from './worker-thread';

export interface ModuleSliceInput {
  jdkHome: string;
  /** Image entry names of the slice: `/java.base/java/lang/String.class` (written to outDir/java.base/java/lang/String.class). */
  entries: string[];
  outDir: string;
  maxPath?: number;
}

export interface ModuleSliceResult {
  transformed: number;
  failed: { name: string; error: string }[];
}

/** Transforms the slice's classes into outDir (class files under their package directories). */
export function transformModuleSlice(o: ModuleSliceInput): ModuleSliceResult {
  const cp = ClassPath.from([], { jdk: findJavaHome(o.jdkHome) });
  try {
    const image = cp.image;
    if (!image) throw new Error(`${o.jdkHome} has no lib/modules`);
    const hierarchy = new Hierarchy((n) => cp.findBoot(n)?.bytes);
    const made = new Set<string>();
    const r: ModuleSliceResult = { transformed: 0, failed: [] };
    for (const entry of o.entries) {
      const bytes = image.find(entry);
      if (bytes === undefined) {
        r.failed.push({ name: entry, error: 'not found in lib/modules' });
        continue;
      }
      let data: Uint8Array;
      let holder: { name: string; data: Uint8Array } | undefined;
      try {
        const t = transformClass(readClass(bytes, `jrt:${entry}`), { scope: allScope, hierarchy, maxPath: o.maxPath, enumMidHolder: true }, `jrt:${entry}`);
        data = writeClass(t.cf);
        // An enum's MIDs live in a class of their own, beside it (CDS, clazz.ts enumMidHolder).
        if (t.holder) holder = { name: `${entry.slice(0, entry.lastIndexOf('/') + 1)}${basename(new ConstantPool(t.holder).className(t.holder.thisClass))}.class`, data: writeClass(t.holder) };
        r.transformed++;
      } catch (e) {
        // Written as it is: left out, the class would come from lib/modules, the same bytes.
        r.failed.push({ name: entry.slice(entry.indexOf('/', 1) + 1, -'.class'.length), error: `${(e as Error).name}: ${(e as Error).message}` });
        continue;
      }
      const path = join(o.outDir, entry.slice(1));
      const d = dirname(path);
      if (!made.has(d)) {
        mkdirSync(d, { recursive: true });
        made.add(d);
      }
      writeFileSync(path, data);
      if (holder) writeFileSync(join(o.outDir, holder.name.slice(1)), holder.data);
    }
    return r;
  } finally {
    cp.close();
  }
}

serveJob(transformModuleSlice);
