// The line-oriented output of the disassembler. Every line records which member it belongs
// to and, for code, the bytecode offset of its instruction, so that an editor can map lines
// to (method, offset) and line up an original and a transformed listing side by side.

import type { ClassFile } from '../classfile/model';
import type { PoolText } from './constants';

export type LineKind =
  /** Class header, version, flags, this/super class. */
  | 'class'
  /** A constant-pool entry. */
  | 'constant'
  /** A field or method header (`public int foo(int);`). */
  | 'member'
  /** An instruction (first line) or one of its switch-case lines. */
  | 'insn'
  /** Anything inside an attribute (tables, frames, annotations, ...). */
  | 'attr'
  /** Structural: blank lines, braces. */
  | 'other';

export interface ListingLine {
  text: string;
  kind: LineKind;
  /** 'field' or 'method' with `memberIndex` (into cf.fields / cf.methods) for member lines. */
  member?: { kind: 'field' | 'method'; index: number };
  /** Bytecode offset: set on instruction lines (and their switch-case lines). */
  offset?: number;
}

export interface Listing {
  lines: ListingLine[];
}

export interface DisasmOptions {
  /** List the constant pool (javap -v). Default false. */
  constantPool?: boolean;
  /** Name of the file the class came from, printed as the `Classfile` line. */
  source?: string;
}

/** What every section printer needs. */
export interface Ctx {
  cf: ClassFile;
  pool: PoolText;
  out: Printer;
}

/** Collects lines with the current indentation and member/offset context. */
export class Printer {
  readonly lines: ListingLine[] = [];
  private indentText = '';
  member: ListingLine['member'];

  line(text: string, kind: LineKind = 'attr', offset?: number): void {
    const l: ListingLine = { text: text === '' ? '' : this.indentText + text, kind };
    if (this.member) l.member = this.member;
    if (offset !== undefined) l.offset = offset;
    this.lines.push(l);
  }

  /** A line with a `// comment` aligned at a column (relative to the indentation). */
  commented(body: string, comment: string | undefined, column: number, kind: LineKind = 'attr', offset?: number): void {
    this.line(comment === undefined ? body : `${body.padEnd(column - 1)} // ${comment}`, kind, offset);
  }

  /** Runs `f` with `n` more spaces of indentation. */
  indented(n: number, f: () => void): void {
    const saved = this.indentText;
    this.indentText += ' '.repeat(n);
    try {
      f();
    } finally {
      this.indentText = saved;
    }
  }
}

/**
 * Runs a section printer; an exception (possible only when the model breaks its own types,
 * e.g. a Long entry whose value is not a bigint) becomes an `<invalid: ...>` line so that the
 * rest of the listing still prints.
 */
export function guarded(ctx: Pick<Ctx, 'out'>, f: () => void): void {
  try {
    f();
  } catch (e) {
    ctx.out.line(`<invalid: ${e instanceof Error ? e.message : String(e)}>`);
  }
}
