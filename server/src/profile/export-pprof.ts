// pprof export: the protobuf profile of github.com/google/pprof (profile.proto), gzipped as
// `go tool pprof` and pprof-compatible viewers read it. Encoded with the pprof-format package.
// Two sample values: samples (count) and estimated bytecodes (count); the period is the
// granularity. One location per (method, line): the top frame at its current line, callers at
// their call lines. A "thread" label names each sample's thread.

import { gzipSync } from 'node:zlib';
import { Function as PFunction, Label, Line, Location, Profile as PProfile, Sample, StringTable, ValueType } from 'pprof-format';
import { javaParameters, qualifiedName, sourcePath } from './format';
import type { CctNode, Profile } from './schema';

export function exportPprof(p: Profile): Uint8Array {
  const strings = new StringTable();
  const functions: PFunction[] = [];
  const locations: Location[] = [];
  const fnIds = new Map<number, number>();
  const locIds = new Map<string, number>();
  const functionId = (n: CctNode): number => {
    const m = n.method!;
    let id = fnIds.get(m.index);
    if (id === undefined) {
      id = functions.length + 1;
      fnIds.set(m.index, id);
      functions.push(
        new PFunction({
          id,
          name: strings.dedup(`${qualifiedName(m)}${javaParameters(m.descriptor)}`),
          systemName: strings.dedup(`${qualifiedName(m)}${m.descriptor}`),
          filename: strings.dedup(sourcePath(m) ?? ''),
        }),
      );
    }
    return id;
  };
  const locationId = (n: CctNode, line: number): number => {
    const fn = functionId(n);
    const key = `${fn}:${line}`;
    let id = locIds.get(key);
    if (id === undefined) {
      id = locations.length + 1;
      locIds.set(key, id);
      locations.push(new Location({ id, line: [new Line({ functionId: fn, line })] }));
    }
    return id;
  };
  const samples: Sample[] = [];
  const threadKey = strings.dedup('thread');
  for (const t of p.threads) {
    const ratio = t.samples > 0 ? t.bytecodes / t.samples : 0;
    const label = new Label({ key: threadKey, str: strings.dedup(t.seq > 0 ? `${t.name} #${t.seq}` : t.name) });
    for (const n of t.nodes) {
      if (!n.method || n.self === 0) continue;
      // callers' locations, leaf side first; the same for every line of this node
      const callers: number[] = [];
      for (let c: CctNode = n; c.parent && c.parent.method; c = c.parent) callers.push(locationId(c.parent, c.callLine));
      const lines = n.lines.length > 0 ? n.lines : [{ line: 0, count: n.self }];
      for (const l of lines) {
        if (l.count === 0) continue;
        samples.push(new Sample({ locationId: [locationId(n, l.line), ...callers], value: [l.count, Math.round(l.count * ratio)], label: [label] }));
      }
    }
  }
  const profile = new PProfile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('bytecodes'), unit: strings.dedup('count') })],
    sample: samples,
    location: locations,
    function: functions,
    stringTable: strings,
    timeNanos: p.meta.startTime * 1e6,
    durationNanos: Math.max(0, p.meta.endTime - p.meta.startTime) * 1e6,
    periodType: new ValueType({ type: strings.dedup('bytecodes'), unit: strings.dedup('count') }),
    period: p.meta.granularity,
    comment: [strings.dedup(`Komorium ${p.meta.engine} profile of ${[p.meta.program, ...p.meta.args].join(' ')}: ${p.meta.totalBytecodes} bytecodes, granularity ${p.meta.granularity}, seed ${p.meta.seed}`)],
    defaultSampleType: strings.dedup('bytecodes'),
  });
  return gzipSync(profile.encode());
}
