// String concatenation as JDK 25's StringConcatFactory does it, written out as the body of the
// spun `concat` method (as concat-jdk17.ts does for JDK 17): the same StringConcatHelper (and
// String) methods, called with the same arguments in the same order as the code HotSpot runs, so
// that with the JDK instrumented both engines count the same JDK code under the call site.
// makeSimpleConcat's shortcuts first (no argument: newStringOf; one argument without constants:
// newStringOf or String.valueOf; one reference argument with one constant, or two reference
// arguments without: simpleConcat). Otherwise InlineHiddenClassStrategy: one argument calls
// `StringConcatHelper$Concat1.concat(x)` (instrumented: a frame of its own) on an instance the
// factory made at link time; more arguments run the hidden class's code: stringOf of each
// reference, float and double argument (left to right), the coder (stringCoder(char),
// String.coder() of the strings, left to right), the length (stringSize, left to right),
// suffix.length(), newArrayWithSuffix, prepend right to left (each argument with the constant
// before it, "" when none), new String(buf, coder). The factory's objects (the constants' array,
// the Concat1 instance) are made by the VM at link time without running Java code (HotSpot runs
// that code paused) and read from static fields of the spun class.

import { VmError } from '../signals';
import type { Code } from './asm';

const SCH = 'java/lang/StringConcatHelper';
const CONCAT1 = 'java/lang/StringConcatHelper$Concat1';
const STR = 'Ljava/lang/String;';
const OBJ = 'Ljava/lang/Object;';
/** The spun class's static field with the factory's constants (`String[]`, parseRecipe's). */
export const CONSTANTS_FIELD = 'constants';
/** The spun class's static field with the Concat1 instance (one-argument concatenations). */
export const CONCAT1_FIELD = 'concat1';

/** JDK 25's parseRecipe: the constant before each argument and the suffix ("" where none). */
export function recipeConstants(elements: readonly (string | null)[]): string[] {
  const out: string[] = [];
  let acc = '';
  for (const el of elements) {
    if (el === null) {
      out.push(acc);
      acc = '';
    } else acc += el;
  }
  out.push(acc);
  return out;
}

const isRef = (p: string): boolean => p[0] === 'L' || p[0] === '[';

/** erasedArgs: byte and short as int, references as Object. */
function erased(p: string): string {
  if (p === 'B' || p === 'S') return 'I';
  return isRef(p) ? OBJ : p;
}

/** needStringOf (of an erased type): Object, float, double. */
const needsStringOf = (e: string): boolean => e !== 'I' && e !== 'J' && e !== 'Z' && e !== 'C';

/** What the spun class needs besides its code: the Concat1 instance (one argument), always the constants. */
export interface Jdk25Concat {
  concat1: boolean;
  constants: string[];
}

