// StringConcatFactory call sites: a static method that computes the concatenation.
// On JDK 17 it calls the StringConcatHelper methods that the JDK's own strategy
// (MH_INLINE_SIZED_EXACT, StringConcatFactory.generateMHInlineCopy) chains with method handles,
// in the order HotSpot runs them (concat-jdk17.ts): with the JDK instrumented both engines then
// count the same JDK code under the call site (issue 15). Elsewhere it appends the arguments and
// constants of the recipe to a StringBuilder, which converts exactly as the factory does
// (String.valueOf for objects, Float/Double/Integer/Long toString for primitives).

import { parseMethodDescriptor } from '../../classfile/descriptors';
import type { JMethod } from '../klass';
import { VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { ClassBuilder, paramSlots } from './asm';
import { concatElements, emitJdk17Concat } from './concat-jdk17';
import { CONCAT1_FIELD, CONSTANTS_FIELD, emitJdk25Concat } from './concat-jdk25';
import { Acc } from '../../classfile/model';
import { setField } from '../natives/util';
import { defineSpun, type BsmArg, type CallSiteInfo } from './link';

const SB = 'java/lang/StringBuilder';
const CONCAT1_CLASS = 'java/lang/StringConcatHelper$Concat1';

function appendDesc(d: string): string {
  switch (d) {
    case 'Z':
    case 'C':
    case 'J':
    case 'F':
    case 'D':
    case 'I':
      return `(${d})L${SB};`;
    case 'B':
    case 'S':
      return `(I)L${SB};`;
    case 'Ljava/lang/String;':
      return `(Ljava/lang/String;)L${SB};`;
    default:
      return `(Ljava/lang/Object;)L${SB};`;
  }
}

export function spinConcat(vm: VM, t: JThread, site: CallSiteInfo): JMethod {
  const { params, ret } = parseMethodDescriptor(site.desc);
  if (ret !== 'Ljava/lang/String;') throw new VmError('java/lang/invoke/StringConcatException', `concat must return String: ${site.desc}`);
  let recipe: string;
  let constants: BsmArg[];
  if (site.bsm.name === 'makeConcat') {
    recipe = '\u0001'.repeat(params.length);
    constants = [];
  } else {
    const r = site.args[0];
    if (!r || r.type !== 'string') throw new VmError('java/lang/invoke/StringConcatException', 'recipe is not a String');
    recipe = r.value;
    constants = site.args.slice(1);
  }
  const name = `java/lang/String$$Concat$${++vm.hiddenCounter}`;
  const cb = new ClassBuilder(name, 'java/lang/Object', []);
  if (vm.opts.jdk.feature === 17) {
    const c = cb.code(paramSlots(site.desc));
    // The constant the factory binds as an object: parseRecipe's new String, in a static field.
    let bound: string | null = null;
    emitJdk17Concat(c, params, concatElements(recipe, constants.map(constantText)), (k) => {
      bound = k;
      c.getstatic(name, CONSTANTS_FIELD, 'Ljava/lang/String;');
    });
    if (bound !== null) cb.field(Acc.STATIC | Acc.FINAL, CONSTANTS_FIELD, 'Ljava/lang/String;');
    cb.method({ access: 0x0009, name: 'concat', desc: site.desc, code: c });
    const m = defineSpun(vm, t, null, cb.build(), 'concat', site.desc);
    if (bound !== null) m.klass.staticValues[vm.field(m.klass, CONSTANTS_FIELD).slot] = vm.newString(bound);
    return m;
  }
  if (vm.opts.jdk.feature >= 25) return spinJdk25Concat(vm, t, site, cb, params, concatElements(recipe, constants.map(constantText)));
  const c = cb.code(paramSlots(site.desc));
  c.newObject(SB).op(0x59, 1).invokespecial(SB, '<init>', '()V');
  let argi = 0;
  let slot = 0;
  let consti = 0;
  let lit = '';
  const flush = (): void => {
    if (lit === '') return;
    c.ldcString(lit).invokevirtual(SB, 'append', `(Ljava/lang/String;)L${SB};`);
    lit = '';
  };
  for (const ch of recipe) {
    if (ch === '\u0001') {
      flush();
      const p = params[argi++];
      if (p === undefined) throw new VmError('java/lang/invoke/StringConcatException', `recipe needs more arguments than ${site.desc}`);
      c.load(p, slot);
      slot += p === 'J' || p === 'D' ? 2 : 1;
      c.invokevirtual(SB, 'append', appendDesc(p));
    } else if (ch === '\u0002') {
      const k = constants[consti++];
      if (!k) throw new VmError('java/lang/invoke/StringConcatException', 'missing recipe constant');
      lit += constantText(k);
    } else lit += ch;
  }
  flush();
  c.invokevirtual(SB, 'toString', '()Ljava/lang/String;').ret('Ljava/lang/String;');
  cb.method({ access: 0x0009, name: 'concat', desc: site.desc, code: c });
  return defineSpun(vm, t, null, cb.build(), 'concat', site.desc);
}

/** JDK 25 (concat-jdk25.ts): the spun method, then the factory's objects in its static fields. */
function spinJdk25Concat(vm: VM, t: JThread, site: CallSiteInfo, cb: ClassBuilder, params: string[], elements: (string | null)[]): JMethod {
  const c = cb.code(paramSlots(site.desc));
  const spun = emitJdk25Concat(c, cb.name, params, elements);
  cb.field(Acc.STATIC | Acc.FINAL, CONSTANTS_FIELD, '[Ljava/lang/String;');
  if (spun.concat1) cb.field(Acc.STATIC | Acc.FINAL, CONCAT1_FIELD, `L${CONCAT1_CLASS};`);
  cb.method({ access: 0x0009, name: 'concat', desc: site.desc, code: c });
  const m = defineSpun(vm, t, null, cb.build(), 'concat', site.desc);
  // parseRecipe's strings: new ones, the literal "" where a constant is empty.
  const constants = vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), spun.constants.map((k) => (k === '' ? vm.intern('') : vm.newString(k))));
  m.klass.staticValues[vm.field(m.klass, CONSTANTS_FIELD).slot] = constants;
  if (spun.concat1) {
    // new Concat1(constants), as StringConcatBase's constructor fills it (no Java code runs).
    const o = vm.allocObject(vm.classes.loadBoot(CONCAT1_CLASS));
    const base = 'java/lang/StringConcatHelper$StringConcatBase';
    setField(vm, o, base, 'constants', constants);
    setField(vm, o, base, 'length', spun.constants.reduce((n, k) => n + k.length, 0));
    setField(vm, o, base, 'coder', spun.constants.some((k) => /[^\u0000-\u00ff]/.test(k)) ? 1 : 0);
    m.klass.staticValues[vm.field(m.klass, CONCAT1_FIELD).slot] = o;
  }
  return m;
}

function constantText(k: BsmArg): string {
  switch (k.type) {
    case 'string':
      return k.value;
    case 'int':
      return String(k.value);
    case 'long':
      return String(BigInt.asIntN(64, k.value));
    default:
      throw new VmError('java/lang/invoke/StringConcatException', `unsupported recipe constant ${k.type}`);
  }
}
