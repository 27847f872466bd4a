// node:child_process, loaded at its first use. The embedded engine's worker uses it only for
// what a program rarely does (Runtime.exec, host names, named pipes) or the cache's first fill
// (javac, java's probe); imported at the top, it made every worker compile node's
// child_process, net and dgram modules and their bindings before the restore.

import { createRequire } from 'node:module';

type ChildProcess = typeof import('node:child_process');

let mod: ChildProcess | undefined;

export function childProcess(): ChildProcess {
  return (mod ??= createRequire(import.meta.url)('node:child_process') as ChildProcess);
}
