// A private copy of a JDK whose lib/modules (and CDS archive) can be replaced: the launcher and
// the VM find java.home from the real paths of bin/java and lib/server/libjvm.so, so those two
// are hard links (copies where linking fails); everything else is a symbolic link into the JDK.
// lib/modules and lib/server/*.jsa are left for the caller to write.

import { copyFileSync, linkSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Hard link `from` to `to`, or copy it (another file system, no permission). */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The copy of the JDK at `home` in `dir` (bin/java and libjvm.so real files, the rest links). */
export function makeJdkTree(home: string, dir: string): void {
  for (const e of readdirSync(home)) {
    if (e === 'bin' || e === 'lib') continue;
    symlinkSync(join(home, e), join(dir, e));
  }
  const exe = process.platform === 'win32' ? 'java.exe' : 'java';
  mkdirSync(join(dir, 'bin'), { recursive: true });
  linkOrCopy(join(home, 'bin', exe), join(dir, 'bin', exe));
  mkdirSync(join(dir, 'lib', 'server'), { recursive: true });
  for (const e of readdirSync(join(home, 'lib'))) {
    if (e === 'modules' || e === 'server') continue;
    symlinkSync(join(home, 'lib', e), join(dir, 'lib', e));
  }
  const server = join(home, 'lib', 'server');
  for (const e of readdirSync(server)) {
    if (e.endsWith('.jsa')) continue;
    if (e.startsWith('libjvm.')) linkOrCopy(join(server, e), join(dir, 'lib', 'server', e));
    else symlinkSync(join(server, e), join(dir, 'lib', 'server', e));
  }
}