/** Emits the body of `static String concat(params)` in class `self` for `elements` (concatElements). */
export function emitJdk25Concat(c: Code, self: string, params: readonly string[], elements: readonly (string | null)[]): Jdk25Concat {
  const argc = elements.filter((e) => e === null).length;
  if (argc !== params.length) throw new VmError('java/lang/invoke/StringConcatException', `Mismatched number of concat arguments: recipe wants ${argc} arguments, but signature provides ${params.length}`);
  const consts = recipeConstants(elements);
  const slots: number[] = [];
  let next = 0;
  for (const p of params) {
    slots.push(next);
    next += p === 'J' || p === 'D' ? 2 : 1;
  }
  const constant = (i: number): void => {
    c.getstatic(self, CONSTANTS_FIELD, `[${STR}`);
    pushInt(c, i);
    c.op(0x32, -1); // aaload
  };
  const done = (concat1 = false): Jdk25Concat => {
    c.ret(STR);
    return { concat1, constants: consts };
  };
  const hasPrimitives = params.some((p) => !isRef(p));
  const suffix = consts[argc]!;

  // makeSimpleConcat
  if (argc === 0) {
    constant(0);
    c.invokestatic(SCH, 'newStringOf', `(${OBJ})${STR}`);
    return done();
  }
  if (argc === 1) {
    const p = params[0]!;
    const prefix = consts[0]!;
    if (prefix === '' && suffix === '') {
      c.load(p, 0);
      if (isRef(p)) c.invokestatic(SCH, 'newStringOf', `(${OBJ})${STR}`);
      else c.invokestatic('java/lang/String', 'valueOf', `(${erased(p)})${STR}`);
      return done();
    }
    if (!hasPrimitives && (prefix === '' || suffix === '')) {
      if (prefix === '') {
        c.load(p, 0);
        constant(1);
      } else {
        constant(0);
        c.load(p, 0);
      }
      c.invokestatic(SCH, 'simpleConcat', `(${OBJ}${OBJ})${STR}`);
      return done();
    }
    // InlineHiddenClassStrategy, one argument: the Concat1 instance's concat.
    c.getstatic(self, CONCAT1_FIELD, `L${CONCAT1};`);
    c.load(p, 0);
    c.invokevirtual(CONCAT1, 'concat', `(${erased(p)})${STR}`);
    return done(true);
  }
  if (argc === 2 && !hasPrimitives && consts.every((k) => k === '')) {
    c.load(params[0]!, 0).load(params[1]!, slots[1]!);
    c.invokestatic(SCH, 'simpleConcat', `(${OBJ}${OBJ})${STR}`);
    return done();
  }
  if (argc >= 256) throw new VmError('java/lang/invoke/StringConcatException', `${argc} concat arguments: the static hidden class is not emulated`);

  // InlineHiddenClassStrategy, the hidden class's concat (inlined: its own code is not counted).
  const types = params.map(erased);
  const strings: (number | undefined)[] = [];
  types.forEach((e, i) => {
    if (!needsStringOf(e)) return strings.push(undefined);
    c.load(params[i]!, slots[i]!);
    c.invokestatic(SCH, 'stringOf', `(${e})${STR}`);
    const s = next++;
    c.op(0x3a, -1, s); // astore
    return strings.push(s);
  });
  const lengthSlot = next++;
  const coderSlot = next++;
  const bufSlot = next++;
  c.maxLocals = Math.max(c.maxLocals, next);
  const loadArg = (i: number): void => {
    const s = strings[i];
    if (s === undefined) c.load(types[i]!, slots[i]!);
    else c.op(0x19, 1, s); // aload
  };
  // The constants' coder and length (StringConcatBase's constructor, at link time).
  let coder = 0;
  let length = 0;
  for (const k of consts) {
    length += k.length;
    for (let i = 0; i < k.length; i++) {
      if (k.charCodeAt(i) > 0xff) {
        coder = 1;
        break;
      }
    }
  }
  // coder(this.coder, char and string arguments)
  pushInt(c, coder);
  types.forEach((e, i) => {
    if (e === 'C') {
      loadArg(i);
      c.invokestatic(SCH, 'stringCoder', '(C)B');
      c.op(0x80, -1); // ior
    } else if (e === OBJ) {
      loadArg(i);
      c.invokevirtual('java/lang/String', 'coder', '()B');
      c.op(0x80, -1); // ior
    }
  });
  c.op(0x36, -1, coderSlot); // istore
  // length(this.length, arguments)
  pushInt(c, length);
  types.forEach((e, i) => {
    loadArg(i);
    c.invokestatic(SCH, 'stringSize', `(I${needsStringOf(e) ? STR : e})I`);
  });
  // length -= suffix.length(); buf = newArrayWithSuffix(suffix, length, coder)
  constant(argc);
  c.invokevirtual('java/lang/String', 'length', '()I');
  c.op(0x64, -1); // isub
  c.op(0x36, -1, lengthSlot);
  constant(argc);
  c.op(0x15, 1, lengthSlot).op(0x15, 1, coderSlot);
  c.invokestatic(SCH, 'newArrayWithSuffix', `(${STR}IB)[B`);
  c.op(0x3a, -1, bufSlot);
  // prepend, right to left
  c.op(0x15, 1, lengthSlot);
  for (let i = argc - 1; i >= 0; i--) {
    c.op(0x15, 1, coderSlot).op(0x19, 1, bufSlot);
    loadArg(i);
    constant(i);
    c.invokestatic(SCH, 'prepend', `(IB[B${needsStringOf(types[i]!) ? STR : types[i]}${STR})I`);
  }
  c.op(0x57, -1); // pop
  c.newObject('java/lang/String').op(0x59, 1).op(0x19, 1, bufSlot).op(0x15, 1, coderSlot);
  c.invokespecial('java/lang/String', '<init>', '([BB)V');
  return done();
}

function pushInt(c: Code, v: number): void {
  if (v >= -1 && v <= 5) c.op(0x03 + v, 1); // iconst_<v>
  else if (v >= -128 && v <= 127) c.op(0x10, 1, v & 0xff); // bipush
  else if (v >= -32768 && v <= 32767) c.op(0x11, 1, (v >> 8) & 0xff, v & 0xff); // sipush
  else c.ldcIndex(c.pool.addInteger(v), 1);
}
