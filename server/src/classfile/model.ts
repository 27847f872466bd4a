// The class-file model (JVMS chapter 4, up to version 69 / Java 25).
//
// This is the *structural* level: every attribute is decoded, but references stay as
// constant-pool indices and code stays as bytes, so that parse → write is byte-identical.
// The editable instruction-list level (labels, full frames) lives in ./code/ and is built
// from / lowered to the `CodeAttribute` here.

/** Constant pool tags (JVMS 4.4). */
export const enum Tag {
  Utf8 = 1,
  Integer = 3,
  Float = 4,
  Long = 5,
  Double = 6,
  Class = 7,
  String = 8,
  Fieldref = 9,
  Methodref = 10,
  InterfaceMethodref = 11,
  NameAndType = 12,
  MethodHandle = 15,
  MethodType = 16,
  Dynamic = 17,
  InvokeDynamic = 18,
  Module = 19,
  Package = 20,
}

export type CpEntry =
  | { tag: Tag.Utf8; value: string }
  | { tag: Tag.Integer; value: number }
  /** `bits` is the raw IEEE 754 single (as an int32), so NaN payloads survive. */
  | { tag: Tag.Float; bits: number }
  | { tag: Tag.Long; value: bigint }
  /** `bits` is the raw IEEE 754 double (as a signed 64-bit bigint), so NaN payloads survive. */
  | { tag: Tag.Double; bits: bigint }
  | { tag: Tag.Class; nameIndex: number }
  | { tag: Tag.String; stringIndex: number }
  | { tag: Tag.Fieldref | Tag.Methodref | Tag.InterfaceMethodref; classIndex: number; nameAndTypeIndex: number }
  | { tag: Tag.NameAndType; nameIndex: number; descriptorIndex: number }
  | { tag: Tag.MethodHandle; referenceKind: number; referenceIndex: number }
  | { tag: Tag.MethodType; descriptorIndex: number }
  | { tag: Tag.Dynamic | Tag.InvokeDynamic; bootstrapMethodAttrIndex: number; nameAndTypeIndex: number }
  | { tag: Tag.Module | Tag.Package; nameIndex: number };

/** Access flags (JVMS tables 4.1-B, 4.5-A, 4.6-A, 4.7.6-A). */
export const Acc = {
  PUBLIC: 0x0001,
  PRIVATE: 0x0002,
  PROTECTED: 0x0004,
  STATIC: 0x0008,
  FINAL: 0x0010,
  SUPER: 0x0020,
  SYNCHRONIZED: 0x0020,
  VOLATILE: 0x0040,
  BRIDGE: 0x0040,
  TRANSIENT: 0x0080,
  VARARGS: 0x0080,
  NATIVE: 0x0100,
  INTERFACE: 0x0200,
  ABSTRACT: 0x0400,
  STRICT: 0x0800,
  SYNTHETIC: 0x1000,
  ANNOTATION: 0x2000,
  ENUM: 0x4000,
  MODULE: 0x8000,
  MANDATED: 0x8000,
} as const;

// ---------------------------------------------------------------------------------------------
// Attributes. Every attribute keeps the constant-pool index of its name (`nameIndex`) so that
// an unchanged class writes back byte-identically.

export interface ExceptionTableEntry {
  startPc: number;
  endPc: number;
  handlerPc: number;
  /** 0 = any (finally). */
  catchType: number;
}

/** Verification types as they appear in a StackMapTable (JVMS 4.7.4). */
export const enum VTag {
  Top = 0,
  Integer = 1,
  Float = 2,
  Double = 3,
  Long = 4,
  Null = 5,
  UninitializedThis = 6,
  Object = 7,
  Uninitialized = 8,
}
export type RawVType =
  | { tag: VTag.Top | VTag.Integer | VTag.Float | VTag.Double | VTag.Long | VTag.Null | VTag.UninitializedThis }
  /** cpIndex: a CONSTANT_Class. */
  | { tag: VTag.Object; cpIndex: number }
  /** offset: the bytecode offset of the `new` instruction. */
  | { tag: VTag.Uninitialized; offset: number };

/** One compressed stack map frame, exactly as encoded (frameType is the u1 tag byte). */
export type RawFrame =
  | { kind: 'same'; frameType: number; offsetDelta: number } // 0-63 or 251 (same_frame_extended)
  | { kind: 'same_locals_1_stack_item'; frameType: number; offsetDelta: number; stack: RawVType } // 64-127 or 247
  | { kind: 'chop'; frameType: number; offsetDelta: number } // 248-250: chops 251-frameType locals
  | { kind: 'append'; frameType: number; offsetDelta: number; locals: RawVType[] } // 252-254
  | { kind: 'full'; frameType: number; offsetDelta: number; locals: RawVType[]; stack: RawVType[] }; // 255

export interface LineNumber {
  startPc: number;
  line: number;
}
export interface LocalVariable {
  startPc: number;
  length: number;
  nameIndex: number;
  /** descriptor index (LocalVariableTable) or signature index (LocalVariableTypeTable). */
  descriptorIndex: number;
  index: number;
}

// Annotations (JVMS 4.7.16).
export type ElementValue =
  | { tag: 'B' | 'C' | 'D' | 'F' | 'I' | 'J' | 'S' | 'Z' | 's'; constValueIndex: number }
  | { tag: 'e'; typeNameIndex: number; constNameIndex: number }
  | { tag: 'c'; classInfoIndex: number }
  | { tag: '@'; annotation: Annotation }
  | { tag: '['; values: ElementValue[] };
