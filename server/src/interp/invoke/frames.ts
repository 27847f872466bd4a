// Method annotations the VM honours for java.lang.invoke: @Hidden frames are left out of stack
// traces (LambdaForm code, invokers, VarHandle guards), @LambdaForm.Compiled frames are
// skipped by Reflection.getCallerClass, @CallerSensitive marks MemberNames.

import { Tag } from '../../classfile/model';
import type { JMethod } from '../klass';

const HIDDEN = 'Ljdk/internal/vm/annotation/Hidden;';
const COMPILED = 'Ljava/lang/invoke/LambdaForm$Compiled;';

const cache = new WeakMap<JMethod, string[]>();

/** Descriptors of the method's runtime-visible annotations. */
function annotationsOf(m: JMethod): string[] {
  let a = cache.get(m);
  if (a !== undefined) return a;
  a = [];
  const k = m.klass;
  const info = m.memberIndex >= 0 ? k.cf?.methods[m.memberIndex] : undefined;
  for (const attr of info?.attributes ?? []) {
    if (attr.name !== 'RuntimeVisibleAnnotations') continue;
    for (const an of attr.annotations) {
      const e = k.cp[an.typeIndex];
      if (e && e.tag === Tag.Utf8) a.push(e.value);
    }
  }
  cache.set(m, a);
  return a;
}

export function hasAnnotation(m: JMethod, desc: string): boolean {
  return annotationsOf(m).includes(desc);
}

/** Frames HotSpot leaves out of stack traces: hidden classes and @Hidden methods. */
export function isHiddenFrame(m: JMethod): boolean {
  if (m.klass.hidden) return true;
  const n = m.klass.name;
  // Only JDK code carries @Hidden (the annotation is internal to java.base).
  if (m.klass.loader !== null || !n.startsWith('java/lang/invoke/')) return false;
  return hasAnnotation(m, HIDDEN);
}

/** Compiled LambdaForm code (skipped when looking for a caller-sensitive method's caller). */
export function isLambdaFormFrame(m: JMethod): boolean {
  if (m.klass.loader !== null) return false;
  return hasAnnotation(m, COMPILED);
}
