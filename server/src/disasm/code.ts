// The instruction listing of a Code attribute, in javap's layout: one line per instruction,
// `<offset>: <mnemonic> <operands>  // <constant>`, branch targets as absolute offsets,
// switch tables as indented case lines (tagged with the switch's offset), wide forms as
// `iload_w` / `iinc_w`. Undecodable code prints what decoded and an `<invalid ...>` line.

import type { ExceptionTableEntry } from '../classfile/model';
import { ARRAY_TYPE_NAMES, OPCODE_NAMES } from '../classfile/code/opcodes';
import { decodeInstructionAt, type RawInstruction } from '../classfile/code/raw';
import { INVALID } from './constants';
import type { Ctx } from './printer';

/** Width the mnemonic + operands are padded to before a `// comment`. */
const COMMENT_COLUMN = 34;

export interface InsnText {
  mnemonic: string;
  operands: string;
  comment?: string;
}

/** Mnemonic, operand text and constant comment of one decoded instruction. */
export function instructionText(ctx: Pick<Ctx, 'pool'>, insn: RawInstruction): InsnText {
  const name = OPCODE_NAMES[insn.op] ?? `<op 0x${insn.op.toString(16)}>`;
  const o = insn.operands;
  switch (o.kind) {
    case 'none':
      return { mnemonic: name, operands: '' };
    case 'local':
      return { mnemonic: o.wide ? `${name}_w` : name, operands: String(o.index) };
    case 'int':
      return { mnemonic: name, operands: String(o.value) };
    case 'cp':
      return { mnemonic: name, operands: `#${o.index}`, comment: ctx.pool.comment(o.index) };
    case 'branch':
      return { mnemonic: name, operands: String(o.target) };
    case 'iinc':
      return { mnemonic: o.wide ? `${name}_w` : name, operands: `${o.index}, ${o.delta}` };
    case 'invokeinterface':
      return { mnemonic: name, operands: `#${o.index},  ${o.count}`, comment: ctx.pool.comment(o.index) };
    case 'invokedynamic':
      return { mnemonic: name, operands: `#${o.index},  0`, comment: ctx.pool.comment(o.index) };
    case 'newarray': {
      const t = ARRAY_TYPE_NAMES[o.atype];
      return t === undefined ? { mnemonic: name, operands: String(o.atype), comment: INVALID } : { mnemonic: name, operands: t };
    }
    case 'multianewarray':
      return { mnemonic: name, operands: `#${o.index},  ${o.dimensions}`, comment: ctx.pool.comment(o.index) };
    case 'tableswitch':
      return { mnemonic: name, operands: '{', comment: `${o.low} to ${o.high}` };
    case 'lookupswitch':
      return { mnemonic: name, operands: '{', comment: String(o.keys.length) };
  }
}

function body(t: InsnText): string {
  // javap sets newarray's element type one column further right than other operands.
  const width = t.mnemonic === 'newarray' ? 14 : 13;
  const b = t.operands ? `${t.mnemonic.padEnd(width)} ${t.operands}` : t.mnemonic;
  if (t.comment === undefined) return b;
  // A switch's `{ // 0 to 5` keeps its comment right after the brace.
  return t.operands === '{' ? `${b} // ${t.comment}` : `${b.padEnd(COMMENT_COLUMN - 1)} // ${t.comment}`;
}

/** Prints every instruction of `code`; returns the decoded instructions. */
export function printInstructions(ctx: Ctx, code: Uint8Array): RawInstruction[] {
  const { out } = ctx;
  const insns: RawInstruction[] = [];
  let offset = 0;
  while (offset < code.length) {
    let insn: RawInstruction;
    try {
      insn = decodeInstructionAt(code, offset);
    } catch (e) {
      const msg = e instanceof Error ? e.message.replace(/^<bytes>: /, '') : String(e);
      out.line(`${String(offset).padStart(4)}: <invalid: ${msg}>`, 'insn', offset);
      break;
    }
    insns.push(insn);
    const t = instructionText(ctx, insn);
    out.line(`${String(offset).padStart(4)}: ${body(t)}`, 'insn', offset);
    const o = insn.operands;
    if (o.kind === 'tableswitch' || o.kind === 'lookupswitch') {
      const keys = o.kind === 'tableswitch' ? o.targets.map((_, i) => o.low + i) : o.keys;
      o.targets.forEach((target, i) => out.line(`${String(keys[i]).padStart(18)}: ${target}`, 'insn', offset));
      out.line(`${'default'.padStart(18)}: ${o.defaultTarget}`, 'insn', offset);
      out.line(`      }`, 'insn', offset);
    }
    offset += insn.length;
  }
  return insns;
}

/** `Exception table:` with from/to/target/type rows. */
export function printExceptionTable(ctx: Ctx, table: readonly ExceptionTableEntry[]): void {
  const { out, pool } = ctx;
  if (table.length === 0) return;
  out.line('Exception table:');
  out.line('   from    to  target type');
  for (const e of table) {
    let type = 'any';
    if (e.catchType !== 0) {
      const n = pool.className(e.catchType);
      type = n === undefined ? `#${e.catchType} // ${INVALID}` : `Class ${n}`;
    }
    out.line(`${String(e.startPc).padStart(8)} ${String(e.endPc).padStart(5)} ${String(e.handlerPc).padStart(5)}   ${type}`);
  }
}
