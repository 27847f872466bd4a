// Helpful NullPointerException messages (JEP 358), computed from the bytecode of the method
// and the pc where the VM raised the exception, in the format HotSpot 17 prints:
//
//   Cannot <action> because <what> is null
//
// <action> comes from the failing instruction (invoke, field access, array access, ...).
// <what> comes from a data-flow analysis over the method: every operand-stack slot is tagged
// with the pc of the instruction that pushed it (dup/swap/checkcast keep the tag; paths that
// disagree give "unknown"); the slot the failing instruction dereferences is then described
// from its instruction, recursively and up to five levels deep: locals by their
// LocalVariableTable name (else "this", "<parameterN>", "<localN>"), static and instance
// fields, array elements ("a[i]", "<array>" when the array is not describable, "..." for an
// index that is not), and method results ("the return value of ..." at the top level).
//
// Classes instrumented by the profiler get (TC, MID[], int) appended to their methods'
// descriptors: those are stripped, so messages name the program's own methods.

import { decodeInstructions, type RawInstruction } from '../classfile/code/raw';
import { Tag } from '../classfile/model';
import type { JClass, JMethod } from './klass';

/** Tag of a slot whose producer is not one instruction (merged paths, handler entry). */
const UNKNOWN = -1;
const MAX_DEPTH = 5;
const PROFILER_SUFFIX = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

type Stack = number[];

interface Analysis {
  m: JMethod;
  insns: RawInstruction[];
  at: Map<number, RawInstruction>;
  /** Stack (one tag per slot) before each reachable instruction. */
  before: Map<number, Stack>;
}

// ---------------------------------------------------------------------------------------------
// Constant pool

function utf8(k: JClass, i: number): string {
  const e = k.cp[i];
  return e && e.tag === Tag.Utf8 ? e.value : '';
}

function className(k: JClass, i: number): string {
  const e = k.cp[i];
  return e && e.tag === Tag.Class ? utf8(k, e.nameIndex) : '';
}

function memberRef(k: JClass, i: number): { owner: string; name: string; desc: string } {
  const e = k.cp[i];
  if (!e || (e.tag !== Tag.Fieldref && e.tag !== Tag.Methodref && e.tag !== Tag.InterfaceMethodref)) return { owner: '', name: '', desc: '' };
  const nt = k.cp[e.nameAndTypeIndex];
  if (!nt || nt.tag !== Tag.NameAndType) return { owner: className(k, e.classIndex), name: '', desc: '' };
  return { owner: className(k, e.classIndex), name: utf8(k, nt.nameIndex), desc: utf8(k, nt.descriptorIndex) };
}

// ---------------------------------------------------------------------------------------------
// Names as HotSpot prints them

