// The editable code model: an instruction list with labels and expanded frames.
//
// A method body is a flat `Insn[]`. Branch targets, exception ranges, line starts and local
// variable ranges refer to `Label`s, which are placed in the list by `label` nodes; offsets
// are only computed when encoding. Constant-pool references stay pool indices (the pool can
// grow while editing). Short and wide forms are normalised away: `iload_0` and `wide iload`
// are both `{ kind: 'var', op: Op.ILOAD, index }`, `ldc_w`/`ldc2_w` are `ldc`, `goto_w`/`jsr_w`
// are `goto`/`jsr`; the encoder picks the encoding.
//
// Pseudo nodes:
// - `label`: marks the position of a Label (the offset of the next real instruction, or the
//   end of the code when none follows).
// - `line`: a LineNumberTable entry: source line `line` starts at label `start`.
// - `frame`: the expanded (full) verification frame that holds at the next real instruction.
//   Frames are written to the StackMapTable; the decoder puts one wherever the class had one.
//
// Verification types (`VType`) use the *slot* layout of the JVMS type checker: a long or a
// double takes two entries, the type itself followed by 'Top' for its upper half, in locals
// and on the stack alike (so `locals[i]` is always local slot i). The StackMapTable's one-entry
// layout is produced only by the encoder.

import type { Annotation, Attribute } from '../model';

let nextLabelId = 0;

/** A position in an instruction list; compared by identity. */
export class Label {
  readonly id = nextLabelId++;
  constructor(
    /** Optional name, only for debugging output. */
    readonly name?: string,
  ) {}
  toString(): string {
    return this.name ?? `L${this.id}`;
  }
}

// ---- verification types ------------------------------------------------------------------

export type PrimVType = 'Top' | 'Integer' | 'Float' | 'Long' | 'Double' | 'Null' | 'UninitializedThis';
export interface ObjectVType {
  kind: 'Object';
  /** Internal class name (`java/lang/String`) or an array descriptor (`[I`, `[Ljava/lang/Object;`). */
  className: string;
}
export interface UninitializedVType {
  kind: 'Uninitialized';
  /** The label placed right before the `new` instruction that created the object. */
  newLabel: Label;
}
export type VType = PrimVType | ObjectVType | UninitializedVType;

/** An expanded frame: all locals (slot layout, trailing Tops may be omitted) and the stack. */
export interface Frame {
  locals: VType[];
  stack: VType[];
}

// ---- instructions -------------------------------------------------------------------------

export interface LabelNode {
  kind: 'label';
  label: Label;
}
export interface LineNode {
  kind: 'line';
  line: number;
  start: Label;
}
export interface FrameNode extends Frame {
  kind: 'frame';
}
/** An instruction without operands (nop, iconst_1, iadd, dup, areturn, athrow, ...). */
export interface OpInsn {
  kind: 'op';
  op: number;
}
/** bipush, sipush (`value` the immediate) and newarray (`value` the atype). */
export interface IntInsn {
  kind: 'int';
  op: number;
  value: number;
}
/** xload, xstore (any local index; short and wide forms are chosen when encoding) and ret. */
export interface VarInsn {
  kind: 'var';
  op: number;
  index: number;
}
export interface IincInsn {
  kind: 'iinc';
  index: number;
  delta: number;
}
/** if*, goto, jsr (goto_w and jsr_w are chosen when encoding, if the offset needs them). */
export interface JumpInsn {
  kind: 'jump';
  op: number;
  target: Label;
}
/** ldc, ldc_w, ldc2_w: the form follows from the index and the entry's tag. */
export interface LdcInsn {
  kind: 'ldc';
  index: number;
}
/** getstatic, putstatic, getfield, putfield. */
export interface FieldInsn {
  kind: 'field';
  op: number;
  index: number;
}
/** invokevirtual, invokespecial, invokestatic, invokeinterface (its count byte is computed). */
export interface MethodInsn {
  kind: 'method';
  op: number;
  index: number;
}
export interface InvokeDynamicInsn {
  kind: 'indy';
  index: number;
}
/** new, anewarray, checkcast, instanceof: `index` is a CONSTANT_Class. */
export interface TypeInsn {
  kind: 'type';
  op: number;
  index: number;
}
export interface TableSwitchInsn {
  kind: 'tableswitch';
  low: number;
  high: number;
  dflt: Label;
  /** high - low + 1 targets. */
  targets: Label[];
}
export interface LookupSwitchInsn {
  kind: 'lookupswitch';
  dflt: Label;
  /** Keys, in the order written (the verifier requires them sorted ascending). */
  keys: number[];
  targets: Label[];
}
export interface MultiANewArrayInsn {
  kind: 'multianewarray';
  index: number;
  dimensions: number;
}

