// Show Bytecode's margin: the profile's samples beside the instructions. The profile counts
// samples (and, in an exact profile, bytecodes) per calling context and source line, not per
// instruction; so each source line's self samples stand at the first instruction of that line
// (the lowest start pc the LineNumberTable gives it), and the other instructions of the line
// have an empty margin. Also where each method's listing starts, to open at the one under the
// cursor. Pure: class model and listing in, numbers out.

import type { ClassFile, LineNumber } from '../classfile/model';
import { PoolText, type Listing } from '../disasm/index';

/** A method's self samples by source line, from the profile. */
export interface MethodLineSamples {
  name: string;
  descriptor: string;
  /** [source line, self samples]. */
  lines: [number, number][];
}

export interface ListingMargin {
  /** [listing line (0-based), samples, source line] for the first instruction of each sampled line. */
  margin: [number, number, number][];
  /** The listing line of each method's header. */
  methods: { name: string; descriptor: string; line: number }[];
}

function lineTable(cf: ClassFile, methodIndex: number): LineNumber[] {
  const code = cf.methods[methodIndex]?.attributes.find((a) => a.name === 'Code');
  if (!code || code.name !== 'Code') return [];
  const out: LineNumber[] = [];
  for (const a of code.attributes) if (a.name === 'LineNumberTable') out.push(...a.lines);
  return out;
}

export function listingMargin(cf: ClassFile, listing: Listing, samples: readonly MethodLineSamples[]): ListingMargin {
  const pool = new PoolText(cf);
  const sig = (i: number) => {
    const m = cf.methods[i]!;
    return { name: pool.utf8(m.nameIndex) ?? '', descriptor: pool.utf8(m.descriptorIndex) ?? '' };
  };
  const methods: ListingMargin['methods'] = [];
  const margin: ListingMargin['margin'] = [];
  // Per method: source line → the pc of its first instruction, and its samples.
  const firstPc = new Map<number, Map<number, number>>();
  const bySig = new Map(samples.map((s) => [`${s.name}${s.descriptor}`, new Map(s.lines)]));
  const seenHeader = new Set<number>();
  listing.lines.forEach((l, i) => {
    if (l.member?.kind !== 'method') return;
    const mi = l.member.index;
    if (!seenHeader.has(mi)) {
      seenHeader.add(mi);
      methods.push({ ...sig(mi), line: i });
    }
    if (l.kind !== 'insn' || l.offset === undefined) return;
    let starts = firstPc.get(mi);
    if (!starts) {
      starts = new Map();
      for (const e of lineTable(cf, mi)) if (!starts.has(e.line) || e.startPc < starts.get(e.line)!) starts.set(e.line, e.startPc);
      firstPc.set(mi, starts);
    }
    const s = sig(mi);
    const counts = bySig.get(`${s.name}${s.descriptor}`);
    if (!counts) return;
    for (const [line, pc] of starts) {
      if (pc !== l.offset) continue;
      const n = counts.get(line);
      if (n !== undefined && n > 0) margin.push([i, n, line]);
    }
  });
  return { margin, methods };
}
