// Type conversions between a value on the stack of type `from` and the type `to` expected,
// as LambdaMetafactory performs them (JLS 5.3 method invocation conversions): casts,
// boxing, unboxing and primitive widening.

import type { Code } from './asm';

export const WRAPPERS: Record<string, string> = {
  Z: 'java/lang/Boolean',
  B: 'java/lang/Byte',
  C: 'java/lang/Character',
  S: 'java/lang/Short',
  I: 'java/lang/Integer',
  J: 'java/lang/Long',
  F: 'java/lang/Float',
  D: 'java/lang/Double',
};

const UNBOX: Record<string, string> = {
  Z: 'booleanValue',
  B: 'byteValue',
  C: 'charValue',
  S: 'shortValue',
  I: 'intValue',
  J: 'longValue',
  F: 'floatValue',
  D: 'doubleValue',
};

function isPrim(d: string): boolean {
  return d.length === 1;
}

function wrapperPrim(d: string): string | undefined {
  if (!d.startsWith('L')) return undefined;
  const n = d.slice(1, -1);
  return Object.entries(WRAPPERS).find(([, w]) => w === n)?.[0];
}

/** Primitive widening from `a` to `b` (both primitive descriptors). */
function widen(c: Code, a: string, b: string): void {
  if (a === b) return;
  const intLike = 'BSCI';
  if (intLike.includes(a)) {
    if (b === 'J') c.op(0x85, 1);
    else if (b === 'F') c.op(0x86, 0);
    else if (b === 'D') c.op(0x87, 1);
    else if (b === 'I' || b === 'S') return;
    return;
  }
  if (a === 'J') {
    if (b === 'F') c.op(0x89, -1);
    else if (b === 'D') c.op(0x8a, 0);
    return;
  }
  if (a === 'F' && b === 'D') c.op(0x8d, 1);
}

export function box(c: Code, prim: string): void {
  const w = WRAPPERS[prim];
  c.invokestatic(w, 'valueOf', `(${prim})L${w};`);
}

function unbox(c: Code, prim: string, wrapper: string): void {
  c.invokevirtual(wrapper, UNBOX[prim], `()${prim}`);
}

/** Converts the value on top of the stack from `from` to `to`. */
export function convert(c: Code, from: string, to: string): void {
  if (from === to || to === 'V') return;
  if (isPrim(from) && isPrim(to)) return widen(c, from, to);
  if (isPrim(from)) {
    // Box, then (if the target is a different reference type) cast.
    box(c, from);
    const w = `L${WRAPPERS[from]};`;
    if (to !== w && to !== 'Ljava/lang/Object;' && to !== 'Ljava/lang/Number;' && to !== 'Ljava/io/Serializable;' && to !== 'Ljava/lang/Comparable;') c.checkcast(refName(to));
    return;
  }
  if (isPrim(to)) {
    // Unbox: from a wrapper (maybe after a cast), then widen.
    const wp = wrapperPrim(from);
    if (wp !== undefined) {
      unbox(c, wp, WRAPPERS[wp]);
      widen(c, wp, to);
      return;
    }
    const w = WRAPPERS[to];
    c.checkcast(w);
    unbox(c, to, w);
    return;
  }
  if (to !== 'Ljava/lang/Object;') c.checkcast(refName(to));
}

/** Internal name for checkcast of a reference descriptor (arrays keep their descriptor). */
export function refName(d: string): string {
  return d.startsWith('[') ? d : d.slice(1, -1);
}
