// Writer of the JDK's `lib/modules` (jimage) format: a copy of an existing image with some
// resources replaced and some added (the HotSpot engine's instrumented JDK, engine/jdk-image.ts),
// and the embedded engine's view of the JDK's image indexed as that copy (jimageView).
// The layout is the one jimage.ts reads:
//   header (28 bytes), redirect table (s4 × n), location-offset table (u4 × n), location
//   attributes, strings (NUL-terminated modified UTF-8, "" at offset 0), resource data.
// The index (jimage-index.ts) is the same in the copy and in the view: Java code reads the image
// too (BasicImageReader: the platform and application loaders, resources, jrt:), and what its
// lookups count (a hash probe, twice for a seeded bucket; a loop turn per attribute byte; the
// strings compared) must be the same on both engines (RUNTIME.md, "The copy's image indexes").
//
// The directory tree (`/modules/...` and `/packages/...`) refers to other locations by their
// attribute offsets and to module names by string offsets: the original's tree is copied with
// those offsets rewritten, and nodes are added for packages that are new.

import { closeSync, openSync, writeSync } from 'node:fs';
import type { JImage } from './jimage';
import { encodeIndex, planIndex, treeSize, type IndexLoc } from './jimage-index';

/** A resource of the new image: `/module/path/Name.ext` and its bytes (read when written). */
export interface JImageResource {
  readonly name: string;
  readonly size: number;
  read(): Uint8Array;
}

/**
 * Writes a new image to `out`: every resource of `from` (tree nodes rebuilt), those named in
 * `replace` with its bytes instead, and `add` (resources that are new, in modules of `from`).
 * `wide`: the names of `from` whose content offset and size take 4 bytes (those `replace` may
 * hold; the view of the same image, jimageView, is given the same); `replace`'s names always do.
 */
export function writeJImage(out: string, from: JImage, replace: ReadonlyMap<string, JImageResource>, add: readonly JImageResource[], wide: (name: string) => boolean = () => false): void {
  const plan = planIndex(
    from,
    add.map((r) => r.name),
    (n) => wide(n) || replace.has(n),
  );
  const added = new Map(add.map((r) => [r.name, r]));
  const { locs } = plan;
  const sizes = locs.map((l) => (l.tree ? treeSize(plan, l.name) : l.jdk ? (replace.get(l.name)?.size ?? l.jdk.uncompressedSize) : added.get(l.name)!.size));
  // The content in jlink's order, but first the locations whose offset jlink wrote in 3 bytes or
  // fewer (the first 16 MiB) that keep their content, so that their offsets keep jlink's byte
  // count (each at most jlink's: the tree nodes, which change, are at jlink's end); then those the
  // copy may replace, the rest of jlink's, and new locations last.
  const tier = (l: IndexLoc): number => (!l.orig ? 3 : l.tree || l.orig.lengths[5]! > 3 ? 2 : l.wide ? 1 : 0);
  const contentOrder = locs
    .map((_l, i) => i)
    .sort((a, b) => tier(locs[a]!) - tier(locs[b]!) || (locs[a]!.orig?.values[5] ?? 0) - (locs[b]!.orig?.values[5] ?? 0) || a - b);
  const offsets: number[] = new Array<number>(locs.length);
  let dataSize = 0;
  for (const i of contentOrder) {
    offsets[i] = dataSize;
    dataSize += sizes[i]!;
  }
  const { index, trees } = encodeIndex(plan, offsets, sizes);
  const read = (l: IndexLoc): Uint8Array => {
    if (l.tree) return trees.get(l.name)!;
    if (!l.jdk) return added.get(l.name)!.read();
    const r = replace.get(l.name);
    return r ? r.read() : from.read(l.jdk);
  };
  const fd = openSync(out, 'w');
  try {
    let pos = 0;
    const write = (b: Uint8Array): void => {
      let done = 0;
      while (done < b.length) done += writeSync(fd, b, done, b.length - done, pos + done);
      pos += b.length;
    };
    write(index);
    for (const i of contentOrder) {
      const l = locs[i]!;
      const b = read(l);
      if (b.length !== sizes[i]) throw new Error(`jimage writer: ${l.name} has ${b.length} bytes, ${sizes[i]} expected`);
      write(b);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The JDK's image as the embedded engine shows it to Java code when HotSpot runs the copy that
 * writeJImage makes of it with the same `added` names and `wide`: the copy's index, the JDK's
 * content. It is `index`, then `from`'s content region as it is (`from.header.indexSize` on,
 * `contentLength` bytes: every offset of a JDK resource is jlink's), then `tail` (the tree
 * nodes). The new resources have no content here (size 0). Throws for a compressed image (its
 * content cannot be shown as it is).
 */
export function jimageView(from: JImage, added: readonly string[], wide: (name: string) => boolean): { index: Buffer; tail: Buffer; contentLength: number } {
  const plan = planIndex(from, added, wide);
  const { locs } = plan;
  let contentLength = 0;
  for (const l of locs) {
    if (!l.jdk) continue;
    if (l.jdk.compressedSize !== 0) throw new Error(`${l.name} is compressed in ${from.path}`);
    contentLength = Math.max(contentLength, l.jdk.contentOffset + l.jdk.uncompressedSize);
  }
  const offsets: number[] = [];
  const sizes: number[] = [];
  let tail = 0;
  for (const l of locs) {
    if (l.jdk) {
      offsets.push(l.jdk.contentOffset);
      sizes.push(l.jdk.uncompressedSize);
    } else {
      const size = l.tree ? treeSize(plan, l.name) : 0;
      offsets.push(contentLength + tail);
      sizes.push(size);
      tail += size;
    }
  }
  const { index, trees } = encodeIndex(plan, offsets, sizes);
  return { index, tail: Buffer.concat(locs.filter((l) => l.tree).map((l) => trees.get(l.name)!)), contentLength };
}
