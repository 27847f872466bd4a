// Boot snapshots of the embedded JVM (server/src/interp/snapshot/): a run restored from the
// snapshot of the booted JDK prints the same bytes on stdout and stderr, exits the same way and
// writes the same profile, bit for bit (but its wall-clock start and end), as a run that boots:
// identity hashes of the main thread and of a thread started after the boot, a HashSet's order
// that follows them, NaN bits (as HotSpot's too), sampled profiles with the JDK instrumented and
// uninstrumented runs.
// A truncated, corrupt or misfiled snapshot is refused with a one-line warning and the JDK
// boots; the store refuses each by itself too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, truncateSync, writeFileSync, statSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, REPO, tempDir } from '../helpers/java';
import { closeLazyFiles, readSnapshot, releaseBytes, removeStaleTemps, writeSnapshot } from '../../server/src/interp/snapshot/store';
import { startInterpreterRun } from '../../server/src/engine/interp-run';
import { profileWithoutTimes, snapshotCache } from '../helpers/snapshot-runs';

const SRC = join(REPO, 'test', 'java', 'interp-snapshot');

interface Run {
  stdout: string;
  stderr: string;
  status: number | null;
  profile: string | null;
  /** The trace lines (KOMORIUM_TRACE_SNAPSHOT), taken out of stderr. */
  trace: string[];
}

interface Program {
  cwd: string;
  cp: string;
  main: string;
  args: string[];
}

