// The runtime members generated code uses, from the runtime contract (server/src/runtime/
// contract.ts, docs/RUNTIME.md), in the shape the emitter takes.

import {
  RT as CONTRACT,
  RUNTIME_PACKAGE,
  TC_CLASS,
  MID_CLASS,
  MID_IMPL_CLASS,
  TC_DESC,
  MID_DESC,
  MID_ARRAY_DESC,
  EXTRA_PARAMS_DESC,
  TRAMPOLINE_LINE,
} from '../runtime/contract';
import type { MemberName } from './emit';

export const RT_PACKAGE = `${RUNTIME_PACKAGE}/`;
export const TC = TC_CLASS;
export const MID = MID_CLASS;
export const MID_IMPL = MID_IMPL_CLASS;
export { TC_DESC, MID_DESC, TRAMPOLINE_LINE };
export const STACK_DESC = MID_ARRAY_DESC;

export const RT = Object.fromEntries(
  Object.entries(CONTRACT).map(([k, v]) => [k, { owner: v.owner, name: v.name, desc: v.descriptor }]),
) as { readonly [K in keyof typeof CONTRACT]: MemberName };

/** Name of the synthetic static field holding the MID of the k-th instrumented method. */
export function midFieldName(k: number): string {
  return `$komorium$mid${k}`;
}

/** The extended descriptor: (TC, MID[], int) appended to the parameters. */
export function extendedDescriptor(desc: string): string {
  const close = desc.lastIndexOf(')');
  return `${desc.slice(0, close)}${EXTRA_PARAMS_DESC}${desc.slice(close)}`;
}
