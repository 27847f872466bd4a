// The cache's entries, their last use, pruning, and `komorium cache`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, linkSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { listCache, markUsed, pruneCache, pruneUnusedJdkImages, sizeOf, USED_STAMP } from '../../server/src/engine/cache-prune';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DAY = 86_400_000;

function age(path: string, days: number): void {
  const t = new Date(Date.now() - days * DAY);
  utimesSync(path, t, t);
}

/** A cache with two JDK copies (one used 20 days ago, one today), sharded classes and a snapshot. */
function fixture(): { root: string; old: string; fresh: string; oldClass: string; newClass: string; snap: string } {
  const root = mkdtempSync(join(tmpdir(), 'komorium-cache-'));
  const old = join(root, 'jdk-images', '17-aaaa');
  const fresh = join(root, 'jdk-images', '17-bbbb');
  for (const d of [old, fresh]) {
    mkdirSync(join(d, 'lib'), { recursive: true });
    writeFileSync(join(d, 'lib', 'modules'), Buffer.alloc(1000));
    writeFileSync(join(d, '.complete'), '');
  }
  // A hard link (as the copies' bin/java) frees nothing.
  writeFileSync(join(root, 'java'), Buffer.alloc(500));
  linkSync(join(root, 'java'), join(old, 'java'));
  const shard = join(root, 'interp-classes', 'ab');
  mkdirSync(shard, { recursive: true });
  const oldClass = join(shard, 'old.class');
  const newClass = join(shard, 'new.class');
  writeFileSync(oldClass, Buffer.alloc(10));
  writeFileSync(newClass, Buffer.alloc(20));
  mkdirSync(join(root, 'boot-snapshots'));
  const snap = join(root, 'boot-snapshots', 'x.snap');
  writeFileSync(snap, Buffer.alloc(30));
  for (const p of [join(old, 'lib', 'modules'), join(old, 'lib'), join(old, '.complete'), old, oldClass]) age(p, 20);
  // The fresh copy was built 20 days ago but used today.
  for (const p of [join(fresh, 'lib', 'modules'), join(fresh, 'lib'), join(fresh, '.complete'), fresh]) age(p, 20);
  markUsed(fresh);
  return { root, old, fresh, oldClass, newClass, snap };
}

test('entries carry their size (hard links left out) and last use (the stamp)', () => {
  const f = fixture();
  const es = listCache(f.root);
  const byPath = new Map(es.map((e) => [e.path, e]));
  assert.equal(byPath.get(f.old)?.bytes, 1000);
  assert.equal(byPath.get(f.fresh)?.bytes, 1000);
  assert.ok(Date.now() - byPath.get(f.fresh)!.lastUsed < DAY, 'the stamp makes the copy recent');
  assert.ok(Date.now() - byPath.get(f.old)!.lastUsed > 19 * DAY);
  assert.equal(byPath.get(f.oldClass)?.kind, 'interp-classes');
  assert.equal(byPath.get(f.snap)?.bytes, 30);
  assert.equal(sizeOf(join(f.fresh, USED_STAMP)), 0);
});

test('prune removes what was unused for N days; dry run removes nothing; keep is kept', () => {
  const f = fixture();
  const dry = pruneCache(f.root, { unusedDays: 7, dryRun: true });
  assert.deepEqual(dry.removed.map((e) => e.path).sort(), [f.old, f.oldClass].sort());
  assert.ok(existsSync(f.old));
  const kept = pruneCache(f.root, { unusedDays: 7, keep: new Set([f.old]), dryRun: true });
  assert.deepEqual(kept.removed.map((e) => e.path), [f.oldClass]);
  const r = pruneCache(f.root, { unusedDays: 7 });
  assert.equal(r.bytes, 1010);
  assert.ok(!existsSync(f.old) && !existsSync(f.oldClass));
  assert.ok(existsSync(f.fresh) && existsSync(f.newClass) && existsSync(f.snap));
});

test('a new JDK copy prunes only JDK copies, never the one it built', () => {
  const f = fixture();
  assert.equal(pruneUnusedJdkImages(f.root, f.old), 0, 'the kept copy stays even when old');
  assert.ok(existsSync(f.old));
  assert.equal(pruneUnusedJdkImages(f.root, f.fresh), 1000);
  assert.ok(!existsSync(f.old) && existsSync(f.oldClass), 'other kinds are left');
});

test('a build in progress (a live process’s temporary directory or lock) is never removed', () => {
  const f = fixture();
  const tmp = join(f.root, 'jdk-images', `17-cccc.${process.pid}.ab12.tmp`);
  mkdirSync(tmp);
  age(tmp, 30);
  // The lock of a build that holds (build-lock.ts) stays; one whose process is gone goes.
  const live = join(f.root, 'jdk-images', '17-cccc.lock');
  writeFileSync(live, JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() }));
  const dead = join(f.root, 'jdk-images', '17-dddd.lock');
  writeFileSync(dead, JSON.stringify({ pid: spawnSync('true').pid, host: hostname(), started: Date.now() }));
  const r = pruneCache(f.root, { unusedDays: 0, kinds: ['jdk-images'] });
  assert.ok(existsSync(tmp));
  assert.ok(existsSync(live));
  assert.deepEqual(r.removed.map((e) => e.path).sort(), [f.fresh, f.old, dead].sort());
});

test('komorium cache list / prune / clear', () => {
  const f = fixture();
  const run = (...args: string[]): { code: number | null; out: string; err: string } => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'src', 'cli', 'main.ts'), 'cache', ...args], {
      cwd: repoRoot,
      env: { ...process.env, KOMORIUM_CACHE: f.root },
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const list = run();
  assert.equal(list.code, 0, list.err);
  assert.match(list.out, /^jdk-images\s+2\s+2\.0 KiB\s+just now/m);
  assert.match(list.out, /^interp-classes\s+2\s+30 B\s+just now/m);
  assert.match(list.out, /^total 2\.0 KiB/m);
  const prune = run('prune', '--unused-days', '10');
  assert.equal(prune.code, 0, prune.err);
  assert.match(prune.out, /removed 2 entries unused for 10 days .*: 1010 B/);
  assert.ok(!existsSync(f.old) && existsSync(f.fresh));
  const bad = run('prune', '--unused-days', 'soon');
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--unused-days needs a number of days, got 'soon'/);
  const clear = run('clear');
  assert.equal(clear.code, 0, clear.err);
  assert.ok(!existsSync(f.fresh) && !existsSync(f.snap) && !existsSync(f.newClass));
  assert.match(run('list').out, /^empty$/m);
});

test('komorium cache list counts locks, partial builds and failure marks apart from entries', () => {
  const f = fixture();
  const dir = join(f.root, 'jdk-images');
  // A build in progress: its lock (this process holds it) and its temporary directory.
  writeFileSync(join(dir, '17-cccc.lock'), JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() }));
  mkdirSync(join(dir, `17-cccc.${process.pid}.abcdef.tmp`));
  writeFileSync(join(dir, '17-dddd.failed'), '{}');
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'src', 'cli', 'main.ts'), 'cache', 'list'], {
    cwd: repoRoot,
    env: { ...process.env, KOMORIUM_CACHE: f.root },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^jdk-images\s+2\s+.*\(1 being built, 1 partial, 1 failed\)$/m);
});
