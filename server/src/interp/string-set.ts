// A large set of strings that only grows, in a compact form (cds-archive.ts: the string literals
// of java's CDS archive and, with the JDK instrumented, of the classes the boot defined: 19,000
// in a profiled hello-world's boot snapshot). A Set of them held that many string objects and a
// hash table (2.5 MiB of the restored worker's heap, and as many objects for V8's deserializer
// to make); here the one-byte strings are one string, their ends an Int32Array and an
// open-addressing table of their indices an Int32Array. Strings added later wait in a Set until
// they are an eighth of the rest, then all are joined again; strings with a character above
// U+00FF (which would make the joined string two bytes a character) stay in a Set of their own.
// A plain object with functions beside it, so that a boot snapshot writes it as V8 data
// (snapshot/graph.ts).

export interface StringSet {
  /** The joined one-byte strings. */
  text: string;
  /** Where each of them ends in `text`. */
  ends: Int32Array;
  /** Open addressing by `hashOf`: 1 + the index of a string in `ends`, 0 empty; a power of two long. */
  slots: Int32Array;
  /** One-byte strings added since `text` was joined. */
  extra: Set<string>;
  /** Strings with a character above U+00FF. */
  wide: Set<string>;
}

function hashOf(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h ^ (h >>> 15);
}

function oneByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}

/** Joins the one-byte strings of `set` (those of `text` and `extra`) into `text` again. */
function join(set: StringSet, more: readonly string[]): void {
  const { text, ends } = set;
  const all: string[] = [];
  for (let i = 0, from = 0; i < ends.length; from = ends[i], i++) all.push(text.slice(from, ends[i]));
  for (const s of set.extra) all.push(s);
  for (const s of more) all.push(s);
  const n = all.length;
  const newEnds = new Int32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    at += all[i].length;
    newEnds[i] = at;
  }
  const newText = all.join('');
  let size = 16;
  while (size < 2 * n) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let i = 0, from = 0; i < n; from = newEnds[i], i++) {
    let j = hashOf(newText, from, newEnds[i]) & mask;
    while (slots[j] !== 0) j = (j + 1) & mask;
    slots[j] = i + 1;
  }
  set.text = newText;
  set.ends = newEnds;
  set.slots = slots;
  set.extra = new Set();
}

/** A compact set of `strings`. */
export function stringSetOf(strings: Iterable<string>): StringSet {
  const narrow = new Set<string>();
  const wide = new Set<string>();
  for (const s of strings) (oneByte(s) ? narrow : wide).add(s);
  const set: StringSet = { text: '', ends: new Int32Array(0), slots: new Int32Array(16), extra: new Set(), wide };
  join(set, [...narrow]);
  return set;
}

function inText(set: StringSet, s: string): boolean {
  const { text, ends, slots } = set;
  const mask = slots.length - 1;
  for (let j = hashOf(s, 0, s.length) & mask; ; j = (j + 1) & mask) {
    const e = slots[j];
    if (e === 0) return false;
    const end = ends[e - 1];
    const from = e === 1 ? 0 : ends[e - 2];
    if (end - from === s.length && text.startsWith(s, from)) return true;
  }
}

export function stringSetHas(set: StringSet, s: string): boolean {
  return inText(set, s) || set.extra.has(s) || set.wide.has(s);
}

/** Adds `s`; whether it was new. */
export function stringSetAdd(set: StringSet, s: string): boolean {
  if (stringSetHas(set, s)) return false;
  if (!oneByte(s)) set.wide.add(s);
  else {
    set.extra.add(s);
    if (set.extra.size >= 64 && set.extra.size >= set.ends.length >> 3) join(set, []);
  }
  return true;
}
