// Reusable typed arrays for the per-method passes of the class-file library (layout, max_stack,
// frame simulation points). Allocating a typed array costs about as much as laying out a small
// method (V8 gives each one a backing store), and the transformer lays out two copies of every
// method. Each slot belongs to one function, which must not call itself; only indices below
// the requested length are valid (the array may be longer).

const int32s: Int32Array[] = [];
const uint8s: Uint8Array[] = [];

/** Slots, one per user. */
export const Scratch = { LayoutSizes: 0, LayoutWide: 1, LayoutKinds: 2, MaxsNext: 3, MaxsDepth: 4, CheckPoints: 5 } as const;
type Slot = (typeof Scratch)[keyof typeof Scratch];

function grown(len: number, need: number): number {
  let n = len > 0 ? len : 256;
  while (n < need) n *= 2;
  return n;
}

/** An Int32Array of at least `n` elements whose first `n` are `fill`. */
export function scratchInt32(slot: Slot, n: number, fill: number): Int32Array {
  let a = int32s[slot];
  if (a === undefined || a.length < n) int32s[slot] = a = new Int32Array(grown(a?.length ?? 0, n));
  a.fill(fill, 0, n);
  return a;
}

/** A Uint8Array of at least `n` elements whose first `n` are 0. */
export function scratchUint8(slot: Slot, n: number): Uint8Array {
  let a = uint8s[slot];
  if (a === undefined || a.length < n) uint8s[slot] = a = new Uint8Array(grown(a?.length ?? 0, n));
  a.fill(0, 0, n);
  return a;
}
