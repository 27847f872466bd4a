// Lays out an instruction list as bytecode: picks short and wide forms, resolves labels,
// pads switches, and widens jumps whose offsets do not fit in 16 bits (goto -> goto_w,
// jsr -> jsr_w, a conditional branch -> the inverted condition over a goto_w). Widening only
// ever grows a jump, so the fixed-point iteration terminates.

import { CodeModelError } from '../errors';
import { Tag } from '../model';
import type { ConstantPool } from '../pool';
import type { Insn, JumpInsn, Label, RealInsn } from './insn';
import { invertCondition, Op, OPCODE_NAMES } from './opcodes';
import { Scratch, scratchInt32, scratchUint8 } from './scratch';

export interface Layout {
  code: Uint8Array;
  /** Code offset of each node (pseudo nodes: the offset of the next real instruction). */
  nodeOffsets: Int32Array;
  offsetOf(label: Label): number;
  /** Node indices of conditional jumps written as `!cond +8; goto_w target`. */
  widenedConditionals: number[];
  /** Node index of each label. */
  labelNode: ReadonlyMap<Label, number>;
  /** Node indices of the line and frame nodes, in order. */
  lineNodes: readonly number[];
  frameNodes: readonly number[];
  /** One past the highest local slot a load, store, iinc, ret or frame touches (0 if none). */
  localsTop: number;
  /**
   * Whether node i is a label, line or frame node. Valid only until the next layoutCode call
   * (it reads a scratch array).
   */
  pseudo(i: number): boolean;
}

const MAX_CODE = 65535;
/** kinds[] code of label, line and frame nodes. */
const PSEUDO = 5;

function fail(msg: string): never {
  throw new CodeModelError(msg);
}

function u1(v: number, what: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xff) fail(`${what} ${v} does not fit in u1`);
  return v;
}
function u2(v: number, what: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 0xffff) fail(`${what} ${v} does not fit in u2`);
  return v;
}

function put1(code: Uint8Array, p: number, v: number): number {
  code[p] = v;
  return p + 1;
}
function putS2(dv: DataView, p: number, v: number): number {
  dv.setInt16(p, v);
  return p + 2;
}
function putU2(dv: DataView, p: number, v: number): number {
  dv.setUint16(p, v);
  return p + 2;
}
function putS4(dv: DataView, p: number, v: number): number {
  dv.setInt32(p, v);
  return p + 4;
}

/** Names a jump or switch for an error message. */
function describeUser(insn: Insn, i: number): string {
  return `${insn.kind === 'jump' ? OPCODE_NAMES[insn.op] : insn.kind} at node ${i}`;
}

/** Size in bytes of a non-jump, non-switch instruction. */
function fixedSize(insn: RealInsn, pool: ConstantPool): number {
  switch (insn.kind) {
    case 'op':
      return 1;
    case 'int':
      return insn.op === Op.SIPUSH ? 3 : 2;
    case 'var':
      u2(insn.index, 'local index');
      return insn.index <= 3 && insn.op !== Op.RET ? 1 : insn.index <= 0xff ? 2 : 4;
    case 'iinc':
      u2(insn.index, 'iinc local index');
      return insn.index <= 0xff && insn.delta >= -128 && insn.delta <= 127 ? 3 : 6;
    case 'ldc': {
      const tag = pool.entry(insn.index).tag;
      return tag === Tag.Long || tag === Tag.Double || insn.index > 0xff ? 3 : 2;
    }
    case 'field':
    case 'type':
      return 3;
    case 'method':
      return insn.op === Op.INVOKEINTERFACE ? 5 : 3;
    case 'indy':
      return 5;
    case 'multianewarray':
      return 4;
    default:
      return fail(`internal: no fixed size for ${insn.kind}`);
  }
}

