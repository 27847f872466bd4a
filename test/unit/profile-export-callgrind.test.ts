// Callgrind export, read back by valgrind's callgrind_annotate (Debian package valgrind):
// program totals, self and inclusive cost per function, and per-line annotation of a source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { exportProfile } from '../../server/src/profile/export';
import { tempDir } from '../helpers/java';

const p = new ProfileBuilder({ program: 'p.Main', granularity: 1000 })
  .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:7'], { line: 12, count: 3 })
  .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:7', 'q.Lib.f()V:14'], { line: 30, count: 5 })
  .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:8', 'p.Main.hot(I)I:13'], { line: 12, count: 1 })
  .sample(['p.Main.main([Ljava/lang/String;)V'], { line: 5, count: 2 })
  .bytecodes('main', 11000)
  .build();

function annotate(args: string[]): string {
  const r = spawnSync('callgrind_annotate', args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('callgrind: callgrind_annotate reads totals, self and inclusive costs and line costs', () => {
  const dir = tempDir('callgrind');
  const file = join(dir, 'callgrind.out.1');
  const text = exportProfile(p, 'callgrind');
  assert.match(text, /^# callgrind format\nversion: 1\n/);
  writeFileSync(file, text);
  const self = annotate([file]);
  assert.match(self, /11,000 \(100\.0%\) 11 \(100\.0%\)  PROGRAM TOTALS/);
  assert.match(self, /\n5,000 \([\d.]+%\) 5 \([\d.]+%\)  q\/Lib\.java:q\.Lib\.f\(\)\n/);
  assert.match(self, /\n4,000 \([\d.]+%\) 4 \([\d.]+%\)  p\/Main\.java:p\.Main\.hot\(int\)\n/);
  assert.match(self, /\n2,000 \([\d.]+%\) 2 \([\d.]+%\)  p\/Main\.java:p\.Main\.main\(java\.lang\.String\[\]\)\n/);
  const incl = annotate(['--inclusive=yes', file]);
  assert.match(incl, /11,000 \(100\.0%\) 11 \(100\.0%\)  p\/Main\.java:p\.Main\.main\(java\.lang\.String\[\]\)/);
  // per line: give it the sources (call lines carry the callees' inclusive cost)
  mkdirSync(join(dir, 'src', 'p'), { recursive: true });
  writeFileSync(join(dir, 'src', 'p', 'Main.java'), Array.from({ length: 20 }, (_, i) => `// line ${i + 1}`).join('\n') + '\n');
  const lines = annotate(['--auto=yes', `--include=${join(dir, 'src')}`, file]);
  assert.match(lines, /4,000 \([\d.]+%\) 4 \([\d.]+%\)  \/\/ line 12\n/); // hot at line 12, in two contexts
  assert.match(lines, /\/\/ line 7\n8,000 \([\d.]+%\) 8 \([\d.]+%\)  => p\/Main\.java:p\.Main\.hot\(int\) \(1x\)\n/);
  assert.match(lines, /\/\/ line 14\n5,000 \([\d.]+%\) 5 \([\d.]+%\)  => q\/Lib\.java:q\.Lib\.f\(\) \(1x\)\n/);
  assert.match(lines, /2,000 \([\d.]+%\) 2 \([\d.]+%\)  \/\/ line 5\n/);
});