/** External class name; java.lang.Object and java.lang.String lose their package. */
function externalName(internal: string): string {
  const n = internal.replace(/\//g, '.');
  return n === 'java.lang.Object' || n === 'java.lang.String' ? n.slice('java.lang.'.length) : n;
}

function stripProfilerParams(desc: string): string {
  const i = desc.indexOf(PROFILER_SUFFIX);
  return i >= 0 && i + PROFILER_SUFFIX.length === desc.indexOf(')') + 1 ? `${desc.slice(0, i)})${desc.slice(i + PROFILER_SUFFIX.length)}` : desc;
}

/** Parameter descriptors of a method descriptor. */
function paramTypes(desc: string): string[] {
  const out: string[] = [];
  let i = 1;
  while (desc[i] !== ')') {
    const start = i;
    while (desc[i] === '[') i++;
    if (desc[i] === 'L') i = desc.indexOf(';', i);
    i++;
    out.push(desc.slice(start, i));
  }
  return out;
}

const PRIMITIVES: Record<string, string> = { Z: 'boolean', B: 'byte', C: 'char', S: 'short', I: 'int', J: 'long', F: 'float', D: 'double', V: 'void' };

function typeName(d: string): string {
  let dims = 0;
  while (d[dims] === '[') dims++;
  const el = d.slice(dims);
  const base = el.length === 1 ? PRIMITIVES[el] : externalName(el.slice(1, -1));
  return base + '[]'.repeat(dims);
}

function methodName(owner: string, name: string, desc: string): string {
  return `${externalName(owner)}.${name}(${paramTypes(stripProfilerParams(desc)).map(typeName).join(', ')})`;
}

function slotsOf(d: string): number {
  return d === 'J' || d === 'D' ? 2 : d === 'V' ? 0 : 1;
}

function argSlots(desc: string): number {
  return paramTypes(desc).reduce((s, p) => s + slotsOf(p), 0);
}

function returnSlots(desc: string): number {
  return slotsOf(desc.slice(desc.indexOf(')') + 1));
}

// ---------------------------------------------------------------------------------------------
// Data flow

function merge(into: Stack, from: Stack): boolean {
  let changed = false;
  for (let i = 0; i < into.length && i < from.length; i++) {
    if (into[i] !== from[i] && into[i] !== UNKNOWN) {
      into[i] = UNKNOWN;
      changed = true;
    }
  }
  return changed;
}

/** Pops `n` slots and pushes `push` slots tagged `pc`. */
function op(s: Stack, n: number, push: number, pc: number): Stack {
  const out = s.slice(0, s.length - n);
  for (let i = 0; i < push; i++) out.push(pc);
  return out;
}

/** Slots popped and pushed by instructions with a fixed effect, indexed by opcode. */
const FIXED: Record<number, [number, number]> = (() => {
  const t: Record<number, [number, number]> = {};
  const set = (ops: number[], pop: number, push: number): void => {
    for (const o of ops) t[o] = [pop, push];
  };
  set([0x00], 0, 0); // nop
  set([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0b, 0x0c, 0x0d, 0x10, 0x11], 0, 1);
  set([0x09, 0x0a, 0x0e, 0x0f], 0, 2);
  set([0x15, 0x17, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x22, 0x23, 0x24, 0x25, 0x2a, 0x2b, 0x2c, 0x2d], 0, 1);
  set([0x16, 0x18, 0x1e, 0x1f, 0x20, 0x21, 0x26, 0x27, 0x28, 0x29], 0, 2);
  set([0x2e, 0x30, 0x32, 0x33, 0x34, 0x35], 2, 1); // iaload faload aaload baload caload saload
  set([0x2f, 0x31], 2, 2); // laload daload
  set([0x36, 0x38, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x43, 0x44, 0x45, 0x46, 0x4b, 0x4c, 0x4d, 0x4e], 1, 0);
  set([0x37, 0x39, 0x3f, 0x40, 0x41, 0x42, 0x47, 0x48, 0x49, 0x4a], 2, 0);
  set([0x4f, 0x51, 0x53, 0x54, 0x55, 0x56], 3, 0); // iastore fastore aastore bastore castore sastore
  set([0x50, 0x52], 4, 0); // lastore dastore
  set([0x57], 1, 0); // pop
  set([0x58], 2, 0); // pop2
  set([0x60, 0x62, 0x64, 0x66, 0x68, 0x6a, 0x6c, 0x6e, 0x70, 0x72, 0x78, 0x7a, 0x7c, 0x7e, 0x80, 0x82], 2, 1);
  set([0x61, 0x63, 0x65, 0x67, 0x69, 0x6b, 0x6d, 0x6f, 0x71, 0x73, 0x7f, 0x81, 0x83], 4, 2);
  set([0x79, 0x7b, 0x7d], 3, 2); // lshl lshr lushr
  set([0x74, 0x76], 1, 1); // ineg fneg
  set([0x75, 0x77], 2, 2); // lneg dneg
  set([0x84], 0, 0); // iinc
  set([0x85, 0x87, 0x8c, 0x8d], 1, 2); // i2l i2d f2l f2d
  set([0x86, 0x8b, 0x91, 0x92, 0x93], 1, 1); // i2f f2i i2b i2c i2s
  set([0x88, 0x89, 0x8e, 0x90], 2, 1); // l2i l2f d2i d2f
  set([0x8a, 0x8f], 2, 2); // l2d d2l
  set([0x94, 0x97, 0x98], 4, 1); // lcmp dcmpl dcmpg
  set([0x95, 0x96], 2, 1); // fcmpl fcmpg
  set([0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0xc6, 0xc7], 1, 0); // if<cond> ifnull ifnonnull
  set([0x9f, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6], 2, 0); // if_icmp<cond> if_acmp<cond>
  set([0xa7, 0xc8], 0, 0); // goto goto_w
  set([0xaa, 0xab], 1, 0); // switches
  set([0xbb], 0, 1); // new
  set([0xbc, 0xbd, 0xbe, 0xc1], 1, 1); // newarray anewarray arraylength instanceof
  set([0xc2, 0xc3], 1, 0); // monitorenter monitorexit
  return t;
})();

/** The stack after `insn` (before: `s`), or null when control does not fall through. */
function step(a: Analysis, insn: RawInstruction, s: Stack): Stack {
  const k = a.m.klass;
  const pc = insn.offset;
  const o = insn.operands;
  const cpi = o.kind === 'cp' || o.kind === 'invokeinterface' || o.kind === 'invokedynamic' || o.kind === 'multianewarray' ? o.index : 0;
  const fixed = FIXED[insn.op];
  if (fixed) return op(s, fixed[0], fixed[1], pc);
  const n = s.length;
  switch (insn.op) {
    case 0x12: // ldc
    case 0x13:
      return op(s, 0, 1, pc);
    case 0x14:
      return op(s, 0, 2, pc);
    case 0x59: // dup
      return [...s, s[n - 1]];
    case 0x5a: // dup_x1
      return [...s.slice(0, n - 2), s[n - 1], s[n - 2], s[n - 1]];
    case 0x5b: // dup_x2
      return [...s.slice(0, n - 3), s[n - 1], s[n - 3], s[n - 2], s[n - 1]];
    case 0x5c: // dup2
      return [...s, s[n - 2], s[n - 1]];
    case 0x5d: // dup2_x1
      return [...s.slice(0, n - 3), s[n - 2], s[n - 1], s[n - 3], s[n - 2], s[n - 1]];
    case 0x5e: // dup2_x2
      return [...s.slice(0, n - 4), s[n - 2], s[n - 1], s[n - 4], s[n - 3], s[n - 2], s[n - 1]];
    case 0x5f: // swap
      return [...s.slice(0, n - 2), s[n - 1], s[n - 2]];
    case 0xa8: // jsr
    case 0xc9:
      return op(s, 0, 1, pc);
    case 0xb2: // getstatic
      return op(s, 0, slotsOf(memberRef(k, cpi).desc), pc);
    case 0xb3: // putstatic
      return op(s, slotsOf(memberRef(k, cpi).desc), 0, pc);
    case 0xb4: // getfield
      return op(s, 1, slotsOf(memberRef(k, cpi).desc), pc);
    case 0xb5: // putfield
      return op(s, 1 + slotsOf(memberRef(k, cpi).desc), 0, pc);
    case 0xb6: // invokevirtual
    case 0xb7:
    case 0xb9: {
      const d = memberRef(k, cpi).desc;
      return op(s, 1 + argSlots(d), returnSlots(d), pc);
    }
    case 0xb8: {
      const d = memberRef(k, cpi).desc;
      return op(s, argSlots(d), returnSlots(d), pc);
    }
    case 0xba: {
      const e = k.cp[cpi];
      const nt = e && e.tag === Tag.InvokeDynamic ? k.cp[e.nameAndTypeIndex] : undefined;
      const d = nt && nt.tag === Tag.NameAndType ? utf8(k, nt.descriptorIndex) : '()V';
      return op(s, argSlots(d), returnSlots(d), pc);
    }
    case 0xc0: // checkcast: the value passes through
      return s.slice();
    case 0xc5: // multianewarray
      return op(s, o.kind === 'multianewarray' ? o.dimensions : 1, 1, pc);
    default:
      return s.slice();
  }
}

function endsFlow(op: number): boolean {
  return op === 0xa7 || op === 0xc8 || op === 0xaa || op === 0xab || (op >= 0xac && op <= 0xb1) || op === 0xbf || op === 0xa9;
}

function successors(insn: RawInstruction): number[] {
  const o = insn.operands;
  const out: number[] = [];
  if (o.kind === 'branch') out.push(o.target);
  if (o.kind === 'tableswitch' || o.kind === 'lookupswitch') out.push(o.defaultTarget, ...o.targets);
  if (!endsFlow(insn.op)) out.push(insn.offset + insn.length);
  return out;
}

function analyse(m: JMethod): Analysis {
  const insns = decodeInstructions(m.code as Uint8Array);
  const at = new Map(insns.map((i) => [i.offset, i]));
  const a: Analysis = { m, insns, at, before: new Map() };
  const work: number[] = [];
  const flow = (pc: number, s: Stack): void => {
    const have = a.before.get(pc);
    if (have === undefined) {
      a.before.set(pc, s.slice());
      work.push(pc);
    } else if (merge(have, s)) work.push(pc);
  };
  flow(0, []);
  while (work.length > 0) {
    const pc = work.pop() as number;
    const insn = at.get(pc);
    const s = a.before.get(pc);
    if (insn === undefined || s === undefined) continue;
    for (const h of m.handlers) if (pc >= h.start && pc < h.end) flow(h.handler, [UNKNOWN]);
    const after = step(a, insn, s);
    for (const next of successors(insn)) if (at.has(next)) flow(next, after);
  }
  return a;
}

// ---------------------------------------------------------------------------------------------
// Describing values

function localName(m: JMethod, slot: number, pc: number): string {
  const k = m.klass;
  const code = k.cf?.methods[m.memberIndex]?.attributes.find((x) => x.name === 'Code');
  if (code && code.name === 'Code') {
    for (const attr of code.attributes) {
      if (attr.name !== 'LocalVariableTable') continue;
      for (const v of attr.vars) if (v.index === slot && pc >= v.startPc && pc < v.startPc + v.length) return utf8(k, v.nameIndex);
    }
  }
  if (!m.isStatic && slot === 0) return 'this';
  // Parameters by position (the program's own: not the profiler's appended ones).
  let s = m.isStatic ? 0 : 1;
  const params = paramTypes(stripProfilerParams(m.desc));
  for (let i = 0; i < params.length; i++) {
    const size = slotsOf(params[i]);
    if (slot < s + size) return `<parameter${i + 1}>`;
    s += size;
  }
  return `<local${slot}>`;
}

function loadSlot(insn: RawInstruction): number {
  if (insn.operands.kind === 'local') return insn.operands.index;
  // xload_<n>: 0x1a (iload_0) .. 0x2d (aload_3), four per type.
  return (insn.op - 0x1a) % 4;
}

/** The tag `depth` slots below the top of the stack before `pc`. */
function slotBelow(a: Analysis, pc: number, depth: number): number {
  const s = a.before.get(pc);
  if (s === undefined || s.length <= depth) return UNKNOWN;
  return s[s.length - 1 - depth];
}

/** A source expression for the value pushed by the instruction at `pc`, or null. */
function describe(a: Analysis, pc: number, depth: number, topLevel: boolean): string | null {
  if (pc === UNKNOWN || depth > MAX_DEPTH) return null;
  const insn = a.at.get(pc);
  if (insn === undefined) return null;
  const k = a.m.klass;
  const o = insn.operands;
  const op = insn.op;
  if (op === 0x01) return 'null';
  if (op >= 0x02 && op <= 0x08) return String(op - 0x03);
  if (op === 0x10 || op === 0x11) return o.kind === 'int' ? String(o.value) : null;
  if (op === 0x15 || op === 0x19 || (op >= 0x1a && op <= 0x1d) || (op >= 0x2a && op <= 0x2d)) return localName(a.m, loadSlot(insn), pc);
  if (op === 0xb2 && o.kind === 'cp') {
    const f = memberRef(k, o.index);
    return `${externalName(f.owner)}.${f.name}`;
  }
  if (op === 0xb4 && o.kind === 'cp') {
    const f = memberRef(k, o.index);
    const obj = describe(a, slotBelow(a, pc, 0), depth + 1, false);
    return obj === null ? f.name : `${obj}.${f.name}`;
  }
  if (op >= 0x2e && op <= 0x35) {
    const arr = describe(a, slotBelow(a, pc, 1), depth + 1, false) ?? '<array>';
    const idx = describe(a, slotBelow(a, pc, 0), depth, false) ?? '...';
    return `${arr}[${idx}]`;
  }
  if ((op === 0xb6 || op === 0xb7 || op === 0xb8 || op === 0xb9) && (o.kind === 'cp' || o.kind === 'invokeinterface')) {
    const r = memberRef(k, o.index);
    const name = methodName(r.owner, r.name, r.desc);
    return topLevel ? `the return value of "${name}"` : name;
  }
  return null;
}

const ARRAY_KINDS = ['int', 'long', 'float', 'double', 'object', 'byte/boolean', 'char', 'short'];

/** The failed action and how deep under the top of the stack the null reference is. */
function action(a: Analysis, insn: RawInstruction): { text: string; depth: number } | null {
  const k = a.m.klass;
  const o = insn.operands;
  const op = insn.op;
  if (op >= 0x2e && op <= 0x35) return { text: `Cannot load from ${ARRAY_KINDS[op - 0x2e]} array`, depth: 1 };
  if (op >= 0x4f && op <= 0x56) return { text: `Cannot store to ${ARRAY_KINDS[op - 0x4f]} array`, depth: op === 0x50 || op === 0x52 ? 3 : 2 };
  switch (op) {
    case 0xbe:
      return { text: 'Cannot read the array length', depth: 0 };
    case 0xbf:
      return { text: 'Cannot throw exception', depth: 0 };
    case 0xc2:
      return { text: 'Cannot enter synchronized block', depth: 0 };
    case 0xc3:
      return { text: 'Cannot exit synchronized block', depth: 0 };
    case 0xb4:
      return o.kind === 'cp' ? { text: `Cannot read field "${memberRef(k, o.index).name}"`, depth: 0 } : null;
    case 0xb5: {
      if (o.kind !== 'cp') return null;
      const f = memberRef(k, o.index);
      return { text: `Cannot assign field "${f.name}"`, depth: slotsOf(f.desc) };
    }
    case 0xb6:
    case 0xb7:
    case 0xb9: {
      if (o.kind !== 'cp' && o.kind !== 'invokeinterface') return null;
      const r = memberRef(k, o.index);
      // A constructor call never has a null receiver: the NPE was constructed explicitly.
      if (r.name === '<init>') return null;
      return { text: `Cannot invoke "${methodName(r.owner, r.name, r.desc)}"`, depth: argSlots(r.desc) };
    }
    default:
      return null;
  }
}

/** HotSpot's helpful message for an NPE raised at `pc` in `m`, or null when it has none. */
export function helpfulNpeMessage(m: JMethod, pc: number): string | null {
  if (m.code === null || m.isNative) return null;
  let a: Analysis;
  try {
    a = analyse(m);
  } catch {
    return null;
  }
  const insn = a.at.get(pc);
  if (insn === undefined) return null;
  const act = action(a, insn);
  if (act === null) return null;
  const what = describe(a, slotBelow(a, pc, act.depth), 1, true);
  if (what === null) return act.text;
  return what.startsWith('the return value of') ? `${act.text} because ${what} is null` : `${act.text} because "${what}" is null`;
}
