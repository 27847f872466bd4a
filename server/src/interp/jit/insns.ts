// The JIT's code for single instructions (all but invokes and returns, jit/codegen.ts and
// jit/inline.ts): loads, stores, arithmetic, conversions, branches, fields, arrays, objects.
// Written against a Scope's variable names, so the same code serves compiled methods and
// inlined callees.

import type { RawInstruction } from '../../classfile/code/raw';
import { Tag } from '../../classfile/model';
import type { JClass } from '../klass';
import type { FieldSite, LdcValue } from '../resolve';
import type { Scope } from './scope';
import { arrayData, bothNumbers, bounds, inSafe, narrow, narrowRet, pow2, storeCheck } from './insn-parts';

/** An unresolved `checkcast`/`instanceof` lets null through in place (`KOMORIUM_JIT_NULL_CASTS=0`: always leaves, as before). */
const NULL_CASTS = process.env.KOMORIUM_JIT_NULL_CASTS !== '0';

export { narrow, narrowRet };

/** One instruction being generated, with the control-flow helpers of its scope. */
export interface At {
  s: Scope;
  ins: RawInstruction;
  idx: number;
  /** Operand-stack depth before the instruction. */
  d: number;
  /** Code that continues at `target` with stack depth `dAfter` (a back edge checks the time slice). */
  goto(target: number, dAfter: number): string;
  /** Emits the conditional branch. */
  branch(cond: string, target: number, dAfter: number): void;
  /** Emits the jump. */
  jump(target: number, dAfter: number): void;
  /**
   * Code that leaves to the interpreter here (in an inlined body only when speculating, else
   * NotInlinable). `expected`: a leave that is rare by design (a call into the profiler
   * runtime), not counted towards recompiling without speculation.
   */
  leave(expected?: boolean): string;
  /** Emits leave(). */
  bail(): void;
  /** As bail, at a constant that was unresolved at compile time. */
  unresolved(): void;
  /** Records this instruction's pc for an exception it may throw. */
  throwsHere(): void;
  /** Emits the guard that class `c` is initialised (none if it already was at compile time). */
  initCheck(c: JClass): void;
  /**
   * An array access in a loop copy: the variable holding its array's `data`, read at the loop's
   * entry (an empty array of its kind for a null array: codegen.ts NULL_EMPTY), and the local
   * holding the array itself.
   */
  arr?: string;
  arrRef?: string;
}

