// Field and invoke instructions of the type-checking verifier (HotSpot's
// verify_field_instructions, verify_invoke_instructions, verify_invoke_init): constant-pool
// checks, operand types from descriptors, <init> rules and the protected-access checks.

import { Op } from '../classfile/code/opcodes';
import { Tag, type CpEntry } from '../classfile/model';
import { insnLength as insnLen } from './code';
import { badCode, cpOrigin, implicit, verifyError, VerifyFailure, type Frame } from './frame';
import type { ClassInput, MethodInput } from './method';
import { classType, sigTypes, checkClassIndex } from './operands';
import * as T from './types';
import { isAssignable, type VerifyEnv, type VType } from './types';

export interface InvokeCtx {
  env: VerifyEnv;
  cls: ClassInput;
  m: MethodInput;
  frame: Frame;
  data: Uint8Array;
  thisType: VType;
  returnType: VType;
  handlerTargets(bci: number, thisUninit: boolean): void;
  exMin: number;
  exMax: number;
}

function utf8(pool: readonly (CpEntry | undefined)[], i: number): string {
  const e = pool[i];
  return e && e.tag === Tag.Utf8 ? e.value : '';
}

function nameAndType(pool: readonly (CpEntry | undefined)[], i: number): { name: string; desc: string } {
  const nt = pool[i];
  if (!nt || nt.tag !== Tag.NameAndType) return { name: '', desc: '()V' };
  return { name: utf8(pool, nt.nameIndex), desc: utf8(pool, nt.descriptorIndex) };
}