/** `tag` null: no `-o` (the profile goes to komorium-profile.json in the program's directory). */
function run(classes: string, cache: string, mode: '0' | 'always', extra: string[], tag: string | null, prog: Program = { cwd: classes, cp: classes, main: 'SnapMain', args: ['x', 'y'] }): Run {
  const out = tag === null ? join(prog.cwd, 'komorium-profile.json') : join(cache, `${tag}.json`);
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'komorium.mjs'), 'run', ...extra, ...(tag === null ? [] : ['-o', out]), '-cp', prog.cp, prog.main, ...prog.args], {
    encoding: 'utf8',
    cwd: prog.cwd,
    // The boot snapshot alone (interp-snapshot-main.test.ts tests the one after the main class).
    env: { ...process.env, KOMORIUM_FROM_SOURCE: '1', KOMORIUM_CACHE: cache, KOMORIUM_BOOT_SNAPSHOT: mode, KOMORIUM_MAIN_SNAPSHOT: '0', KOMORIUM_TRACE_SNAPSHOT: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = r.stderr.split('\n');
  const trace = lines.filter((l) => l.startsWith('komorium: boot snapshot') || l.startsWith('komorium: no boot snapshot'));
  // The CLI's summary line names the profile file, which differs per run.
  const stderr = lines.filter((l) => !trace.includes(l) && !l.startsWith('komorium: ')).join('\n');
  return { stdout: r.stdout, stderr, status: r.status, profile: profileWithoutTimes(out), trace };
}

function snapshots(cache: string): string[] {
  const dir = join(cache, 'boot-snapshots');
  try {
    return readdirSync(dir)
      .filter((n) => n.endsWith('.snap'))
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

function same(a: Run, b: Run, what: string): void {
  assert.equal(b.stdout, a.stdout, `${what}: stdout`);
  assert.equal(b.stderr, a.stderr, `${what}: stderr`);
  assert.equal(b.status, a.status, `${what}: exit status`);
  assert.equal(b.profile, a.profile, `${what}: profile`);
}

const classes = compileJava(SRC);

/** SnapMain's stdout on HotSpot (the `java` on the PATH). */
function hotSpotStdout(): string {
  const r = spawnSync('java', ['-cp', classes, 'SnapMain', 'x', 'y'], { encoding: 'utf8' });
  assert.equal(r.status, 3, r.stderr);
  return r.stdout;
}

/** The line of NaN bit counts (SnapMain: x86's default NaN, then any other, for two cases). */
function nanLine(stdout: string): string | undefined {
  return stdout.split('\n').find((l) => l.startsWith('nan '));
}

test('snapshot store: truncated, corrupt and misfiled files are refused', () => {
  const dir = tempDir('snapstore');
  const f = join(dir, 'a.snap');
  const key = 'ab'.repeat(32);
  const payload = new Uint8Array(1000).map((_, i) => i * 7);
  writeSnapshot(f, key, payload);
  const ok = readSnapshot(f, key);
  assert.ok('payload' in ok && Buffer.compare(ok.payload, Buffer.from(payload)) === 0);
  assert.ok('invalid' in readSnapshot(f, 'cd'.repeat(32)), 'another key');
  const bytes = readFileSync(f);
  bytes[bytes.length - 10] ^= 0x40;
  writeFileSync(f, bytes);
  assert.match((readSnapshot(f, key) as { invalid: string }).invalid, /corrupt/);
  truncateSync(f, 500);
  assert.match((readSnapshot(f, key) as { invalid: string }).invalid, /truncated/);
  truncateSync(f, 3);
  assert.ok('invalid' in readSnapshot(f, key));
  assert.ok('missing' in readSnapshot(join(dir, 'none.snap'), key));
  // In parts (the graph and the blob beside it): each read back into a buffer of its own.
  const blob = new Uint8Array(4096).map((_, i) => i * 13);
  writeSnapshot(f, key, [payload, blob]);
  const two = readSnapshot(f, key);
  assert.ok('parts' in two && two.parts.length === 2);
  assert.equal(Buffer.compare(two.parts[0], Buffer.from(payload)), 0);
  assert.equal(Buffer.compare(two.parts[1], Buffer.from(blob)), 0);
  assert.notEqual(two.parts[0].buffer, two.parts[1].buffer);
  assert.equal(two.parts[1].byteOffset, 0, 'the blob is viewed as 4-byte aligned line tables');
  // The graph's memory is given back at once once deserialised; the blob stays.
  const graphBuffer = two.parts[0].buffer;
  releaseBytes(two.parts[0]);
  assert.equal(graphBuffer.byteLength, 0, 'the graph part is released');
  assert.equal(Buffer.compare(two.parts[1], Buffer.from(blob)), 0, 'the blob is left alone');
  // Any other buffer is left to the collector, never detached (a detached buffer would slow
  // every typed-array access of the isolate's optimised code: store.ts releaseBytes).
  const plain = new Int32Array([1, 2, 3]);
  releaseBytes(plain);
  assert.equal(plain.buffer.byteLength, 12, 'a plain buffer is not detached');
  assert.deepEqual([...plain], [1, 2, 3]);
  const cut = readFileSync(f);
  writeFileSync(f, cut.subarray(0, cut.length - 100));
  assert.match((readSnapshot(f, key) as { invalid: string }).invalid, /truncated/);
  cut[cut.length - 1] ^= 1;
  writeFileSync(f, cut);
  assert.match((readSnapshot(f, key) as { invalid: string }).invalid, /corrupt/);
  // A part left in the file (the class files): checked with the rest, then read by slices,
  // from the file as it was read even when it is replaced meanwhile.
  const cold = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) ^ (i >> 9));
  writeSnapshot(f, key, [payload, blob, cold]);
  const lazy = readSnapshot(f, key, 2);
  assert.ok('lazy' in lazy && lazy.parts.length === 2 && lazy.lazy.length === 1);
  assert.equal(lazy.lazy[0].length, cold.length);
  assert.equal(Buffer.compare(lazy.parts[1], Buffer.from(blob)), 0);
  writeSnapshot(f, key, [payload, blob, new Uint8Array(cold.length)]);
  assert.equal(Buffer.compare(lazy.lazy[0].read(0, cold.length), Buffer.from(cold)), 0, 'the file read, not its replacement');
  assert.equal(Buffer.compare(lazy.lazy[0].read(2 * 1024 * 1024 + 5, 1000), Buffer.from(cold.subarray(2 * 1024 * 1024 + 5, 2 * 1024 * 1024 + 1005))), 0);
  assert.throws(() => lazy.lazy[0].read(cold.length - 10, 11), RangeError);
  assert.equal(lazy.lazy[0].read(0, 4).constructor, Uint8Array, 'a plain array (no node Buffer in a VM that is snapshotted again)');
  closeLazyFiles(); // (the worker, at its run's end)
  assert.throws(() => lazy.lazy[0].read(0, 4), /closed/);
  writeSnapshot(f, key, [payload, blob, cold]);
  const whole = readFileSync(f);
  whole[whole.length - 2 * 1024 * 1024] ^= 4; // in the lazy part, past the first chunk
  writeFileSync(f, whole);
  assert.match((readSnapshot(f, key, 2) as { invalid: string }).invalid, /corrupt/, 'damage in a part left in the file');
  writeFileSync(f, whole.subarray(0, whole.length - 1));
  assert.match((readSnapshot(f, key, 2) as { invalid: string }).invalid, /truncated/);
});

test('snapshot store: temporary files of killed writers are removed, never read', () => {
  const dir = tempDir('snaptmp');
  const key = 'ef'.repeat(32);
  const file = join(dir, `${key.slice(0, 32)}.snap`);
  const gone = spawnSync('true').pid as number; // a pid no longer running
  const old = (Date.now() - 2 * 60 * 1000) / 1000;
  const dead = `${file}.${gone}.1.tmp`;
  const ancient = `${file}.${process.pid}.2.tmp`;
  const fresh = `${file}.${gone}.3.tmp`;
  const mine = `${file}.${process.pid}.4.tmp`;
  for (const f of [dead, ancient, fresh, mine]) writeFileSync(f, 'partial');
  utimesSync(dead, old, old);
  utimesSync(ancient, old - 7200, old - 7200);
  utimesSync(mine, old, old);
  // Only the final name is ever read.
  assert.ok('missing' in readSnapshot(file, key));
  assert.deepEqual(removeStaleTemps(dir).sort(), [ancient, dead].sort());
  assert.ok(existsSync(fresh), 'a writer may still be at it (under a minute)');
  assert.ok(existsSync(mine), 'this process is alive');
  // Writing a snapshot cleans up as well, and leaves no temporary file of its own.
  utimesSync(fresh, old, old);
  writeSnapshot(file, key, new Uint8Array(10));
  assert.deepEqual(readdirSync(dir).sort(), [`${key.slice(0, 32)}.snap`, mine.slice(dir.length + 1)].sort());
});

test('a snapshot that cannot be used is reported in the engine log, not on the program\'s stderr', async () => {
  const cache = snapshotCache('snaplog');
  const saved = { cache: process.env.KOMORIUM_CACHE, mode: process.env.KOMORIUM_BOOT_SNAPSHOT, main: process.env.KOMORIUM_MAIN_SNAPSHOT };
  process.env.KOMORIUM_CACHE = cache;
  process.env.KOMORIUM_BOOT_SNAPSHOT = 'always';
  process.env.KOMORIUM_MAIN_SNAPSHOT = '0';
  try {
    const go = async (): Promise<{ stderr: string; log: string[] }> => {
      let stderr = '';
      const log: string[] = [];
      const r = startInterpreterRun({ mainClass: 'SnapMain', args: ['x'], classpath: [classes], cwd: classes, profilePath: join(cache, 'p.json'), instrument: 'none', clock: 'virtual', onStderr: (b) => (stderr += b.toString()), onLog: (l) => log.push(l) });
      r.endStdin();
      const outcome = await r.done;
      assert.equal(outcome.exitCode, 3, outcome.error);
      return { stderr, log };
    };
    await go();
    const [file] = snapshots(cache);
    assert.ok(file !== undefined, 'a snapshot file');
    truncateSync(file, 1000);
    const r = await go();
    assert.match(r.stderr, /^to stderr \d+\n$/, 'the program\'s stderr only');
    assert.equal(r.log.length, 1, r.log.join('\n'));
    assert.match(r.log[0], /^boot snapshot .* is truncated .*; booting the JDK instead$/);
  } finally {
    for (const [k, v] of [['KOMORIUM_CACHE', saved.cache], ['KOMORIUM_BOOT_SNAPSHOT', saved.mode], ['KOMORIUM_MAIN_SNAPSHOT', saved.main]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
});

/**
 * Another program: SnapOther in `app`, SnapMain's classes in `lib`, both relative to its own
 * working directory, other arguments and a property of its own.
 */
function otherProgram(): Program {
  const dir = tempDir('snapother');
  cpSync(compileJava(join(REPO, 'test', 'java', 'interp-snapshot-other')), join(dir, 'app'), { recursive: true });
  cpSync(classes, join(dir, 'lib'), { recursive: true });
  return { cwd: dir, cp: 'app:lib', main: 'SnapOther', args: ['one', 'two words'] };
}

test('restored runs are identical to booted ones: --instrument all, virtual clock; one snapshot serves another program', () => {
  const cache = snapshotCache('snapall');
  // A property of SnapMain's own, which the other program below must not see.
  const extra = ['--clock', 'virtual', '-J-Dsnap.only.first=1'];
  const booted = run(classes, cache, '0', extra, 'booted');
  assert.equal(booted.status, 3, booted.stderr);
  assert.ok(booted.profile !== null, 'a profile');
  assert.equal(snapshots(cache).length, 0, 'KOMORIUM_BOOT_SNAPSHOT=0 writes none');
  // NaN bits as HotSpot's (nan37: a booted run's thread stacks lost x86's default NaN's sign
  // where a restored run's kept it; the restored runs below must print the same).
  assert.match(nanLine(booted.stdout) ?? '', /^nan \[\d+, \d+, \d+, \d+\]$/);
  assert.equal(nanLine(booted.stdout), nanLine(hotSpotStdout()), 'NaN bits of the booted run');
  // Written by a run without -o, used by runs with one.
  const writing = run(classes, cache, 'always', extra, null);
  assert.equal(writing.trace.length, 1, writing.trace.join('\n'));
  assert.match(writing.trace[0], /written/);
  same(booted, writing, 'booted and written');
  // A longer output path: the agent's own work at shutdown (Lifecycle.beforeHalt on the main thread,
  // the path normalised in instrumented JDK code) is not counted, so the counts do not depend on it.
  const restored = run(classes, cache, 'always', extra, 'restored-to-a-profile-file-with-a-longer-name');
  assert.match(restored.trace.join('\n'), /restored/);
  same(booted, restored, 'booted and restored');

  // Another program (class path, directory, command line, properties) starts from the same
  // snapshot, and runs as it does when it boots.
  const other = otherProgram();
  const otherExtra = ['--clock', 'virtual', '-J-Dsnap.other=yes'];
  const otherBooted = run(classes, cache, '0', otherExtra, 'other-booted', other);
  assert.equal(otherBooted.status, 0, otherBooted.stderr);
  assert.match(otherBooted.stdout, /^cp app:lib\ndir .*\ncommand SnapOther one two words\nprop yes null\n/);
  assert.match(otherBooted.stdout, /loaded SnapMain\$Box by true\nresource file true\n/);
  const otherRestored = run(classes, cache, 'always', otherExtra, 'other-restored', other);
  assert.match(otherRestored.trace.join('\n'), /restored/);
  assert.equal(snapshots(cache).length, 1, 'one snapshot for both programs');
  same(otherBooted, otherRestored, 'another program, booted and restored');
});

test('restored runs are identical to booted ones: uninstrumented, real clock; bad snapshots fall back', () => {
  const cache = snapshotCache('snapnone');
  const extra = ['--no-profile'];
  const writing = run(classes, cache, 'always', extra, 'writing');
  assert.equal(writing.status, 3, writing.stderr);
  assert.match(writing.trace.join('\n'), /written/);
  const [file] = snapshots(cache);
  assert.ok(file !== undefined, 'a snapshot file');
  const restored = run(classes, cache, 'always', extra, 'restored');
  assert.match(restored.trace.join('\n'), /restored/);
  same(writing, restored, 'written and restored');

  // Truncated: one warning, the JDK boots (and writes a new snapshot).
  truncateSync(file, Math.floor(statSync(file).size / 2));
  const truncated = run(classes, cache, 'always', extra, 'truncated');
  assert.match(truncated.trace[0] ?? '', /truncated.*booting the JDK instead/);
  same(writing, truncated, 'after a truncated snapshot');
  // Bytes flipped in the payload.
  const bytes = readFileSync(file);
  for (let i = bytes.length - 5000; i < bytes.length; i += 97) bytes[i] ^= 0xff;
  writeFileSync(file, bytes);
  const corrupt = run(classes, cache, 'always', extra, 'corrupt');
  assert.match(corrupt.trace[0] ?? '', /corrupt.*booting the JDK instead/);
  same(writing, corrupt, 'after a corrupt snapshot');
  // A file of another key under this key's name (stale): refused.
  const other = readFileSync(file);
  other[10] ^= 1;
  mkdirSync(join(cache, 'boot-snapshots'), { recursive: true });
  writeFileSync(file, other);
  const stale = run(classes, cache, 'always', extra, 'stale');
  assert.match(stale.trace[0] ?? '', /another JDK, engine or options/);
  same(writing, stale, 'after a stale snapshot');
});

// The same relative class path in another directory: URLClassPath resolves each entry against
// user.dir when it is made, so the snapshot's application loader looked in the directory of the
// run that wrote it (before: "Could not find or load main class SnapOther", exit 1).
test('a snapshot written in one directory serves the same relative class path in another', () => {
  const cache = snapshotCache('snapcwd');
  const first = tempDir('snapcwd-first');
  cpSync(classes, join(first, 'app'), { recursive: true });
  mkdirSync(join(first, 'lib'));
  const writing = run(classes, cache, 'always', ['--no-profile'], 'writing', { cwd: first, cp: 'app:lib', main: 'SnapMain', args: ['x'] });
  assert.match(writing.trace.join('\n'), /written/);
  const other = otherProgram();
  const booted = run(classes, cache, '0', ['--no-profile', '-J-Dsnap.other=yes'], 'other-booted', other);
  assert.equal(booted.status, 0, booted.stderr);
  const restored = run(classes, cache, 'always', ['--no-profile', '-J-Dsnap.other=yes'], 'other-restored', other);
  assert.match(restored.trace.join('\n'), /restored/);
  same(booted, restored, 'another directory, the same class path, booted and restored');
});
