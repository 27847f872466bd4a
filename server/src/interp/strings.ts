// java.lang.String objects as the JDK 17 implements them: a byte[] `value` with a `coder`
// (0 = LATIN1, one byte per char; 1 = UTF16, two bytes per char, little-endian because
// StringUTF16.isBigEndian() answers false here). JS strings are cached on the object in `$js`.

import { JArray, type JObject } from './object';
import { instantiate, type JClass } from './klass';
import type { VM } from './vm';
import { archiveHolds, archivedStrings, stringConstants } from './cds-archive';
import { stringSetAdd, stringSetHas, type StringSet } from './string-set';
import { archivedStringIdentity } from './vm-ihash';

type StringObj = JObject & { value: JArray | null; coder: number; hash: number; hashIsZero: number; $js: string | null };

export class Strings {
  private readonly table = new Map<string, JObject>();
  private stringClass: JClass | null = null;
  private byteArray: JClass | null = null;
  /**
   * The literals java's CDS archive holds as interned strings, with their hash computed
   * (cds-archive.ts); read at the first intern (a boot snapshot keeps them). null: no archive.
   */
  private archived: StringSet | null | undefined = undefined;

  constructor(private readonly vm: VM) {}

  /** For each string interned in the run that java's archive does not hold: how many classes were parsed then (symbol-heap.ts). */
  readonly newInterns: number[] = [];

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
      if (this.isArchived(s)) this.archivedObject(o as StringObj, s);
      else this.newInterns.push(this.vm.classes.parsed.length);
      this.table.set(s, o);
    }
    return o;
  }

  /** The interned String for `s` if there is one (nothing interned). */
  lookup(s: string): JObject | undefined {
    return this.table.get(s);
  }

  /** Whether String.hashCode() has stored its value in `o` (`hash`, or `hashIsZero` for 0). */
  hashStored(o: JObject): boolean {
    const so = o as StringObj;
    return so.hash !== 0 || so.hashIsZero !== 0;
  }

  /** Forgets the hash String.hashCode() stored in `o`, as if it had never been asked. */
  forgetHash(o: JObject): void {
    const so = o as StringObj;
    so.hash = 0;
    so.hashIsZero = 0;
  }

  /**
   * String.intern(): the canonical instance equal to `o`. For a string of java's archive that
   * is the archived one (with its hash), never `o` itself. On JDK 25 `o` gets its hash stored.
   */
  internObject(o: JObject): JObject {
    const s = this.js(o);
    // HotSpot 25's StringTable hashes the argument with java_lang_String::hash_code, which stores
    // the hash in it (or hashIsZero), whether or not it becomes the table's entry; JDK 17's hashes
    // the characters and leaves the object alone (both measured with reflection on `hash`).
    const so = o as StringObj;
    if (this.vm.opts.jdk.feature >= 25 && so.hash === 0 && !so.hashIsZero) storeHash(so, s);
    const have = this.table.get(s);
    if (have !== undefined) return have;
    if (this.isArchived(s)) return this.intern(s);
    this.newInterns.push(this.vm.classes.parsed.length);
    this.table.set(s, o);
    return o;
  }

  /** The JDK's classes are instrumented (scope all): the HotSpot engine's copy dumps its own archive. */
  private copyArchive = false;

  /**
   * A boot class is defined from `bytes` (`transformed`: by the instrumentation). The HotSpot
   * engine's copy of the JDK (scope all) archives its classes as transformed, whose MID
   * initialisers add string literals (class, method and source file names), and the runtime's
   * classes: their literals become archived strings too, those interned already included.
   */
  bootClassDefined(name: string, bytes: Uint8Array, transformed: boolean): void {
    if (transformed) this.copyArchive = true;
    if (!this.copyArchive || !(name.startsWith('komorium/rt/') || (transformed && archiveHolds(this.vm.opts.jdk, name)))) return;
    if (this.archived === undefined) this.archived = archivedStrings(this.vm.opts.jdk);
    const archived = this.archived;
    if (archived === null) return;
    const found = new Set<string>();
    stringConstants(bytes, found);
    for (const s of found) {
      if (!stringSetAdd(archived, s)) continue;
      const o = this.table.get(s) as StringObj | undefined;
      if (o !== undefined) this.archivedObject(o, s);
    }
  }

  /**
   * `o` is the interned string `s` of HotSpot's archive: its hash stored (the dump's
   * java_lang_String::hash_code), and on JDK 17 an identity hash the dump gave it
   * (vm-ihash.ts archivedStringIdentity: hashing it draws nothing).
   */
  private archivedObject(o: StringObj, s: string): void {
    if (o.hash === 0 && !o.hashIsZero) storeHash(o, s);
    archivedStringIdentity(this.vm, o, s);
  }

  /**
   * Whether `s` is an interned string of HotSpot's archive: one of its shared string table when
   * that is known (VmOptions.archivedStrings, the copy's: engine/archived-strings.ts), or a literal
   * of its classes (cds-archive.ts; the table's candidates on JDK 17 leave out strings with a
   * line break).
   */
  private isArchived(s: string): boolean {
    if (this.vm.opts.archivedStrings?.has(s)) return true;
    if (this.archived === undefined) this.archived = archivedStrings(this.vm.opts.jdk);
    return this.archived !== null && stringSetHas(this.archived, s);
  }

  /** JS string or null for a String reference that may be null. */
  jsOrNull(o: JObject | null): string | null {
    return o === null ? null : this.js(o);
  }
}

/** Java's `String.hashCode()` of `s` (UTF-16 code units, as both coders hash). */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** String.hashCode()'s value stored in the object, as HotSpot's dump stores it for archived strings. */
function storeHash(o: StringObj, s: string): void {
  const h = javaStringHash(s);
  if (h !== 0) o.hash = h;
  else o.hashIsZero = 1;
}
