// The JVM instruction set (JVMS chapter 6): all 202 opcodes 0x00..0xc9, javap's mnemonics,
// and the operand format of each opcode. The raw decoder that walks a code array is in ./raw.

import { CodeModelError } from '../errors';

/** Opcode constants, named like the JVMS mnemonics in upper case (`Op.ILOAD === 0x15`). */
export const Op = {
  NOP: 0x00,
  ACONST_NULL: 0x01,
  ICONST_M1: 0x02,
  ICONST_0: 0x03,
  ICONST_1: 0x04,
  ICONST_2: 0x05,
  ICONST_3: 0x06,
  ICONST_4: 0x07,
  ICONST_5: 0x08,
  LCONST_0: 0x09,
  LCONST_1: 0x0a,
  FCONST_0: 0x0b,
  FCONST_1: 0x0c,
  FCONST_2: 0x0d,
  DCONST_0: 0x0e,
  DCONST_1: 0x0f,
  BIPUSH: 0x10,
  SIPUSH: 0x11,
  LDC: 0x12,
  LDC_W: 0x13,
  LDC2_W: 0x14,
  ILOAD: 0x15,
  LLOAD: 0x16,
  FLOAD: 0x17,
  DLOAD: 0x18,
  ALOAD: 0x19,
  ILOAD_0: 0x1a,
  ILOAD_1: 0x1b,
  ILOAD_2: 0x1c,
  ILOAD_3: 0x1d,
  LLOAD_0: 0x1e,
  LLOAD_1: 0x1f,
  LLOAD_2: 0x20,
  LLOAD_3: 0x21,
  FLOAD_0: 0x22,
  FLOAD_1: 0x23,
  FLOAD_2: 0x24,
  FLOAD_3: 0x25,
  DLOAD_0: 0x26,
  DLOAD_1: 0x27,
  DLOAD_2: 0x28,
  DLOAD_3: 0x29,
  ALOAD_0: 0x2a,
  ALOAD_1: 0x2b,
  ALOAD_2: 0x2c,
  ALOAD_3: 0x2d,
  IALOAD: 0x2e,
  LALOAD: 0x2f,
  FALOAD: 0x30,
  DALOAD: 0x31,
  AALOAD: 0x32,
  BALOAD: 0x33,
  CALOAD: 0x34,
  SALOAD: 0x35,
  ISTORE: 0x36,
  LSTORE: 0x37,
  FSTORE: 0x38,
  DSTORE: 0x39,
  ASTORE: 0x3a,
  ISTORE_0: 0x3b,
  ISTORE_1: 0x3c,
  ISTORE_2: 0x3d,
  ISTORE_3: 0x3e,
  LSTORE_0: 0x3f,
  LSTORE_1: 0x40,
  LSTORE_2: 0x41,
  LSTORE_3: 0x42,
  FSTORE_0: 0x43,
  FSTORE_1: 0x44,
  FSTORE_2: 0x45,
  FSTORE_3: 0x46,
  DSTORE_0: 0x47,
  DSTORE_1: 0x48,
  DSTORE_2: 0x49,
  DSTORE_3: 0x4a,
  ASTORE_0: 0x4b,
  ASTORE_1: 0x4c,
  ASTORE_2: 0x4d,
  ASTORE_3: 0x4e,
  IASTORE: 0x4f,
  LASTORE: 0x50,
  FASTORE: 0x51,
  DASTORE: 0x52,
  AASTORE: 0x53,
  BASTORE: 0x54,
  CASTORE: 0x55,
  SASTORE: 0x56,
  POP: 0x57,
  POP2: 0x58,
  DUP: 0x59,
  DUP_X1: 0x5a,
  DUP_X2: 0x5b,
  DUP2: 0x5c,
  DUP2_X1: 0x5d,
  DUP2_X2: 0x5e,
  SWAP: 0x5f,
  IADD: 0x60,
  LADD: 0x61,
  FADD: 0x62,
  DADD: 0x63,
  ISUB: 0x64,
  LSUB: 0x65,
  FSUB: 0x66,
  DSUB: 0x67,
  IMUL: 0x68,
  LMUL: 0x69,
  FMUL: 0x6a,
  DMUL: 0x6b,
  IDIV: 0x6c,
  LDIV: 0x6d,
  FDIV: 0x6e,
  DDIV: 0x6f,
  IREM: 0x70,
  LREM: 0x71,
  FREM: 0x72,
  DREM: 0x73,
  INEG: 0x74,
  LNEG: 0x75,
  FNEG: 0x76,
  DNEG: 0x77,
  ISHL: 0x78,
  LSHL: 0x79,
  ISHR: 0x7a,
  LSHR: 0x7b,
  IUSHR: 0x7c,
  LUSHR: 0x7d,
  IAND: 0x7e,
  LAND: 0x7f,
  IOR: 0x80,
  LOR: 0x81,
  IXOR: 0x82,
  LXOR: 0x83,
  IINC: 0x84,
  I2L: 0x85,
  I2F: 0x86,
  I2D: 0x87,
  L2I: 0x88,
  L2F: 0x89,
  L2D: 0x8a,
  F2I: 0x8b,
  F2L: 0x8c,
  F2D: 0x8d,
  D2I: 0x8e,
  D2L: 0x8f,
  D2F: 0x90,
  I2B: 0x91,
  I2C: 0x92,
  I2S: 0x93,
  LCMP: 0x94,
  FCMPL: 0x95,
  FCMPG: 0x96,
  DCMPL: 0x97,
  DCMPG: 0x98,
  IFEQ: 0x99,
  IFNE: 0x9a,
  IFLT: 0x9b,
  IFGE: 0x9c,
  IFGT: 0x9d,
  IFLE: 0x9e,
  IF_ICMPEQ: 0x9f,
  IF_ICMPNE: 0xa0,
  IF_ICMPLT: 0xa1,
  IF_ICMPGE: 0xa2,
  IF_ICMPGT: 0xa3,
  IF_ICMPLE: 0xa4,
  IF_ACMPEQ: 0xa5,
  IF_ACMPNE: 0xa6,
  GOTO: 0xa7,
  JSR: 0xa8,
  RET: 0xa9,
  TABLESWITCH: 0xaa,
  LOOKUPSWITCH: 0xab,
  IRETURN: 0xac,
  LRETURN: 0xad,
  FRETURN: 0xae,
  DRETURN: 0xaf,
  ARETURN: 0xb0,
  RETURN: 0xb1,
  GETSTATIC: 0xb2,
  PUTSTATIC: 0xb3,
  GETFIELD: 0xb4,
  PUTFIELD: 0xb5,
  INVOKEVIRTUAL: 0xb6,
  INVOKESPECIAL: 0xb7,
  INVOKESTATIC: 0xb8,
  INVOKEINTERFACE: 0xb9,
  INVOKEDYNAMIC: 0xba,
  NEW: 0xbb,
  NEWARRAY: 0xbc,
  ANEWARRAY: 0xbd,
  ARRAYLENGTH: 0xbe,
  ATHROW: 0xbf,
  CHECKCAST: 0xc0,
  INSTANCEOF: 0xc1,
  MONITORENTER: 0xc2,
  MONITOREXIT: 0xc3,
  WIDE: 0xc4,
  MULTIANEWARRAY: 0xc5,
  IFNULL: 0xc6,
  IFNONNULL: 0xc7,
  GOTO_W: 0xc8,
  JSR_W: 0xc9,
} as const;

