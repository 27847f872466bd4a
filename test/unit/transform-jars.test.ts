// Jars on the class path of the HotSpot engine and `transform` (driver.ts, scan.ts, zip.ts): a jar
// already scanned (same content hash) is not read entry by entry again, resources are streamed
// (never held in memory whole), and an entry too large to read names the jar and the entry.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileJava, tempDir, REPO } from '../helpers/java';
import { writeZip, writeZeroZip, type ZipInput } from '../helpers/zip';
import { findJavaHome } from '../../server/src/classpath/index';
import { transformClassPath } from '../../server/src/transform/driver';

const jdk = findJavaHome();
const hello = readFileSync(join(compileJava(join(REPO, 'test', 'java', 'cache')), 'Hello.class'));

/** `public class <name> {}` without methods: the smallest valid class file (JVMS 4.1). */
function emptyClass(name: string): Uint8Array {
  const utf8 = (s: string): Buffer => {
    const b = Buffer.from(s, 'utf8');
    const h = Buffer.from([1, 0, 0]);
    h.writeUInt16BE(b.length, 1);
    return Buffer.concat([h, b]);
  };
  const u2 = (v: number): Buffer => Buffer.from([v >> 8, v & 0xff]);
  return Buffer.concat([
    Buffer.from([0xca, 0xfe, 0xba, 0xbe]), u2(0), u2(52),
    u2(5), utf8(name), Buffer.from([7]), u2(1), utf8('java/lang/Object'), Buffer.from([7]), u2(3),
    u2(0x21), u2(2), u2(4), u2(0), u2(0), u2(0), u2(0),
  ]);
}

// 20,000 entries; most are resources, so that the test stays fast on a busy disk.
const CLASSES = 200;
const RESOURCES = 19_800;

function manyEntries(variant: string): ZipInput[] {
  const entries: ZipInput[] = [{ name: 'Hello.class', data: hello }];
  for (let i = 0; i < CLASSES; i++) {
    const name = `p${i % 100}/C${i}`;
    entries.push({ name: `${name}.class`, data: emptyClass(name) });
  }
  for (let i = 0; i < RESOURCES; i++) entries.push({ name: `r${i % 100}/res${i}.txt`, data: Buffer.from(`resource ${i} ${variant}\n`), method: i % 10 === 0 ? 8 : 0 });
  return entries;
}