/** verify_cp_type: the entry at `idx` has one of `tags`. */
function checkCpType(c: InvokeCtx, bci: number, idx: number, tags: readonly number[]): void {
  const pool = c.cls.pool;
  const ext = c.cls.name.replace(/\//g, '.');
  const bad = { bci, fault: 'bad_cp_index' as const, type: { origin: 'bad_index' as const, index: idx, type: T.TOP } };
  if (idx <= 0 || idx >= pool.length) throw verifyError(bad, `Illegal constant pool index ${idx} in class ${ext}`);
  if (!tags.includes(pool[idx]?.tag ?? 0)) throw verifyError(bad, `Illegal type at constant pool entry ${idx} in class ${ext}`);
}

function nameInSupers(c: InvokeCtx, name: string): boolean {
  const first = c.cls.superName;
  if (first === null) return false;
  if (first === name) return true;
  // The verified class's superclass by name (its loader loaded it to define the class), then
  // the superclasses' own links (T.superclassOf).
  let k: T.VClass | null = c.env.load(first);
  for (let guard = 0; k !== null && guard < 10_000; guard++) {
    if (k.name === name) return true;
    k = T.superclassOf(c.env, k);
  }
  return false;
}

const packageOf = (n: string): string => n.slice(0, Math.max(0, n.lastIndexOf('/')));

/** Called for a `target` among the current class's superclasses (so it is a subclass of it). */
function isProtectedAccess(c: InvokeCtx, target: string, name: string, desc: string, isMethod: boolean): boolean {
  const mem = isMethod ? c.env.findMethod(target, name, desc) : c.env.findField(target, name, desc);
  return mem !== undefined && mem.isProtected && packageOf(mem.holder) !== packageOf(c.cls.name);
}

export function invoke(c: InvokeCtx, op: number, bci: number, thisUninit: { v: boolean }): void {
  const { frame, cls, env } = c;
  const pool = cls.pool;
  const code = c.m.code;
  const index = (code[bci + 1]! << 8) | code[bci + 2]!;
  const isField = op >= Op.GETSTATIC && op <= Op.PUTFIELD;
  if (isField) return field(c, op, bci, index);

  const tags =
    op === Op.INVOKEINTERFACE ? [Tag.InterfaceMethodref] : op === Op.INVOKEDYNAMIC ? [Tag.InvokeDynamic] : op === Op.INVOKEVIRTUAL ? [Tag.Methodref] : cls.majorVersion < 52 ? [Tag.Methodref] : [Tag.Methodref, Tag.InterfaceMethodref];
  checkCpType(c, bci, index, tags);
  const e = pool[index] as { classIndex?: number; nameAndTypeIndex: number; tag: number };
  const { name, desc } = nameAndType(pool, e.nameAndTypeIndex);
  if (!T.isMethodDescriptor(desc)) throw new VerifyFailure('java/lang/ClassFormatError', `Method "${name}" in class ${cls.name} has illegal signature "${desc}"`);
  let refType: VType = T.TOP;
  if (op === Op.INVOKEDYNAMIC) {
    if (cls.majorVersion < 51)
      throw new VerifyFailure('java/lang/ClassFormatError', `invokedynamic instructions not supported by this class file version (${cls.majorVersion}), class ${cls.name.replace(/\//g, '.')}`);
  } else refType = classType(pool, e.classIndex!);

  const sig: VType[] = [];
  let p = 1;
  while (desc[p] !== ')' && p < desc.length) p = sigTypes(desc, sig, p);
  const nargs = sig.length;
  if (desc[p + 1] !== 'V') sigTypes(desc, sig, p + 1);

  if (op === Op.INVOKEINTERFACE) {
    if (code[bci + 3] !== nargs + 1) throw badCode(bci, 'Inconsistent args count operand in invokeinterface');
    if (code[bci + 4] !== 0) throw badCode(bci, 'Fourth operand byte of invokeinterface must be zero');
  }
  if (op === Op.INVOKEDYNAMIC && (code[bci + 3] !== 0 || code[bci + 4] !== 0)) throw badCode(bci, 'Third and fourth operand bytes of invokedynamic must be zero');

  if (name[0] === '<') {
    if (op !== Op.INVOKESPECIAL || name !== '<init>') throw badCode(bci, 'Illegal call to internal method');
  } else if (op === Op.INVOKESPECIAL && refType !== c.thisType && !cls.interfaces.some((i) => T.ref(i) === refType) && refType !== T.ref(cls.superName ?? '')) {
    if (!isAssignable(env, refType, c.thisType)) throw badCode(bci, "Bad invokespecial instruction: current class isn't assignable to reference class.");
    if (e.tag === Tag.InterfaceMethodref) throw badCode(bci, 'Bad invokespecial instruction: interface method reference is in an indirect superinterface.');
  }
  for (let i = nargs - 1; i >= 0; i--) frame.pop(sig[i]!);

  if (op !== Op.INVOKESTATIC && op !== Op.INVOKEDYNAMIC) {
    if (name === '<init>') invokeInit(c, bci, index, refType, desc, thisUninit);
    else if (op === Op.INVOKESPECIAL) frame.pop(c.thisType);
    else if (op === Op.INVOKEVIRTUAL) {
      const stackObject = frame.pop(refType);
      if (stackObject !== c.thisType) {
        const refName = T.nameOf(refType);
        if (nameInSupers(c, refName) && isProtectedAccess(c, refName, name, desc, true)) {
          if (!(refType === T.OBJECT && T.isArray(stackObject) && name === 'clone') && !isAssignable(env, c.thisType, stackObject, true))
            throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: implicit(c.thisType) }, 'Bad access to protected data in invokevirtual');
        }
      }
    } else frame.pop(refType);
  }
  if (sig.length > nargs) {
    if (name === '<init>') throw badCode(bci, 'Return type must be void in <init> method');
    for (let i = nargs; i < sig.length; i++) frame.push(sig[i]!);
  }
}