export type Opcode = (typeof Op)[keyof typeof Op];

/** Number of defined opcodes (0x00..0xc9). 0xca (breakpoint) and 0xfe/0xff are reserved. */
export const OPCODE_COUNT = 202;

/** javap's mnemonic for each opcode, indexed by opcode. */
export const OPCODE_NAMES: readonly string[] = [
  'nop', 'aconst_null', 'iconst_m1', 'iconst_0', 'iconst_1', 'iconst_2', 'iconst_3', 'iconst_4',
  'iconst_5', 'lconst_0', 'lconst_1', 'fconst_0', 'fconst_1', 'fconst_2', 'dconst_0', 'dconst_1',
  'bipush', 'sipush', 'ldc', 'ldc_w', 'ldc2_w', 'iload', 'lload', 'fload',
  'dload', 'aload', 'iload_0', 'iload_1', 'iload_2', 'iload_3', 'lload_0', 'lload_1',
  'lload_2', 'lload_3', 'fload_0', 'fload_1', 'fload_2', 'fload_3', 'dload_0', 'dload_1',
  'dload_2', 'dload_3', 'aload_0', 'aload_1', 'aload_2', 'aload_3', 'iaload', 'laload',
  'faload', 'daload', 'aaload', 'baload', 'caload', 'saload', 'istore', 'lstore',
  'fstore', 'dstore', 'astore', 'istore_0', 'istore_1', 'istore_2', 'istore_3', 'lstore_0',
  'lstore_1', 'lstore_2', 'lstore_3', 'fstore_0', 'fstore_1', 'fstore_2', 'fstore_3', 'dstore_0',
  'dstore_1', 'dstore_2', 'dstore_3', 'astore_0', 'astore_1', 'astore_2', 'astore_3', 'iastore',
  'lastore', 'fastore', 'dastore', 'aastore', 'bastore', 'castore', 'sastore', 'pop',
  'pop2', 'dup', 'dup_x1', 'dup_x2', 'dup2', 'dup2_x1', 'dup2_x2', 'swap',
  'iadd', 'ladd', 'fadd', 'dadd', 'isub', 'lsub', 'fsub', 'dsub',
  'imul', 'lmul', 'fmul', 'dmul', 'idiv', 'ldiv', 'fdiv', 'ddiv',
  'irem', 'lrem', 'frem', 'drem', 'ineg', 'lneg', 'fneg', 'dneg',
  'ishl', 'lshl', 'ishr', 'lshr', 'iushr', 'lushr', 'iand', 'land',
  'ior', 'lor', 'ixor', 'lxor', 'iinc', 'i2l', 'i2f', 'i2d',
  'l2i', 'l2f', 'l2d', 'f2i', 'f2l', 'f2d', 'd2i', 'd2l',
  'd2f', 'i2b', 'i2c', 'i2s', 'lcmp', 'fcmpl', 'fcmpg', 'dcmpl',
  'dcmpg', 'ifeq', 'ifne', 'iflt', 'ifge', 'ifgt', 'ifle', 'if_icmpeq',
  'if_icmpne', 'if_icmplt', 'if_icmpge', 'if_icmpgt', 'if_icmple', 'if_acmpeq', 'if_acmpne', 'goto',
  'jsr', 'ret', 'tableswitch', 'lookupswitch', 'ireturn', 'lreturn', 'freturn', 'dreturn',
  'areturn', 'return', 'getstatic', 'putstatic', 'getfield', 'putfield', 'invokevirtual', 'invokespecial',
  'invokestatic', 'invokeinterface', 'invokedynamic', 'new', 'newarray', 'anewarray', 'arraylength', 'athrow',
  'checkcast', 'instanceof', 'monitorenter', 'monitorexit', 'wide', 'multianewarray', 'ifnull', 'ifnonnull',
  'goto_w', 'jsr_w',
];

