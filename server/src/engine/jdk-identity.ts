// The JDK's identity for cache keys (the instrumented JDK, javac's CDS archive, compiles): its
// home, version, release file, and lib/modules' size and mtime. A module of its own so that
// callers outside the engine (the language server's javac) need not load the transformer.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JdkInfo } from '../classpath/index';

/** The JDK's identity for cache keys: its home, release file, and lib/modules' size and mtime. */
export function jdkIdentity(jdk: JdkInfo): string {
  let release = '';
  try {
    release = readFileSync(join(jdk.home, 'release'), 'utf8');
  } catch {
    // no release file: the image's size and mtime still tell JDKs apart
  }
  const st = statSync(jdk.modulesPath);
  return `${jdk.home}\0${jdk.version}\0${release}\0${st.size}\0${Math.round(st.mtimeMs)}`;
}
