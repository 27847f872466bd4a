// Field offsets as HotSpot lays fields out (x86_64, compressed oops and class pointers: a 12-byte
// header, 4-byte references; JDK 25 without compact headers), so that the offsets Java code gets
// from Unsafe (objectFieldOffset, staticFieldOffset) and MethodHandleNatives are java's: Java
// boxes them (Long.valueOf caches those below 128), hashes them (ObjectStreamClass's
// FieldReflector puts them in a HashSet) and sorts them.
//
// Our own implementation of the rules of HotSpot's FieldLayoutBuilder (JDK 15+): the layout is
// a list of blocks (the header, the superclasses' fields, empty gaps, padding, this class's
// fields), ending with an empty block of unbounded size.
// - Instance fields: the superclasses' fields at their offsets, the gaps between them empty (so
//   a subclass fills its superclass's holes; padding instead after a class with @Contended).
//   Primitives sorted by size, largest first (stable: the fields' order), then references (JDK
//   25: references first when the superclass's last field is a reference, JDK-8353273; its
//   primitives in two lists, 8 bytes and smaller). Each field goes in the smallest empty block
//   that fits it (searched from the end, never before the start block), else at the end,
//   aligned to its size; a field of the same size as the previous one whose search failed goes
//   to the end without a search.
// - @Contended (honoured in classes of the boot and platform loaders only, RestrictContended):
//   a class's: 128 bytes of padding before its fields and after; a field's: its group after
//   128 bytes of padding, at the end (group "" is a group per field; named groups by name).
// - Static fields in the class's mirror, after java.lang.Class's instance fields (the mirror's
//   size): references first, together, then primitives by size.
// - Fields HotSpot injects into some JDK classes (javaClasses.hpp) take part as the class
//   file's last fields.

/** A field to lay out: its size in bytes, whether it is a reference, static or @Contended. */
export interface LayoutField {
  readonly size: number;
  readonly oop: boolean;
  readonly isStatic: boolean;
  /** -1 none; 0 @Contended without a group (a group of its own); > 0 the group's tag. */
  readonly contended: number;
}

/** What a subclass's layout needs of its superclass's. */
export interface InstanceLayout {
  /** Every instance field of the class and its superclasses: [offset, size, 1 if a reference] triples, by offset. */
  readonly blocks: readonly number[];
  /** The end of the layout (its last block's offset). */
  readonly end: number;
  /** The last field (by offset) is a reference. */
  readonly endsWithOop: boolean;
  /** The class or one of its fields has @Contended (InstanceKlass::has_contended_annotations). */
  readonly contended: boolean;
  readonly hasFields: boolean;
}

export interface LayoutOptions {
  /** JDK 25's builder (JDK-8353273: references first after a superclass ending with one). */
  readonly jdk25: boolean;
}

export interface LayoutResult extends InstanceLayout {
  /**
   * Per field (the input's order): its offset, in the object (instance) or, static, from the
   * start of the mirror's static fields (java.lang.Class's instance size, a multiple of 8, which
   * the caller adds: static fields are only ever appended, so the layout is the same).
   */
  readonly offsets: Int32Array;
  /** The instance size in bytes (aligned to 8). */
  readonly instanceSize: number;
}

const HEADER = 12;
const OOP = 4;
const PADDING_WIDTH = 128;
const MAX = 0x7fffffff;

const enum Kind {
  Empty,
  Reserved,
  Padding,
  Field,
  Inherited,
}

class Block {
  next: Block | null = null;
  prev: Block | null = null;
  offset = -1;
  constructor(
    public kind: Kind,
    public size: number,
    readonly alignment = 1,
    readonly field = -1,
  ) {}
  fits(size: number, alignment: number): boolean {
    const adjust = this.offset % alignment === 0 ? 0 : alignment - (this.offset % alignment);
    return this.size >= size + adjust;
  }
}

class Layout {
  first: Block;
  last: Block;
  start: Block;
  constructor(readonly offsets: Int32Array) {
    this.first = this.last = this.start = new Block(Kind.Empty, MAX);
    this.first.offset = 0;
  }

