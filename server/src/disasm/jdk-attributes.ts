// JDK-specific module attributes that the class-file model keeps as Unknown (they are not in
// the JVMS): ModuleHashes, ModuleTarget and ModuleResolution, written by jlink/jmod into
// module-info classes. Decoded here for display only, bounds-checked; malformed data returns
// false so the caller falls back to a hex dump.

import { INVALID } from './constants';
import type { Ctx } from './printer';
import { dotted } from './text';

const COL = 40;

class Bytes {
  pos = 0;
  constructor(readonly data: Uint8Array) {}
  u2(): number | undefined {
    if (this.pos + 2 > this.data.length) return undefined;
    const v = (this.data[this.pos]! << 8) | this.data[this.pos + 1]!;
    this.pos += 2;
    return v;
  }
  take(n: number): Uint8Array | undefined {
    if (this.pos + n > this.data.length) return undefined;
    const v = this.data.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
}

const RESOLUTION_FLAGS: readonly [number, string][] = [
  [0x1, 'DO_NOT_RESOLVE_BY_DEFAULT'],
  [0x2, 'WARN_DEPRECATED'],
  [0x4, 'WARN_DEPRECATED_FOR_REMOVAL'],
  [0x8, 'WARN_INCUBATING'],
];

/** Prints a known JDK attribute; false if `name` is not one or `data` is malformed. */
export function printJdkAttribute(ctx: Ctx, name: string, data: Uint8Array): boolean {
  const { out, pool } = ctx;
  const r = new Bytes(data);
  switch (name) {
    case 'ModuleTarget': {
      const i = r.u2();
      if (i === undefined || r.pos !== data.length) return false;
      out.line('ModuleTarget:');
      out.indented(2, () => out.commented(`target_platform: #${i}`, i === 0 ? undefined : pool.utf8(i) ?? INVALID, COL));
      return true;
    }
    case 'ModuleResolution': {
      const flags = r.u2();
      if (flags === undefined || r.pos !== data.length) return false;
      const names = RESOLUTION_FLAGS.filter(([bit]) => flags & bit).map(([, n]) => ` ${n}`).join('');
      out.line('ModuleResolution:');
      out.indented(2, () => out.commented(String(flags), names, COL));
      return true;
    }
    case 'ModuleHashes': {
      const algorithm = r.u2();
      const count = r.u2();
      if (algorithm === undefined || count === undefined) return false;
      const hashes: { module: number; hash: Uint8Array }[] = [];
      for (let k = 0; k < count; k++) {
        const module = r.u2();
        const len = r.u2();
        const hash = len === undefined ? undefined : r.take(len);
        if (module === undefined || hash === undefined) return false;
        hashes.push({ module, hash });
      }
      if (r.pos !== data.length) return false;
      out.line('ModuleHashes:');
      out.indented(2, () => {
        out.commented(`algorithm: #${algorithm}`, pool.utf8(algorithm) ?? INVALID, COL);
        out.commented(String(count), 'hashes', COL);
        for (const h of hashes) {
          const m = pool.moduleOrPackageName(h.module);
          out.commented(`#${h.module}`, m === undefined ? INVALID : dotted(m), COL);
          out.line(`hash_length: ${h.hash.length}`);
          out.line(`hash: [${Array.from(h.hash, (b) => b.toString(16).padStart(2, '0')).join('')}]`);
        }
      });
      return true;
    }
  }
  return false;
}
