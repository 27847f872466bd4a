// The set-up the hotspot-all test files share (`--engine jvm --instrument all`): a cache of the
// test process's own, in which its first run builds the instrumented copy of the JDK (a slice:
// only java.base's classes are instrumented, KOMORIUM_JDK_MODULES), the test programs of
// test/java/hotspot-all compiled, and `komorium` run with that cache.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from './java';

export const cache = tempDir('hsall-cache');
export const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
export const work = tempDir('hsall');
// For the runs made in this process (engines-corpus.ts): the same cache and modules.
process.env.KOMORIUM_CACHE = cache;
process.env.KOMORIUM_JDK_MODULES = 'java.base';

export function komorium(args: string[]) {
  return spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, KOMORIUM_CACHE: cache, KOMORIUM_JDK_MODULES: 'java.base' },
    maxBuffer: 64 << 20,
  });
}

export interface Profile {
  meta: { scope: string; startup?: string; totalBytecodes: number };
  methods: string[][];
  threads: { name: string; bytecodes: number; nodes: [number, number, number, number][] }[];
}

export const load = (f: string): Profile => JSON.parse(readFileSync(f, 'utf8')) as Profile;
