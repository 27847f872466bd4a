// java.lang.String objects as the JDK 17 implements them: a byte[] `value` with a `coder`
// (0 = LATIN1, one byte per char; 1 = UTF16, two bytes per char, little-endian because
// StringUTF16.isBigEndian() answers false here). JS strings are cached on the object in `$js`.

import { JArray, type JObject } from './object';
import { instantiate, type JClass } from './klass';
import type { VM } from './vm';

type StringObj = JObject & { value: JArray | null; coder: number; hash: number; hashIsZero: number; $js: string | null };

export class Strings {
  private readonly table = new Map<string, JObject>();
  private stringClass: JClass | null = null;
  private byteArray: JClass | null = null;

  constructor(private readonly vm: VM) {}

  /** A new (not interned) java.lang.String with the contents of `s`. */
  create(s: string): JObject {
    if (this.stringClass === null) {
      this.stringClass = this.vm.classes.loadBoot('java/lang/String');
      this.byteArray = this.vm.classes.arrayOf(this.vm.classes.primitive('B'));
    }
    const o = instantiate(this.stringClass) as StringObj;
    let latin1 = true;
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) > 0xff) {
        latin1 = false;
        break;
      }
    }
    let bytes: Int8Array;
    if (latin1) {
      bytes = new Int8Array(s.length);
      for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
      o.coder = 0;
    } else {
      bytes = new Int8Array(s.length * 2);
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        bytes[2 * i] = c & 0xff;
        bytes[2 * i + 1] = c >> 8;
      }
      o.coder = 1;
    }
    o.value = new JArray(this.byteArray as JClass, bytes);
    o.$js = s;
    this.vm.allocate(40 + bytes.length);
    return o;
  }

  /** The JS string of a java.lang.String object. */
  js(obj: JObject): string {
    const o = obj as StringObj;
    if (o.$js !== null && o.$js !== undefined) return o.$js;
    const v = o.value;
    if (v === null) return '';
    const b = v.data as Int8Array;
    let s = '';
    const CHUNK = 8192;
    if (o.coder === 0) {
      for (let i = 0; i < b.length; i += CHUNK) {
        const part = new Uint8Array(b.buffer, b.byteOffset + i, Math.min(CHUNK, b.length - i));
        s += String.fromCharCode.apply(null, part as unknown as number[]);
      }
    } else {
      const n = b.length >> 1;
      const chars = new Uint16Array(n);
      for (let i = 0; i < n; i++) chars[i] = (b[2 * i] & 0xff) | ((b[2 * i + 1] & 0xff) << 8);
      for (let i = 0; i < n; i += CHUNK) s += String.fromCharCode.apply(null, chars.subarray(i, Math.min(n, i + CHUNK)) as unknown as number[]);
    }
    o.$js = s;
    return s;
  }

  /** The interned String for `s`. */
  intern(s: string): JObject {
    let o = this.table.get(s);
    if (o === undefined) {
      o = this.create(s);
      this.table.set(s, o);
    }
    return o;
  }

  /** String.intern(): the canonical instance equal to `o`. */
  internObject(o: JObject): JObject {
    const s = this.js(o);
    const have = this.table.get(s);
    if (have !== undefined) return have;
    this.table.set(s, o);
    return o;
  }

  /** JS string or null for a String reference that may be null. */
  jsOrNull(o: JObject | null): string | null {
    return o === null ? null : this.js(o);
  }
}