  /** `block` at the start of empty `slot`, which shrinks. */
  insert(slot: Block, block: Block): Block {
    block.offset = slot.offset;
    slot.offset += block.size;
    slot.size -= block.size;
    block.prev = slot.prev;
    block.next = slot;
    slot.prev = block;
    if (block.prev !== null) block.prev.next = block;
    if (this.first === slot) this.first = block;
    // (The start block stays: inserting before it does not move it. So a layout whose start is
    // its last block, a static one or a @Contended class's, only appends.)
    return block;
  }

  remove(block: Block): void {
    if (this.first === block) {
      this.first = block.next as Block;
      this.first.prev = null;
    } else {
      (block.prev as Block).next = block.next;
      (block.next as Block).prev = block.prev;
    }
    if (block === this.start) this.start = block.prev as Block;
  }

  insertField(slot: Block, block: Block): void {
    if (slot.offset % block.alignment !== 0) this.insert(slot, new Block(Kind.Empty, block.alignment - (slot.offset % block.alignment)));
    this.insert(slot, block);
    if (slot.size === 0) this.remove(slot);
    this.offsets[block.field] = block.offset;
  }

  /** Each field in the smallest empty block after `start` that fits it, else at the end. */
  add(list: readonly Block[], start: Block = this.start): void {
    let lastOk = false;
    let lastSize = 0;
    let lastAlign = 0;
    for (const b of list) {
      let candidate: Block | null = null;
      if (start === this.last) candidate = this.last;
      else if (b.size === lastSize && b.alignment === lastAlign && !lastOk) candidate = this.last;
      else {
        lastSize = b.size;
        lastAlign = b.alignment;
        lastOk = true;
        for (let c = this.last.prev as Block; c !== start; c = c.prev as Block) {
          if (c.kind === Kind.Empty && c.fits(b.size, b.alignment) && (candidate === null || c.size < candidate.size)) candidate = c;
        }
        if (candidate === null) {
          candidate = this.last;
          lastOk = false;
        }
      }
      this.insertField(candidate, b);
    }
  }

  /** The fields one after another in the last empty block (from the end) that fits them all. */
  addContiguously(list: readonly Block[], start: Block = this.start): void {
    if (list.length === 0) return;
    let size = 0;
    for (const b of list) size += b.size;
    let candidate: Block;
    if (start === this.last) candidate = this.last;
    else {
      candidate = this.last.prev as Block;
      while (candidate.kind !== Kind.Empty || !candidate.fits(size, list[0].alignment)) {
        if (candidate === start) {
          candidate = this.last;
          break;
        }
        candidate = candidate.prev as Block;
      }
    }
    for (const b of list) this.insertField(candidate, b);
  }
}

/** Fields of one group: primitives (largest first, stable) and references (in order). */
class Group {
  big: Block[] = [];
  small: Block[] = [];
  oops: Block[] = [];
  constructor(readonly tag: number) {}
  addField(i: number, f: LayoutField): void {
    const b = new Block(Kind.Field, f.size, f.size, i);
    if (f.oop) this.oops.push(b);
    else if (f.size >= 8) this.big.push(b);
    else this.small.push(b);
  }
  sort(): void {
    const bySize = (a: Block, b: Block): number => b.size - a.size || a.field - b.field;
    this.big.sort(bySize);
    this.small.sort(bySize);
  }
  get primitives(): Block[] {
    return [...this.big, ...this.small];
  }
}

