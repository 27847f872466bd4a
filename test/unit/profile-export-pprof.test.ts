// pprof export, decoded with pprof-format's decoder: sample types, period, functions, locations
// (top frame at its line, callers at their call lines), values and thread labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Profile as PProfile } from 'pprof-format';
import { ProfileBuilder } from '../../server/src/profile/builder';
import { exportProfile } from '../../server/src/profile/export';

test('pprof: decodes to the same stacks, lines, samples and estimated bytecodes', () => {
  const p = new ProfileBuilder({ program: 'p.Main', granularity: 1000, startTime: 5, endTime: 7 })
    .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:7'], { line: 12, count: 3 })
    .sample(['p.Main.main([Ljava/lang/String;)V', 'p.Main.hot(I)I:7'], { line: 13, count: 1 })
    .sample(['p.Main.main([Ljava/lang/String;)V'], { line: 5, count: 2 })
    .sample(['p.W.run()V'], { thread: 'worker', line: 9, count: 4 })
    .bytecodes('worker', 4400)
    .build();
  const data = exportProfile(p, 'pprof');
  assert.ok(data instanceof Uint8Array);
  const d = PProfile.decode(gunzipSync(data));
  const str = (i: number | bigint) => d.stringTable.strings[Number(i)]!;
  assert.deepEqual(d.sampleType.map((t) => `${str(t.type)}/${str(t.unit)}`), ['samples/count', 'bytecodes/count']);
  assert.equal(`${str(d.periodType!.type)}`, 'bytecodes');
  assert.equal(Number(d.period), 1000);
  const fn = new Map(d.function.map((f) => [Number(f.id), f]));
  const loc = new Map(d.location.map((l) => [Number(l.id), l]));
  const frame = (id: number | bigint) => {
    const l = loc.get(Number(id))!.line[0]!;
    const f = fn.get(Number(l.functionId))!;
    return `${str(f.name)}@${str(f.filename)}:${Number(l.line)}`;
  };
  const got = d.sample
    .map((s) => `${s.locationId.map(frame).join(' <- ')} = ${s.value.map(Number).join(',')} [${s.label.map((l) => `${str(l.key)}=${str(l.str)}`).join()}]`)
    .sort();
  assert.deepEqual(got, [
    'p.Main.hot(int)@p/Main.java:12 <- p.Main.main(java.lang.String[])@p/Main.java:7 = 3,3000 [thread=main]',
    'p.Main.hot(int)@p/Main.java:13 <- p.Main.main(java.lang.String[])@p/Main.java:7 = 1,1000 [thread=main]',
    'p.Main.main(java.lang.String[])@p/Main.java:5 = 2,2000 [thread=main]',
    'p.W.run()@p/W.java:9 = 4,4400 [thread=worker]',
  ]);
  assert.equal(str(fn.get(1)!.systemName), 'p.Main.main([Ljava/lang/String;)V');
  assert.equal(Number(d.timeNanos), 5e6);
  assert.equal(Number(d.durationNanos), 2e6);
  assert.equal(str(d.defaultSampleType), 'bytecodes');
});
