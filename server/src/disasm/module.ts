// The Module attribute in javap's form: each index with its flags in hex and a comment with
// the resolved name and flag names; counts before each directive list.

import type { ModuleInfo } from '../classfile/model';
import { INVALID } from './constants';
import { flagNames, type FlagContext } from './flags';
import type { Ctx } from './printer';

const COL = 40;

export function printModule(ctx: Ctx, m: ModuleInfo): void {
  const { out, pool } = ctx;
  const hex = (n: number): string => n.toString(16);
  const named = (i: number, flags: number | undefined, fctx: FlagContext): void => {
    const names = flags === undefined ? '' : flagNames(flags, fctx);
    out.commented(flags === undefined ? `#${i}` : `#${i},${hex(flags)}`, `${pool.value(i)}${names ? ' ' + names : ''}`, COL);
  };
  const version = (i: number): void => {
    if (i === 0) out.line('#0');
    else out.commented(`#${i}`, pool.utf8(i) ?? INVALID, COL);
  };
  out.line('Module:');
  out.indented(2, () => {
    named(m.moduleNameIndex, m.moduleFlags, 'module');
    version(m.moduleVersionIndex);
    out.commented(String(m.requires.length), 'requires', COL);
    out.indented(2, () => {
      for (const r of m.requires) {
        named(r.index, r.flags, 'requires');
        version(r.versionIndex);
      }
    });
    for (const kind of ['exports', 'opens'] as const) {
      out.commented(String(m[kind].length), kind, COL);
      out.indented(2, () => {
        for (const d of m[kind]) {
          const names = flagNames(d.flags, 'exports');
          const to = d.toIndices.length ? ` to ... ${d.toIndices.length}` : '';
          out.commented(`#${d.index},${hex(d.flags)}`, `${pool.value(d.index)}${names ? ' ' + names : ''}${to}`, COL);
          out.indented(2, () => d.toIndices.forEach((t) => out.commented(`#${t}`, `... to ${pool.value(t)}`, COL)));
        }
      });
    }
    out.commented(String(m.usesIndices.length), 'uses', COL);
    out.indented(2, () => m.usesIndices.forEach((u) => out.commented(`#${u}`, pool.value(u), COL)));
    out.commented(String(m.provides.length), 'provides', COL);
    out.indented(2, () => {
      for (const p of m.provides) {
        out.commented(`#${p.index}`, `${pool.value(p.index)} with ... ${p.withIndices.length}`, COL);
        out.indented(2, () => p.withIndices.forEach((w) => out.commented(`#${w}`, `... with ${pool.value(w)}`, COL)));
      }
    });
  });
}
