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
import { defineSpun, type BsmArg, type CallSiteInfo } from './link';

const SB = 'java/lang/StringBuilder';

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
    emitJdk17Concat(c, params, concatElements(recipe, constants.map(constantText)));
    cb.method({ access: 0x0009, name: 'concat', desc: site.desc, code: c });
    return defineSpun(vm, t, null, cb.build(), 'concat', site.desc);
  }
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
