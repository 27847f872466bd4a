// Method annotations the VM honours for java.lang.invoke: @Hidden frames are left out of stack
// traces (LambdaForm code, invokers, VarHandle guards), @LambdaForm.Compiled frames are
// skipped by Reflection.getCallerClass, @CallerSensitive marks MemberNames.

import { Tag } from '../../classfile/model';
import type { JMethod } from '../klass';
import { TRAMPOLINE_LINE } from '../../runtime/contract';

const HIDDEN = 'Ljdk/internal/vm/annotation/Hidden;';
const COMPILED = 'Ljava/lang/invoke/LambdaForm$Compiled;';

const cache = new WeakMap<JMethod, string[]>();

/** The profiler's extended copy of a method takes these extra trailing parameters. */
const EXTENDED = 'Lkomorium/rt/TC;[Lkomorium/rt/MID;I)';

/**
 * A method's descriptor as a program sees it in a stack frame (StackWalker's getDescriptor and
 * getMethodType): an extended copy's is its original's. HotSpot's copy gives the extended one,
 * which the java.base patch turns into this (reflect-patch.ts, KomoriumReflect.memberType and
 * frameType).
 */
export function frameDescriptor(desc: string): string {
  const i = desc.indexOf(EXTENDED);
  return i < 1 || desc.charCodeAt(0) !== 0x28 ? desc : desc.slice(0, i) + desc.slice(i + EXTENDED.length - 1);
}

/** Descriptors of the method's runtime-visible annotations (an extended copy: the original's). */
function annotationsOf(m: JMethod): string[] {
  let a = cache.get(m);
  if (a !== undefined) return a;
  a = [];
  const k = m.klass;
  let src: JMethod = m;
  if (m.desc.includes(EXTENDED)) src = k.declared.get(m.name + m.desc.replace(EXTENDED, ')')) ?? m;
  const info = src.memberIndex >= 0 ? k.cf?.methods[src.memberIndex] : undefined;
  for (const attr of info?.attributes ?? []) {
    let types: number[] = [];
    if (attr.name === 'RuntimeVisibleAnnotations') types = attr.annotations.map((an) => an.typeIndex);
    else if (attr.name === 'Unknown' && attr.attributeName === 'RuntimeVisibleAnnotations') types = rawAnnotationTypes(attr.data);
    for (const i of types) {
      const e = k.cp[i];
      if (e && e.tag === Tag.Utf8) a.push(e.value);
    }
  }
  cache.set(m, a);
  return a;
}

/** type_index of each annotation in a RuntimeVisibleAnnotations body kept as bytes (JVMS 4.7.16). */
function rawAnnotationTypes(d: Uint8Array): number[] {
  let p = 0;
  const u1 = (): number => d[p++];
  const u2 = (): number => {
    const v = (d[p] << 8) | d[p + 1];
    p += 2;
    return v;
  };
  const annotation = (): number => {
    const type = u2();
    for (let n = u2(); n > 0; n--) {
      u2();
      value();
    }
    return type;
  };
  const value = (): void => {
    const tag = String.fromCharCode(u1());
    if (tag === 'e') p += 4;
    else if (tag === '@') annotation();
    else if (tag === '[') for (let n = u2(); n > 0; n--) value();
    else p += 2;
  };
  const out: number[] = [];
  if (d.length < 2) return out;
  for (let n = u2(); n > 0 && p < d.length; n--) out.push(annotation());
  return out;
}

export function hasAnnotation(m: JMethod, desc: string): boolean {
  return annotationsOf(m).includes(desc);
}

/** Frames HotSpot leaves out of stack traces: hidden classes and @Hidden methods. */
export function isHiddenFrame(m: JMethod): boolean {
  if (m.klass.hidden) return true;
  // Only JDK code carries @Hidden (the annotation is internal to java.base): java.lang.invoke,
  // and from JDK 21 Thread.runWith (below Thread.run in every thread's stack) among others.
  if (m.klass.loader !== null) return false;
  return hasAnnotation(m, HIDDEN);
}

/**
 * A reverse trampoline of the transformer (synthetic, extended descriptor, calls the original:
 * the extended version of a native, abstract or interface method), recognised by its only
 * source line, TRAMPOLINE_LINE. The original program had no frame there, so it is left out of
 * stack traces and stack walks (HotSpot runs leave it out of stack traces through the
 * reflection patch).
 */
export function isTrampoline(m: JMethod): boolean {
  if ((m.access & 0x1000) === 0 || !m.desc.includes(EXTENDED)) return false;
  const l = m.lines;
  return l !== null && l.length === 2 && l[1] === TRAMPOLINE_LINE;
}

/** Compiled LambdaForm code (skipped when looking for a caller-sensitive method's caller). */
export function isLambdaFormFrame(m: JMethod): boolean {
  if (m.klass.loader !== null) return false;
  return hasAnnotation(m, COMPILED);
}
