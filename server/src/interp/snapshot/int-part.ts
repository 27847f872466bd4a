// The boot snapshot's second part: the positional form's integer tables (positional.ts), moved
// out of V8's graph when a snapshot is written and viewed in place when it is restored
// (graph.ts; docs/INTERPRETER.md "Boot snapshot", format 13).

import type { Positional } from './positional';

/**
 * The positional form's integer tables (the collections' tables, the groups' `ints` and `lists`,
 * the references' and the primitive arrays' tables: 3.9 MB in a profiled hello-world), each the
 * holder and key of one.
 */
function intTables(p: { pos: Positional }): [Record<string, unknown>, string][] {
  const pos = p.pos as unknown as Record<string, unknown>;
  // The collections' tables first: the part is given back in two steps, from its end (attachInts).
  const out: [Record<string, unknown>, string][] = [
    [pos, 'collCounts'],
    [pos, 'collInts'],
    [pos, 'collFlags'],
  ];
  for (const g of p.pos.groups) out.push([g as unknown as Record<string, unknown>, 'ints'], [g as unknown as Record<string, unknown>, 'lists']);
  out.push([pos, 'refCounts'], [pos, 'refKeys'], [pos, 'refTargets'], [pos, 'primSpans']);
  return out;
}

/**
 * Moves the payload's integer tables (intTables) into one part, the snapshot's second: each is
 * replaced by its [start, length] in it (the payload is the write's own). V8's deserializer
 * copies each typed array out of the graph's bytes, so that both were held while the graph was
 * deserialised, and the copies (malloc'd, each its own buffer) were freed at the next scavenge;
 * the restore views this part instead (attachInts) and gives it back whole at once.
 */
export function packInts(p: { pos: Positional }): Buffer {
  const tables = intTables(p);
  let total = 0;
  for (const [h, k] of tables) total += (h[k] as Int32Array).length;
  const all = new Int32Array(total);
  let at = 0;
  for (const [h, k] of tables) {
    const t = h[k] as Int32Array;
    all.set(t, at);
    h[k] = [at, t.length];
    at += t.length;
  }
  return Buffer.from(all.buffer, all.byteOffset, all.byteLength);
}

/** The integer tables back as views of `part` (packInts). Throws on a malformed payload. */
export function attachInts(p: { pos: Positional }, part: Uint8Array): void {
  if (!p.pos || !Array.isArray(p.pos.groups) || part.byteOffset % 4 !== 0 || part.byteLength % 4 !== 0) throw new Error('malformed snapshot payload (integer tables)');
  const all = new Int32Array(part.buffer, part.byteOffset, part.byteLength / 4);
  for (const [h, k] of intTables(p)) {
    const r = h[k];
    if (!Array.isArray(r) || r.length !== 2 || !Number.isInteger(r[0]) || !Number.isInteger(r[1]) || r[0] < 0 || r[1] < 0 || r[0] + r[1] > all.length) throw new Error('malformed snapshot payload (integer tables)');
    h[k] = all.subarray(r[0] as number, (r[0] as number) + (r[1] as number));
  }
}
