// The shape of one attribute's decoder/encoder pair. Each module in this folder exports the
// codecs for a family of attributes; ./index.ts assembles them into the name → codec table.

import type { Attribute, AttributeOf } from '../model';
import type { ReadContext, WriteContext } from './context';

export type KnownName = Exclude<Attribute['name'], 'Unknown'>;

export interface Codec<N extends KnownName> {
  /** Decodes the body (the reader is positioned after attribute_length and limited to the body). */
  read(ctx: ReadContext, nameIndex: number, length: number): AttributeOf<N>;
  /** Encodes the body (the dispatcher writes name and length). */
  write(ctx: WriteContext, a: AttributeOf<N>): void;
}

export type Codecs<K extends KnownName = KnownName> = { [N in K]: Codec<N> };
