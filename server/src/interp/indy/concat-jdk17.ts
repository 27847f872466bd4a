// String concatenation as JDK 17's StringConcatFactory does it (strategy MH_INLINE_SIZED_EXACT,
// generateMHInlineCopy), written out as the body of the spun `concat` method: the same
// StringConcatHelper (and String.valueOf) methods, called with the same arguments in the order
// HotSpot's method-handle tree calls them. The spun class is not instrumented (as HotSpot's lambda
// forms are not), so with the JDK instrumented both engines count the same JDK code under the call
// site. The order (checked against java 17): the stringifiers left to right (StringConcatHelper
// .stringOf for references, String.valueOf for float and double), the mixers right to left
// (the rightmost with the initial length and coder of the constants), newArray (or
// newArrayWithSuffix with the trailing constant), the prependers right to left (each argument with
// the constant before it), newString. One- and two-element recipes take the factory's shortcuts
// (unaryConcat, simpleConcat).

import { VmError } from '../signals';
import type { Code } from './asm';

const SCH = 'java/lang/StringConcatHelper';
const STR = 'Ljava/lang/String;';
const OBJ = 'Ljava/lang/Object;';

/** The recipe as parseRecipe makes it: constants merged into strings, null for each argument. */
export function concatElements(recipe: string, constants: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  let acc = '';
  let ci = 0;
  for (const ch of recipe) {
    if (ch === '\u0002') {
      const k = constants[ci++];
      if (k === undefined) throw new VmError('java/lang/invoke/StringConcatException', 'missing recipe constant');
      acc += k;
    } else if (ch === '\u0001') {
      if (acc !== '') out.push(acc);
      acc = '';
      out.push(null);
    } else acc += ch;
  }
  if (acc !== '') out.push(acc);
  return out;
}

const isRef = (p: string): boolean => p[0] === 'L' || p[0] === '[';

/** String.valueOf's parameter for a primitive argument (byte and short as int). */
function valueOfParam(p: string): string {
  return p === 'B' || p === 'S' ? 'I' : p;
}

/** The length and coder that StringConcatHelper.mix gives a constant (compact strings). */
function mixConstant(lc: bigint, s: string): bigint {
  let r = lc + BigInt(s.length);
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0xff) {
      r |= 1n << 32n;
      break;
    }
  }
  return r;
}

/**
 * Emits the body of `static String concat(params)` for `elements` (concatElements). A constant
 * that the factory binds as an object (simpleConcat's or newStringOf's argument) is loaded by
 * `loadConstant`: the factory's is a new String of parseRecipe's (hash 0), not the interned
 * literal, and simpleConcat("", c) returns `new String(c)`, which copies c's hash (so a literal
 * whose hash the CDS emulation set left `String.hashCode` uncounted where HotSpot counts it).
 */
export function emitJdk17Concat(c: Code, params: readonly string[], elements: readonly (string | null)[], loadConstant: (s: string) => void = (s) => void c.ldcString(s)): void {
  const argc = elements.filter((e) => e === null).length;
  if (argc !== params.length) throw new VmError('java/lang/invoke/StringConcatException', `Mismatched number of concat arguments: recipe wants ${argc} arguments, but signature provides ${params.length}`);
  const slots: number[] = [];
  let next = 0;
  for (const p of params) {
    slots.push(next);
    next += p === 'J' || p === 'D' ? 2 : 1;
  }
  const ret = (): void => void c.ret(STR);

  // unaryConcat(type)
  const unary = (p: string): void => {
    c.load(p, 0);
    if (isRef(p)) c.invokestatic(SCH, 'newStringOf', `(${OBJ})${STR}`);
    else c.invokestatic('java/lang/String', 'valueOf', `(${valueOfParam(p)})${STR}`);
    ret();
  };
  if (elements.length === 1) {
    const s0 = elements[0]!;
    if (s0 === null) return unary(params[0]!);
    loadConstant(s0);
    c.invokestatic(SCH, 'newStringOf', `(${OBJ})${STR}`);
    return ret();
  }
  if (elements.length === 2) {
    const [s0, s1] = elements;
    if (params.length === 2 && isRef(params[0]!) && isRef(params[1]!) && s0 === null && s1 === null) {
      c.load(params[0]!, 0).load(params[1]!, slots[1]!).invokestatic(SCH, 'simpleConcat', `(${OBJ}${OBJ})${STR}`);
      return ret();
    }
    if (params.length === 1) {
      const constant = s1 === null ? s0! : s1!;
      if (constant === '') return unary(params[0]!);
      if (isRef(params[0]!)) {
        if (s1 === null) {
          loadConstant(constant);
          c.load(params[0]!, 0);
        } else {
          c.load(params[0]!, 0);
          loadConstant(constant);
        }
        c.invokestatic(SCH, 'simpleConcat', `(${OBJ}${OBJ})${STR}`);
        return ret();
      }
    }
  }

  // Stringifiers, left to right: references, float and double become Strings in new locals.
  const types: string[] = [];
  const loads: (() => void)[] = [];
  params.forEach((p, i) => {
    const slot = slots[i]!;
    if (isRef(p) || p === 'F' || p === 'D') {
      c.load(p, slot);
      if (isRef(p)) c.invokestatic(SCH, 'stringOf', `(${OBJ})${STR}`);
      else c.invokestatic('java/lang/String', 'valueOf', `(${p})${STR}`);
      const s = next++;
      c.op(0x3a, -1, s); // astore
      types.push(STR);
      loads.push(() => void c.op(0x19, 1, s)); // aload
    } else {
      types.push(p);
      loads.push(() => void c.load(p, slot));
    }
  });
  const lc = next;
  next += 2;
  const buf = next++;
  c.maxLocals = Math.max(c.maxLocals, next);
  const lload = (): void => void c.op(0x16, 2, lc);
  const lstore = (): void => void c.op(0x37, -2, lc);

  // The constants' length and coder; the prefix of each argument; the suffix.
  let initial = 0n; // LATIN1 << 32 (compact strings)
  const prefixes: (string | null)[] = [];
  let constant: string | null = null;
  for (const el of elements) {
    if (el !== null) {
      initial = mixConstant(initial, el);
      constant = el;
    } else {
      prefixes.push(constant);
      constant = null;
    }
  }
  const suffix = constant;
  if (suffix !== null) initial -= BigInt(suffix.length);

  // Mixers, right to left; the rightmost starts from the constants' length and coder.
  c.ldcIndex(c.pool.addLong(initial), 2);
  lstore();
  for (let i = params.length - 1; i >= 0; i--) {
    lload();
    loads[i]!();
    c.invokestatic(SCH, 'mix', `(J${types[i]})J`);
    lstore();
  }
  // The array, with the trailing constant already in place.
  if (suffix !== null) {
    c.ldcString(suffix);
    lload();
    c.invokestatic(SCH, 'newArrayWithSuffix', `(${STR}J)[B`);
  } else {
    lload();
    c.invokestatic(SCH, 'newArray', '(J)[B');
  }
  c.op(0x3a, -1, buf);
  // Prependers, right to left, each argument with the constant before it.
  for (let i = params.length - 1; i >= 0; i--) {
    lload();
    c.op(0x19, 1, buf);
    loads[i]!();
    const prefix = prefixes[i];
    if (prefix === null || prefix === undefined) c.op(0x01, 1); // aconst_null
    else c.ldcString(prefix);
    c.invokestatic(SCH, 'prepend', `(J[B${types[i]}${STR})J`);
    lstore();
  }
  c.op(0x19, 1, buf);
  lload();
  c.invokestatic(SCH, 'newString', `([BJ)${STR}`);
  ret();
}
