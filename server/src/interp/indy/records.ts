// java.lang.runtime.ObjectMethods call sites (records' toString, hashCode, equals), spun as
// static methods that do what JDK 17's method-handle trees do:
//   toString: Name[a=1, b=x] (String.valueOf of each component)
//   hashCode: fold of h = h * 31 + hash(component), from 0 (wrapper hashCode / Objects.hashCode)
//   equals:   this == o, else o instanceof R and every component equal (Float/Double.compare
//             for floating point, Objects.equals for references), tested last component first.

import { Acc, Tag } from '../../classfile/model';
import type { JClass, JMethod } from '../klass';
import { VmError } from '../signals';
import type { JThread } from '../thread';
import type { VM } from '../vm';
import { ClassBuilder } from './asm';
import { WRAPPERS } from './convert';
import { defineSpun, type CallSiteInfo, type HandleRef } from './link';

const SB = 'java/lang/StringBuilder';

function simpleName(k: JClass): string {
  const cf = k.cf;
  if (cf) {
    for (const a of cf.attributes) {
      if (a.name !== 'InnerClasses') continue;
      for (const c of a.classes) {
        const e = cf.constantPool[c.innerClassInfoIndex];
        const n = e && e.tag === Tag.Class ? cf.constantPool[e.nameIndex] : undefined;
        if (n && n.tag === Tag.Utf8 && n.value === k.name && c.innerNameIndex !== 0) {
          const s = cf.constantPool[c.innerNameIndex];
          if (s && s.tag === Tag.Utf8) return s.value;
        }
      }
    }
  }
  const n = k.name;
  return n.slice(n.lastIndexOf('/') + 1);
}

function appendDesc(d: string): string {
  if (d === 'B' || d === 'S') return `(I)L${SB};`;
  if (d.length === 1) return `(${d})L${SB};`;
  if (d === 'Ljava/lang/String;') return `(Ljava/lang/String;)L${SB};`;
  return `(Ljava/lang/Object;)L${SB};`;
}

export function spinObjectMethod(vm: VM, t: JThread, site: CallSiteInfo): JMethod {
  const rc = site.args[0];
  const names = site.args[1];
  if (!rc || rc.type !== 'class' || !names || names.type !== 'string') throw new VmError('java/lang/BootstrapMethodError', 'bad ObjectMethods bootstrap arguments');
  const getters: HandleRef[] = site.args.slice(2).map((a) => {
    if (a.type !== 'handle') throw new VmError('java/lang/BootstrapMethodError', 'ObjectMethods getter is not a MethodHandle');
    return a.ref;
  });
  const record = vm.resolveClass(t, site.host, rc.name);
  const compNames = names.value === '' ? [] : names.value.split(';');
  const R = record.name;
  const cb = new ClassBuilder(`${R}$$ObjectMethods$${++vm.hiddenCounter}`, 'java/lang/Object', []);
  const get = (c: ReturnType<ClassBuilder['code']>, g: HandleRef, slot: number): void => {
    c.load('L', slot);
    if (g.kind === 1) c.getfield(g.owner, g.name, g.desc);
    else c.invokevirtual(g.owner, g.name, g.desc);
  };
  const typeOf = (g: HandleRef): string => (g.kind === 1 ? g.desc : g.desc.slice(g.desc.indexOf(')') + 1));
  let c: ReturnType<ClassBuilder['code']>;
  switch (site.name) {
    case 'toString': {
      c = cb.code(1);
      c.newObject(SB).op(0x59, 1).invokespecial(SB, '<init>', '()V');
      let lit = `${simpleName(record)}[`;
      getters.forEach((g, i) => {
        lit += `${compNames[i] ?? g.name}=`;
        c.ldcString(lit).invokevirtual(SB, 'append', `(Ljava/lang/String;)L${SB};`);
        get(c, g, 0);
        c.invokevirtual(SB, 'append', appendDesc(typeOf(g)));
        lit = i + 1 < getters.length ? ', ' : '';
      });
      lit += ']';
      c.ldcString(lit).invokevirtual(SB, 'append', `(Ljava/lang/String;)L${SB};`);
      c.invokevirtual(SB, 'toString', '()Ljava/lang/String;').ret('L');
      break;
    }
    case 'hashCode': {
      c = cb.code(1);
      c.op(0x03, 1); // iconst_0
      for (const g of getters) {
        c.op(0x10, 1, 31).op(0x68, -1); // * 31
        get(c, g, 0);
        const d = typeOf(g);
        if (d.length === 1) c.invokestatic(WRAPPERS[d], 'hashCode', `(${d})I`);
        else c.invokestatic('java/util/Objects', 'hashCode', '(Ljava/lang/Object;)I');
        c.op(0x60, -1); // iadd
      }
      c.ret('I');
      break;
    }
    case 'equals': {
      c = cb.code(2);
      // if (this == o) return true;
      c.load('L', 0).load('L', 1);
      const notSame = c.branch(0xa6, -2); // if_acmpne
      c.op(0x04, 1).ret('I');
      c.setDepth(0);
      notSame(c.pc);
      // if (!(o instanceof R)) return false;
      c.load('L', 1).instanceOf(R);
      const isInst = c.branch(0x9a, -1); // ifne
      c.op(0x03, 1).ret('I');
      c.setDepth(0);
      isInst(c.pc);
      c.load('L', 1).checkcast(R).op(0x4d, -1); // astore_2
      c.maxLocals = 3;
      const fails: ((target: number) => void)[] = [];
      for (const g of [...getters].reverse()) {
        const d = typeOf(g);
        get(c, g, 0);
        get(c, g, 2);
        if (d === 'F') {
          c.invokestatic('java/lang/Float', 'compare', '(FF)I');
          fails.push(c.branch(0x9a, -1)); // ifne → false
        } else if (d === 'D') {
          c.invokestatic('java/lang/Double', 'compare', '(DD)I');
          fails.push(c.branch(0x9a, -1));
        } else if (d === 'J') {
          c.op(0x94, -3); // lcmp
          fails.push(c.branch(0x9a, -1));
        } else if (d.length === 1) {
          fails.push(c.branch(0xa0, -2)); // if_icmpne
        } else {
          c.invokestatic('java/util/Objects', 'equals', '(Ljava/lang/Object;Ljava/lang/Object;)Z');
          fails.push(c.branch(0x99, -1)); // ifeq → false
        }
      }
      c.op(0x04, 1).ret('I');
      c.setDepth(0);
      const f = c.pc;
      for (const b of fails) b(f);
      c.op(0x03, 1).ret('I');
      break;
    }
    default:
      throw new VmError('java/lang/IllegalArgumentException', `ObjectMethods: unknown method ${site.name}`);
  }
  cb.method({ access: Acc.PUBLIC | Acc.STATIC, name: site.name, desc: site.desc, code: c });
  return defineSpun(vm, t, record.loader, cb.build(), site.name, site.desc);
}