function field(c: InvokeCtx, op: number, bci: number, index: number): void {
  const { frame, cls, env } = c;
  const pool = cls.pool;
  checkCpType(c, bci, index, [Tag.Fieldref]);
  const e = pool[index] as { classIndex: number; nameAndTypeIndex: number };
  const { name, desc } = nameAndType(pool, e.nameAndTypeIndex);
  if (!T.isFieldDescriptor(desc)) throw new VerifyFailure('java/lang/ClassFormatError', `Field "${name}" in class ${cls.name} has illegal signature "${desc}"`);
  const refType = classType(pool, e.classIndex);
  const allowArrays = op === Op.GETSTATIC || op === Op.PUTSTATIC;
  if (!T.isObject(refType) && (!allowArrays || !T.isArray(refType)))
    throw verifyError({ bci, fault: 'wrong_type', type: cpOrigin(index, refType) }, `Expecting reference to class in class ${cls.name.replace(/\//g, '.')} at constant pool index ${index}`);
  const ft: VType[] = [];
  sigTypes(desc, ft, 0);
  if (op === Op.GETSTATIC) {
    for (const t of ft) frame.push(t);
    return;
  }
  if (op === Op.PUTSTATIC) {
    for (let i = ft.length - 1; i >= 0; i--) frame.pop(ft[i]!);
    return;
  }
  let stackObject: VType;
  if (op === Op.GETFIELD) stackObject = frame.pop(refType);
  else {
    for (let i = ft.length - 1; i >= 0; i--) frame.pop(ft[i]!);
    stackObject = frame.popAny();
    if (stackObject === T.UNINIT_THIS && refType === c.thisType && cls.hasField(name, desc)) stackObject = c.thisType;
    if (!isAssignable(env, refType, stackObject)) throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: cpOrigin(index, refType) }, 'Bad type on operand stack in putfield');
  }
  if (stackObject !== c.thisType) {
    const refName = T.nameOf(refType);
    if (nameInSupers(c, refName) && isProtectedAccess(c, refName, name, desc, false) && !isAssignable(env, c.thisType, stackObject, true))
      throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop(), expected: implicit(c.thisType) }, `Bad access to protected data in ${op === Op.GETFIELD ? 'getfield' : 'putfield'}`);
  }
  if (op === Op.GETFIELD) for (const t of ft) frame.push(t);
}

function invokeInit(c: InvokeCtx, bci: number, refIndex: number, refType: VType, desc: string, thisUninit: { v: boolean }): void {
  const { frame, cls, env } = c;
  const code = c.m.code;
  const inTry = bci >= c.exMin && bci < c.exMax;
  const type = frame.pop(T.REF_CHECK);
  if (type === T.UNINIT_THIS) {
    if (T.nameOf(refType) !== cls.name && T.nameOf(refType) !== cls.superName)
      throw verifyError({ bci, fault: 'wrong_type', type: implicit(refType), expected: implicit(c.thisType) }, 'Bad <init> method call');
    if (inTry) {
      for (const h of c.m.exceptionTable) {
        if (bci >= h.startPc && bci < h.endPc && !endsInAthrow(c, h.handlerPc)) throw badCode(bci, 'Bad <init> method call from after the start of a try block');
      }
      c.handlerTargets(bci, true);
    }
    frame.initializeObject(type, c.thisType);
    thisUninit.v = true;
  } else if (T.isUninitialized(type)) {
    const newOffset = T.newBci(type);
    if (newOffset > code.length - 3 || code[newOffset] !== Op.NEW) throw badCode(newOffset, 'Expecting new instruction');
    const newIndex = (code[newOffset + 1]! << 8) | code[newOffset + 2]!;
    checkClassIndex(c, bci, newIndex);
    const newType = classType(cls.pool, newIndex);
    if (newType !== refType) throw verifyError({ bci, fault: 'wrong_type', type: cpOrigin(newIndex, newType), expected: cpOrigin(refIndex, refType) }, 'Call to wrong <init> method');
    if (nameInSupers(c, T.nameOf(refType))) {
      const mem = env.findMethod(T.nameOf(refType), '<init>', desc);
      if (mem !== undefined && mem.isProtected && packageOf(mem.holder) !== packageOf(cls.name) && !isAssignable(env, c.thisType, newType, true))
        throw verifyError({ bci, fault: 'wrong_type', type: cpOrigin(newIndex, newType), expected: implicit(c.thisType) }, 'Bad access to protected <init> method');
    }
    if (inTry) c.handlerTargets(bci, thisUninit.v);
    frame.initializeObject(type, newType);
  } else {
    throw verifyError({ bci, fault: 'wrong_type', type: frame.stackTop() }, 'Bad operand type when invoking <init>');
  }
}

