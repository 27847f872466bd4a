// HPROF text export: THREAD START, TRACE records (top frames, depth-limited, lines) and the
// CPU SAMPLES table ranking traces, as java -agentlib:hprof=cpu=samples,thread=y printed them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { exportProfile } from '../../server/src/profile/export';

const p = new ProfileBuilder({ program: 'p.Main', startTime: Date.UTC(2026, 10, 25, 20, 0, 0), endTime: Date.UTC(2026, 10, 25, 20, 0, 3) })
  .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.a()V:7', 'p.Main.b()V:8', 'p.Main.c()V:9', 'q.Lib.f()V:14'], { line: 30, count: 5 })
  .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:6'], { line: 12, count: 3 })
  .sample(['p.Main.main([Ljava/lang/String;)V'], { line: 0, count: 2 })
  .sample(['p.W.run()V'], { thread: 'worker', line: 9, count: 3 })
  .build();

test('hprof: traces ranked by samples, top 4 frames with lines, thread ids', () => {
  const text = exportProfile(p, 'hprof');
  assert.match(text, /^JAVA PROFILE 1\.0\.1, created Wed Nov 25 20:00:00 2026\n/);
  assert.match(text, /THREAD START \(obj=50000000, id = 200001, name="main", group="main"\)\nTHREAD START \(obj=50000001, id = 200002, name="worker", group="main"\)\n/);
  assert.match(
    text,
    /TRACE 300001: \(thread=200001\)\n\tq\.Lib\.f\(Lib\.java:30\)\n\tp\.Main\.c\(Main\.java:14\)\n\tp\.Main\.b\(Main\.java:9\)\n\tp\.Main\.a\(Main\.java:8\)\nTRACE 300002: \(thread=200001\)\n\tp\.Main\.hot\(Main\.java:12\)\n\tp\.Main\.main\(Main\.java:6\)\nTRACE 300003: \(thread=200002\)\n\tp\.W\.run\(W\.java:9\)\nTRACE 300004: \(thread=200001\)\n\tp\.Main\.main\(Main\.java:Unknown line\)\n/,
  );
  assert.ok(text.endsWith(
    [
      'CPU SAMPLES BEGIN (total = 13) Wed Nov 25 20:00:03 2026',
      'rank   self  accum   count trace method',
      '   1 38.46% 38.46%       5 300001 q.Lib.f',
      '   2 23.08% 61.54%       3 300002 p.Main.hot',
      '   3 23.08% 84.62%       3 300003 p.W.run',
      '   4 15.38% 100.00%       2 300004 p.Main.main',
      'CPU SAMPLES END',
      '',
    ].join('\n'),
  ), text);
  assert.match(exportProfile(p, 'hprof', { depth: 2 }), /TRACE 300001: \(thread=200001\)\n\tq\.Lib\.f\(Lib\.java:30\)\n\tp\.Main\.c\(Main\.java:14\)\nTRACE 300002/);
  assert.match(exportProfile(p, 'hprof', { thread: 'worker' }), /CPU SAMPLES BEGIN \(total = 3\)/);
});
