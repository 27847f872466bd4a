// A fast reader of profile JSON text (load.ts uses it first): the nodes arrays of the threads,
// nearly all of a profile's text, are read straight into the flat typed columns (flat.ts) by a
// scanner that knows their shape, and only the rest (meta, methods, the threads' other fields)
// goes through JSON.parse. No JSON value per node, so no garbage to collect either.
//
// It accepts only what the general path (JSON.parse, then load.ts's checks) accepts and builds
// the same columns: anything it does not expect (a number written as 1.0 or 1e3, an escaped
// key, a duplicate "threads" or "nodes" key, a node or a limit the checks reject, ...) makes
// it give up (null), and the caller takes the general path, which reports the problem with
// its usual message.

import type { FlatThread } from './flat';
import type { Checker, ThreadHead } from './load';

/** Thrown inside the reader when the text is not what it handles; caught by readNodesText. */
class GiveUp extends Error {}
const GIVE_UP = new GiveUp();

/** A thread's nodes as read from the text, before the checks. */
export interface RawNodes {
  count: number;
  parent: Int32Array;
  method: Int32Array;
  callLine: Float64Array;
  self: Float64Array;
  /** Node i's line pairs are lineNo/lineCount[lineStart[i] .. lineStart[i + 1]). */
  lineStart: Int32Array;
  lineNo: Float64Array;
  lineCount: Float64Array;
  /** Per node: it has the fifth element (the lines array, possibly empty). */
  hasLines: Uint8Array;
}

/** The text with each thread's nodes array replaced by 0, and those arrays read. */
export interface SplitText {
  skeleton: string;
  nodes: RawNodes[];
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

function ws(s: string, i: number): number {
  for (;;) {
    const c = s.charCodeAt(i);
    if (c === SPACE || c === LF || c === CR || c === TAB) i++;
    else return i;
  }
}

function expect(s: string, i: number, ch: number): number {
  if (s.charCodeAt(i) !== ch) throw GIVE_UP;
  return i + 1;
}

/** The end of the string starting at i (a quote). */
function skipString(s: string, i: number): number {
  i++;
  for (;;) {
    const c = s.charCodeAt(i);
    if (c !== c) throw GIVE_UP; // end of text
    if (c === QUOTE) return i + 1;
    i += c === BACKSLASH ? 2 : 1;
  }
}

/** A key without escapes (else give up), i at its opening quote; returns the key and the position after it. */
function readKey(s: string, i: number): [string, number] {
  const end = skipString(s, i);
  const key = s.slice(i + 1, end - 1);
  if (key.includes('\\')) throw GIVE_UP;
  return [key, end];
}

/** The end of the value starting at i (not checked: JSON.parse of the skeleton checks it). */
function skipValue(s: string, i: number): number {
  let depth = 0;
  for (;;) {
    const c = s.charCodeAt(i);
    if (c !== c) throw GIVE_UP;
    if (c === QUOTE) {
      i = skipString(s, i);
      if (depth === 0) return i;
      continue;
    }
    if (c === LBRACE || c === LBRACKET) depth++;
    else if (c === RBRACE || c === RBRACKET) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && (c === COMMA || c === SPACE || c === LF || c === CR || c === TAB)) return i;
    i++;
  }
}

/** Growable columns of one thread's nodes while reading. */
class NodeColumns {
  cap: number;
  parent: Int32Array;
  method: Int32Array;
  callLine: Float64Array;
  self: Float64Array;
  lineStart: Int32Array;
  hasLines: Uint8Array;
  lineCap: number;
  lineNo: Float64Array;
  lineCount: Float64Array;
  constructor(nodes: number, lines: number) {
    this.cap = Math.max(16, nodes);
    this.parent = new Int32Array(this.cap);
    this.method = new Int32Array(this.cap);
    this.callLine = new Float64Array(this.cap);
    this.self = new Float64Array(this.cap);
    this.lineStart = new Int32Array(this.cap + 1);
    this.hasLines = new Uint8Array(this.cap);
    this.lineCap = Math.max(16, lines);
    this.lineNo = new Float64Array(this.lineCap);
    this.lineCount = new Float64Array(this.lineCap);
  }
  growNodes(): void {
    const n = this.cap * 2;
    const g32 = (a: Int32Array, len: number): Int32Array => {
      const b = new Int32Array(len);
      b.set(a);
      return b;
    };
    const g64 = (a: Float64Array): Float64Array => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.parent = g32(this.parent, n);
    this.method = g32(this.method, n);
    this.callLine = g64(this.callLine);
    this.self = g64(this.self);
    this.lineStart = g32(this.lineStart, n + 1);
    const h = new Uint8Array(n);
    h.set(this.hasLines);
    this.hasLines = h;
    this.cap = n;
  }
  growLines(): void {
    const n = this.lineCap * 2;
    const a = new Float64Array(n);
    a.set(this.lineNo);
    this.lineNo = a;
    const b = new Float64Array(n);
    b.set(this.lineCount);
    this.lineCount = b;
    this.lineCap = n;
  }
}

