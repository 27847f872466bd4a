// What the VM does for natives and the launcher beside running code: boxes, assertion
// directives, diagnostics (thread dumps, a throwable as text).

import { JArray, type JObject } from './object';
import { VmError } from './signals';
import { WRAPPERS } from './indy/convert';
import { isBacktrace } from './throwables';
import type { VM } from './vm';

/** ClassLoader.retrieveDirectives(): no per-class directives; -ea sets the default. */
export function assertionDirectives(vm: VM): JObject {
  const k = vm.classes.loadBoot('java/lang/AssertionStatusDirectives');
  const o = vm.allocObject(k) as JObject & Record<string, unknown>;
  const strArr = vm.classes.arrayOf(vm.classes.loadBoot('java/lang/String'));
  const boolArr = vm.classes.arrayOf(vm.classes.primitive('Z'));
  o.classes = new JArray(strArr, []);
  o.classEnabled = new JArray(boolArr, new Int8Array(0));
  o.packages = new JArray(strArr, []);
  o.packageEnabled = new JArray(boolArr, new Int8Array(0));
  o.deflt = vm.opts.enableAssertions ? 1 : 0;
  return o;
}

/** A new box of a primitive value (not the valueOf cache; reflection results). */
export function box(vm: VM, desc: string, v: unknown): JObject {
  const cls = WRAPPERS[desc];
  if (!cls) throw new VmError('java/lang/InternalError', `cannot box ${desc}`);
  const k = vm.classes.loadBoot(cls);
  const o = vm.allocObject(k) as JObject & Record<string, unknown>;
  o[vm.field(k, 'value').key] = v;
  return o;
}

/** The primitive value of a box, widened to `desc` (IllegalArgumentException otherwise). */
export function unboxWiden(vm: VM, o: JObject, desc: string): unknown {
  const from = Object.entries(WRAPPERS).find(([, c]) => c === o.klass.name)?.[0];
  if (!from) throw new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');
  const v = (o as unknown as Record<string, unknown>)[vm.field(o.klass, 'value').key];
  if (from === desc) return v;
  const order = 'BSIJFD';
  const widen: Record<string, string> = { B: 'SIJFD', S: 'IJFD', C: 'IJFD', I: 'JFD', J: 'FD', F: 'D' };
  if (!(widen[from] ?? '').includes(desc) || !order.includes(desc)) throw new VmError('java/lang/IllegalArgumentException', 'argument type mismatch');
  if (desc === 'J') return v;
  if (desc === 'F') return Math.fround(Number(v));
  if (desc === 'D') return Number(v);
  return v;
}

/** The Java stacks of all threads (diagnostics). */
export function dumpThreads(vm: VM): string {
  const out: string[] = [];
  for (const t of vm.threads) {
    out.push(`"${t.name}" state=${t.state} depth=${t.depth}`);
    for (let d = t.depth; d >= 0; d--) {
      const f = t.frames[d];
      out.push(f.m ? `    ${f.m} pc=${f.pc} line=${f.m.lineAt(f.pc)}` : '    <glue>');
    }
  }
  return out.join('\n');
}

/** "java.lang.Foo: message" and the frames of a throwable, for VM-level error reports. */
export function describeThrowable(vm: VM, exc: JObject): string {
  const o = exc as JObject & Record<string, unknown>;
  const msg = o.detailMessage as JObject | null;
  let s = exc.klass.javaName + (msg ? `: ${vm.jsString(msg)}` : '');
  const bt = o.backtrace;
  if (isBacktrace(bt)) for (let i = 0; i < bt.methods.length; i++) s += `\n\tat ${bt.methods[i]} (pc ${bt.pcs[i]}, line ${bt.methods[i].lineAt(bt.pcs[i])})`;
  const cause = o.cause as JObject | null;
  if (cause && cause !== exc) s += `\nCaused by: ${describeThrowable(vm, cause)}`;
  return s;
}