/**
 * How an opcode's operands are encoded (after the opcode byte):
 * - `none`: no operands.
 * - `local`: u1 local-variable index (xload, xstore, ret); u2 under `wide`.
 * - `byte`: s1 immediate (bipush). `short`: s2 immediate (sipush).
 * - `cp1`: u1 constant-pool index (ldc). `cp2`: u2 constant-pool index.
 * - `branch2`: s2 branch offset relative to the opcode. `branch4`: s4 (goto_w, jsr_w).
 * - `iinc`: u1 index, s1 delta (u2 index, s2 delta under `wide`).
 * - `tableswitch`, `lookupswitch`: 0-3 padding bytes to a 4-byte boundary, then s4 fields.
 * - `invokeinterface`: u2 cp index, u1 count, u1 zero. `invokedynamic`: u2 cp index, two zero bytes.
 * - `newarray`: u1 atype. `multianewarray`: u2 cp index, u1 dimensions.
 * - `wide`: a modified opcode (a `local` opcode or iinc) follows with widened operands.
 */
export type OperandFormat =
  | 'none'
  | 'local'
  | 'byte'
  | 'short'
  | 'cp1'
  | 'cp2'
  | 'branch2'
  | 'branch4'
  | 'iinc'
  | 'tableswitch'
  | 'lookupswitch'
  | 'invokeinterface'
  | 'invokedynamic'
  | 'newarray'
  | 'multianewarray'
  | 'wide';

