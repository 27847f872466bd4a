// A class file's super class name, read from its header alone (the constant pool skipped entry
// by entry, nothing decoded but the one name): for scanning thousands of classes, where
// readClass would parse every member.

const TEXT = new TextDecoder('utf-8', { fatal: false });

/** The internal name of the super class of `bytes` (undefined for java/lang/Object or bad input). */
export function superClassName(bytes: Uint8Array): string | undefined {
  const n = bytes.length;
  if (n < 10 || bytes[0] !== 0xca || bytes[1] !== 0xfe || bytes[2] !== 0xba || bytes[3] !== 0xbe) return undefined;
  const u2 = (o: number): number => (bytes[o]! << 8) | bytes[o + 1]!;
  const count = u2(8);
  // Byte offset of each entry's tag (index 1..count-1); long and double take two indices.
  const at = new Int32Array(count);
  let p = 10;
  for (let i = 1; i < count; i++) {
    if (p >= n) return undefined;
    at[i] = p;
    const tag = bytes[p]!;
    switch (tag) {
      case 1: // Utf8
        p += 3 + u2(p + 1);
        break;
      case 7: // Class
      case 8: // String
      case 16: // MethodType
      case 19: // Module
      case 20: // Package
        p += 3;
        break;
      case 15: // MethodHandle
        p += 4;
        break;
      case 3: // Integer
      case 4: // Float
      case 9: // Fieldref
      case 10: // Methodref
      case 11: // InterfaceMethodref
      case 12: // NameAndType
      case 17: // Dynamic
      case 18: // InvokeDynamic
        p += 5;
        break;
      case 5: // Long
      case 6: // Double
        p += 9;
        i++;
        break;
      default:
        return undefined;
    }
  }
  // access_flags, this_class, super_class
  if (p + 6 > n) return undefined;
  const sup = u2(p + 4);
  if (sup === 0 || sup >= count) return undefined;
  const c = at[sup]!;
  if (bytes[c] !== 7) return undefined;
  const u = at[u2(c + 1)]!;
  if (bytes[u] !== 1) return undefined;
  return TEXT.decode(bytes.subarray(u + 3, u + 3 + u2(u + 1)));
}
