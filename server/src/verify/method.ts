// The type-checking verifier of one method (JVMS 4.10.1), in HotSpot's order of checks and
// with its messages (ClassVerifier::verify_method): a linear pass over the code, the current
// frame replaced by the StackMapTable's frame at each offset that has one, branch targets and
// exception handlers checked against the table's frames.

import { Op } from '../classfile/code/opcodes';
import { type CpEntry, type ExceptionTableEntry } from '../classfile/model';
import { bytecodeName, codeData, insnLength as insnLengthAt } from './code';
import { badCode, checkAssignableTo, cpOrigin, Frame, implicit, verifyError, VerifyFailure, FLAG_THIS_UNINIT, type MapFrame } from './frame';
import { invoke, type InvokeCtx } from './invoke';
import { arrayCheck, checkClassIndex, classType, ldc, sigFirst, sigTypes } from './operands';
import { readStackMap } from './stackmap';
import * as T from './types';
import { isAssignable, type VerifyEnv, type VType } from './types';

export interface MethodInput {
  access: number;
  name: string;
  desc: string;
  maxStack: number;
  maxLocals: number;
  code: Uint8Array;
  exceptionTable: readonly ExceptionTableEntry[];
  /** StackMapTable attribute bytes, undefined if the method has none. */
  stackMap: Uint8Array | undefined;
  /** LocalVariableTable ranges. */
  localVars: readonly { startPc: number; length: number }[];
}

export interface ClassInput {
  name: string;
  superName: string | null;
  interfaces: readonly string[];
  majorVersion: number;
  pool: readonly (CpEntry | undefined)[];
  /** A field declared by this class. */
  hasField(name: string, desc: string): boolean;
}

const ACC_STATIC = 0x0008;