/**
 * Reads a nodes array starting at i (`[[parent, method, callLine, self(, [line, count, ...])], ...]`,
 * integers of at most 15 digits written plainly); returns the position after it. One loop over
 * the characters with the place in a node as its state, all in locals: the reader runs once per
 * process (komorium diff), so it has to be fast before the JIT compiler has optimized it.
 */
function readNodes(s: string, i: number, out: RawNodes[]): number {
  const span = s.length - i;
  const cols = new NodeColumns(Math.min(span / 24, 1 << 16) | 0, Math.min(span / 12, 1 << 16) | 0);
  let { parent, method, callLine, self, lineStart, hasLines, lineNo, lineCount, cap, lineCap } = cols;
  let count = 0;
  let lineTop = 0;
  // state: 0 before a node's '[', 1-4 before its fields (parent, method, callLine, self),
  // 101-104 after them (',', or ']' after self), 6 before the lines' '[', 13 after it (a line
  // number or ']'), 7 before a line number, 8 before a count, 9 after a line number (','),
  // 10 after a count (',' or ']'), 11 after the lines (']'), 12 after a node (',', or ']'
  // ending the array)
  let state = 0;
  i++;
  const n = s.length;
  while (i < n) {
    let c = s.charCodeAt(i);
    if (c === SPACE || c === LF || c === CR || c === TAB) {
      i++;
      continue;
    }
    if ((c >= ZERO && c <= NINE) || c === MINUS) {
      if (state < 1 || (state > 4 && state !== 7 && state !== 8 && state !== 13)) throw GIVE_UP;
      let neg = false;
      if (c === MINUS) {
        neg = true;
        c = s.charCodeAt(++i);
        if (c < ZERO || c > NINE) throw GIVE_UP;
      }
      const first = i;
      let x = c - ZERO;
      c = s.charCodeAt(++i);
      if (x === 0 && c >= ZERO && c <= NINE) throw GIVE_UP; // a leading zero: not JSON
      while (c >= ZERO && c <= NINE) {
        x = x * 10 + (c - ZERO);
        c = s.charCodeAt(++i);
      }
      if (i - first > 15) throw GIVE_UP;
      if (neg) {
        if (x === 0) throw GIVE_UP; // -0
        x = -x;
      }
      // what follows a number: whitespace, ',' or ']' (checked by the next state)
      if (state === 1) {
        if (x < -2147483648 || x > 2147483647) throw GIVE_UP;
        parent[count] = x;
      } else if (state === 2) {
        if (x < -2147483648 || x > 2147483647) throw GIVE_UP;
        method[count] = x;
      } else if (state === 3) callLine[count] = x;
      else if (state === 4) self[count] = x;
      else if (state === 7 || state === 13) {
        if (lineTop === lineCap) {
          cols.growLines();
          ({ lineNo, lineCount, lineCap } = cols);
        }
        lineNo[lineTop] = x;
        state = 9;
        continue;
      } else {
        lineCount[lineTop++] = x;
        state = 10;
        continue;
      }
      // a field: wait for its separator (state + 100 = after field `state`)
      state += 100;
      continue;
    }
    i++;
    if (c === COMMA) {
      if (state === 101 || state === 102 || state === 103) state -= 99;
      else if (state === 104) {
        lineStart[count] = lineTop;
        hasLines[count] = 1;
        state = 6;
      } else if (state === 9) state = 8;
      else if (state === 10) state = 7; else if (state === 12) state = 0;
      else throw GIVE_UP;
    } else if (c === LBRACKET) {
      if (state === 0) {
        if (count === cap) {
          cols.growNodes();
          ({ parent, method, callLine, self, lineStart, hasLines, cap } = cols);
        }
        state = 1;
      } else if (state === 6) state = 13;
      else throw GIVE_UP;
    } else if (c === RBRACKET) {
      if (state === 104) {
        lineStart[count] = lineTop;
        hasLines[count] = 0;
        count++;
        state = 12;
      } else if (state === 10 || state === 13) {
        state = 11;
      } else if (state === 11) {
        count++;
        state = 12;
      } else if (state === 12) {
        break;
      } else throw GIVE_UP;
    } else throw GIVE_UP;
  }
  if (state !== 12 || count === 0) throw GIVE_UP; // unterminated, or no root node
  lineStart[count] = lineTop;
  out.push({
    count,
    parent: parent.subarray(0, count),
    method: method.subarray(0, count),
    callLine: callLine.subarray(0, count),
    self: self.subarray(0, count),
    lineStart: lineStart.subarray(0, count + 1),
    lineNo: lineNo.subarray(0, lineTop),
    lineCount: lineCount.subarray(0, lineTop),
    hasLines: hasLines.subarray(0, count),
  });
  return i;
}

