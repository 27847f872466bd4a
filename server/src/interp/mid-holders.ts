// The link of an enum's MID holder on HotSpot's copy of the JDK, where this engine has no class:
// its identity-hash draw at the moment the copy links it.

import type { JClass, JField } from './klass';
import type { FieldSite } from './resolve';
import { drawWithoutObject } from './vm-ihash';
import type { VM } from './vm';

const MID_FIELD = '$komorium$mid';

/**
 * HotSpot's copy of the JDK (scope all) keeps an enum's MIDs in a holder class of its own
 * (transform/clazz.ts enumMidHolder, `E$komorium$MIDs`); this engine's transformation keeps them
 * in static fields of the enum, put at the start of its `<clinit>`. The copy's code reads a MID
 * with `getstatic E$komorium$MIDs.$komorium$mid<k>`: the first such read the thread executes
 * resolves the holder, which HotSpot then loads, links (Verifier::verify draws its mirror's
 * identity hash, unless the copy's CDS archive holds the holder) and initialises. Here the same
 * read is `getstatic E.$komorium$mid<k>` of the same transformed code, at the same moment: its
 * first resolution draws the holder's hash (vm-ihash.ts drawWithoutObject). Which read comes first
 * depends on the code: a `<clinit>` or a method that calls others pushes its MID at its entry, a
 * leaf method (and a lazy wrapper) reads it only when it takes a sample.
 *
 * `field` is the static field a getstatic or putstatic (`put`) of `k`'s code resolved to. Returns
 * false when the resolved site must not be cached: the `<clinit>`'s puts of a holder enum's MIDs
 * (the holder's own `<clinit>` on HotSpot) leave the first get to resolve its site again here.
 */
export function resolvedMidField(vm: VM, field: JField, put: boolean): boolean {
  if (!field.name.startsWith(MID_FIELD)) return true;
  const e = field.klass;
  const holder = holderDrawing(vm, e);
  if (holder === undefined) return true;
  if (put) return false;
  if (!midReadBefore(e)) drawWithoutObject(vm, holder);
  return true;
}

/** The name of the holder whose link draws a hash on HotSpot for enum `e`, or undefined. */
function holderDrawing(vm: VM, e: JClass): string | undefined {
  const archived = vm.opts.archivedClasses;
  if (archived === undefined || e.superclass?.name !== 'java/lang/Enum' || e.hidden) return undefined;
  if (e.loader !== null && !vm.isPlatformLoader(e.loader)) return undefined;
  const holder = `${e.javaName}$komorium$MIDs`;
  return archived.has(holder) ? undefined : holder;
}

/** Whether a get of one of `e`'s MIDs resolved before (its site cached: the puts' are not). */
function midReadBefore(e: JClass): boolean {
  for (const s of e.cpc) {
    if (typeof s !== 'object' || s === null || typeof (s as Partial<FieldSite>).narrow !== 'function') continue;
    const f = (s as FieldSite).f;
    if (f.klass === e && f.isStatic && f.name.startsWith(MID_FIELD)) return true;
  }
  return false;
}
