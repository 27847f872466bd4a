// Shared by the runtime tests: the compiled runtime (cached in test/.build), the hand-written
// "transformer output" program test/java/runtime/rtdemo compiled against it, and a runner.

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRuntime, type RuntimeBuild } from '../../server/src/runtime/build';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const buildDir = join(repoRoot, 'test', '.build');

let runtime: RuntimeBuild | undefined;
let demo: string | undefined;

export function runtimeClasses(): RuntimeBuild {
  if (!runtime) {
    mkdirSync(buildDir, { recursive: true });
    runtime = buildRuntime(buildDir);
  }
  return runtime;
}

/** Compiles test/java/runtime/rtdemo against the runtime (cached by source hash in test/.build). */
export function demoClasses(): string {
  if (demo) return demo;
  const rt = runtimeClasses();
  const src = join(repoRoot, 'test', 'java', 'runtime', 'rtdemo');
  const files = readdirSync(src).filter((f) => f.endsWith('.java')).sort().map((f) => join(src, f));
  const h = createHash('sha256').update(rt.hash);
  for (const f of files) h.update(`\0${f}\0`).update(readFileSync(f));
  const out = join(buildDir, `rtdemo-${h.digest('hex').slice(0, 16)}`);
  if (!existsSync(join(out, '.complete'))) {
    const tmp = mkdtempSync(`${out}.tmp-`);
    const r = spawnSync('javac', ['-nowarn', '-encoding', 'UTF-8', '-cp', rt.classesDir, '-d', tmp, ...files], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`javac rtdemo failed:\n${r.stdout}${r.stderr}`);
    writeFileSync(join(tmp, '.complete'), '');
    try {
      renameSync(tmp, out);
    } catch {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  demo = out;
  return out;
}

export interface JavaRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** "EXPECT <thread> <n>" lines: each thread's exact bytecode count, as the program saw it. */
  expected: Map<string, number>;
}

function javaArgs(props: Record<string, string>, args: string[], main: string): string[] {
  const cp = `${runtimeClasses().classesDir}${process.platform === 'win32' ? ';' : ':'}${demoClasses()}`;
  const d = Object.entries(props).map(([k, v]) => `-D${k}=${v}`);
  return ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-cp', cp, ...d, main, ...args];
}

function result(status: number | null, stdout: string, stderr: string): JavaRun {
  // Threads of the same name do the same work in these programs: one value per name.
  const expected = new Map<string, number>();
  for (const m of stdout.matchAll(/^EXPECT (\S+) (\d+)$/gm)) expected.set(m[1]!, Number(m[2]));
  return { status, stdout, stderr, expected };
}

/** Runs rtdemo.Orig (or `main`) with the given -D properties. */
export function runDemo(props: Record<string, string>, args: string[] = ['normal'], main = 'rtdemo.Orig'): JavaRun {
  const r = spawnSync('java', javaArgs(props, args, main), { encoding: 'utf8', cwd: tmpdir(), timeout: 60_000 });
  return result(r.status, r.stdout, r.stderr);
}

let running = 0;
const waiting: (() => void)[] = [];

/** Like runDemo, asynchronously, at most two JVMs at a time (the machine has two cores). */
export async function runDemoAsync(props: Record<string, string>, args: string[] = ['normal'], main = 'rtdemo.Orig'): Promise<JavaRun> {
  const argv = javaArgs(props, args, main);
  if (running >= 2) await new Promise<void>((res) => waiting.push(res));
  running++;
  try {
    return await new Promise<JavaRun>((res, rej) => {
      const p = spawn('java', argv, { cwd: tmpdir(), timeout: 60_000 });
      let out = '';
      let err = '';
      p.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      p.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      p.on('error', rej);
      p.on('close', (code) => res(result(code, out, err)));
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
