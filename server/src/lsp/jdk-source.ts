// JDK sources for profile frames outside the workspace (java.lang.StringCoding, ...): read-only
// from the JDK's `lib/src.zip` (Debian: openjdk-17-source; JDK 25 ships its own), served to the
// client as `komorium-jdk:/<entry>` documents. Only entries of that zip are ever read (the
// confinement of resolveSource: workspace files or JDK sources, nothing else).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ZipFile } from '../classpath/index';

export { JDK_SOURCE_SCHEME } from './protocol';

interface OpenZip {
  zip: ZipFile;
  /** `java/lang/String.java` (and the entry's own name) → entry name (`java.base/java/lang/String.java`). */
  byPath: Map<string, string>;
}

export class JdkSources {
  private readonly zips = new Map<string, OpenZip | null>();

  private open(home: string): OpenZip | null {
    const file = join(home, 'lib', 'src.zip');
    let z = this.zips.get(file);
    if (z !== undefined) return z;
    z = null;
    if (existsSync(file)) {
      try {
        const zip = ZipFile.open(file);
        const byPath = new Map<string, string>();
        for (const e of zip.entries) {
          if (!e.name.endsWith('.java')) continue;
          byPath.set(e.name, e.name);
          // JDK 9+: <module>/<package path>/File.java
          const slash = e.name.indexOf('/');
          if (slash > 0 && !byPath.has(e.name.slice(slash + 1))) byPath.set(e.name.slice(slash + 1), e.name);
        }
        z = { zip, byPath };
      } catch {
        z = null;
      }
    }
    this.zips.set(file, z);
    return z;
  }

  /** The src.zip entry of a class (binary name, its SourceFile), or undefined when the JDK has no source for it. */
  locate(home: string, className: string, sourceFile: string | null): string | undefined {
    const z = this.open(home);
    if (!z) return undefined;
    const dot = className.lastIndexOf('.');
    const dir = dot < 0 ? '' : `${className.slice(0, dot).replace(/\./g, '/')}/`;
    const outer = className.slice(dot + 1).split('$')[0]!;
    for (const f of [sourceFile, `${outer}.java`]) if (f && !f.includes('/')) {
      const e = z.byPath.get(`${dir}${f}`);
      if (e) return e;
    }
    return undefined;
  }

  /** The text of a src.zip entry, or undefined when the zip has no such entry (nothing else is read). */
  read(home: string, entry: string): string | undefined {
    const z = this.open(home);
    if (!z || z.byPath.get(entry) !== entry) return undefined;
    const bytes = z.zip.read(entry);
    return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes);
  }

  close(): void {
    for (const z of this.zips.values()) z?.zip.close();
    this.zips.clear();
  }
}