/** Reads a thread object at i; its nodes array is read and left out of `parts` (replaced by 0). */
function readThreadObject(s: string, i: number, parts: string[], from: { at: number }, out: RawNodes[]): number {
  i = ws(s, i + 1);
  let nodes = false;
  if (s.charCodeAt(i) === RBRACE) throw GIVE_UP; // no nodes
  for (;;) {
    if (s.charCodeAt(i) !== QUOTE) throw GIVE_UP;
    const [key, k] = readKey(s, i);
    i = ws(s, expect(s, ws(s, k), COLON));
    if (key === 'nodes') {
      if (nodes || s.charCodeAt(i) !== LBRACKET) throw GIVE_UP;
      nodes = true;
      parts.push(s.slice(from.at, i), '0');
      i = readNodes(s, i, out);
      from.at = i;
    } else i = skipValue(s, i);
    i = ws(s, i);
    const c = s.charCodeAt(i);
    if (c === RBRACE) break;
    i = ws(s, expect(s, i, COMMA));
  }
  if (!nodes) throw GIVE_UP;
  return i + 1;
}

/**
 * Splits profile text into its skeleton (the text with every thread's nodes array replaced by
 * 0) and those arrays, read; null when the text is not laid out as expected.
 */
export function splitProfileText(s: string): SplitText | null {
  try {
    const parts: string[] = [];
    const from = { at: 0 };
    const nodes: RawNodes[] = [];
    let i = ws(s, 0);
    i = ws(s, expect(s, i, LBRACE));
    let threads = false;
    for (;;) {
      if (s.charCodeAt(i) !== QUOTE) throw GIVE_UP;
      const [key, k] = readKey(s, i);
      i = ws(s, expect(s, ws(s, k), COLON));
      if (key === 'threads') {
        if (threads) throw GIVE_UP;
        threads = true;
        i = ws(s, expect(s, i, LBRACKET));
        if (s.charCodeAt(i) !== RBRACKET) {
          for (;;) {
            if (s.charCodeAt(i) !== LBRACE) throw GIVE_UP;
            i = ws(s, readThreadObject(s, i, parts, from, nodes));
            if (s.charCodeAt(i) === RBRACKET) break;
            i = ws(s, expect(s, i, COMMA));
          }
        }
        i++;
      } else i = skipValue(s, i);
      i = ws(s, i);
      if (s.charCodeAt(i) === RBRACE) break;
      i = ws(s, expect(s, i, COMMA));
    }
    parts.push(s.slice(from.at));
    return { skeleton: parts.join(''), nodes };
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
}

/**
 * The flat thread of raw nodes that load.ts's readThread would build from the same nodes as
 * JSON values, or a thrown GiveUp where readThread would report a problem (the caller then
 * takes the general path).
 */
export function checkedThread(c: Checker, head: ThreadHead, raw: RawNodes, methodCount: number): FlatThread {
  const count = raw.count;
  const { parent, method, callLine, self, lineStart, lineNo, lineCount, hasLines } = raw;
  const depth = new Int32Array(count);
  const maxDepth = c.limits.maxDepth ?? Number.MAX_SAFE_INTEGER;
  if (parent[0] !== -1 || method[0] !== -1 || maxDepth < 0) throw GIVE_UP;
  let selfSum = 0;
  for (let i = 0; i < count; i++) {
    const p = parent[i]!;
    const m = method[i]!;
    if (i > 0) {
      if (p < 0 || p >= i || m < 0 || m >= methodCount) throw GIVE_UP;
      const d = depth[p]! + 1;
      if (d > maxDepth) throw GIVE_UP;
      depth[i] = d;
    }
    const s = self[i]!;
    if (callLine[i]! < 0 || s < 0) throw GIVE_UP;
    const from = lineStart[i]!;
    const to = lineStart[i + 1]!;
    if (hasLines[i] === 1) {
      let sum = 0;
      for (let k = from; k < to; k++) {
        const line = lineNo[k]!;
        const n = lineCount[k]!;
        if (line < 0 || n < 1 || (k > from && line <= lineNo[k - 1]!)) throw GIVE_UP;
        sum += n;
      }
      if (sum !== s || !Number.isSafeInteger(sum)) throw GIVE_UP;
    }
    selfSum += s;
  }
  if (selfSum !== head.samples || !Number.isSafeInteger(selfSum)) throw GIVE_UP;
  return {
    name: head.name,
    seq: head.seq,
    merged: head.merged,
    bytecodes: head.bytecodes,
    samples: head.samples,
    count,
    parent: parent.slice(),
    method: method.slice(),
    callLine: callLine.slice(),
    self: self.slice(),
    depth,
    lineStart: lineStart.slice(),
    lineNo: lineNo.slice(),
    lineCount: lineCount.slice(),
  };
}

export function isGiveUp(e: unknown): boolean {
  return e === GIVE_UP;
}