test(`a jar of ${CLASSES + RESOURCES + 1} entries is scanned once: the next run with the same content reads none of its entries`, () => {
  const dir = tempDir('jars-many');
  const jar = join(dir, 'many.jar');
  writeZip(jar, manyEntries('a'));
  const cache = join(dir, 'cache');
  const run = () => {
    const out = tempDir('jars-out');
    try {
      return transformClassPath({ classpath: [jar], outDir: out, jdk, cacheDir: cache, copyResources: false });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };

  const first = run();
  assert.equal(first.classes, CLASSES + 1);
  assert.equal(first.jarsReused, 0);
  assert.equal(first.entriesRead, CLASSES + 1, 'the first run reads each class once (resources stay in the jar)');
  assert.equal(first.resources, 0);
  assert.deepEqual(first.entries, [jar]);

  const second = run();
  assert.equal(second.jarsReused, 1, 'the jar scan comes from the cache');
  assert.equal(second.entriesRead, 0, 'no entry of the jar is read again');
  assert.equal(second.reused, CLASSES + 1, 'every class comes from the cache');
  assert.equal(second.failed.length, 0);

  // A run (HotSpot engine) shares the jar's transformed classes: built once, then used in place.
  const shared = (): { r: ReturnType<typeof transformClassPath>; written: number } => {
    const out = tempDir('jars-out');
    try {
      const r = transformClassPath({ classpath: [jar], outDir: out, jdk, cacheDir: cache, copyResources: false, shareJarOutputs: true });
      return { r, written: readdirSync(out, { recursive: true }).length };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
  const s1 = shared();
  assert.equal(s1.r.classDirs.length, 2);
  assert.equal(s1.written, 0, 'nothing of the jar goes into the run directory');
  assert.ok(statSync(join(s1.r.classDirs[1]!, 'p5', 'C105.class')).isFile());
  const s2 = shared();
  assert.equal(s2.r.classDirs[1], s1.r.classDirs[1], 'the same shared directory');
  assert.equal(s2.r.entriesRead, 0);
  assert.equal(s2.r.reused, CLASSES + 1);
  assert.equal(s2.r.reports.length, CLASSES + 1, 'the reports come with it');

  // Other content under the same name is scanned again.
  writeZip(jar, manyEntries('b'));
  const changed = run();
  assert.equal(changed.jarsReused, 0, 'a changed jar is scanned again');
  assert.equal(changed.entriesRead, CLASSES + 1);
  assert.equal(changed.reused, CLASSES + 1, 'its unchanged classes still come from the class cache');
  rmSync(dir, { recursive: true, force: true });
});

test('transform copies the resources of a jar (stored and deflated) without reading its cached classes again', () => {
  const dir = tempDir('jars-export');
  const jar = join(dir, 'small.jar');
  const entries: ZipInput[] = [{ name: 'Hello.class', data: hello }];
  for (let i = 0; i < 20; i++) entries.push({ name: `r/res${i}.txt`, data: Buffer.from(`resource ${i}\n`.repeat(i * 100)), method: i % 2 === 0 ? 0 : 8 });
  entries.push({ name: 'META-INF/SIGNER.SF', data: Buffer.from('signature') });
  writeZip(jar, entries);
  const cache = join(dir, 'cache');
  const first = transformClassPath({ classpath: [jar], outDir: join(dir, 'out1'), jdk, cacheDir: cache });
  assert.equal(first.resources, 20, 'the signature file is left out');
  const out = join(dir, 'out2');
  const r = transformClassPath({ classpath: [jar], outDir: out, jdk, cacheDir: cache });
  assert.equal(r.jarsReused, 1);
  assert.equal(r.reused, 1);
  assert.equal(r.entriesRead, 20, 'only the resources are read');
  for (let i = 0; i < 20; i++) assert.equal(readFileSync(join(out, `r/res${i}.txt`), 'utf8'), `resource ${i}\n`.repeat(i * 100), `res${i}`);
  assert.ok(statSync(join(out, 'Hello.class')).size > hello.length);
  rmSync(dir, { recursive: true, force: true });
});

test('an entry too large to read into memory is reported with the jar and the entry, the others are transformed', () => {
  const dir = tempDir('jars-huge');
  const jar = join(dir, 'huge.jar');
  writeZip(jar, [
    { name: 'Hello.class', data: hello },
    { name: 'big/Huge.class', data: Buffer.alloc(16), method: 0, claimedSize: 0xfffffff0 },
  ]);
  const r = transformClassPath({ classpath: [jar], outDir: tempDir('jars-out'), jdk, cacheDir: join(dir, 'cache'), copyResources: false });
  assert.equal(r.failed.length, 1);
  assert.equal(r.failed[0]!.name, `${jar}!big/Huge.class`);
  assert.match(r.failed[0]!.error, /huge\.jar: entry big\/Huge\.class: 4294967280 bytes is too large to read into memory/);
  assert.equal(r.reports.find((x) => x.className === 'Hello')?.instrumented, true);
  rmSync(dir, { recursive: true, force: true });
});

const BIG = 300 * 1024 * 1024;

test('a 300 MB resource is copied as a stream: the process never holds it in memory', async () => {
  const dir = tempDir('jars-big');
  const jar = join(dir, 'big.jar');
  await writeZeroZip(jar, 'data/zeros.bin', BIG);
  assert.ok(statSync(jar).size < 2 * 1024 * 1024, 'the jar itself is small');
  const out = join(dir, 'out');
  const driver = join(REPO, 'server', 'src', 'transform', 'driver.ts');
  // In a child process, so that its peak memory is its own.
  const script = `import { transformClassPath } from ${JSON.stringify(driver)};
const r = transformClassPath({ classpath: [${JSON.stringify(jar)}], outDir: ${JSON.stringify(out)}, jdk: null });
process.stdout.write(JSON.stringify({ resources: r.resources, failed: r.failed, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: REPO });
  assert.equal(child.status, 0, child.stderr);
  const r = JSON.parse(child.stdout) as { resources: number; failed: unknown[]; maxRssMb: number };
  assert.equal(r.resources, 1);
  assert.deepEqual(r.failed, []);
  assert.ok(r.maxRssMb < BIG / (1024 * 1024) - 50, `peak RSS ${r.maxRssMb.toFixed(0)} MB: the entry (300 MB) was held in memory`);
  const file = join(out, 'data', 'zeros.bin');
  assert.equal(statSync(file).size, BIG);
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    const zero = Buffer.alloc(1 << 20);
    for (let at = 0; at < BIG; at += buf.length) {
      readSync(fd, buf, 0, buf.length, at);
      assert.ok(buf.equals(zero), `non-zero byte near offset ${at}`);
    }
  } finally {
    closeSync(fd);
  }
  rmSync(dir, { recursive: true, force: true });
});