export interface ElementValuePair {
  nameIndex: number;
  value: ElementValue;
}
export interface Annotation {
  typeIndex: number;
  pairs: ElementValuePair[];
}
/** Type annotations (JVMS 4.7.20): target_info is kept decoded by target_type. */
export type TypeAnnotationTarget =
  | { kind: 'type_parameter'; index: number } // 0x00, 0x01
  | { kind: 'supertype'; index: number } // 0x10
  | { kind: 'type_parameter_bound'; typeParameterIndex: number; boundIndex: number } // 0x11, 0x12
  | { kind: 'empty' } // 0x13-0x15
  | { kind: 'formal_parameter'; index: number } // 0x16
  | { kind: 'throws'; index: number } // 0x17
  | { kind: 'localvar'; table: { startPc: number; length: number; index: number }[] } // 0x40, 0x41
  | { kind: 'catch'; exceptionTableIndex: number } // 0x42
  | { kind: 'offset'; offset: number } // 0x43-0x46
  | { kind: 'type_argument'; offset: number; typeArgumentIndex: number }; // 0x47-0x4B
export interface TypeAnnotation {
  targetType: number;
  target: TypeAnnotationTarget;
  /** type_path entries: [type_path_kind, type_argument_index]. */
  path: [number, number][];
  annotation: Annotation;
}

export interface BootstrapMethod {
  methodRefIndex: number;
  argumentIndices: number[];
}
export interface InnerClass {
  innerClassInfoIndex: number;
  outerClassInfoIndex: number;
  innerNameIndex: number;
  innerClassAccessFlags: number;
}
export interface MethodParameter {
  nameIndex: number;
  accessFlags: number;
}
export interface RecordComponent {
  nameIndex: number;
  descriptorIndex: number;
  attributes: Attribute[];
}
export interface ModuleInfo {
  moduleNameIndex: number;
  moduleFlags: number;
  moduleVersionIndex: number;
  requires: { index: number; flags: number; versionIndex: number }[];
  exports: { index: number; flags: number; toIndices: number[] }[];
  opens: { index: number; flags: number; toIndices: number[] }[];
  usesIndices: number[];
  provides: { index: number; withIndices: number[] }[];
}

interface AttrBase {
  /** Constant-pool index of the attribute's name (a Utf8). */
  nameIndex: number;
}

export type Attribute = AttrBase &
  (
    | {
        name: 'Code';
        maxStack: number;
        maxLocals: number;
        code: Uint8Array;
        exceptionTable: ExceptionTableEntry[];
        attributes: Attribute[];
      }
    | { name: 'ConstantValue'; valueIndex: number }
    | { name: 'StackMapTable'; frames: RawFrame[] }
    | { name: 'Exceptions'; exceptionIndices: number[] }
    | { name: 'InnerClasses'; classes: InnerClass[] }
    | { name: 'EnclosingMethod'; classIndex: number; methodIndex: number }
    | { name: 'Synthetic' }
    | { name: 'Deprecated' }
    | { name: 'Signature'; signatureIndex: number }
    | { name: 'SourceFile'; sourceFileIndex: number }
    /** Raw bytes: the spec says this is modified UTF-8, but tools write arbitrary bytes. */
    | { name: 'SourceDebugExtension'; data: Uint8Array }
    | { name: 'LineNumberTable'; lines: LineNumber[] }
    | { name: 'LocalVariableTable'; vars: LocalVariable[] }
    | { name: 'LocalVariableTypeTable'; vars: LocalVariable[] }
    | { name: 'RuntimeVisibleAnnotations' | 'RuntimeInvisibleAnnotations'; annotations: Annotation[] }
    | {
        name: 'RuntimeVisibleParameterAnnotations' | 'RuntimeInvisibleParameterAnnotations';
        parameters: Annotation[][];
      }
    | { name: 'RuntimeVisibleTypeAnnotations' | 'RuntimeInvisibleTypeAnnotations'; annotations: TypeAnnotation[] }
    | { name: 'AnnotationDefault'; value: ElementValue }
    | { name: 'BootstrapMethods'; methods: BootstrapMethod[] }
    | { name: 'MethodParameters'; parameters: MethodParameter[] }
    | { name: 'Module'; module: ModuleInfo }
    | { name: 'ModulePackages'; packageIndices: number[] }
    | { name: 'ModuleMainClass'; mainClassIndex: number }
    | { name: 'NestHost'; hostClassIndex: number }
    | { name: 'NestMembers'; classIndices: number[] }
    | { name: 'Record'; components: RecordComponent[] }
    | { name: 'PermittedSubclasses'; classIndices: number[] }
    /** Any attribute we do not decode (or that failed to decode where that is allowed). */
    | { name: 'Unknown'; attributeName: string; data: Uint8Array }
  );

/**
 * The attribute variant(s) named N. (Not `Extract<Attribute, { name: N }>`: that is `never` for
 * the variants that share a shape, e.g. 'RuntimeVisibleAnnotations' | 'RuntimeInvisibleAnnotations'.)
 */
export type AttributeOf<N extends Attribute['name']> = NamedVariant<Attribute, N>;
type NamedVariant<A, N> = A extends { name: infer X } ? (N extends X ? A & { name: N } : never) : never;

export interface MemberInfo {
  accessFlags: number;
  nameIndex: number;
  descriptorIndex: number;
  attributes: Attribute[];
}

export interface ClassFile {
  minorVersion: number;
  majorVersion: number;
  /** Index 0 and the slot after each Long/Double are `undefined`. */
  constantPool: (CpEntry | undefined)[];
  accessFlags: number;
  thisClass: number;
  superClass: number;
  interfaces: number[];
  fields: MemberInfo[];
  methods: MemberInfo[];
  attributes: Attribute[];
}

export const MAX_SUPPORTED_MAJOR = 69;