/** Emits `at`'s instruction. Returns false if it does not continue to the next one (or left already). */
export function emitInsn(at: At): boolean {
  const { s, ins, d } = at;
  const kl = s.m.klass;
  const top = d - 1;
  const op = ins.op;
  const o = ins.operands;
  const localIndex = (): number => (o.kind === 'local' ? o.index : op >= 0x3b ? (op - 0x3b) % 4 : (op - 0x1a) % 4);
  switch (op) {
    case 0x00:
      break;
      case 0x01:
        s.emit(`${s.R(d)} = null;`);
        break;
      case 0x02:
      case 0x03:
      case 0x04:
      case 0x05:
      case 0x06:
      case 0x07:
      case 0x08:
        s.emit(`${s.N(d)} = ${op - 3};`);
        break;
      case 0x09:
      case 0x0a:
        s.emit(`${s.R(d)} = ${op - 9};`);
        break;
      case 0x0b:
      case 0x0c:
      case 0x0d:
        s.emit(`${s.N(d)} = ${op - 0x0b};`);
        break;
      case 0x0e:
      case 0x0f:
        s.emit(`${s.N(d)} = ${op - 0x0e};`);
        break;
      case 0x10:
      case 0x11:
        s.emit(`${s.N(d)} = ${(o as { value: number }).value};`);
        break;
      case 0x12:
      case 0x13:
      case 0x14: {
        const cpi = (o as { index: number }).index;
        const e = kl.cp[cpi];
        const cached = kl.cpc[cpi] as LdcValue | undefined;
        if (e && (e.tag === Tag.Integer || e.tag === Tag.Float || e.tag === Tag.Long || e.tag === Tag.Double || e.tag === Tag.String) && cached !== undefined && (cached as LdcValue).kind !== undefined) {
          const v = cached.value;
          if (cached.kind === 'I' || cached.kind === 'F' || cached.kind === 'D') s.emit(`${s.N(d)} = ${Object.is(v, -0) ? '-0' : Number.isFinite(v as number) ? String(v) : s.K(v)};`);
          // A long that is a safe integer (a number, long.ts) as a literal: V8 then folds the
          // `typeof` checks of the long arithmetic on it (sieve's `3 * x + 1`, `% 97`).
          else if (cached.kind === 'J') s.emit(`${s.R(d)} = ${typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0) ? String(v) : s.K(v)};`);
          else s.emit(`${s.R(d)} = ${s.K(v)};`);
        } else {
          if (cached === undefined && e && (e.tag === Tag.Integer || e.tag === Tag.Float || e.tag === Tag.Long || e.tag === Tag.Double || e.tag === Tag.String)) at.unresolved();
          else at.bail();
          return false;
        }
        break;
      }
      // loads
      case 0x15:
      case 0x17:
      case 0x1a:
      case 0x1b:
      case 0x1c:
      case 0x1d:
      case 0x22:
      case 0x23:
      case 0x24:
      case 0x25:
      case 0x18:
      case 0x26:
      case 0x27:
      case 0x28:
      case 0x29:
        s.emit(`${s.N(d)} = ${s.n(localIndex())};`);
        break;
      case 0x16:
      case 0x19:
      case 0x1e:
      case 0x1f:
      case 0x20:
      case 0x21:
      case 0x2a:
      case 0x2b:
      case 0x2c:
      case 0x2d:
        s.emit(`${s.R(d)} = ${s.r(localIndex())};`);
        break;
      // stores
      case 0x36:
      case 0x38:
      case 0x3b:
      case 0x3c:
      case 0x3d:
      case 0x3e:
      case 0x43:
      case 0x44:
      case 0x45:
      case 0x46:
        s.emit(`${s.n(localIndex())} = ${s.N(top)};`);
        break;
      case 0x39:
      case 0x47:
      case 0x48:
      case 0x49:
      case 0x4a:
        s.emit(`${s.n(localIndex())} = ${s.N(d - 2)};`);
        break;
      case 0x37:
      case 0x3f:
      case 0x40:
      case 0x41:
      case 0x42:
        s.emit(`${s.r(localIndex())} = ${s.R(d - 2)};`);
        break;
      case 0x3a:
      case 0x4b:
      case 0x4c:
      case 0x4d:
      case 0x4e:
        s.emit(`${s.r(localIndex())} = ${s.R(top)};`);
        break;
      // array loads
      case 0x2e:
      case 0x30:
      case 0x31:
      case 0x33:
      case 0x34:
      case 0x35:
      case 0x32: {
        at.throwsHere();
        s.emit(`${arrayData(at, s.R(d - 2))} x = ${s.N(d - 1)}; ${bounds(at)}`);
        if (op === 0x32) s.emit(`${s.R(d - 2)} = d[x];`);
        else s.emit(`${s.N(d - 2)} = d[x];`);
        break;
      }
      case 0x2f:
        at.throwsHere();
        s.emit(`o = ${s.R(d - 2)}; if (o === null) throw E.npe(); d = o.data; x = ${s.N(d - 1)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); ${s.R(d - 2)} = L.aload(o, x);`);
        break;
      case 0x4f:
      case 0x51:
      case 0x54:
      case 0x55:
      case 0x56:
        at.throwsHere();
        s.emit(`${arrayData(at, s.R(d - 3))} x = ${s.N(d - 2)}; ${bounds(at)} d[x] = ${s.N(d - 1)};`);
        break;
      case 0x52:
        at.throwsHere();
        s.emit(`${arrayData(at, s.R(d - 4))} x = ${s.N(d - 3)}; ${bounds(at)} d[x] = ${s.N(d - 2)};`);
        break;
      case 0x50:
        at.throwsHere();
        s.emit(`o = ${s.R(d - 4)}; if (o === null) throw E.npe(); d = o.data; x = ${s.N(d - 3)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); L.astore(o, x, ${s.R(d - 2)});`);
        break;
      case 0x53:
        at.throwsHere();
        s.emit(`o = ${s.R(d - 3)}; if (o === null) throw E.npe(); d = o.data; x = ${s.N(d - 2)}; if (x >>> 0 >= d.length) throw E.aioobe(x, d.length); y = ${s.R(d - 1)}; ${storeCheck(s)} d[x] = y;`);
        break;
      // stack
      case 0x57:
      case 0x58:
        break;
      case 0x59:
        s.emit(`${s.N(d)} = ${s.N(top)}; ${s.R(d)} = ${s.R(top)};`);
        break;
      case 0x5a:
        s.emit(`${s.N(d)} = ${s.N(d - 1)}; ${s.R(d)} = ${s.R(d - 1)}; ${s.N(d - 1)} = ${s.N(d - 2)}; ${s.R(d - 1)} = ${s.R(d - 2)}; ${s.N(d - 2)} = ${s.N(d)}; ${s.R(d - 2)} = ${s.R(d)};`);
        break;
      case 0x5b:
        s.emit(`${s.N(d)} = ${s.N(d - 1)}; ${s.R(d)} = ${s.R(d - 1)}; ${s.N(d - 1)} = ${s.N(d - 2)}; ${s.R(d - 1)} = ${s.R(d - 2)}; ${s.N(d - 2)} = ${s.N(d - 3)}; ${s.R(d - 2)} = ${s.R(d - 3)}; ${s.N(d - 3)} = ${s.N(d)}; ${s.R(d - 3)} = ${s.R(d)};`);
        break;
      case 0x5c:
        s.emit(`${s.N(d)} = ${s.N(d - 2)}; ${s.R(d)} = ${s.R(d - 2)}; ${s.N(d + 1)} = ${s.N(d - 1)}; ${s.R(d + 1)} = ${s.R(d - 1)};`);
        break;
      case 0x5d:
        // ..., v3, v2, v1 → ..., v2, v1, v3, v2, v1
        s.emit(
          `${s.N(d + 1)} = ${s.N(d - 1)}; ${s.R(d + 1)} = ${s.R(d - 1)}; ${s.N(d)} = ${s.N(d - 2)}; ${s.R(d)} = ${s.R(d - 2)}; ` +
            `${s.N(d - 1)} = ${s.N(d - 3)}; ${s.R(d - 1)} = ${s.R(d - 3)}; ${s.N(d - 3)} = ${s.N(d)}; ${s.R(d - 3)} = ${s.R(d)}; ${s.N(d - 2)} = ${s.N(d + 1)}; ${s.R(d - 2)} = ${s.R(d + 1)};`,
        );
        break;
      case 0x5e:
        // ..., v4, v3, v2, v1 → ..., v2, v1, v4, v3, v2, v1
        s.emit(
          `${s.N(d + 1)} = ${s.N(d - 1)}; ${s.R(d + 1)} = ${s.R(d - 1)}; ${s.N(d)} = ${s.N(d - 2)}; ${s.R(d)} = ${s.R(d - 2)}; ` +
            `${s.N(d - 1)} = ${s.N(d - 3)}; ${s.R(d - 1)} = ${s.R(d - 3)}; ${s.N(d - 2)} = ${s.N(d - 4)}; ${s.R(d - 2)} = ${s.R(d - 4)}; ` +
            `${s.N(d - 4)} = ${s.N(d)}; ${s.R(d - 4)} = ${s.R(d)}; ${s.N(d - 3)} = ${s.N(d + 1)}; ${s.R(d - 3)} = ${s.R(d + 1)};`,
        );
        break;
      case 0x5f:
        s.emit(`x = ${s.N(top)}; y = ${s.R(top)}; ${s.N(top)} = ${s.N(d - 2)}; ${s.R(top)} = ${s.R(d - 2)}; ${s.N(d - 2)} = x; ${s.R(d - 2)} = y;`);
        break;
      // int arithmetic
      case 0x60:
        s.emit(`${s.N(d - 2)} = (${s.N(d - 2)} + ${s.N(top)}) | 0;`);
        break;
      case 0x64:
        s.emit(`${s.N(d - 2)} = (${s.N(d - 2)} - ${s.N(top)}) | 0;`);
        break;
      case 0x68:
        s.emit(`${s.N(d - 2)} = Math.imul(${s.N(d - 2)}, ${s.N(top)});`);
        break;
      case 0x6c:
        at.throwsHere();
        s.emit(`if (${s.N(top)} === 0) throw E.div0(); ${s.N(d - 2)} = (${s.N(d - 2)} / ${s.N(top)}) | 0;`);
        break;
      case 0x70:
        at.throwsHere();
        s.emit(`if (${s.N(top)} === 0) throw E.div0(); ${s.N(d - 2)} = (${s.N(d - 2)} % ${s.N(top)}) | 0;`);
        break;
      case 0x74:
        s.emit(`${s.N(top)} = -${s.N(top)} | 0;`);
        break;
      case 0x78:
        s.emit(`${s.N(d - 2)} = ${s.N(d - 2)} << ${s.N(top)};`);
        break;
      case 0x7a:
        s.emit(`${s.N(d - 2)} = ${s.N(d - 2)} >> ${s.N(top)};`);
        break;
      case 0x7c:
        s.emit(`${s.N(d - 2)} = (${s.N(d - 2)} >>> ${s.N(top)}) | 0;`);
        break;
      case 0x7e:
        s.emit(`${s.N(d - 2)} = ${s.N(d - 2)} & ${s.N(top)};`);
        break;
      case 0x80:
        s.emit(`${s.N(d - 2)} = ${s.N(d - 2)} | ${s.N(top)};`);
        break;
      case 0x82:
        s.emit(`${s.N(d - 2)} = ${s.N(d - 2)} ^ ${s.N(top)};`);
        break;
      case 0x84: {
        const io = o as { index: number; delta: number };
        s.emit(`${s.n(io.index)} = (${s.n(io.index)} + ${io.delta}) | 0;`);
        break;
      }
      // long arithmetic (R slots hold Long values): the safe-integer case in place, the rest
      // (bigints, results beyond 2^53) through long.ts, which is exact either way.
      case 0x61:
      case 0x65:
      case 0x69: {
        const [a, b] = [s.R(d - 4), s.R(d - 2)];
        const js = op === 0x61 ? '+' : op === 0x65 ? '-' : '*';
        const fn = op === 0x61 ? 'ladd' : op === 0x65 ? 'lsub' : 'lmul';
        // `+ 0`: a product of 0 and a negative number is -0, which is not a canonical long.
        s.emit(`${a} = ${bothNumbers(a, b)} && ${inSafe(`(x = ${a} ${js} ${b})`)} ? x${op === 0x69 ? ' + 0' : ''} : L.${fn}(${a}, ${b});`);
        break;
      }
      case 0x6d:
      case 0x71: {
        at.throwsHere();
        const [a, b] = [s.R(d - 4), s.R(d - 2)];
        const fast = op === 0x6d ? `(${a} - ${a} % ${b}) / ${b} + 0` : `${a} % ${b} + 0`;
        s.emit(`if (${b} === 0) throw E.div0(); ${a} = ${bothNumbers(a, b)} ? ${fast} : L.${op === 0x6d ? 'ldiv' : 'lrem'}(${a}, ${b});`);
        break;
      }
      case 0x75: {
        const a = s.R(d - 2);
        s.emit(`${a} = typeof ${a} === 'number' ? 0 - ${a} : L.lneg(${a});`);
        break;
      }
      case 0x79: {
        const [a, k] = [s.R(d - 3), s.N(top)];
        s.emit(`${a} = typeof ${a} === 'number' && ${inSafe(`(x = ${a} * ${pow2(at, k)})`)} ? x : L.lshl(${a}, ${k});`);
        break;
      }
      case 0x7b:
      case 0x7d: {
        // Dividing by a power of two is exact; the floor is the arithmetic shift (for a
        // non-negative value also the logical one).
        const [a, k] = [s.R(d - 3), s.N(top)];
        const cond = op === 0x7b ? `typeof ${a} === 'number'` : `typeof ${a} === 'number' && ${a} >= 0`;
        s.emit(`${a} = ${cond} ? Math.floor(${a} / ${pow2(at, k)}) : L.${op === 0x7b ? 'lshr' : 'lushr'}(${a}, ${k});`);
        break;
      }
      case 0x7f: {
        const [a, b] = [s.R(d - 4), s.R(d - 2)];
        // As long.ts land: both int32, or either a mask in [0, 2^31) (ToInt32 keeps the low bits).
        s.emit(`${a} = ${bothNumbers(a, b)} && ((${b} >= 0 && ${b} <= 2147483647) || (${a} >= 0 && ${a} <= 2147483647) || ((${a} | 0) === ${a} && (${b} | 0) === ${b})) ? ${a} & ${b} : L.land(${a}, ${b});`);
        break;
      }
      case 0x81:
      case 0x83: {
        const [a, b] = [s.R(d - 4), s.R(d - 2)];
        const js = op === 0x81 ? '|' : '^';
        s.emit(`${a} = ${bothNumbers(a, b)} && (${a} | 0) === ${a} && (${b} | 0) === ${b} ? ${a} ${js} ${b} : L.${op === 0x81 ? 'lor' : 'lxor'}(${a}, ${b});`);
        break;
      }
      // float / double
      case 0x62:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)} + ${s.N(top)});`);
        break;
      case 0x66:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)} - ${s.N(top)});`);
        break;
      case 0x6a:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)} * ${s.N(top)});`);
        break;
      case 0x6e:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)} / ${s.N(top)});`);
        break;
      case 0x72:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)} % ${s.N(top)});`);
        break;
      case 0x76:
        s.emit(`${s.N(top)} = -${s.N(top)};`);
        break;
      case 0x63:
        s.emit(`${s.N(d - 4)} = ${s.N(d - 4)} + ${s.N(d - 2)};`);
        break;
      case 0x67:
        s.emit(`${s.N(d - 4)} = ${s.N(d - 4)} - ${s.N(d - 2)};`);
        break;
      case 0x6b:
        s.emit(`${s.N(d - 4)} = ${s.N(d - 4)} * ${s.N(d - 2)};`);
        break;
      case 0x6f:
        s.emit(`${s.N(d - 4)} = ${s.N(d - 4)} / ${s.N(d - 2)};`);
        break;
      case 0x73:
        s.emit(`${s.N(d - 4)} = ${s.N(d - 4)} % ${s.N(d - 2)};`);
        break;
      case 0x77:
        s.emit(`${s.N(d - 2)} = -${s.N(d - 2)};`);
        break;
      // conversions
      case 0x85:
        s.emit(`${s.R(top)} = ${s.N(top)};`);
        break;
      case 0x86:
        s.emit(`${s.N(top)} = fr(${s.N(top)});`);
        break;
      case 0x87:
      case 0x8d:
        break;
      case 0x88:
        s.emit(`${s.N(d - 2)} = typeof ${s.R(d - 2)} === 'number' ? ${s.R(d - 2)} | 0 : L.l2i(${s.R(d - 2)});`);
        break;
      case 0x89:
        s.emit(`${s.N(d - 2)} = L.l2f(${s.R(d - 2)});`);
        break;
      case 0x8a:
        s.emit(`${s.N(d - 2)} = typeof ${s.R(d - 2)} === 'number' ? ${s.R(d - 2)} : L.l2d(${s.R(d - 2)});`);
        break;
      case 0x8b:
        s.emit(`${s.N(top)} = L.d2i(${s.N(top)});`);
        break;
      case 0x8c:
        s.emit(`${s.R(top)} = L.d2l(${s.N(top)});`);
        break;
      case 0x8e:
        s.emit(`${s.N(d - 2)} = L.d2i(${s.N(d - 2)});`);
        break;
      case 0x8f:
        s.emit(`${s.R(d - 2)} = L.d2l(${s.N(d - 2)});`);
        break;
      case 0x90:
        s.emit(`${s.N(d - 2)} = fr(${s.N(d - 2)});`);
        break;
      case 0x91:
        s.emit(`${s.N(top)} = (${s.N(top)} << 24) >> 24;`);
        break;
      case 0x92:
        s.emit(`${s.N(top)} = ${s.N(top)} & 0xffff;`);
        break;
      case 0x93:
        s.emit(`${s.N(top)} = (${s.N(top)} << 16) >> 16;`);
        break;
      // comparisons
      case 0x94:
        s.emit(`x = ${s.R(d - 4)}; y = ${s.R(d - 2)}; ${s.N(d - 4)} = x > y ? 1 : x < y ? -1 : 0;`);
        break;
      case 0x95:
      case 0x96:
        s.emit(`x = ${s.N(d - 2)}; y = ${s.N(top)}; ${s.N(d - 2)} = x > y ? 1 : x < y ? -1 : x === y ? 0 : ${op === 0x95 ? -1 : 1};`);
        break;
      case 0x97:
      case 0x98:
        s.emit(`x = ${s.N(d - 4)}; y = ${s.N(d - 2)}; ${s.N(d - 4)} = x > y ? 1 : x < y ? -1 : x === y ? 0 : ${op === 0x97 ? -1 : 1};`);
        break;
      case 0x99:
      case 0x9a:
      case 0x9b:
      case 0x9c:
      case 0x9d:
      case 0x9e: {
        const rel = ['===', '!==', '<', '>=', '>', '<='][op - 0x99];
        at.branch(`${s.N(top)} ${rel} 0`, (o as { target: number }).target, d - 1);
        break;
      }
      case 0x9f:
      case 0xa0:
      case 0xa1:
      case 0xa2:
      case 0xa3:
      case 0xa4: {
        const rel = ['===', '!==', '<', '>=', '>', '<='][op - 0x9f];
        at.branch(`${s.N(d - 2)} ${rel} ${s.N(top)}`, (o as { target: number }).target, d - 2);
        break;
      }
      case 0xa5:
        at.branch(`${s.R(d - 2)} === ${s.R(top)}`, (o as { target: number }).target, d - 2);
        break;
      case 0xa6:
        at.branch(`${s.R(d - 2)} !== ${s.R(top)}`, (o as { target: number }).target, d - 2);
        break;
      case 0xc6:
        at.branch(`${s.R(top)} === null`, (o as { target: number }).target, d - 1);
        break;
      case 0xc7:
        at.branch(`${s.R(top)} !== null`, (o as { target: number }).target, d - 1);
        break;
      case 0xa7:
      case 0xc8:
        at.jump((o as { target: number }).target, d);
        return false;
      case 0xaa:
      case 0xab: {
        const sw = o as { defaultTarget: number; targets: number[]; low?: number; keys?: number[] };
        s.emit(`switch (${s.N(top)}) {`);
        sw.targets.forEach((tg, i) => {
          const key = sw.keys ? sw.keys[i] : (sw.low as number) + i;
          s.emit(`case ${key}: ${at.goto(tg, d - 1)}`);
        });
        s.emit(`}`);
        at.jump(sw.defaultTarget, d - 1);
        return false;
      }
      // fields
      case 0xb2:
      case 0xb3:
      case 0xb4:
      case 0xb5: {
        const cpi = (o as { index: number }).index;
        const fs = kl.cpc[cpi] as FieldSite | undefined;
        if (fs === undefined || fs.key === undefined) {
          at.unresolved();
          return false;
        }
        const kind = fs.kind;
        if (op === 0xb2 || op === 0xb3) {
          const fk = fs.f.klass;
          const sv = `${s.K(fk.staticValues)}[${fs.f.slot}]`;
          at.initCheck(fk);
          if (op === 0xb2) {
            if (kind === 'L' || kind === 'J') s.emit(`${s.R(d)} = ${sv};`);
            else s.emit(`${s.N(d)} = ${sv}${kind === 'I' ? ' | 0' : ''};`);
          } else {
            if (kind === 'L') s.emit(`${sv} = ${s.R(top)};`);
            else if (kind === 'J') s.emit(`${sv} = ${s.R(d - 2)};`);
            else if (kind === 'D') s.emit(`${sv} = ${s.N(d - 2)};`);
            else s.emit(`${sv} = ${narrow(fs.f.desc, s.N(top))};`);
          }
          break;
        }
        const key = JSON.stringify(fs.key);
        at.throwsHere();
        if (op === 0xb4) {
          s.emit(`o = ${s.R(top)}; if (o === null) throw E.npe();`);
          if (kind === 'L' || kind === 'J') s.emit(`${s.R(top)} = o[${key}];`);
          // (`| 0`: an int field holds a double representation in V8, object.ts AS_DOUBLE;
          // as an int32 it stays one in the arithmetic and indexing that follow.)
          else s.emit(`${s.N(top)} = o[${key}]${kind === 'I' ? ' | 0' : ''};`);
        } else {
          const w = kind === 'J' || kind === 'D' ? 2 : 1;
          s.emit(`o = ${s.R(d - 1 - w)}; if (o === null) throw E.npe();`);
          if (kind === 'L') s.emit(`o[${key}] = ${s.R(top)};`);
          else if (kind === 'J') s.emit(`o[${key}] = ${s.R(d - 2)};`);
          else if (kind === 'D') s.emit(`o[${key}] = ${s.N(d - 2)};`);
          else s.emit(`o[${key}] = ${narrow(fs.f.desc, s.N(top))};`);
        }
        break;
      }
      // objects
      case 0xbb: {
        const c = kl.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined || c.isInterface || c.isAbstract) {
          if (c === undefined) at.unresolved();
          else at.bail();
          return false;
        }
        at.initCheck(c);
        at.throwsHere();
        s.emit(`${s.R(d)} = vm.allocObject(${s.K(c)});`);
        break;
      }
      case 0xbc:
        at.throwsHere();
        {
          // The array class, looked up once (a site cache).
          const ac = s.cacheVar();
          s.emit(`${s.R(top)} = E.newArray(vm, ${ac} === null ? (${ac} = vm.primitiveArrayClass(${(o as { atype: number }).atype})) : ${ac}, ${s.N(top)});`);
        }
        break;
      case 0xbd: {
        const c = kl.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined) {
          at.unresolved();
          return false;
        }
        at.throwsHere();
        s.emit(`${s.R(top)} = E.newArray(vm, vm.arrayClassOf(${s.K(c)}), ${s.N(top)});`);
        break;
      }
      case 0xbe:
        at.throwsHere();
        s.emit(`o = ${s.R(top)}; if (o === null) throw E.npe(); ${s.N(top)} = o.data.length;`);
        break;
      case 0xc0:
      case 0xc1: {
        const c = kl.cpc[(o as { index: number }).index] as JClass | undefined;
        if (c === undefined || c.supers === undefined) {
          if (!NULL_CASTS) {
            at.unresolved();
            return false;
          }
          // Null passes a checkcast and is no instance without the class being resolved (the
          // interpreter resolves only for an object): only a non-null value leaves. A cast of a
          // value that is always null here (`(String) chunk[i]` of an empty slot, a document
          // without a doctype) left at every run and recompiled the method 3 times in vain.
          s.emit(`if (${s.R(top)} !== null) `);
          at.unresolved();
          if (op === 0xc1) s.emit(`${s.N(top)} = 0;`);
          break;
        }
        const kc = s.K(c);
        if (op === 0xc0) {
          at.throwsHere();
          // The class that last passed (a site cache): assignability never changes.
          const ok = s.cacheVar();
          s.emit(`o = ${s.R(top)}; if (o !== null && o.klass !== ${kc} && o.klass !== ${ok}) { if (E.checkcastFails(o, ${kc})) throw E.cce(o, ${kc}); ${ok} = o.klass; }`);
        } else {
          const ok = s.cacheVar();
          s.emit(`o = ${s.R(top)}; ${s.N(top)} = o !== null && (o.klass === ${kc} || o.klass === ${ok} || (E.isInstance(o, ${kc}) && (${ok} = o.klass) !== null)) ? 1 : 0;`);
        }
        break;
      }    default:
      at.bail();
      return false;
  }
  return true;
}