export function verifyMethod(env: VerifyEnv, cls: ClassInput, m: MethodInput): void {
  const code = m.code;
  const codeLength = code.length;
  const pool = cls.pool;
  const thisType = T.ref(cls.name);
  const frame = new Frame(env, m.maxLocals, m.maxStack);

  if (!T.isMethodDescriptor(m.desc)) throw new VerifyFailure('java/lang/ClassFormatError', `Method "${m.name}" in class ${cls.name} has illegal signature "${m.desc}"`);
  // Entry frame and return type (set_locals_from_arg).
  const entryLocals: VType[] = [];
  if ((m.access & ACC_STATIC) === 0) {
    if (m.name === '<init>' && cls.name !== 'java/lang/Object') {
      entryLocals.push(T.UNINIT_THIS);
      frame.flags |= FLAG_THIS_UNINIT;
    } else entryLocals.push(thisType);
  }
  let i = 1;
  while (m.desc[i] !== ')') i = sigTypes(m.desc, entryLocals, i);
  const n = entryLocals.length;
  if (n > m.maxLocals) throw new VerifyFailure('java/lang/ClassFormatError', `Arguments can't fit into locals`);
  for (let k = 0; k < n; k++) frame.locals[k] = entryLocals[k]!;
  frame.localsSize = n;
  const retDesc = m.desc.slice(i + 1);
  const returnType: VType = retDesc === 'V' ? T.TOP : retDesc.length === 1 && 'ZBCS'.includes(retDesc) ? retDesc : sigFirst(retDesc);

  const data = codeData(code);
  if (typeof data === 'number') throw badCode(data, 'Bad instruction');

  // Exception table (verify_exception_handler_table).
  let exMin = codeLength;
  let exMax = -1;
  for (const h of m.exceptionTable) {
    if (h.startPc >= codeLength || data[h.startPc] === 0) throw new VerifyFailure('java/lang/ClassFormatError', `Illegal exception table start_pc ${h.startPc}`);
    if (h.endPc !== codeLength && (h.endPc > codeLength || data[h.endPc] === 0)) throw new VerifyFailure('java/lang/ClassFormatError', `Illegal exception table end_pc ${h.endPc}`);
    if (h.handlerPc >= codeLength || data[h.handlerPc] === 0) throw new VerifyFailure('java/lang/ClassFormatError', `Illegal exception table handler_pc ${h.handlerPc}`);
    if (h.catchType !== 0) {
      const ct = classType(pool, h.catchType);
      if (ct === T.THROWABLE) env.preResolve?.('java/lang/Throwable');
      if (!isAssignable(env, T.THROWABLE, ct))
        throw verifyError({ bci: h.handlerPc, fault: 'wrong_type', type: cpOrigin(h.catchType, ct), expected: implicit(T.THROWABLE) }, `Catch type is not a subclass of Throwable in exception handler ${h.handlerPc}`);
    }
    if (h.startPc < exMin) exMin = h.startPc;
    if (h.endPc > exMax) exMax = h.endPc;
  }
  for (const v of m.localVars) {
    if (v.startPc >= codeLength || data[v.startPc] === 0) throw new VerifyFailure('java/lang/ClassFormatError', `Illegal local variable table start_pc ${v.startPc}`);
    const end = v.startPc + v.length;
    if (end !== codeLength && (end >= codeLength || data[end] === 0)) throw new VerifyFailure('java/lang/ClassFormatError', `Illegal local variable table length ${v.length}`);
  }

  const initial: MapFrame = { offset: 0, flags: frame.flags, locals: entryLocals, stack: [] };
  const table = readStackMap({ data: m.stackMap, pool, codeData: data, maxLocals: m.maxLocals, maxStack: m.maxStack, initial });
  const frameAt = new Map<number, MapFrame>();
  for (const f of table) frameAt.set(f.offset, f);

  /** match_stackmap(frame, target, match=true, update=false). */
  const matchTarget = (cur: Frame, target: number, reason: string): void => {
    const f = frameAt.get(target);
    if (f === undefined) throw verifyError({ bci: cur.offset, fault: 'missing_stackmap' }, `Expecting a stackmap frame at branch target ${target}`);
    checkAssignableTo(cur, f, reason);
  };
  const checkJump = (bci: number, offset: number): void => {
    if (offset < -65535 || offset > 65535)
      throw verifyError({ bci: 0, fault: 'bad_stackmap', type: frame.whole() }, `Illegal target of jump or branch (bci ${bci} + offset ${offset})`);
    const target = bci + offset;
    matchTarget(frame, target, `Inconsistent stackmap frames at branch target ${target}`);
  };
  const handlerTargets = (bci: number, thisUninit: boolean): void => {
    for (const h of m.exceptionTable) {
      if (bci < h.startPc || bci >= h.endPc) continue;
      const hf = new Frame(env, m.maxLocals, 1);
      hf.offset = frame.offset;
      hf.flags = frame.flags | (thisUninit ? FLAG_THIS_UNINIT : 0);
      for (let k = 0; k < frame.localsSize; k++) hf.locals[k] = frame.locals[k]!;
      hf.localsSize = frame.localsSize;
      hf.push(h.catchType !== 0 ? classType(pool, h.catchType) : T.THROWABLE);
      matchTarget(hf, h.handlerPc, `Stack map does not match the one at exception handler ${h.handlerPc}`);
    }
  };

  const ictx: InvokeCtx = { env, cls, m, frame, data, thisType, returnType, handlerTargets, exMin, exMax };
  let mapIndex = 0;
  let noControlFlow = false;
  for (let bci = 0; bci < codeLength; ) {
    const len0 = bci;
    let op = code[bci]!;
    const wide = op === Op.WIDE;
    if (wide) op = code[bci + 1]!;
    frame.offset = bci;
    frame.setMark();

    // verify_stackmap_table
    if (mapIndex < table.length) {
      const f = table[mapIndex]!;
      if (noControlFlow && f.offset > bci) throw verifyError({ bci, fault: 'missing_stackmap' }, 'Expecting a stack map frame');
      if (f.offset === bci) {
        if (!noControlFlow) checkAssignableTo(frame, f, 'Instruction type does not match stack map');
        if (frame.localsSize > f.locals.length || frame.stackSize > f.stack.length) {
          frame.locals.fill(T.TOP);
          frame.stack.fill(T.TOP);
        }
        frame.localsSize = f.locals.length;
        for (let k = 0; k < f.locals.length; k++) frame.locals[k] = f.locals[k]!;
        frame.stackSize = frame.stackMark = f.stack.length;
        for (let k = 0; k < f.stack.length; k++) frame.stack[k] = f.stack[k]!;
        frame.flags = f.flags;
        mapIndex++;
      } else if (f.offset < bci) throw new VerifyFailure('java/lang/ClassFormatError', `Bad stack map offset ${f.offset}`);
    } else if (noControlFlow) throw badCode(bci, 'Expecting a stack map frame');

    if (wide && !WIDE_OK.has(op)) throw badCode(bci, 'Bad wide instruction');
    const isStore = (op >= Op.ISTORE && op <= Op.ASTORE_3);
    let verifiedHandlers = false;
    if (isStore && bci >= exMin && bci < exMax) {
      handlerTargets(bci, false);
      verifiedHandlers = true;
    }
    const thisUninit = { v: false };
    noControlFlow = false;

    switch (op) {
      case Op.NOP:
        break;
      case Op.ACONST_NULL:
        frame.push(T.NULL);
        break;
      case Op.ICONST_M1: case Op.ICONST_0: case Op.ICONST_1: case Op.ICONST_2: case Op.ICONST_3: case Op.ICONST_4: case Op.ICONST_5:
      case Op.BIPUSH: case Op.SIPUSH:
        frame.push(T.INT);
        break;
      case Op.LCONST_0: case Op.LCONST_1:
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.FCONST_0: case Op.FCONST_1: case Op.FCONST_2:
        frame.push(T.FLOAT);
        break;
      case Op.DCONST_0: case Op.DCONST_1:
        frame.push2(T.DOUBLE, T.DOUBLE2);
        break;
      case Op.LDC: case Op.LDC_W: case Op.LDC2_W:
        ldc(ictx, op, op === Op.LDC ? rd1(code, bci + 1) : rd2(code, bci + 1), bci);
        break;
      case Op.ILOAD: case Op.ILOAD_0: case Op.ILOAD_1: case Op.ILOAD_2: case Op.ILOAD_3:
        frame.getLocal(op === Op.ILOAD ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.ILOAD_0, T.INT);
        frame.push(T.INT);
        break;
      case Op.LLOAD: case Op.LLOAD_0: case Op.LLOAD_1: case Op.LLOAD_2: case Op.LLOAD_3:
        frame.getLocal2(op === Op.LLOAD ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.LLOAD_0, T.LONG, T.LONG2);
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.FLOAD: case Op.FLOAD_0: case Op.FLOAD_1: case Op.FLOAD_2: case Op.FLOAD_3:
        frame.getLocal(op === Op.FLOAD ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.FLOAD_0, T.FLOAT);
        frame.push(T.FLOAT);
        break;
      case Op.DLOAD: case Op.DLOAD_0: case Op.DLOAD_1: case Op.DLOAD_2: case Op.DLOAD_3:
        frame.getLocal2(op === Op.DLOAD ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.DLOAD_0, T.DOUBLE, T.DOUBLE2);
        frame.push2(T.DOUBLE, T.DOUBLE2);
        break;
      case Op.ALOAD: case Op.ALOAD_0: case Op.ALOAD_1: case Op.ALOAD_2: case Op.ALOAD_3:
        frame.push(frame.getLocal(op === Op.ALOAD ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.ALOAD_0, T.REF_CHECK));
        break;
      case Op.IALOAD: case Op.BALOAD: case Op.CALOAD: case Op.SALOAD:
        frame.pop(T.INT);
        if (op === Op.BALOAD) arrayCheck(frame, bci, 'baload', 'ZB', undefined);
        else arrayCheck(frame, bci, op === Op.IALOAD ? 'iaload' : op === Op.CALOAD ? 'caload' : 'saload', op === Op.IALOAD ? 'I' : op === Op.CALOAD ? 'C' : 'S', op === Op.IALOAD ? 'L[I' : op === Op.CALOAD ? 'L[C' : 'L[S');
        frame.push(T.INT);
        break;
      case Op.LALOAD:
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'laload', 'J', 'L[J');
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.FALOAD:
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'faload', 'F', 'L[F');
        frame.push(T.FLOAT);
        break;
      case Op.DALOAD:
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'daload', 'D', 'L[D');
        frame.push2(T.DOUBLE, T.DOUBLE2);
        break;
      case Op.AALOAD: {
        frame.pop(T.INT);
        const atype = frame.pop(T.REF_CHECK);
        if (!T.isReferenceArray(atype)) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: implicit(T.REF_CHECK) }, 'Bad type on operand stack in aaload');
        frame.push(atype === T.NULL ? T.NULL : T.componentOf(atype));
        break;
      }
      case Op.ISTORE: case Op.ISTORE_0: case Op.ISTORE_1: case Op.ISTORE_2: case Op.ISTORE_3:
        frame.pop(T.INT);
        frame.setLocal(op === Op.ISTORE ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.ISTORE_0, T.INT);
        break;
      case Op.LSTORE: case Op.LSTORE_0: case Op.LSTORE_1: case Op.LSTORE_2: case Op.LSTORE_3:
        frame.pop2(T.LONG2, T.LONG);
        frame.setLocal2(op === Op.LSTORE ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.LSTORE_0, T.LONG, T.LONG2);
        break;
      case Op.FSTORE: case Op.FSTORE_0: case Op.FSTORE_1: case Op.FSTORE_2: case Op.FSTORE_3:
        frame.pop(T.FLOAT);
        frame.setLocal(op === Op.FSTORE ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.FSTORE_0, T.FLOAT);
        break;
      case Op.DSTORE: case Op.DSTORE_0: case Op.DSTORE_1: case Op.DSTORE_2: case Op.DSTORE_3:
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.setLocal2(op === Op.DSTORE ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.DSTORE_0, T.DOUBLE, T.DOUBLE2);
        break;
      case Op.ASTORE: case Op.ASTORE_0: case Op.ASTORE_1: case Op.ASTORE_2: case Op.ASTORE_3:
        frame.setLocal(op === Op.ASTORE ? (wide ? rd2(code, bci + 2) : rd1(code, bci + 1)) : op - Op.ASTORE_0, frame.pop(T.REF_CHECK));
        break;
      case Op.IASTORE: case Op.BASTORE: case Op.CASTORE: case Op.SASTORE:
        frame.pop(T.INT);
        frame.pop(T.INT);
        if (op === Op.BASTORE) arrayCheck(frame, bci, 'bastore', 'ZB', undefined);
        else arrayCheck(frame, bci, op === Op.IASTORE ? 'iastore' : op === Op.CASTORE ? 'castore' : 'sastore', op === Op.IASTORE ? 'I' : op === Op.CASTORE ? 'C' : 'S', op === Op.IASTORE ? 'L[I' : op === Op.CASTORE ? 'L[C' : 'L[S');
        break;
      case Op.LASTORE:
        frame.pop2(T.LONG2, T.LONG);
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'lastore', 'J', 'L[J');
        break;
      case Op.FASTORE:
        frame.pop(T.FLOAT);
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'fastore', 'F', 'L[F');
        break;
      case Op.DASTORE:
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'dastore', 'D', 'L[D');
        break;
      case Op.AASTORE:
        frame.pop(T.OBJECT);
        frame.pop(T.INT);
        arrayCheck(frame, bci, 'aastore', 'L[', T.REF_CHECK);
        break;
      case Op.POP:
        frame.pop(T.CAT1_CHECK);
        break;
      case Op.POP2: {
        const t = frame.popAny();
        if (T.isCategory1(t)) frame.pop(T.CAT1_CHECK);
        else if (T.isCategory2nd(t)) frame.pop(T.CAT2_CHECK);
        else throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, 'Bad type on operand stack in pop2');
        break;
      }
      case Op.DUP: {
        const t = frame.pop(T.CAT1_CHECK);
        frame.push(t);
        frame.push(t);
        break;
      }
      case Op.DUP_X1: {
        const t = frame.pop(T.CAT1_CHECK);
        const t2 = frame.pop(T.CAT1_CHECK);
        frame.push(t);
        frame.push(t2);
        frame.push(t);
        break;
      }
      case Op.DUP_X2: {
        const t = frame.pop(T.CAT1_CHECK);
        const t2 = frame.popAny();
        let t3: VType;
        if (T.isCategory1(t2)) t3 = frame.pop(T.CAT1_CHECK);
        else if (T.isCategory2nd(t2)) t3 = frame.pop(T.CAT2_CHECK);
        else throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, 'Bad type on operand stack in dup_x2');
        frame.push(t);
        frame.push(t3);
        frame.push(t2);
        frame.push(t);
        break;
      }
      case Op.DUP2: case Op.DUP2_X1: case Op.DUP2_X2: {
        const name = op === Op.DUP2 ? 'dup2' : op === Op.DUP2_X1 ? 'dup2_x1' : 'dup2_x2';
        const t = frame.popAny();
        let t2: VType;
        if (T.isCategory1(t)) t2 = frame.pop(T.CAT1_CHECK);
        else if (T.isCategory2nd(t)) t2 = frame.pop(T.CAT2_CHECK);
        else throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, `Bad type on operand stack in ${name}`);
        const under: VType[] = [];
        if (op === Op.DUP2_X1) under.push(frame.pop(T.CAT1_CHECK));
        else if (op === Op.DUP2_X2) {
          const t3 = frame.popAny();
          let t4: VType;
          if (T.isCategory1(t3)) t4 = frame.pop(T.CAT1_CHECK);
          else if (T.isCategory2nd(t3)) t4 = frame.pop(T.CAT2_CHECK);
          else throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, `Bad type on operand stack in ${name}`);
          under.push(t4, t3);
        }
        frame.push(t2);
        frame.push(t);
        for (const u of under) frame.push(u);
        frame.push(t2);
        frame.push(t);
        break;
      }
      case Op.SWAP: {
        const t = frame.pop(T.CAT1_CHECK);
        const t2 = frame.pop(T.CAT1_CHECK);
        frame.push(t);
        frame.push(t2);
        break;
      }
      case Op.IADD: case Op.ISUB: case Op.IMUL: case Op.IDIV: case Op.IREM: case Op.ISHL: case Op.ISHR: case Op.IUSHR: case Op.IOR: case Op.IXOR: case Op.IAND:
        frame.pop(T.INT);
        frame.pop(T.INT);
        frame.push(T.INT);
        break;
      case Op.INEG: case Op.I2B: case Op.I2C: case Op.I2S:
        frame.pop(T.INT);
        frame.push(T.INT);
        break;
      case Op.LADD: case Op.LSUB: case Op.LMUL: case Op.LDIV: case Op.LREM: case Op.LAND: case Op.LOR: case Op.LXOR:
        frame.pop2(T.LONG2, T.LONG);
        frame.pop2(T.LONG2, T.LONG);
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.LNEG:
        frame.pop2(T.LONG2, T.LONG);
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.LSHL: case Op.LSHR: case Op.LUSHR:
        frame.pop(T.INT);
        frame.pop2(T.LONG2, T.LONG);
        frame.push2(T.LONG, T.LONG2);
        break;
      case Op.FADD: case Op.FSUB: case Op.FMUL: case Op.FDIV: case Op.FREM:
        frame.pop(T.FLOAT);
        frame.pop(T.FLOAT);
        frame.push(T.FLOAT);
        break;
      case Op.FNEG:
        frame.pop(T.FLOAT);
        frame.push(T.FLOAT);
        break;
      case Op.DADD: case Op.DSUB: case Op.DMUL: case Op.DDIV: case Op.DREM:
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.push2(T.DOUBLE, T.DOUBLE2);
        break;
      case Op.DNEG:
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.push2(T.DOUBLE, T.DOUBLE2);
        break;
      case Op.IINC: {
        const idx = (wide ? rd2(code, bci + 2) : rd1(code, bci + 1));
        frame.setLocal(idx, frame.getLocal(idx, T.INT));
        break;
      }
      case Op.I2L: frame.pop(T.INT); frame.push2(T.LONG, T.LONG2); break;
      case Op.I2F: frame.pop(T.INT); frame.push(T.FLOAT); break;
      case Op.I2D: frame.pop(T.INT); frame.push2(T.DOUBLE, T.DOUBLE2); break;
      case Op.L2I: frame.pop2(T.LONG2, T.LONG); frame.push(T.INT); break;
      case Op.L2F: frame.pop2(T.LONG2, T.LONG); frame.push(T.FLOAT); break;
      case Op.L2D: frame.pop2(T.LONG2, T.LONG); frame.push2(T.DOUBLE, T.DOUBLE2); break;
      case Op.F2I: frame.pop(T.FLOAT); frame.push(T.INT); break;
      case Op.F2L: frame.pop(T.FLOAT); frame.push2(T.LONG, T.LONG2); break;
      case Op.F2D: frame.pop(T.FLOAT); frame.push2(T.DOUBLE, T.DOUBLE2); break;
      case Op.D2I: frame.pop2(T.DOUBLE2, T.DOUBLE); frame.push(T.INT); break;
      case Op.D2L: frame.pop2(T.DOUBLE2, T.DOUBLE); frame.push2(T.LONG, T.LONG2); break;
      case Op.D2F: frame.pop2(T.DOUBLE2, T.DOUBLE); frame.push(T.FLOAT); break;
      case Op.LCMP:
        frame.pop2(T.LONG2, T.LONG);
        frame.pop2(T.LONG2, T.LONG);
        frame.push(T.INT);
        break;
      case Op.FCMPL: case Op.FCMPG:
        frame.pop(T.FLOAT);
        frame.pop(T.FLOAT);
        frame.push(T.INT);
        break;
      case Op.DCMPL: case Op.DCMPG:
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.pop2(T.DOUBLE2, T.DOUBLE);
        frame.push(T.INT);
        break;
      case Op.IF_ICMPEQ: case Op.IF_ICMPNE: case Op.IF_ICMPLT: case Op.IF_ICMPGE: case Op.IF_ICMPGT: case Op.IF_ICMPLE:
        frame.pop(T.INT);
        frame.pop(T.INT);
        checkJump(bci, rs2(code, bci + 1));
        break;
      case Op.IFEQ: case Op.IFNE: case Op.IFLT: case Op.IFGE: case Op.IFGT: case Op.IFLE:
        frame.pop(T.INT);
        checkJump(bci, rs2(code, bci + 1));
        break;
      case Op.IF_ACMPEQ: case Op.IF_ACMPNE:
        frame.pop(T.REF_CHECK);
        frame.pop(T.REF_CHECK);
        checkJump(bci, rs2(code, bci + 1));
        break;
      case Op.IFNULL: case Op.IFNONNULL:
        frame.pop(T.REF_CHECK);
        checkJump(bci, rs2(code, bci + 1));
        break;
      case Op.GOTO:
        checkJump(bci, rs2(code, bci + 1));
        noControlFlow = true;
        break;
      case Op.GOTO_W:
        checkJump(bci, rs4(code, bci + 1));
        noControlFlow = true;
        break;
      case Op.TABLESWITCH: case Op.LOOKUPSWITCH: {
        const p = ((bci + 4) & ~3) - bci;
        if (cls.majorVersion < 51) for (let k = 1; k < p; k++) if (rd1(code, bci + k) !== 0) throw badCode(bci, 'Nonzero padding byte in lookupswitch or tableswitch');
        const dflt = rs4(code, bci + p);
        frame.pop(T.INT);
        let keys: number;
        let delta: number;
        if (op === Op.TABLESWITCH) {
          const low = rs4(code, bci + p + 4);
          const high = rs4(code, bci + p + 8);
          if (low > high) throw badCode(bci, 'low must be less than or equal to high in tableswitch');
          keys = high - low + 1;
          delta = 1;
        } else {
          keys = rs4(code, bci + p + 4);
          delta = 2;
          for (let k = 0; k < keys - 1; k++) if (rs4(code, bci + p + (2 + 2 * k) * 4) >= rs4(code, bci + p + (4 + 2 * k) * 4)) throw badCode(bci, 'Bad lookupswitch instruction');
        }
        checkJump(bci, dflt);
        for (let k = 0; k < keys; k++) checkJump(bci, rs4(code, bci + p + (3 + k * delta) * 4));
        noControlFlow = true;
        break;
      }
      case Op.IRETURN: case Op.LRETURN: case Op.FRETURN: case Op.DRETURN: case Op.ARETURN: {
        let t: VType;
        if (op === Op.IRETURN) t = frame.pop(T.INT);
        else if (op === Op.FRETURN) t = frame.pop(T.FLOAT);
        else if (op === Op.ARETURN) t = frame.pop(T.REF_CHECK);
        else {
          const two = op === Op.LRETURN ? T.LONG2 : T.DOUBLE2;
          const one = op === Op.LRETURN ? T.LONG : T.DOUBLE;
          frame.pop(two);
          t = frame.pop(one);
        }
        if (returnType === T.TOP) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: { origin: 'sig', index: 0, type: returnType } }, 'Method does not expect a return value');
        if (!isAssignable(env, returnType, t)) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: { origin: 'sig', index: 0, type: returnType } }, 'Bad return type');
        noControlFlow = true;
        break;
      }
      case Op.RETURN:
        if (returnType !== T.TOP) throw badCode(bci, 'Method expects a return value');
        if (m.name === '<init>' && (frame.flags & FLAG_THIS_UNINIT) !== 0) throw badCode(bci, 'Constructor must call super() or this() before return');
        noControlFlow = true;
        break;
      case Op.GETSTATIC: case Op.PUTSTATIC: case Op.GETFIELD: case Op.PUTFIELD:
      case Op.INVOKEVIRTUAL: case Op.INVOKESPECIAL: case Op.INVOKESTATIC: case Op.INVOKEINTERFACE: case Op.INVOKEDYNAMIC:
        invoke(ictx, op, bci, thisUninit);
        break;
      case Op.NEW: {
        const idx = rd2(code, bci + 1);
        checkClassIndex(ictx, bci, idx);
        const t = classType(pool, idx);
        if (!T.isObject(t)) throw verifyError({ bci, fault: 'wrong_type', type: cpOrigin(idx, t) }, 'Illegal new instruction');
        frame.push(T.uninit(bci));
        break;
      }
      case Op.NEWARRAY: {
        const at = rd1(code, bci + 1);
        if (at < 4 || at > 11) throw badCode(bci, 'Illegal newarray instruction');
        frame.pop(T.INT);
        frame.push(`L[${'ZCFDBSIJ'[at - 4]}`);
        break;
      }
      case Op.ANEWARRAY: {
        const idx = rd2(code, bci + 1);
        checkClassIndex(ictx, bci, idx);
        frame.pop(T.INT);
        const ct = classType(pool, idx);
        const cn = T.nameOf(ct);
        if (T.isArray(ct) && cn.length > 255 && cn[254] === '[') throw badCode(bci, 'Illegal anewarray instruction, array has more than 255 dimensions');
        frame.push(T.isArray(ct) ? `L[${cn}` : `L[L${cn};`);
        break;
      }
      case Op.ARRAYLENGTH: {
        const t = frame.pop(T.REF_CHECK);
        if (!(t === T.NULL || T.isArray(t))) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, 'Bad type on operand stack in arraylength');
        frame.push(T.INT);
        break;
      }
      case Op.CHECKCAST: {
        const idx = rd2(code, bci + 1);
        checkClassIndex(ictx, bci, idx);
        frame.pop(T.OBJECT);
        frame.push(classType(pool, idx));
        break;
      }
      case Op.INSTANCEOF: {
        const idx = rd2(code, bci + 1);
        checkClassIndex(ictx, bci, idx);
        frame.pop(T.OBJECT);
        frame.push(T.INT);
        break;
      }
      case Op.MONITORENTER: case Op.MONITOREXIT:
        frame.pop(T.REF_CHECK);
        break;
      case Op.MULTIANEWARRAY: {
        const idx = rd2(code, bci + 1);
        const dim = rd1(code, bci + 3);
        checkClassIndex(ictx, bci, idx);
        const t = classType(pool, idx);
        if (!T.isArray(t)) throw verifyError({ bci, fault: 'wrong_type', type: cpOrigin(idx, t) }, 'Illegal constant pool index in multianewarray instruction');
        if (dim < 1 || T.dimensions(t) < dim) throw badCode(bci, `Illegal dimension in multianewarray instruction: ${dim}`);
        for (let k = 0; k < dim; k++) frame.pop(T.INT);
        frame.push(t);
        break;
      }
      case Op.ATHROW:
        frame.pop(T.THROWABLE);
        noControlFlow = true;
        break;
      default:
        throw badCode(bci, `Bad instruction: ${op.toString(16).padStart(2, '0')}`);
    }
    if (!verifiedHandlers && bci >= exMin && bci < exMax) handlerTargets(bci, thisUninit.v);
    bci = len0 + insnLengthAt(code, len0);
  }
  if (!noControlFlow) throw badCode(codeLength, 'Control flow falls through code end');
}

const rd1 = (c: Uint8Array, o: number): number => c[o]!;
const rd2 = (c: Uint8Array, o: number): number => (c[o]! << 8) | c[o + 1]!;
const rs2 = (c: Uint8Array, o: number): number => (rd2(c, o) << 16) >> 16;
const rs4 = (c: Uint8Array, o: number): number => (c[o]! << 24) | (c[o + 1]! << 16) | (c[o + 2]! << 8) | c[o + 3]!;

const WIDE_OK: ReadonlySet<number> = new Set([Op.IINC, Op.ILOAD, Op.ALOAD, Op.LLOAD, Op.ISTORE, Op.ASTORE, Op.LSTORE, Op.FLOAD, Op.DLOAD, Op.FSTORE, Op.DSTORE]);


export { bytecodeName };
