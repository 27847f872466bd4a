// Class-initialisation and load sites in a method body (docs/TRANSFORM.md, "Class
// initialisation sites", "Load sites"): which instructions are sites, and the guarded call each
// runs before the instruction the first time, so that the runtime knows where an initialiser or
// a class load the JVM starts for it belongs (TC.initSite, TC.loadSite).

import { Label, type Frame, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import type { Emitter, MemberName } from './emit';
import { MID_IMPL, RT } from './names';

/** A method body's sites, by instruction index. */
export interface BodySites {
  /** Class-initialisation sites: the class the instruction names, and its bit in the MID's `inits`. */
  readonly init: ReadonlyMap<number, { target: string; bit: number }>;
  /** Load sites (not where an init site records already): the bit of the class in the MID's `loads`. */
  readonly load: ReadonlyMap<number, number>;
}

/**
 * The sites of `insns` (none before class version 49, which has no class constants to load):
 * one bit per distinct class in each kind's MID field, the 33rd class sharing the first's.
 */
export function findSites(
  insns: readonly Insn[],
  majorVersion: number,
  initTarget: ((insn: Insn) => string | undefined) | undefined,
  loadTarget: ((insn: Insn) => string | undefined) | undefined,
): BodySites {
  const init = new Map<number, { target: string; bit: number }>();
  const load = new Map<number, number>();
  if (majorVersion < 49) return { init, load };
  if (initTarget) {
    const bits = new Map<string, number>();
    insns.forEach((insn, i) => {
      const target = initTarget(insn);
      if (target !== undefined) init.set(i, { target, bit: bitOf(bits, target) });
    });
  }
  if (loadTarget) {
    const bits = new Map<string, number>();
    insns.forEach((insn, i) => {
      if (init.has(i)) return;
      const target = loadTarget(insn);
      if (target !== undefined) load.set(i, bitOf(bits, target));
    });
  }
  return { init, load };
}

function bitOf(bits: Map<string, number>, target: string): number {
  let bit = bits.get(target);
  if (bit === undefined) bits.set(target, (bit = 1 << bits.size % 32));
  return bit;
}

/** What a site's code needs of the body around it. */
export interface SiteContext {
  /** The method's MID field. */
  mid: MemberName;
  /** A leaf method (no MID pushed at entry): the sites' leaf variants. */
  leaf: boolean;
  /** The locals holding tc, stack and sp. */
  T: number;
  S: number;
  P: number;
  /** The frame at the instruction, extended with the body's locals; undefined: no frames written. */
  frame: (() => Frame) | undefined;
}

/** Emits the sites at instruction `i`, if any, before it: its init site, then its load site. */
export function emitSites(e: Emitter, sites: BodySites, i: number, line: number, c: SiteContext): void {
  const site = sites.init.get(i);
  if (site) {
    // if ((MID.inits & bit) == 0) { tc.initSite(stack, sp, line, MID, bit); tc.initTarget(Target.class); }:
    // once per target class and method, the site tells the runtime where an initialiser it
    // runs belongs; afterwards one load and a test. The site is recorded before the class
    // constant is loaded: its first resolution may make the VM call the loader's loadClass,
    // whose work belongs under this frame and line too (TC.enterLoad).
    emitGuarded(e, 'initDone', RT.midInits, site.bit, line, c.leaf ? RT.initSiteLeaf : RT.initSite, c, () =>
      e.var(Op.ALOAD, c.T).ldcClass(site.target).invoke(Op.INVOKEVIRTUAL, RT.initTarget),
    );
  }
  const loadBit = sites.load.get(i);
  if (loadBit !== undefined) {
    // if ((MID.loads & bit) == 0) tc.loadSite(stack, sp, line, MID, bit): once per class and
    // method; a class load the JVM makes for the instruction goes under this frame and line.
    emitGuarded(e, 'loadDone', RT.midLoads, loadBit, line, c.leaf ? RT.loadSiteLeaf : RT.loadSite, c);
  }
}

/** `if ((MID.bits & bit) == 0) { tc.call(stack, sp, line, MID, bit); then(); }` and the frame after it. */
function emitGuarded(e: Emitter, name: string, bits: MemberName, bit: number, line: number, call: MemberName, c: SiteContext, then?: () => void): void {
  const done = new Label(name);
  e.field(Op.GETSTATIC, c.mid);
  e.type(Op.CHECKCAST, MID_IMPL).field(Op.GETFIELD, bits).int(bit).op(Op.IAND).jump(Op.IFNE, done);
  e.var(Op.ALOAD, c.T).var(Op.ALOAD, c.S).var(Op.ILOAD, c.P).int(line);
  e.field(Op.GETSTATIC, c.mid);
  e.int(bit).invoke(Op.INVOKEVIRTUAL, call);
  then?.();
  e.label(done);
  if (c.frame) {
    const f = c.frame();
    e.frame(f.locals, f.stack);
  }
}
