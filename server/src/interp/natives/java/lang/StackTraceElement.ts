// Natives of java.lang.StackTraceElement: elements from a Throwable's backtrace, with the
// fields HotSpot sets (declaringClassObject, class loader name, module name and version).

import { JArray, type JObject } from '../../../object';
import type { JClass } from '../../../klass';
import { frameInfoMethod } from './StackStreamFactory';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { isBacktrace } from '../../../throwables';
import { getField } from '../../util';

/** Fills one StackTraceElement for (method, pc). */
export function fillElement(vm: VM, e: JObject, k: JClass, methodName: string, line: number, sourceFile: string | null): void {
  const o = e as JObject & Record<string, unknown>;
  o.declaringClassObject = vm.mirrorOf(k);
  o.declaringClass = vm.intern(k.javaName);
  o.methodName = vm.intern(methodName);
  o.fileName = sourceFile === null ? null : vm.intern(sourceFile);
  o.lineNumber = line;
  // Class loader name: the loader's `name` (app, platform), null for the boot loader.
  o.classLoaderName = null;
  if (k.loader !== null) {
    const n = getField(vm, k.loader, 'java/lang/ClassLoader', 'name') as JObject | null;
    o.classLoaderName = n;
  }
  o.moduleName = null;
  o.moduleVersion = null;
  if (k.moduleName) {
    o.moduleName = vm.intern(k.moduleName);
    // HotSpot records the module's version; JDK modules carry the JDK version.
    // (A generated reflection accessor's module is its parent loader's: java.base for a boot class.)
    const loader = vm.classes.nonReflectionLoader(k.loader);
    if (loader === null || vm.isPlatformLoader(loader)) o.moduleVersion = vm.intern(vm.javaVersion);
  }
}

export const natives: NativeTable = {
  // From a StackWalker frame: its MemberName's method and its bci.
  'initStackTraceElement(Ljava/lang/StackTraceElement;Ljava/lang/StackFrameInfo;)V': (vm: VM, _t: JThread, e: JObject | null, sfi: JObject | null) => {
    if (e === null || sfi === null) throw new VmError('java/lang/NullPointerException', null);
    const m = frameInfoMethod(vm, sfi);
    const bci = getField(vm, sfi, 'java/lang/StackFrameInfo', 'bci') as number;
    fillElement(vm, e, m.klass, m.name, m.isNative ? -2 : m.lineAt(bci), m.klass.sourceFile);
  },
  'initStackTraceElements([Ljava/lang/StackTraceElement;Ljava/lang/Throwable;)V': (vm: VM, _t: JThread, elements: JObject | null, x: JObject | null) => {
    if (elements === null || x === null) throw new VmError('java/lang/NullPointerException', null);
    fillFromBacktrace(vm, elements, getField(vm, x, 'java/lang/Throwable', 'backtrace'), getField(vm, x, 'java/lang/Throwable', 'depth') as number);
  },
  // JDK 21+: the Throwable's backtrace and depth are passed in.
  'initStackTraceElements([Ljava/lang/StackTraceElement;Ljava/lang/Object;I)V': (vm: VM, _t: JThread, elements: JObject | null, backtrace: unknown, depth: number) => {
    if (elements === null || backtrace === null) throw new VmError('java/lang/NullPointerException', null);
    fillFromBacktrace(vm, elements, backtrace, depth);
  },
};

function fillFromBacktrace(vm: VM, elements: JObject, backtrace: unknown, depth: number): void {
  // A throwable whose fillInStackTrace was overridden never got a backtrace (depth 0).
  if (depth === 0) return;
  if (!isBacktrace(backtrace)) throw new VmError('java/lang/InternalError', 'bad backtrace');
  const arr = (elements as JArray).data as (JObject | null)[];
  for (let i = 0; i < depth && i < arr.length; i++) {
    const e = arr[i];
    if (e === null) throw new VmError('java/lang/NullPointerException', null);
    const m = backtrace.methods[i];
    const line = m.isNative ? -2 : m.lineAt(backtrace.pcs[i]);
    fillElement(vm, e, m.klass, m.name, line, m.klass.sourceFile);
  }
}