/** Whether every path from `start` ends in athrow or loops (HotSpot's ends_in_athrow). */
function endsInAthrow(c: InvokeCtx, start: number): boolean {
  const code = c.m.code;
  const len = code.length;
  const handlers = c.m.exceptionTable;
  const bciStack: number[] = [];
  const handlerStack: number[] = [];
  const handlerList = new Set<number>();
  const visited = new Set<number>();
  const s2 = (o: number): number => (((code[o]! << 8) | code[o + 1]!) << 16) >> 16;
  const s4 = (o: number): number => (code[o]! << 24) | (code[o + 1]! << 16) | (code[o + 2]! << 8) | code[o + 3]!;
  let bci = start;
  const popNext = (): boolean => {
    if (bciStack.length > 0) bci = bciStack.pop()!;
    else if (handlerStack.length > 0) bci = handlerStack.pop()!;
    else return true;
    return false;
  };
  for (let steps = 0; steps < 1_000_000; steps++) {
    if (bci >= len) return false;
    const op = code[bci]!;
    const ilen = insnLen(code, bci);
    if (ilen < 0) return false;
    const next = bci + ilen;
    for (const h of handlers) {
      if (bci >= h.startPc && bci < h.endPc && !handlerList.has(h.handlerPc)) {
        if (!handlerStack.includes(h.handlerPc)) handlerStack.push(h.handlerPc);
        handlerList.add(h.handlerPc);
      }
    }
    if ((op >= Op.IFEQ && op <= Op.IF_ACMPNE) || op === Op.IFNULL || op === Op.IFNONNULL) {
      const target = bci + s2(bci + 1);
      if (visited.has(bci)) {
        if (bciStack.length === 0) {
          if (handlerStack.length === 0) return true;
          bci = handlerStack.pop()!;
        } else bci = bciStack.pop()!;
      } else {
        visited.add(bci);
        if (target > bci) {
          if (target >= len) return false;
          bciStack.push(target);
          bci = next;
        } else {
          bciStack.push(next);
          bci = target;
        }
      }
    } else if (op === Op.GOTO || op === Op.GOTO_W) {
      const target = bci + (op === Op.GOTO ? s2(bci + 1) : s4(bci + 1));
      if (visited.has(bci)) {
        if (bciStack.length === 0) {
          if (handlerStack.length === 0) return true;
          bci = handlerStack.pop()!;
        } else bci = bciStack.pop()!;
      } else {
        if (target >= len) return false;
        visited.add(bci);
        bci = target;
      }
    } else if (op === Op.TABLESWITCH || op === Op.LOOKUPSWITCH) {
      const p = (bci + 4) & ~3;
      const dflt = s4(p) + bci;
      let keys: number;
      let delta: number;
      if (op === Op.TABLESWITCH) {
        const low = s4(p + 4);
        const high = s4(p + 8);
        if (low > high) return true;
        keys = high - low + 1;
        delta = 1;
      } else {
        keys = s4(p + 4);
        delta = 2;
      }
      if (keys < 0) return true;
      bciStack.push(next);
      for (let k = 0; k < keys; k++) {
        const t = bci + s4(p + (3 + k * delta) * 4);
        if (t > len) return false;
        bciStack.push(t);
      }
      if (dflt > len) return false;
      bci = dflt;
    } else if (op === Op.RETURN) {
      return false;
    } else if (op === Op.ATHROW) {
      if (popNext()) return true;
    } else bci = next;
  }
  return false;
}

