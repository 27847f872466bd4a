// Access-flag names per context (JVMS tables 4.1-B, 4.5-A, 4.6-A, 4.7.6-A, 4.7.25) and the
// Java modifier keywords javap puts in member headers.

export type FlagContext = 'class' | 'field' | 'method' | 'inner' | 'parameter' | 'module' | 'requires' | 'exports';

const TABLES: Readonly<Record<FlagContext, readonly [number, string][]>> = {
  class: [
    [0x0001, 'ACC_PUBLIC'],
    [0x0010, 'ACC_FINAL'],
    [0x0020, 'ACC_SUPER'],
    [0x0200, 'ACC_INTERFACE'],
    [0x0400, 'ACC_ABSTRACT'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x2000, 'ACC_ANNOTATION'],
    [0x4000, 'ACC_ENUM'],
    [0x8000, 'ACC_MODULE'],
  ],
  field: [
    [0x0001, 'ACC_PUBLIC'],
    [0x0002, 'ACC_PRIVATE'],
    [0x0004, 'ACC_PROTECTED'],
    [0x0008, 'ACC_STATIC'],
    [0x0010, 'ACC_FINAL'],
    [0x0040, 'ACC_VOLATILE'],
    [0x0080, 'ACC_TRANSIENT'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x4000, 'ACC_ENUM'],
  ],
  method: [
    [0x0001, 'ACC_PUBLIC'],
    [0x0002, 'ACC_PRIVATE'],
    [0x0004, 'ACC_PROTECTED'],
    [0x0008, 'ACC_STATIC'],
    [0x0010, 'ACC_FINAL'],
    [0x0020, 'ACC_SYNCHRONIZED'],
    [0x0040, 'ACC_BRIDGE'],
    [0x0080, 'ACC_VARARGS'],
    [0x0100, 'ACC_NATIVE'],
    [0x0400, 'ACC_ABSTRACT'],
    [0x0800, 'ACC_STRICT'],
    [0x1000, 'ACC_SYNTHETIC'],
  ],
  inner: [
    [0x0001, 'ACC_PUBLIC'],
    [0x0002, 'ACC_PRIVATE'],
    [0x0004, 'ACC_PROTECTED'],
    [0x0008, 'ACC_STATIC'],
    [0x0010, 'ACC_FINAL'],
    [0x0200, 'ACC_INTERFACE'],
    [0x0400, 'ACC_ABSTRACT'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x2000, 'ACC_ANNOTATION'],
    [0x4000, 'ACC_ENUM'],
  ],
  parameter: [
    [0x0010, 'ACC_FINAL'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x8000, 'ACC_MANDATED'],
  ],
  module: [
    [0x0020, 'ACC_OPEN'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x8000, 'ACC_MANDATED'],
  ],
  requires: [
    [0x0020, 'ACC_TRANSITIVE'],
    [0x0040, 'ACC_STATIC_PHASE'],
    [0x1000, 'ACC_SYNTHETIC'],
    [0x8000, 'ACC_MANDATED'],
  ],
  exports: [
    [0x1000, 'ACC_SYNTHETIC'],
    [0x8000, 'ACC_MANDATED'],
  ],
};

/** `ACC_PUBLIC, ACC_STATIC` (unknown bits as `0x0200`), '' for no flags. */
export function flagNames(flags: number, ctx: FlagContext): string {
  const names: string[] = [];
  let rest = flags & 0xffff;
  for (const [bit, name] of TABLES[ctx]) {
    if (flags & bit) {
      names.push(name);
      rest &= ~bit;
    }
  }
  if (rest) names.push(`0x${rest.toString(16).padStart(4, '0')}`);
  return names.join(', ');
}

/** `(0x0021) ACC_PUBLIC, ACC_SUPER`: the text after `flags: `. */
export function flagsLine(flags: number, ctx: FlagContext): string {
  const names = flagNames(flags, ctx);
  return `(0x${(flags & 0xffff).toString(16).padStart(4, '0')})${names ? ' ' + names : ''}`;
}

function access(flags: number): string[] {
  if (flags & 0x0001) return ['public'];
  if (flags & 0x0004) return ['protected'];
  if (flags & 0x0002) return ['private'];
  return [];
}

/** Java modifiers of a class header: `public abstract` (no `interface` / `class` keyword). */
export function classModifiers(flags: number): string[] {
  const out = access(flags);
  const isInterface = (flags & 0x0200) !== 0;
  if (flags & 0x0400 && !isInterface) out.push('abstract');
  if (flags & 0x0010) out.push('final');
  return out;
}

export function fieldModifiers(flags: number): string[] {
  const out = access(flags);
  if (flags & 0x0008) out.push('static');
  if (flags & 0x0010) out.push('final');
  if (flags & 0x0040) out.push('volatile');
  if (flags & 0x0080) out.push('transient');
  return out;
}

/** Method modifiers; `inInterface` adds `default` to non-abstract, non-static, non-private methods. */
export function methodModifiers(flags: number, inInterface: boolean): string[] {
  const out = access(flags);
  if (flags & 0x0400) out.push('abstract');
  else if (inInterface && !(flags & 0x0008) && !(flags & 0x0002)) out.push('default');
  if (flags & 0x0008) out.push('static');
  if (flags & 0x0010) out.push('final');
  if (flags & 0x0020) out.push('synchronized');
  if (flags & 0x0100) out.push('native');
  if (flags & 0x0800) out.push('strictfp');
  return out;
}

/** Modifiers javap shows for an InnerClasses entry: `public static final`, `static abstract`. */
export function innerModifiers(flags: number): string[] {
  const out = access(flags);
  if (flags & 0x0008) out.push('static');
  if (flags & 0x0010) out.push('final');
  if (flags & 0x0400 && !(flags & 0x0200)) out.push('abstract');
  return out;
}
