// Public API of the disassembler.
export { disassemble, disassembleListing, classHeader, fieldHeader, methodHeader } from './disassemble';
export type { DisasmOptions, Listing, ListingLine, LineKind } from './printer';
export { PoolText, INVALID } from './constants';
export { javaDouble, javaFloat, escapeString, quoteName } from './text';
