// The set-up the hotspot-all test files share (`--engine jvm --instrument all`, only java.base's
// classes instrumented: KOMORIUM_JDK_MODULES), the test programs of test/java/hotspot-all
// compiled, and `komorium` run with the process's cache. hotspot-all.test.ts, which tests the
// copy's build and reuse, gives itself a cache of its own (ownCache); the other files use the
// test run's cache, so the npm-test slice builds the java.base copy once for them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from './java';

export const classes = compileJava(join(REPO, 'test', 'java', 'hotspot-all'));
export const work = tempDir('hsall');
// For the runs made in this process (engines-corpus.ts): the same modules (and cache).
process.env.KOMORIUM_JDK_MODULES = 'java.base';

/** A cache of this test process's own, in which its first run builds the instrumented copy. */
export function ownCache(): string {
  const dir = tempDir('hsall-cache');
  process.env.KOMORIUM_CACHE = dir;
  return dir;
}

export function komorium(args: string[]) {
  return spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, KOMORIUM_JDK_MODULES: 'java.base' },
    maxBuffer: 64 << 20,
  });
}

export interface Profile {
  meta: { scope: string; startup?: string; totalBytecodes: number };
  methods: string[][];
  threads: { name: string; bytecodes: number; nodes: [number, number, number, number][] }[];
}

export const load = (f: string): Profile => JSON.parse(readFileSync(f, 'utf8')) as Profile;
