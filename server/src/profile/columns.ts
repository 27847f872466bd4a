// Growable typed columns and an open-addressing hash table of integer triples, for the diff's
// passes over every node of large profiles (diff-collect.ts): no object per entry.

/** Float64 columns that grow. */
export class Column {
  a: Float64Array;
  constructor(n = 1024) {
    this.a = new Float64Array(n);
  }
  ensure(n: number): void {
    if (n <= this.a.length) return;
    const b = new Float64Array(Math.max(n, this.a.length * 2));
    b.set(this.a);
    this.a = b;
  }
}

/** Int32 columns that grow. */
export class IntColumn {
  a: Int32Array;
  constructor(n = 1024) {
    this.a = new Int32Array(n);
  }
  ensure(n: number): void {
    if (n <= this.a.length) return;
    const b = new Int32Array(Math.max(n, this.a.length * 2));
    b.set(this.a);
    this.a = b;
  }
  /** ensure(n), returning the array. */
  grow(n: number): Int32Array {
    this.ensure(n);
    return this.a;
  }
}

/**
 * (int, int, number) → dense number, open addressing. A slot's key and value sit side by side
 * in one array (a lookup touches one cache line); keys whose third part is not an int32 (call
 * lines beyond 2^31, never in practice) go to a Map.
 */
export class TripleMap {
  /** Per slot: a, b, c, value (-1: empty). */
  private table: Int32Array;
  private size = 0;
  private mask: number;
  private lastSlot = 0;
  private big: Map<string, number> | null = null;

  /** `expected`: about how many keys it will hold (sized once instead of growing step by step). */
  constructor(expected = 0) {
    let n = 1 << 12;
    while (n < 2 * expected + 2) n *= 2;
    this.table = new Int32Array(4 * n).fill(-1);
    this.mask = n - 1;
  }

  /** Makes room for `more` keys beyond those it holds. */
  reserve(more: number): void {
    let n = this.mask + 1;
    while ((this.size + more) * 2 > n - 1) n *= 2;
    if (n > this.mask + 1) this.grow(n);
  }

  private static hash(a: number, b: number, c: number): number {
    let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return (h ^ (h >>> 13)) >>> 0;
  }

  /** The value of (a, b, c), or -1 (then `add` may store one). */
  find(a: number, b: number, c: number): number {
    if ((c | 0) !== c) return this.big?.get(`${a},${b},${c}`) ?? -1;
    const t = this.table;
    let i = TripleMap.hash(a, b, c) & this.mask;
    for (;;) {
      const v = t[4 * i + 3]!;
      if (v < 0) break;
      if (t[4 * i] === a && t[4 * i + 1] === b && t[4 * i + 2] === c) return v;
      i = (i + 1) & this.mask;
    }
    this.lastSlot = i;
    return -1;
  }

  /** Stores `v` for the key just looked up with `find` (which returned -1). */
  add(a: number, b: number, c: number, v: number): void {
    if ((c | 0) !== c) {
      (this.big ??= new Map()).set(`${a},${b},${c}`, v);
      return;
    }
    const t = this.table;
    const i = 4 * this.lastSlot;
    t[i] = a;
    t[i + 1] = b;
    t[i + 2] = c;
    t[i + 3] = v;
    if (++this.size * 2 > this.mask) this.grow();
  }

  /** Rehashes into `n` slots (a power of two; default twice as many). */
  private grow(n = (this.table.length / 4) * 2): void {
    const old = this.table;
    const t = new Int32Array(4 * n).fill(-1);
    this.mask = n - 1;
    for (let j = 0; j < old.length; j += 4) {
      if (old[j + 3]! < 0) continue;
      let i = TripleMap.hash(old[j]!, old[j + 1]!, old[j + 2]!) & this.mask;
      while (t[4 * i + 3]! >= 0) i = (i + 1) & this.mask;
      t[4 * i] = old[j]!;
      t[4 * i + 1] = old[j + 1]!;
      t[4 * i + 2] = old[j + 2]!;
      t[4 * i + 3] = old[j + 3]!;
    }
    this.table = t;
  }
}

/**
 * (a, b) → number for small non-negative a and integer b within a range per a known ahead (the
 * lines of each method): a dense table, one array read per lookup and the lines of one method
 * side by side, instead of a hash probe at a random place. Keys outside the ranges are not in
 * it (`at` says -1: the caller keeps those in a TripleMap).
 */
export class RangeMap {
  /** Per slot: the value, -1 while empty. */
  readonly table: Int32Array;
  private constructor(
    private readonly lo: Int32Array,
    private readonly hi: Int32Array,
    private readonly offset: Int32Array,
    size: number,
  ) {
    this.table = new Int32Array(size).fill(-1);
  }

  /**
   * A table for the ranges lo[a]..hi[a] (lo[a] > hi[a]: none for a), or null when they would
   * hold more than `limit` slots or a bound is beyond ±2^30.
   */
  static of(lo: Float64Array, hi: Float64Array, limit: number): RangeMap | null {
    const n = lo.length;
    const l = new Int32Array(n);
    const h = new Int32Array(n);
    const offset = new Int32Array(n);
    let size = 0;
    for (let a = 0; a < n; a++) {
      if (lo[a]! > hi[a]!) {
        l[a] = 1;
        h[a] = 0;
        continue;
      }
      if (!(lo[a]! >= -(2 ** 30) && hi[a]! < 2 ** 30)) return null;
      l[a] = lo[a]!;
      h[a] = hi[a]!;
      offset[a] = size - lo[a]!;
      size += hi[a]! - lo[a]! + 1;
      if (size > limit) return null;
    }
    return new RangeMap(l, h, offset, size);
  }

  /** The index of (a, b) in `table`, or -1 when the key is outside the ranges. */
  at(a: number, b: number): number {
    if (a < 0 || a >= this.lo.length || (b | 0) !== b || b < this.lo[a]! || b > this.hi[a]!) return -1;
    return this.offset[a]! + b;
  }
}