/** HotSpot's layout of a class's fields, given its superclass's layout (null: java.lang.Object). */
export function layoutFields(fields: readonly LayoutField[], sup: InstanceLayout | null, contendedClass: boolean, opts: LayoutOptions): LayoutResult {
  const offsets = new Int32Array(fields.length).fill(-1);
  const layout = new Layout(offsets);
  const superEndsWithOop = sup !== null && sup.endsWithOop;
  if (sup === null) {
    layout.insert(layout.first, new Block(Kind.Reserved, HEADER));
  } else {
    // The superclasses' fields at their offsets, the gaps between them empty (padding after a
    // class with @Contended), an empty block to the end.
    const head = new Block(Kind.Reserved, HEADER);
    head.offset = 0;
    let b = head;
    const fill = sup.contended ? Kind.Padding : Kind.Empty;
    const link = (n: Block): void => {
      b.next = n;
      n.prev = b;
      b = n;
    };
    for (let i = 0; i < sup.blocks.length; i += 3) {
      const off = sup.blocks[i];
      const end = b.offset + b.size;
      if (off > end) {
        const gap = new Block(fill, off - end);
        gap.offset = end;
        link(gap);
      }
      const f = new Block(Kind.Inherited, sup.blocks[i + 1], sup.blocks[i + 1], sup.blocks[i + 2]);
      f.offset = off;
      link(f);
    }
    if (sup.contended) {
      const p = new Block(Kind.Padding, PADDING_WIDTH);
      p.offset = b.offset + b.size;
      link(p);
    }
    const tail = new Block(Kind.Empty, MAX);
    tail.offset = b.offset + b.size;
    link(tail);
    layout.first = head;
    layout.last = tail;
    layout.start = !sup.contended || !sup.hasFields ? head : tail;
  }

  const root = new Group(-1);
  const statics = new Group(-1);
  const groups: Group[] = [];
  let hasFields = sup !== null && sup.hasFields;
  // (A subclass of a class with @Contended has them too, for its own subclasses' layouts.)
  let contended = contendedClass || (sup !== null && sup.contended);
  fields.forEach((f, i) => {
    if (f.contended >= 0) contended = true;
    if (f.isStatic) return statics.addField(i, f);
    hasFields = true;
    let g = root;
    if (f.contended === 0) groups.push((g = new Group(0)));
    else if (f.contended > 0) {
      const named = groups.find((x) => x.tag === f.contended);
      if (named !== undefined) g = named;
      else groups.push((g = new Group(f.contended)));
    }
    g.addField(i, f);
  });
  root.sort();
  statics.sort();
  for (const g of groups) g.sort();

  const padding = (slot: Block): void => {
    layout.insert(slot, new Block(Kind.Padding, PADDING_WIDTH));
  };
  let tailPadding = false;
  if (contendedClass) {
    layout.start = layout.last;
    padding(layout.start);
    tailPadding = true;
  }
  if (!opts.jdk25) {
    layout.add(root.primitives);
    layout.add(root.oops);
  } else if (superEndsWithOop) {
    layout.add(root.oops);
    layout.add(root.big);
    layout.add(root.small);
  } else {
    layout.add(root.big);
    layout.add(root.small);
    layout.add(root.oops);
  }
  for (const g of groups) {
    const start = layout.last;
    padding(start);
    if (opts.jdk25) {
      // (JDK 25 searches the whole layout for the group's 8-byte fields.)
      layout.add(g.big);
      layout.add(g.small, start);
    } else layout.add(g.primitives, start);
    layout.add(g.oops, start);
    tailPadding = true;
  }
  if (tailPadding) padding(layout.last);

  // Static fields: in the mirror, after java.lang.Class's fields (HotSpot reserves them at the
  // start of the static layout, whose start block is then its last: fields are appended).
  const staticLayout = new Layout(offsets);
  staticLayout.addContiguously(statics.oops);
  if (opts.jdk25) {
    staticLayout.add(statics.big);
    staticLayout.add(statics.small);
  } else staticLayout.add(statics.primitives);

  // What a subclass needs.
  const blocks: number[] = [];
  let endsWithOop = false;
  for (let b: Block | null = layout.first; b !== null; b = b.next) {
    if (b.kind !== Kind.Field && b.kind !== Kind.Inherited) continue;
    // (An inherited block's `field` is 1 for a reference, 0 for a primitive.)
    const oop = b.kind === Kind.Field ? fields[b.field].oop : b.field === 1;
    blocks.push(b.offset, b.size, oop ? 1 : 0);
    endsWithOop = oop;
  }
  const end = layout.last.offset;
  return { offsets, blocks, end, endsWithOop, contended, hasFields, instanceSize: align8(end) };
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/** A field's size and kind from its descriptor. */
export function fieldOf(desc: string, isStatic: boolean, contended = -1): LayoutField {
  switch (desc.charCodeAt(0)) {
    case 0x4a: // J
    case 0x44: // D
      return { size: 8, oop: false, isStatic, contended };
    case 0x49: // I
    case 0x46: // F
      return { size: 4, oop: false, isStatic, contended };
    case 0x43: // C
    case 0x53: // S
      return { size: 2, oop: false, isStatic, contended };
    case 0x42: // B
    case 0x5a: // Z
      return { size: 1, oop: false, isStatic, contended };
    default:
      return { size: OOP, oop: true, isStatic, contended };
  }
}