export type PseudoInsn = LabelNode | LineNode | FrameNode;
export type RealInsn =
  | OpInsn
  | IntInsn
  | VarInsn
  | IincInsn
  | JumpInsn
  | LdcInsn
  | FieldInsn
  | MethodInsn
  | InvokeDynamicInsn
  | TypeInsn
  | TableSwitchInsn
  | LookupSwitchInsn
  | MultiANewArrayInsn;
export type Insn = PseudoInsn | RealInsn;

export function isRealInsn(i: Insn): i is RealInsn {
  return i.kind !== 'label' && i.kind !== 'line' && i.kind !== 'frame';
}

// ---- tables ------------------------------------------------------------------------------

export interface TryCatch {
  start: Label;
  /** Exclusive. */
  end: Label;
  handler: Label;
  /** CONSTANT_Class index of the caught type; 0 catches everything (finally). */
  catchType: number;
}

/** A LocalVariableTable or LocalVariableTypeTable entry. */
export interface LocalVar {
  start: Label;
  /** Exclusive. */
  end: Label;
  nameIndex: number;
  /** Descriptor index (LocalVariableTable) or signature index (LocalVariableTypeTable). */
  descriptorIndex: number;
  index: number;
}

/** Type-annotation targets of code (JVMS 4.7.20.1) with offsets replaced by labels. */
export type CodeTypeAnnotationTarget =
  | { kind: 'localvar'; table: { start: Label; end: Label; index: number }[] }
  /** Index into MethodCode.tryCatch. */
  | { kind: 'catch'; exceptionTableIndex: number }
  /** instanceof, new, constructor/method references: the label before that instruction. */
  | { kind: 'offset'; at: Label }
  /** casts and generic constructor/method invocations. */
  | { kind: 'type_argument'; at: Label; typeArgumentIndex: number };
export interface CodeTypeAnnotation {
  targetType: number;
  target: CodeTypeAnnotationTarget;
  path: [number, number][];
  annotation: Annotation;
}

/** Names of the Code sub-attributes that the model rebuilds. */
export type ModelAttributeName =
  | 'LineNumberTable'
  | 'LocalVariableTable'
  | 'LocalVariableTypeTable'
  | 'StackMapTable'
  | 'RuntimeVisibleTypeAnnotations'
  | 'RuntimeInvisibleTypeAnnotations';

/**
 * One Code sub-attribute, in the original order: either rebuilt from the model (`model`), or
 * another attribute kept byte-for-byte (`verbatim`; offsets in it are not remapped).
 */
export type CodeSubAttribute = { kind: 'model'; name: ModelAttributeName; nameIndex: number } | { kind: 'verbatim'; attribute: Attribute };

export interface MethodCode {
  /**
   * The max_stack/max_locals read from the class. The encoder writes the larger of these and
   * the recomputed values (or only the recomputed ones with `exactMaxs`).
   */
  maxStack: number;
  maxLocals: number;
  insns: Insn[];
  tryCatch: TryCatch[];
  localVars: LocalVar[];
  localVarTypes: LocalVar[];
  visibleTypeAnnotations: CodeTypeAnnotation[];
  invisibleTypeAnnotations: CodeTypeAnnotation[];
  /** Sub-attributes in their original order; model ones that are new are appended when encoding. */
  attributes: CodeSubAttribute[];
}

// ---- helpers -----------------------------------------------------------------------------

export function vtypeEquals(a: VType, b: VType): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return false;
  if (a.kind === 'Object') return b.kind === 'Object' && a.className === b.className;
  return b.kind === 'Uninitialized' && a.newLabel === b.newLabel;
}

export function vtypesEqual(a: readonly VType[], b: readonly VType[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!vtypeEquals(a[i]!, b[i]!)) return false;
  return true;
}

/** True for Long and Double (the two-slot types). */
export function isWideVType(t: VType): boolean {
  return t === 'Long' || t === 'Double';
}

export function objectType(className: string): ObjectVType {
  return { kind: 'Object', className };
}

export function vtypeToString(t: VType): string {
  if (typeof t === 'string') return t;
  if (t.kind === 'Object') return t.className;
  return `Uninitialized(${t.newLabel})`;
}