/** Operand format of each opcode, indexed by opcode. */
export const OPCODE_FORMATS: readonly OperandFormat[] = [
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x00
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x08
  'byte', 'short', 'cp1', 'cp2', 'cp2', 'local', 'local', 'local', // 0x10
  'local', 'local', 'none', 'none', 'none', 'none', 'none', 'none', // 0x18
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x20
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x28
  'none', 'none', 'none', 'none', 'none', 'none', 'local', 'local', // 0x30
  'local', 'local', 'local', 'none', 'none', 'none', 'none', 'none', // 0x38
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x40
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x48
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x50
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x58
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x60
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x68
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x70
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x78
  'none', 'none', 'none', 'none', 'iinc', 'none', 'none', 'none', // 0x80
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x88
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', // 0x90
  'none', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', // 0x98
  'branch2', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', 'branch2', // 0xa0
  'branch2', 'local', 'tableswitch', 'lookupswitch', 'none', 'none', 'none', 'none', // 0xa8
  'none', 'none', 'cp2', 'cp2', 'cp2', 'cp2', 'cp2', 'cp2', // 0xb0
  'cp2', 'invokeinterface', 'invokedynamic', 'cp2', 'newarray', 'cp2', 'none', 'none', // 0xb8
  'cp2', 'cp2', 'none', 'none', 'wide', 'multianewarray', 'branch2', 'branch2', // 0xc0
  'branch4', 'branch4', // 0xc8
];

/** Fixed instruction length (opcode byte included) per format; undefined for switches and wide. */
export const FORMAT_LENGTH: Readonly<Record<OperandFormat, number | undefined>> = {
  none: 1,
  local: 2,
  byte: 2,
  short: 3,
  cp1: 2,
  cp2: 3,
  branch2: 3,
  branch4: 5,
  iinc: 3,
  tableswitch: undefined,
  lookupswitch: undefined,
  invokeinterface: 5,
  invokedynamic: 5,
  newarray: 2,
  multianewarray: 4,
  wide: undefined,
};

/** True for the 202 defined opcodes 0x00..0xc9. */
export function isValidOpcode(op: number): boolean {
  return Number.isInteger(op) && op >= 0 && op < OPCODE_COUNT;
}

/** Opcodes that may follow `wide` (JVMS 6.5.wide): the local-variable loads/stores, ret and iinc. */
export function isWideable(op: number): boolean {
  return (op >= Op.ILOAD && op <= Op.ALOAD) || (op >= Op.ISTORE && op <= Op.ASTORE) || op === Op.RET || op === Op.IINC;
}

/** Array element type codes of `newarray` (JVMS table 6.5.newarray-A). */
export const ArrayType = {
  T_BOOLEAN: 4,
  T_CHAR: 5,
  T_FLOAT: 6,
  T_DOUBLE: 7,
  T_BYTE: 8,
  T_SHORT: 9,
  T_INT: 10,
  T_LONG: 11,
} as const;

/** javap's names of the newarray element types, indexed by atype (4..11). */
export const ARRAY_TYPE_NAMES: Readonly<Record<number, string>> = {
  4: 'boolean',
  5: 'char',
  6: 'float',
  7: 'double',
  8: 'byte',
  9: 'short',
  10: 'int',
  11: 'long',
};

/** The 16-bit conditional branches ifeq..if_acmpne, ifnull, ifnonnull. */
export function isConditionalBranch(op: number): boolean {
  return (op >= Op.IFEQ && op <= Op.IF_ACMPNE) || op === Op.IFNULL || op === Op.IFNONNULL;
}

/** The opposite condition of a conditional branch (ifeq <-> ifne, if_icmplt <-> if_icmpge, ...). */
export function invertCondition(op: number): number {
  if (op === Op.IFNULL) return Op.IFNONNULL;
  if (op === Op.IFNONNULL) return Op.IFNULL;
  if (op >= Op.IFEQ && op <= Op.IF_ACMPNE) return ((op - Op.IFEQ) ^ 1) + Op.IFEQ;
  throw new CodeModelError(`opcode ${op} is not a conditional branch`);
}

/** Instructions after which control never falls through to the next instruction. */
export function isUnconditionalTransfer(op: number): boolean {
  return (
    op === Op.GOTO ||
    op === Op.GOTO_W ||
    op === Op.TABLESWITCH ||
    op === Op.LOOKUPSWITCH ||
    (op >= Op.IRETURN && op <= Op.RETURN) ||
    op === Op.ATHROW ||
    op === Op.RET
  );
}
