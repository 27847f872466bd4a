// Compiling a single-file program (or a file and the sources it uses) with javac into a
// temporary folder: the third way of finding what to run (classpath.ts). javac runs as a
// child process, so the server's thread is not blocked.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findJavaHome } from '../classpath/index';

export interface CompileOptions {
  file: string;
  sourceRoot: string;
  classpath: string[];
  javaHome?: string;
}

export interface CompileResult {
  ok: boolean;
  outDir: string;
  /** javac's diagnostics. */
  output: string;
}

/** The output folder for a file: stable per source path, so repeated runs reuse one folder. */
export function compileOutDir(file: string): string {
  return join(tmpdir(), `komorium-javac-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`);
}

export async function compileJavaFile(o: CompileOptions): Promise<CompileResult> {
  let javac: string;
  try {
    const jdk = findJavaHome(o.javaHome || undefined);
    javac = join(jdk.home, 'bin', process.platform === 'win32' ? 'javac.exe' : 'javac');
  } catch (e) {
    return { ok: false, outDir: '', output: `no JDK found (${(e as Error).message}); set komorium.javaHome` };
  }
  const outDir = compileOutDir(o.file);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const args = ['-g', '-encoding', 'UTF-8', '-implicit:class', '-d', outDir, '-sourcepath', o.sourceRoot];
  if (o.classpath.length > 0) args.push('-cp', o.classpath.join(delimiter));
  args.push(o.file);
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(javac, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', (e) => resolve({ ok: false, outDir, output: `cannot run ${javac}: ${e.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, outDir, output: output.trim() }));
  });
}