export function layoutCode(
  insns: readonly Insn[],
  pool: ConstantPool,
  interfaceArgCount: (methodIndex: number) => number,
  forceWideJumps = false,
): Layout {
  const n = insns.length;
  // One pass over the nodes (each `insn.kind` read is a megamorphic property load): label
  // positions, the sizes of fixed-size instructions, and the nodes later passes need.
  // kinds[i]: 0 fixed size (sizes[i]), 1 conditional jump, 2 goto/jsr, 3 tableswitch,
  // 4 lookupswitch (sizes[i]: the switch without its opcode and padding), PSEUDO a label, line
  // or frame node (size 0). Also the top local slot that instructions and frames touch.
  const labelNode = new Map<Label, number>();
  const sizes = scratchInt32(Scratch.LayoutSizes, n, 0);
  const kinds = scratchUint8(Scratch.LayoutKinds, n);
  const wide = scratchUint8(Scratch.LayoutWide, n); // jumps written in their wide form
  const jumps: number[] = [];
  const branches: number[] = []; // jumps and switches, in node order
  const lineNodes: number[] = [];
  const frameNodes: number[] = [];
  let localsTop = 0;
  for (let i = 0; i < n; i++) {
    const insn = insns[i]!;
    switch (insn.kind) {
      case 'label':
        if (labelNode.has(insn.label)) fail(`label ${insn.label} is placed twice (nodes ${labelNode.get(insn.label)} and ${i})`);
        labelNode.set(insn.label, i);
        kinds[i] = PSEUDO;
        break;
      case 'line':
        lineNodes.push(i);
        kinds[i] = PSEUDO;
        break;
      case 'frame':
        frameNodes.push(i);
        kinds[i] = PSEUDO;
        if (insn.locals.length > localsTop) localsTop = insn.locals.length; // HotSpot checks a frame's locals against max_locals
        break;
      case 'var': {
        const op = insn.op;
        const top = insn.index + (op === Op.LLOAD || op === Op.DLOAD || op === Op.LSTORE || op === Op.DSTORE ? 2 : 1);
        if (top > localsTop) localsTop = top;
        sizes[i] = fixedSize(insn, pool);
        break;
      }
      case 'iinc':
        if (insn.index + 1 > localsTop) localsTop = insn.index + 1;
        sizes[i] = fixedSize(insn, pool);
        break;
      case 'jump':
        kinds[i] = insn.op === Op.GOTO || insn.op === Op.JSR ? 2 : 1;
        if (forceWideJumps) wide[i] = 1;
        jumps.push(i);
        branches.push(i);
        break;
      case 'tableswitch':
        kinds[i] = 3;
        sizes[i] = 12 + 4 * insn.targets.length;
        branches.push(i);
        break;
      case 'lookupswitch':
        kinds[i] = 4;
        sizes[i] = 8 + 8 * insn.targets.length;
        branches.push(i);
        break;
      default:
        sizes[i] = fixedSize(insn, pool);
    }
  }
  // Checks that a label is placed; `user` says who uses it (built only for the message).
  const placed = (l: Label, user: number | string): void => {
    if (!labelNode.has(l)) fail(`label ${l} used by ${typeof user === 'number' ? describeUser(insns[user]!, user) : user} is not placed in the instruction list`);
  };
  for (const i of branches) {
    const insn = insns[i]!;
    if (insn.kind === 'jump') placed(insn.target, i);
    else if (insn.kind === 'tableswitch' || insn.kind === 'lookupswitch') {
      placed(insn.dflt, i);
      for (const t of insn.targets) placed(t, i);
    }
  }
  for (const i of lineNodes) {
    const insn = insns[i]!;
    if (insn.kind === 'line') placed(insn.start, `line ${insn.line}`);
  }

  const offsets = new Int32Array(n + 1);
  const computeOffsets = (): void => {
    let off = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = off;
      const k = kinds[i]!;
      if (k === 0 || k === PSEUDO) off += sizes[i]!;
      else if (k <= 2) off += !wide[i] ? 3 : k === 2 ? 5 : 8;
      else off += 1 + ((3 - (off % 4)) % 4) + sizes[i]!;
    }
    offsets[n] = off;
  };
  for (;;) {
    computeOffsets();
    let changed = false;
    for (const i of jumps) {
      if (wide[i]) continue;
      const d = offsets[labelNode.get((insns[i] as JumpInsn).target)!]! - offsets[i]!;
      if (d < -32768 || d > 32767) {
        wide[i] = 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  const total = offsets[n]!;
  if (total > MAX_CODE) fail(`code too large: ${total} bytes (the limit is ${MAX_CODE})`);
  if (total === 0) fail('empty code: a method body needs at least one instruction');

  const target = (l: Label): number => offsets[labelNode.get(l)!]!;
  const code = new Uint8Array(total);
  const dv = new DataView(code.buffer);
  const widened: number[] = [];
  // `p` is a plain local, written through the put* helpers (closures that assign it would
  // make V8 keep it in a heap context).
  let p = 0;
  for (let i = 0; i < n; i++) {
    const insn = insns[i]!;
    p = offsets[i]!;
    const at = p;
    switch (insn.kind) {
      case 'label':
      case 'line':
      case 'frame':
        continue;
      case 'op':
        if (insn.op < 0 || insn.op > 0xc9 || OPCODE_NAMES[insn.op] === undefined) fail(`bad opcode ${insn.op} at node ${i}`);
        p = put1(code, p, insn.op);
        break;
      case 'int':
        p = put1(code, p, insn.op);
        if (insn.op === Op.BIPUSH) {
          if (insn.value < -128 || insn.value > 127) fail(`bipush value ${insn.value} does not fit in s1`);
          p = put1(code, p, insn.value & 0xff);
        } else if (insn.op === Op.SIPUSH) {
          if (insn.value < -32768 || insn.value > 32767) fail(`sipush value ${insn.value} does not fit in s2`);
          p = putS2(dv, p, insn.value);
        } else if (insn.op === Op.NEWARRAY) {
          if (insn.value < 4 || insn.value > 11) fail(`newarray type ${insn.value} is not 4..11`);
          p = put1(code, p, insn.value);
        } else fail(`opcode ${insn.op} is not bipush, sipush or newarray`);
        break;
      case 'var': {
        const op = insn.op;
        const isLoad = op >= Op.ILOAD && op <= Op.ALOAD;
        const isStore = op >= Op.ISTORE && op <= Op.ASTORE;
        if (!isLoad && !isStore && op !== Op.RET) fail(`opcode ${op} is not a load, store or ret`);
        if (sizes[i] === 1) p = put1(code, p, (isLoad ? Op.ILOAD_0 + (op - Op.ILOAD) * 4 : Op.ISTORE_0 + (op - Op.ISTORE) * 4) + insn.index);
        else if (sizes[i] === 2) (p = put1(code, p, op), p = put1(code, p, insn.index));
        else (p = put1(code, p, Op.WIDE), p = put1(code, p, op), p = putU2(dv, p, insn.index));
        break;
      }
      case 'iinc':
        if (sizes[i] === 3) (p = put1(code, p, Op.IINC), p = put1(code, p, insn.index), p = put1(code, p, insn.delta & 0xff));
        else {
          if (insn.delta < -32768 || insn.delta > 32767) fail(`iinc delta ${insn.delta} does not fit in s2`);
          p = put1(code, p, Op.WIDE), p = put1(code, p, Op.IINC), p = putU2(dv, p, insn.index), p = putS2(dv, p, insn.delta);
        }
        break;
      case 'jump': {
        const d = target(insn.target) - at;
        const op = insn.op;
        const conditional = (op >= Op.IFEQ && op <= Op.IF_ACMPNE) || op === Op.IFNULL || op === Op.IFNONNULL;
        if (!conditional && op !== Op.GOTO && op !== Op.JSR) fail(`opcode ${op} is not a jump`);
        if (!wide[i]) (p = put1(code, p, op), p = putS2(dv, p, d));
        else if (!conditional) (p = put1(code, p, op === Op.GOTO ? Op.GOTO_W : Op.JSR_W), p = putS4(dv, p, d));
        else {
          p = put1(code, p, invertCondition(op)), p = putS2(dv, p, 8), p = put1(code, p, Op.GOTO_W), p = putS4(dv, p, d - 3);
          widened.push(i);
        }
        break;
      }
      case 'ldc': {
        const tag = pool.entry(insn.index).tag;
        if (tag === Tag.Long || tag === Tag.Double) (p = put1(code, p, Op.LDC2_W), p = putU2(dv, p, insn.index));
        else if (sizes[i] === 2) (p = put1(code, p, Op.LDC), p = put1(code, p, insn.index));
        else (p = put1(code, p, Op.LDC_W), p = putU2(dv, p, insn.index));
        break;
      }
      case 'field':
        if (insn.op < Op.GETSTATIC || insn.op > Op.PUTFIELD) fail(`opcode ${insn.op} is not a field instruction`);
        p = put1(code, p, insn.op), p = putU2(dv, p, u2(insn.index, 'constant-pool index'));
        break;
      case 'method':
        if (insn.op < Op.INVOKEVIRTUAL || insn.op > Op.INVOKEINTERFACE) fail(`opcode ${insn.op} is not an invoke instruction`);
        p = put1(code, p, insn.op), p = putU2(dv, p, u2(insn.index, 'constant-pool index'));
        if (insn.op === Op.INVOKEINTERFACE) p = put1(code, p, u1(interfaceArgCount(insn.index), 'invokeinterface count')), p = put1(code, p, 0);
        break;
      case 'indy':
        p = put1(code, p, Op.INVOKEDYNAMIC), p = putU2(dv, p, u2(insn.index, 'constant-pool index')), p = put1(code, p, 0), p = put1(code, p, 0);
        break;
      case 'type':
        if (insn.op !== Op.NEW && insn.op !== Op.ANEWARRAY && insn.op !== Op.CHECKCAST && insn.op !== Op.INSTANCEOF)
          fail(`opcode ${insn.op} is not new, anewarray, checkcast or instanceof`);
        p = put1(code, p, insn.op), p = putU2(dv, p, u2(insn.index, 'constant-pool index'));
        break;
      case 'multianewarray':
        p = put1(code, p, Op.MULTIANEWARRAY), p = putU2(dv, p, u2(insn.index, 'constant-pool index')), p = put1(code, p, u1(insn.dimensions, 'multianewarray dimensions'));
        if (insn.dimensions < 1) fail('multianewarray dimensions must be >= 1');
        break;
      case 'tableswitch':
        if (insn.targets.length !== insn.high - insn.low + 1 || insn.high < insn.low)
          fail(`tableswitch ${insn.low}..${insn.high} needs ${insn.high - insn.low + 1} targets, has ${insn.targets.length}`);
        p = put1(code, p, Op.TABLESWITCH);
        while (p % 4) p = put1(code, p, 0);
        p = putS4(dv, p, target(insn.dflt) - at), p = putS4(dv, p, insn.low), p = putS4(dv, p, insn.high);
        for (const t of insn.targets) p = putS4(dv, p, target(t) - at);
        break;
      case 'lookupswitch':
        if (insn.keys.length !== insn.targets.length) fail(`lookupswitch has ${insn.keys.length} keys but ${insn.targets.length} targets`);
        p = put1(code, p, Op.LOOKUPSWITCH);
        while (p % 4) p = put1(code, p, 0);
        p = putS4(dv, p, target(insn.dflt) - at), p = putS4(dv, p, insn.keys.length);
        for (let j = 0; j < insn.keys.length; j++) (p = putS4(dv, p, insn.keys[j]!), p = putS4(dv, p, target(insn.targets[j]!) - at));
        break;
    }
  }
  // Pseudo nodes take the offset of the next real instruction: offsets[i] already is that.
  const offsetOf = (l: Label): number => {
    const i = labelNode.get(l);
    if (i === undefined) fail(`label ${l} used by a frame, table or annotation is not placed in the instruction list`);
    return offsets[i]!;
  };
  return { code, nodeOffsets: offsets.subarray(0, n), offsetOf, widenedConditionals: widened, labelNode, lineNodes, frameNodes, localsTop, pseudo: (i) => kinds[i] === PSEUDO };
}
