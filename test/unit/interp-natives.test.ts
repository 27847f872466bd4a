// Natives of the embedded JVM against HotSpot: small Java programs under test/java/interp/natives
// (System.getenv, InputStream.available on stdin and files, java.io.File of the empty path,
// headless AWT, ...)
// are compiled with javac, run on HotSpot and on the embedded engine (uninstrumented), and must
// print the same bytes and exit the same way. Standard input of the CLI (the process's own
// descriptor 0: a file, a pipe) is checked through `komorium run` against `java`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { javaFiles, javaHome, REPO, tempDir, testJdks } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { firstDifference } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'interp', 'natives');
const INPUT = 'hello world, this is stdin\nsecond line\nthird line, a little longer than the others\n';

// The environment both VMs inherit (Env prints these; LibraryPath prints java.library.path,
// which starts with LD_LIBRARY_PATH).
Object.assign(process.env, {
  KOMORIUM_TEST_VAR: 'abc=def',
  KOMORIUM_TEST_EMPTY: '',
  KOMORIUM_TEST_UNICODE: 'héllo wörld ✓',
  LD_LIBRARY_PATH: '/nonexistent/komorium-a:/nonexistent/komorium-b',
});
// Headless AWT in both VMs (with a display, java would open it).
delete process.env.DISPLAY;

interface Case {
  main: string;
  /** The class directory to run from (default: javac's output). */
  classes?: () => string;
  input?: string;
  args?: string[];
  jvmArgs?: string[];
}

const CASES: Case[] = [{ main: 'Env' }, { main: 'Available', input: INPUT }, { main: 'EmptyPath' }, { main: 'ShadowedFields' }, { main: 'LibraryPath' }, { main: 'DeepTraces' }, { main: 'BadClasses', classes: badClasses }, { main: 'FileLocks' }, { main: 'ProcessHandles' }, { main: 'HeadlessAwt' }];

function compile(): string {
  const out = tempDir('interp-natives');
  execFileSync(join(javaHome(), 'bin', 'javac'), ['-g', '-encoding', 'UTF-8', '-d', out, ...javaFiles(SRC)], { stdio: 'pipe' });
  return out;
}

const classes = compile();

/** A copy of the classes with BadClasses' nested classes broken as their names say. */
function badClasses(): string {
  const dir = tempDir('interp-natives-bad');
  cpSync(classes, dir, { recursive: true });
  const patch = (name: string, f: (b: Buffer) => Buffer): void => {
    const p = join(dir, `BadClasses$${name}.class`);
    writeFileSync(p, f(readFileSync(p)));
  };
  const version = (major: number, minor: number) => (b: Buffer): Buffer => {
    b.writeUInt16BE(minor, 4);
    b.writeUInt16BE(major, 6);
    return b;
  };
  patch('Major70', version(70, 0));
  patch('Major44', version(44, 0));
  patch('Minor3', (b) => version(b.readUInt16BE(6), 3)(b));
  patch('Preview', (b) => version(b.readUInt16BE(6), 0xffff)(b));
  patch('Magic', (b) => {
    b[1] = 0;
    return b;
  });
  patch('Truncated', (b) => b.subarray(0, 40));
  return dir;
}

test('embedded JVM natives match HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    CASES.map((c) =>
      t.test(c.main, async () => {
        const p: CorpusProgram = { name: `natives/${c.main}`, dir: SRC, sources: [], mainClass: c.main, args: c.args ?? [], jvmArgs: c.jvmArgs ?? [], javacArgs: [], ...(c.input === undefined ? {} : { input: c.input }) };
        const r = await compareWithHotSpot(p, c.classes?.() ?? classes, { instrument: 'none', timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
      }),
    ),
  );
});

// File streams on every JDK found (JDK 25's FileInputStream asks isRegularFile0 in transferTo,
// readAllBytes and skip): the same output as that JDK's java.
for (const jdk of testJdks()) {
  test(`FileInputStream's transfers on JDK ${jdk.feature} match java`, async () => {
    const p: CorpusProgram = { name: 'natives/FileTransfer', dir: SRC, sources: [], mainClass: 'FileTransfer', args: [], jvmArgs: [], javacArgs: [] };
    const r = await compareWithHotSpot(p, classes, { instrument: 'none', timeoutMs: 150_000, jdk: jdk.home });
    assert.deepEqual(r.problems, [], describeInterpComparison(r));
  });
}

/** Runs a command with stdin from `stdin` (a file path, or text written to a pipe). */
function runWith(cmd: string, args: string[], cwd: string, stdin: { file: string } | { pipe: string }): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const fd = 'file' in stdin ? openSync(stdin.file, 'r') : undefined;
    const child = spawn(cmd, args, { cwd, env: { ...process.env, KOMORIUM_FROM_SOURCE: '1' }, stdio: [fd ?? 'pipe', 'pipe', 'pipe'] });
    if (fd !== undefined) closeSync(fd);
    let out = '';
    let err = '';
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ out, err, code }));
    if ('pipe' in stdin && child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin.pipe);
    }
  });
}

for (const kind of ['file', 'pipe'] as const) {
  test(`komorium run: System.in.available() with stdin from a ${kind} matches java`, async () => {
    const dir = tempDir(`natives-stdin-${kind}`);
    const inputFile = join(dir, 'input.txt');
    writeFileSync(inputFile, INPUT);
    const stdin = kind === 'file' ? { file: inputFile } : { pipe: INPUT };
    const hs = await runWith(join(javaHome(), 'bin', 'java'), ['-cp', classes, 'Available'], tempDir('natives-hs'), stdin);
    const em = await runWith(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--no-profile', '-cp', classes, 'Available'], tempDir('natives-em'), stdin);
    assert.equal(em.code, hs.code, em.err);
    assert.equal(firstDifference(hs.out, em.out), undefined, `stdout differs:\n${em.out}\n${em.err}`);
  });
}

/** Runs a command, reads the first chunk of its stdout and closes the pipe (as `head -1`). */
function runClosingStdout(cmd: string, args: string[], cwd: string): Promise<{ err: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, KOMORIUM_FROM_SOURCE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('error', reject);
    child.on('close', (code) => resolve({ err, code }));
  });
}

test('komorium run: after the reader of stdout has gone, PrintStream.checkError() is true as on java', async () => {
  const hs = await runClosingStdout(join(javaHome(), 'bin', 'java'), ['-cp', classes, 'BrokenPipe'], tempDir('natives-hs'));
  const em = await runClosingStdout(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', '--no-profile', '-cp', classes, 'BrokenPipe'], tempDir('natives-em'));
  assert.equal(hs.err, 'checkError: true\nstill false after: true\n');
  assert.equal(em.code, hs.code);
  assert.equal(em.err, hs.err);
});
