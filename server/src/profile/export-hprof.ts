// HPROF text, as `java -agentlib:hprof=cpu=samples,thread=y` printed it (JDK 5-8): THREAD START
// records, TRACE records (the top `depth` frames, top first, each at its current or call line)
// and the CPU SAMPLES table ranking traces by count.

import { qualifiedName } from './format';
import type { CctNode, Profile } from './schema';

const TRACE_BASE = 300001;
const THREAD_BASE = 200001;

/** `Wed Nov 25 20:00:00 2026` (UTC), as HPROF printed dates. */
function hprofDate(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const s = d.toUTCString(); // "Wed, 25 Nov 2026 20:00:00 GMT"
  const [wd, day, mon, year, time] = s.replace(',', '').split(' ');
  return `${wd} ${mon} ${day} ${time} ${year}`;
}

function frame(n: CctNode, line: number): string {
  const m = n.method!;
  return `\t${qualifiedName(m)}(${m.sourceFile ?? 'Unknown Source'}:${line > 0 ? line : 'Unknown line'})`;
}

export function exportHprof(p: Profile, opts: { depth?: number } = {}): string {
  const depth = Math.max(1, opts.depth ?? 4);
  const traces = new Map<string, { thread: number; frames: string[]; method: string; count: number }>();
  const out: string[] = [];
  out.push(`JAVA PROFILE 1.0.1, created ${hprofDate(p.meta.startTime)}`);
  out.push('');
  out.push(`Written by Komorium from a ${p.meta.engine} profile of ${[p.meta.program, ...p.meta.args].join(' ')}:`);
  out.push(`a sample every ${p.meta.granularity} bytecodes${p.meta.random > 0 ? ` (+ r, r uniform in [0, ${p.meta.random}))` : ''}, seed ${p.meta.seed}; ${p.meta.totalBytecodes} bytecodes counted.`);
  out.push(`TRACE frames: the top ${depth} frames of each sample, each at the line it was executing.`);
  out.push('CPU SAMPLES: traces ranked by the number of samples in them.');
  out.push('');
  p.threads.forEach((t, i) => {
    const id = THREAD_BASE + i;
    out.push(`THREAD START (obj=${(0x50000000 + i).toString(16)}, id = ${id}, name="${t.seq > 0 ? `${t.name} #${t.seq}` : t.name}", group="main")`);
    for (const n of t.nodes) {
      if (!n.method || n.self === 0) continue;
      for (const l of n.lines.length > 0 ? n.lines : [{ line: 0, count: n.self }]) {
        if (l.count === 0) continue;
        const frames = [frame(n, l.line)];
        for (let c: CctNode = n; frames.length < depth && c.parent && c.parent.method; c = c.parent) frames.push(frame(c.parent, c.callLine));
        const key = `${id}\u0000${frames.join('\n')}`;
        let tr = traces.get(key);
        if (!tr) traces.set(key, (tr = { thread: id, frames, method: qualifiedName(n.method), count: 0 }));
        tr.count += l.count;
      }
    }
  });
  const ranked = [...traces.values()].sort((a, b) => b.count - a.count || a.thread - b.thread || (a.frames.join() < b.frames.join() ? -1 : 1));
  ranked.forEach((tr, i) => {
    out.push(`TRACE ${TRACE_BASE + i}: (thread=${tr.thread})`);
    out.push(...tr.frames);
  });
  const total = ranked.reduce((s, t) => s + t.count, 0);
  out.push(`CPU SAMPLES BEGIN (total = ${total}) ${hprofDate(p.meta.endTime)}`);
  out.push('rank   self  accum   count trace method');
  let accum = 0;
  const pct = (x: number) => `${(total > 0 ? (100 * x) / total : 0).toFixed(2)}%`;
  ranked.forEach((tr, i) => {
    accum += tr.count;
    out.push(`${String(i + 1).padStart(4)} ${pct(tr.count).padStart(6)} ${pct(accum).padStart(6)} ${String(tr.count).padStart(7)} ${TRACE_BASE + i} ${tr.method}`);
  });
  out.push('CPU SAMPLES END');
  return `${out.join('\n')}\n`;
}
