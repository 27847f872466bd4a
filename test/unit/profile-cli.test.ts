// komorium report / komorium export on a profile file, through the CLI dispatcher.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { stringifyProfile } from '../../server/src/profile/serialize';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'komorium-cli-'));
const file = join(dir, 'p.json');
writeFileSync(
  file,
  stringifyProfile(
    new ProfileBuilder({ program: 'p.Main' })
      .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:7'], { line: 12, count: 3 })
      .sample(['p.Main.main([Ljava/lang/String;)V'], { line: 5, count: 1 })
      .build(),
  ),
);

const cases: string[][] = [
  ['report', file, '--tree', '--lines', '--top', '1'],
  ['export', file, '--format', 'collapsed', '--signatures', '-o', join(dir, 'c.txt')],
  ['export', file, '--format', 'cpuprofile', '-o', '-'],
  ['export', file, '-f', 'speedscope', '-o', '-'],
  ['export', file, '--format', 'jfr', '-o', join(dir, 'c.txt')],
  ['report', join(dir, 'broken.json')],
  ['report'],
];
writeFileSync(join(dir, 'broken.json'), '{"format":"komorium-profile","version":1}');

// One child process runs every case (the test runner owns this process's stdout).
const driver = join(dir, 'driver.mts');
writeFileSync(
  driver,
  `import { runCli } from ${JSON.stringify(join(repoRoot, 'server', 'src', 'cli', 'cli.ts'))};
const cases = ${JSON.stringify(cases)};
const results = [];
const w1 = process.stdout.write.bind(process.stdout);
const w2 = process.stderr.write.bind(process.stderr);
for (const argv of cases) {
  let out = '', err = '';
  process.stdout.write = (s) => ((out += s), true);
  process.stderr.write = (s) => ((err += s), true);
  const code = await runCli(argv);
  process.stdout.write = w1;
  process.stderr.write = w2;
  results.push({ code, out, err });
}
w1(JSON.stringify(results));
`,
);
const child = spawnSync(process.execPath, ['--import', 'tsx', driver], { encoding: 'utf8', cwd: repoRoot });
const results = JSON.parse(child.stdout || '[]') as { code: number; out: string; err: string }[];
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const i = cases.findIndex((c) => JSON.stringify(c) === JSON.stringify(argv));
  assert.ok(i >= 0 && results[i], `case ${argv.join(' ')} ran (${child.stderr})`);
  return results[i]!;
}

test('komorium report prints the table, and the tree and lines on request', async () => {
  const r = await cli('report', file, '--tree', '--lines', '--top', '1');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /   1 75\.00% 75\.00%       3 p\.Main\.hot \(I\)I\nCPU SAMPLES END/);
  assert.match(r.out, /CALLING CONTEXT TREE/);
  assert.match(r.out, /p\.Main\.hot \(I\)I  \[line 7\]/);
  assert.match(r.out, /Main\.java:7 +self +0 +0\.00% +total +3 +75\.00%/);
});

test('komorium export writes each format; bad input gives a clear error and a non-zero exit', async () => {
  const out = join(dir, 'c.txt');
  assert.equal((await cli('export', file, '--format', 'collapsed', '--signatures', '-o', out)).code, 0);
  // (read before the failing case below, which must not have touched it)
  assert.equal(readFileSync(out, 'utf8'), 'p.Main.main(java.lang.String[]) 1\np.Main.main(java.lang.String[]);p.Main.hot(int) 3\n');
  const cp = await cli('export', file, '--format', 'cpuprofile', '-o', '-');
  assert.equal(JSON.parse(cp.out).samples.length, 4);
  const ss = await cli('export', file, '-f', 'speedscope', '-o', '-');
  assert.equal(JSON.parse(ss.out).profiles[0].type, 'sampled');

  const bad = await cli('export', file, '--format', 'jfr', '-o', out);
  assert.notEqual(bad.code, 0);
  assert.match(bad.err, /unknown format 'jfr'/);
  const broken = await cli('report', join(dir, 'broken.json'));
  assert.equal(broken.code, 1);
  assert.match(broken.err, /ProfileFormatError: .*broken\.json: \$: missing field 'meta'/);
  assert.notEqual((await cli('report')).code, 0);
});
