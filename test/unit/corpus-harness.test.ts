// The corpus harness itself (test/helpers/corpus.ts): program directories and their option
// files, compilation of the whole corpus (cached by source hash), stdin/arguments/JVM options
// reaching the program, exit codes, timeouts, and the difference reporting.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/java';
import {
  compareTransformed,
  compilePrograms,
  CorpusCompileError,
  firstDifference,
  listPrograms,
  mapLimit,
  programsNamed,
  readProgram,
  runProgram,
  sourceHash,
} from '../helpers/corpus';

function writeProgram(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

const ECHO = `
public class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("args " + String.join("|", args));
        System.out.println("stdin " + new String(System.in.readAllBytes(), "UTF-8").replace("\\n", "/"));
        System.out.println("prop " + System.getProperty("corpus.test"));
        System.err.println("to stderr");
        if (args.length > 0 && args[0].equals("sleep")) Thread.sleep(60_000);
        System.exit(args.length);
    }
}
`;

test('the corpus has at least 60 programs, each with sources and its main class', () => {
  const programs = listPrograms();
  assert.ok(programs.length >= 60, `${programs.length} programs`);
  const names = new Set<string>();
  for (const p of programs) {
    assert.ok(!names.has(p.name), `unique name ${p.name}`);
    names.add(p.name);
    assert.ok(p.sources.length > 0, p.name);
    const mainFile = `${p.mainClass.replace(/\./g, '/')}.java`;
    assert.ok(
      p.sources.some((s) => s.split('\\').join('/').endsWith(`/${mainFile}`)),
      `${p.name}: main class ${p.mainClass} has a source file ${mainFile}`,
    );
  }
});

test('every corpus program compiles (cached by source hash)', () => {
  const programs = listPrograms();
  const dirs = compilePrograms(programs);
  assert.equal(dirs.size, programs.length);
  // Second call: everything comes from the cache, same directories.
  const again = compilePrograms(programs);
  for (const p of programs) assert.equal(again.get(p.name), dirs.get(p.name));
});

test('program options: args.txt (one per line, empty ones kept), input.txt, jvm.txt, javac.txt', async () => {
  const root = tempDir('corpus-harness');
  const dir = writeProgram(root, 'echo', {
    'src/Main.java': ECHO,
    'args.txt': 'one\ntwo words\n\nünï\n',
    'input.txt': 'line 1\nline 2\n',
    'jvm.txt': '-Dcorpus.test=yes\n',
    'javac.txt': '--release\n11\n',
  });
  const p = readProgram(dir);
  assert.equal(p.name, 'echo');
  assert.equal(p.mainClass, 'Main');
  assert.deepEqual(p.args, ['one', 'two words', '', 'ünï']);
  assert.deepEqual(p.jvmArgs, ['-Dcorpus.test=yes']);
  assert.deepEqual(p.javacArgs, ['--release', '11']);
  const classes = compilePrograms([p]).get('echo')!;
  assert.equal(readFileSync(join(classes, 'Main.class')).readUInt16BE(6), 55, 'compiled for release 11');
  const r = await runProgram(p, [classes]);
  assert.equal(r.stdout, 'args one|two words||ünï\nstdin line 1/line 2/\nprop yes\n');
  assert.equal(r.stderr, 'to stderr\n');
  assert.equal(r.status, 4);
  assert.equal(r.timedOut, false);

  const noInput = { ...p, args: [] as string[], input: undefined as string | undefined, jvmArgs: [] as string[] };
  const r2 = await runProgram(noInput, [classes], { jvmArgs: ['-Dcorpus.test=extra'] });
  assert.equal(r2.stdout, 'args \nstdin \nprop extra\n');
  assert.equal(r2.status, 0);
});

test('a hanging program is killed at the timeout', async () => {
  const root = tempDir('corpus-harness');
  const p = { ...readProgram(writeProgram(root, 'sleepy', { 'Main.java': ECHO })), args: ['sleep'] };
  const classes = compilePrograms([p]).get('sleepy')!;
  const r = await runProgram(p, [classes], { timeoutMs: 1500 });
  assert.equal(r.timedOut, true);
  assert.equal(r.status, null);
});

test('a program in packages runs with the main class from main.txt', async () => {
  const [p] = programsNamed(['packages-access']);
  assert.equal(p!.mainClass, 'app.Main');
  const r = await runProgram(p!, [compilePrograms([p!]).get(p!.name)!]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^app\.Main in app, app\.model/m);
});

test('compile errors are reported with the file and message; the source hash covers contents', () => {
  const root = tempDir('corpus-harness');
  const dir = writeProgram(root, 'broken', { 'Main.java': 'public class Main { void f() { int x = "s"; } }\n' });
  const p = readProgram(dir);
  assert.throws(() => compilePrograms([p]), (e: unknown) => e instanceof CorpusCompileError && /Main\.java/.test(e.message) && /incompatible types/.test(e.message));
  const h1 = sourceHash(p);
  writeFileSync(join(dir, 'Main.java'), 'public class Main { public static void main(String[] a) {} }\n');
  assert.notEqual(sourceHash(readProgram(dir)), h1);
  assert.throws(() => readProgram(join(root, 'nothing-here-' + Date.now())), /ENOENT|no \.java files/);
  assert.throws(() => programsNamed(['no-such-program']), /no such corpus programs: no-such-program/);
});

test('firstDifference and mapLimit', async () => {
  assert.equal(firstDifference('a\nb\n', 'a\nb\n'), undefined);
  assert.equal(firstDifference('a\nb\n', 'a\nc\n'), 'line 2: expected "b", got "c"');
  assert.equal(firstDifference('a\n', 'a\nextra'), 'line 2: expected "", got "extra"');
  assert.equal(firstDifference('a', ''), 'line 1: expected "a", got ""');
  let inFlight = 0;
  let peak = 0;
  const out = await mapLimit([5, 1, 4, 2, 3], 2, async (x, i) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, x * 3));
    inFlight--;
    return x * 10 + i;
  });
  assert.deepEqual(out, [50, 11, 42, 23, 34]);
  assert.equal(peak, 2);
});

test('compareTransformed reports differing stdout, stderr and exit code (negative control)', async () => {
  // The profiled run alone gets -Dkomorium.out: this program behaves differently under it.
  const root = tempDir('corpus-harness');
  const dir = writeProgram(root, 'tell', {
    'Main.java': `
public class Main {
    static int twice(int x) { return 2 * x; }
    public static void main(String[] args) {
        boolean profiled = System.getProperty("komorium.out") != null;
        System.out.println("same " + twice(21));
        System.out.println("profiled " + profiled);
        if (profiled) System.err.println("only when profiled");
        System.exit(profiled ? 3 : 0);
    }
}
`,
  });
  const p = readProgram(dir);
  const c = await compareTransformed(p, compilePrograms([p]).get('tell')!);
  assert.ok(c.transform.transformed > 0);
  assert.deepEqual(c.problems, [
    'exit code: expected 0, got 3',
    'stdout line 2: expected "profiled false", got "profiled true"',
    'stderr line 1: expected "", got "only when profiled"',
  ]);
  assert.ok(c.profile !== undefined && JSON.parse(c.profile).format === 'komorium-profile', 'the profile is written even on System.exit');
});
