// komorium diff: exact differences per method, line and calling context (built profiles), and
// on two real HotSpot runs of a program before and after a one-line change (--engine jvm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { diffProfiles } from '../../server/src/profile/diff';
import { formatDiff } from '../../server/src/profile/diff-format';
import { loadProfile } from '../../server/src/profile/load';
import { compileJava, REPO, runCli, tempDir } from '../helpers/java';

const MAIN = 'p.Main.main([Ljava/lang/String;)V';

function base(): ProfileBuilder {
  return new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 12, count: 30 })
    .sample([MAIN, 'p.Main.other()V:8'], { line: 20, count: 10 })
    .sample([MAIN], { line: 5, count: 10 });
}

test('the diff of a profile with itself is empty', () => {
  const d = diffProfiles(base().build(), base().build());
  assert.equal(d.identical, true);
  assert.deepEqual([d.methods.length, d.lines.length, d.contexts.length, d.deltaBytecodes], [0, 0, 0, 0]);
  assert.match(formatDiff(d, 'text'), /no differences/);
  assert.match(formatDiff(d, 'markdown'), /No differences/);
});

test('added work shows on top: method self, line, context; totals, shares and shrinks last', () => {
  const shrunk = new ProfileBuilder({ program: 'p.Main' })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 12, count: 30 })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 13, count: 50 })
    .sample([MAIN, 'p.Main.other()V:8'], { line: 20, count: 5 })
    .sample([MAIN], { line: 5, count: 10 });
  const d = diffProfiles(base().build(), shrunk.build());
  assert.equal(d.identical, false);
  assert.equal(d.deltaBytecodes, 45 * 10000);
  const top = d.methods[0]!;
  assert.equal(top.label, 'p.Main.work(I)I');
  assert.equal(top.deltaSelf, 50 * 10000);
  assert.equal(top.deltaTotal, 50 * 10000);
  // share: 30/50 of the run before, 80/95 after
  assert.ok(Math.abs(top.deltaSelfShare - (100 * 80) / 95 + 60) < 1e-9);
  assert.equal(d.lines[0]!.label, 'p.Main.work(I)I Main.java:13');
  assert.equal(d.lines[0]!.deltaSelf, 500000);
  assert.equal(d.contexts[0]!.label, 'p.Main.main([Ljava/lang/String;)V > p.Main.work(I)I:7');
  // main: self unchanged, total +45 samples; the shrinking method is last
  const main = d.methods.find((e) => e.label === MAIN)!;
  assert.equal(main.deltaSelf, 0);
  assert.equal(main.deltaTotal, 450000);
  assert.equal(d.methods.at(-1)!.label, 'p.Main.other()V');
  assert.equal(d.methods.at(-1)!.deltaSelf, -50000);
  const text = formatDiff(d, 'text');
  assert.match(text, /METHODS \(3 changed/);
  assert.match(text, /\+500,000 +\+24\.21 pp +\+166\.7% +\+500,000 .* p\.Main\.work\(I\)I\n/);
  const md = formatDiff(d, 'markdown');
  assert.match(md, /\| \+500,000 \| \+24\.21 pp \| \+166\.7% \| \+500,000 \| \+24\.21 pp \| \+166\.7% \| `p\.Main\.work\(I\)I` \|/);
  const json = JSON.parse(formatDiff(d, 'json')) as { methods: { label: string }[] };
  assert.equal(json.methods.length, 3);
});

test('different granularities are compared by estimated bytecodes, with a warning', () => {
  const coarse = new ProfileBuilder({ program: 'p.Main', granularity: 20000 })
    .sample([MAIN, 'p.Main.work(I)I:7'], { line: 12, count: 15 })
    .sample([MAIN, 'p.Main.other()V:8'], { line: 20, count: 5 })
    .sample([MAIN], { line: 5, count: 5 });
  const d = diffProfiles(base().build(), coarse.build());
  assert.match(d.warnings.join('\n'), /granularity \(10000 vs 20000\)/);
  // the same estimated bytecodes everywhere: only the sample counts differ, which do not count
  assert.equal(d.deltaBytecodes, 0);
  assert.equal(d.deltaSamples, -25);
  assert.deepEqual([d.methods.length, d.lines.length, d.contexts.length], [0, 0, 0]);
  assert.equal(d.identical, true);
  // but more work at the coarser granularity is a difference
  const more = diffProfiles(base().build(), coarse.sample([MAIN], { line: 5, count: 1 }).build());
  assert.equal(more.identical, false);
  assert.deepEqual(more.methods.map((e) => [e.label, e.deltaSelf]), [[MAIN, 20000]]);
});

test('komorium diff on two HotSpot runs: same program empty (exit 0); one-line change on top (exit 1)', () => {
  const dir = tempDir('diff');
  const src = join(REPO, 'test', 'java', 'cli', 'diff', 'Work.java');
  const v1 = join(dir, 'v1', 'diffdemo');
  const v2 = join(dir, 'v2', 'diffdemo');
  mkdirSync(v1, { recursive: true });
  mkdirSync(v2, { recursive: true });
  copyFileSync(src, join(v1, 'Work.java'));
  // the change: one more loop on the line marked EXTRA (same line count, nothing shifts)
  const text = readFileSync(src, 'utf8');
  const lines = text.split('\n');
  const extraLine = lines.findIndex((l) => l.includes('// EXTRA')) + 1;
  assert.ok(extraLine > 0);
  writeFileSync(join(v2, 'Work.java'), text.replace('int extra = 0; // EXTRA', 'int extra = 0; for (int i = 0; i < 300000; i++) extra += i % 7; // EXTRA'));
  const c1 = compileJava(join(dir, 'v1'));
  const c2 = compileJava(join(dir, 'v2'));
  const run = (cp: string, out: string) => {
    const r = runCli(['run', '--engine', 'jvm', '--instrument', 'app', '-o', out, '-cp', cp, 'diffdemo.Work']);
    assert.equal(r.status, 0, r.stderr);
  };
  const a = join(dir, 'a.json');
  const b = join(dir, 'b.json');
  const c = join(dir, 'c.json');
  run(c1, a);
  run(c1, b);
  run(c2, c);
  const same = runCli(['diff', a, b]);
  assert.equal(same.status, 0, same.stdout + same.stderr);
  assert.match(same.stdout, /no differences/);
  const changed = runCli(['diff', a, c, '--format', 'json']);
  assert.equal(changed.status, 1, changed.stderr);
  const d = JSON.parse(changed.stdout) as { methods: { label: string; deltaSelf: number }[]; lines: { method: string; line: number }[] };
  assert.equal(d.methods[0]!.label, 'diffdemo.Work.extra(I)I');
  assert.ok(d.methods[0]!.deltaSelf > 0);
  assert.equal(d.lines[0]!.method, 'diffdemo.Work.extra(I)I');
  assert.equal(d.lines[0]!.line, extraLine);
  const md = formatDiff(diffProfiles(loadProfile(a), loadProfile(c)), 'markdown', { top: 3 });
  assert.match(md, /#### Methods \(\d+ changed\)\n\n\|.*\n\|.*\n\| \+[\d,]+ \|.*`diffdemo\.Work\.extra\(I\)I` \|/);
  const bad = runCli(['diff', a, join(dir, 'missing.json')]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /missing\.json/);
});
