// The interned strings a HotSpot CDS archive holds, and on JDK 17 the identity hashes its dump
// gave them and the boxing caches' boxes (issue 15 item 2, branch arch25). The embedded engine
// took the archived strings from the CONSTANT_Strings of the class list's classes
// (interp/cds-archive.ts archivedStrings), but the dump interns more: MemberName and reflection
// names of its own run, the archived heap's species names (JDK 25's `"transformHelper"`, which
// no listed class holds as a literal: its hash stored on HotSpot, computed by `String.hashCode`
// on the embedded engine), `"length"` on JDK 17. And JDK 17's dump gives every object it
// archives an identity hash, which the embedded engine made up (vm-ihash.ts).
//
// JDK 25: `jcmd PID VM.stringtable -verbose` lists the shared table after the run's own
// ("# Shared strings:"); a java of the archive waits while the JDK's jcmd attaches to it.
// JDK 17 lists only the run's own, so a trial run with `-XX:hashCode=2` interns candidates (the
// CONSTANT_Utf8 entries of the archived classes, their dotted names) and prints each canonical
// string's identity hash: a string the run made or hashed first gets 1, an archived one the
// dump's value; then the hashes of the boxing caches' boxes the same way. Cached per archive
// beside archived-hashes.ts's files; undefined when the listing or trial fails (the embedded
// engine then keeps its own list).

import { childProcess } from './child-process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Acc, type ClassFile } from '../classfile/model';
import { ConstantPool } from '../classfile/pool';
import { synthMethod } from '../classfile/code/synth';
import { Label, type Insn } from '../classfile/code/insn';
import { Op } from '../classfile/code/opcodes';
import { writeClass } from '../classfile/writer';
import { decodeMutf8 } from '../classpath/mutf8';
import { featureOfHome } from '../classpath/jdk';
import { JImage } from '../classpath/jimage';
import { writeFileAtomic } from '../transform/cache-store';
import { archiveStateKey, runHashTrial, trialClass } from './archived-hashes';
import { utf8Constants } from '../interp/cds-archive';
import { packedDigest, writePackedStrings, type ArchivedStringFiles } from './archived-strings-pack';

/** What an archive's string table holds. */
export interface ArchivedStringTable {
  /** The archived interned strings, each with the identity hash the dump gave it (0: none, JDK 25). */
  strings: [string, number][];
  /** JDK 17: the boxing caches' identity hashes by `boxKey` (empty on JDK 25, whose dump keeps none). */
  boxes: [string, number][];
  /** tableDigest of the two, taken once when the table is made (boot snapshot keys). */
  digest: string;
}

/** A table as listed or probed, before its digest. */
export type ListedStrings = Omit<ArchivedStringTable, 'digest'>;

/** The boxing caches the trial reads: the box class, the valueOf descriptor's argument, the cast from int, the range. */
export const BOX_CACHES: readonly { cls: string; desc: string; cast: number | null; low: number; count: number }[] = [
  { cls: 'java/lang/Integer', desc: 'I', cast: null, low: -128, count: 256 },
  { cls: 'java/lang/Long', desc: 'J', cast: Op.I2L, low: -128, count: 256 },
  { cls: 'java/lang/Short', desc: 'S', cast: Op.I2S, low: -128, count: 256 },
  { cls: 'java/lang/Byte', desc: 'B', cast: Op.I2B, low: -128, count: 256 },
  { cls: 'java/lang/Character', desc: 'C', cast: Op.I2C, low: 0, count: 128 },
];

/** The key of a box of a boxing cache: its class (internal name) and value. */
export function boxKey(cls: string, value: number): string {
  return `${cls} ${value}`;
}

const PROBE = 'KomoriumArchivedStrings';

/**
 * The JDK 17 trial's class (version 49: no stack map frames). `main` prints the identity hash of
 * each boxing cache's boxes (`BOX_CACHES`, in order), then for each line of standard input (UTF-8)
 * the identity hash of `line.intern()`.
 */
export function stringProbeClass(): Uint8Array {
  const { cf, pool, out, println, ihash } = trialClass(PROBE);
  const insns: Insn[] = [];
  BOX_CACHES.forEach((b, i) => {
    const loop = new Label(`box${i}`);
    insns.push(
      { kind: 'int', op: Op.SIPUSH, value: b.low },
      { kind: 'var', op: Op.ISTORE, index: 1 },
      { kind: 'label', label: loop },
      { kind: 'field', op: Op.GETSTATIC, index: out },
      { kind: 'var', op: Op.ILOAD, index: 1 },
      ...(b.cast !== null ? [{ kind: 'op', op: b.cast } as Insn] : []),
      { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref(b.cls, 'valueOf', `(${b.desc})L${b.cls};`) },
      { kind: 'method', op: Op.INVOKESTATIC, index: ihash },
      { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
      { kind: 'iinc', index: 1, delta: 1 },
      { kind: 'var', op: Op.ILOAD, index: 1 },
      { kind: 'int', op: Op.SIPUSH, value: b.low + b.count },
      { kind: 'jump', op: Op.IF_ICMPLT, target: loop },
    );
  });
  const lines = new Label('lines');
  const done = new Label('done');
  insns.push(
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/BufferedReader') },
    { kind: 'op', op: Op.DUP },
    { kind: 'type', op: Op.NEW, index: pool.addClass('java/io/InputStreamReader') },
    { kind: 'op', op: Op.DUP },
    { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/System', 'in', 'Ljava/io/InputStream;') },
    { kind: 'ldc', index: pool.addString('UTF-8') },
    { kind: 'method', op: Op.INVOKESPECIAL, index: pool.addMethodref('java/io/InputStreamReader', '<init>', '(Ljava/io/InputStream;Ljava/lang/String;)V') },
    { kind: 'method', op: Op.INVOKESPECIAL, index: pool.addMethodref('java/io/BufferedReader', '<init>', '(Ljava/io/Reader;)V') },
    { kind: 'var', op: Op.ASTORE, index: 2 },
    { kind: 'label', label: lines },
    { kind: 'var', op: Op.ALOAD, index: 2 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/BufferedReader', 'readLine', '()Ljava/lang/String;') },
    { kind: 'op', op: Op.DUP },
    { kind: 'var', op: Op.ASTORE, index: 3 },
    { kind: 'jump', op: Op.IFNULL, target: done },
    { kind: 'field', op: Op.GETSTATIC, index: out },
    { kind: 'var', op: Op.ALOAD, index: 3 },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/lang/String', 'intern', '()Ljava/lang/String;') },
    { kind: 'method', op: Op.INVOKESTATIC, index: ihash },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: println },
    { kind: 'jump', op: Op.GOTO, target: lines },
    { kind: 'label', label: done },
    { kind: 'op', op: Op.RETURN },
  );
  cf.methods.push(synthMethod(cf, pool, PROBE, { access: Acc.PUBLIC | Acc.STATIC, name: 'main', desc: '([Ljava/lang/String;)V', maxLocals: 4, insns }));
  return writeClass(cf);
}

/** The JDK 25 listing's waiting class: prints `ready`, then sleeps (killed after the listing). */
function waitingClass(): Uint8Array {
  const name = 'KomoriumArchivedStringsWait';
  const cf: ClassFile = { minorVersion: 0, majorVersion: 49, constantPool: [undefined], accessFlags: Acc.PUBLIC | Acc.SUPER, thisClass: 0, superClass: 0, interfaces: [], fields: [], methods: [], attributes: [] };
  const pool = new ConstantPool(cf);
  cf.thisClass = pool.addClass(name);
  cf.superClass = pool.addClass('java/lang/Object');
  const insns: Insn[] = [
    { kind: 'field', op: Op.GETSTATIC, index: pool.addFieldref('java/lang/System', 'out', 'Ljava/io/PrintStream;') },
    { kind: 'ldc', index: pool.addString('ready') },
    { kind: 'method', op: Op.INVOKEVIRTUAL, index: pool.addMethodref('java/io/PrintStream', 'println', '(Ljava/lang/String;)V') },
    { kind: 'ldc', index: pool.addLong(120_000n) },
    { kind: 'method', op: Op.INVOKESTATIC, index: pool.addMethodref('java/lang/Thread', 'sleep', '(J)V') },
    { kind: 'op', op: Op.RETURN },
  ];
  cf.methods.push(synthMethod(cf, pool, name, { access: Acc.PUBLIC | Acc.STATIC, name: 'main', desc: '([Ljava/lang/String;)V', maxLocals: 1, insns }));
  return writeClass(cf);
}

/**
 * The shared strings of a `VM.stringtable -verbose` listing (JDK 25): after the line
 * `# Shared strings:` and a rule, one entry a line, `N: TEXT`, N the string's modified-UTF-8
 * length, TEXT those bytes with `\t`, `\r`, `\n`, `\\` and `\xHH` (bytes not printable) escaped.
 * Entries that do not fit are skipped.
 */
export function parseSharedStrings(listing: string): string[] {
  const at = listing.indexOf('# Shared strings:');
  if (at < 0) return [];
  const lines = listing.slice(at).split('\n').slice(2);
  const out: string[] = [];
  for (const line of lines) {
    const m = /^(\d+): /.exec(line);
    if (m === null) continue;
    const n = Number(m[1]);
    const bytes = unescapeUtf8(line.slice(m[0].length));
    if (bytes === undefined || bytes.length !== n) continue;
    const s = decodeMutf8(bytes, 0, bytes.length);
    if (s !== undefined) out.push(s);
  }
  return out;
}

/** The bytes of HotSpot's escaped UTF-8 text (HashtableTextDump::put_utf8's escapes), undefined when malformed. */
function unescapeUtf8(text: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x5c) {
      if (c > 0x7f) return undefined; // the listing escapes every byte above ASCII
      bytes.push(c);
      continue;
    }
    const e = text[++i];
    if (e === 't') bytes.push(9);
    else if (e === 'r') bytes.push(13);
    else if (e === 'n') bytes.push(10);
    else if (e === '\\') bytes.push(0x5c);
    else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else return undefined;
  }
  return Uint8Array.from(bytes);
}

/**
 * The JDK 17 trial's candidates: the CONSTANT_Utf8 entries of the archived classes' files in the
 * archive's lib/modules (literals, member names, descriptors) and the classes' names with dots;
 * strings with a line break or a lone surrogate left out (standard input carries them as lines
 * of UTF-8).
 */
export function stringCandidates(home: string, classes: readonly string[]): string[] {
  const out = new Set<string>();
  let image: JImage | null = null;
  try {
    image = JImage.open(join(home, 'lib', 'modules'));
  } catch {
    return [];
  }
  try {
    for (const c of classes) {
      out.add(c);
      const found = image.findClass(c.replace(/\./g, '/'));
      if (found) utf8Constants(found.bytes, out);
    }
  } finally {
    image.close();
  }
  return [...out].filter((s) => !/[\n\r]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s));
}

/** The trial's output for `candidates` (box hashes, then one a candidate), undefined when it does not fit. */
export function parseStringProbe(candidates: readonly string[], output: string): ListedStrings | undefined {
  const lines = output.split('\n').filter((l) => l.length > 0);
  const boxCount = BOX_CACHES.reduce((n, b) => n + b.count, 0);
  if (lines.length !== boxCount + candidates.length) return undefined;
  const archived = (l: string): number => {
    const h = Number(l);
    return Number.isInteger(h) && h !== 1 && h !== 0 ? h : 0;
  };
  const boxes: [string, number][] = [];
  let i = 0;
  for (const b of BOX_CACHES) {
    for (let v = b.low; v < b.low + b.count; v++, i++) {
      const h = archived(lines[i]!);
      if (h !== 0) boxes.push([boxKey(b.cls, v), h]);
    }
  }
  const strings: [string, number][] = [];
  candidates.forEach((s, j) => {
    const h = archived(lines[boxCount + j]!);
    if (h !== 0) strings.push([s, h]);
  });
  return { strings, boxes };
}

/**
 * What the string table of the CDS archive of the JDK at `home` holds (the copy's for HotSpot's
 * engine), cached under `cacheDir` as archived-hashes.ts's files are. `classes`: the archive's
 * classes (archivedClassNames), the JDK 17 trial's candidates; `jcmd`: JDK 25's listing tool (a
 * copy has none of its own). Undefined when the JDK has no archive or the listing fails.
 */
export function archivedStringTable(home: string, cacheDir: string, classes: readonly string[], jcmd: string): ArchivedStringTable | undefined {
  const key = archiveStateKey(home);
  if (key === undefined) return undefined;
  const file = join(cacheDir, `${basename(home)}-${key}-strings.json`);
  const known = tables.get(file);
  if (known !== undefined) return known;
  const table = readOrMakeTable(file, home, classes, jcmd);
  if (table !== undefined) tables.set(file, table);
  return table;
}

/**
 * archivedStringTable's table as its packed file (archived-strings-pack.ts), made from the JSON
 * the first time: what a run hands its worker. Only the packed file's header is read when it
 * is there (the worker reads the rest when its VM first looks a string up).
 */
export function archivedStringFiles(home: string, cacheDir: string, classes: readonly string[], jcmd: string): ArchivedStringFiles | undefined {
  const key = archiveStateKey(home);
  if (key === undefined) return undefined;
  const json = join(cacheDir, `${basename(home)}-${key}-strings.json`);
  const pack = join(cacheDir, `${basename(home)}-${key}-strings.pack`);
  const digest = packedDigest(pack);
  if (digest !== undefined) return { pack, json, digest };
  const table = archivedStringTable(home, cacheDir, classes, jcmd);
  if (table === undefined) return undefined;
  // A packed file that cannot be written: the worker reads the JSON (lazyPackedStrings).
  writePackedStrings(pack, table.strings, table.boxes, table.digest);
  return { pack, json, digest: table.digest };
}

/** The tables read in this process, by cache file (the language server's runs read one once). */
const tables = new Map<string, ArchivedStringTable>();

function readOrMakeTable(file: string, home: string, classes: readonly string[], jcmd: string): ArchivedStringTable | undefined {
  if (existsSync(file)) {
    try {
      const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<ArchivedStringTable>;
      if (Array.isArray(v.strings) && Array.isArray(v.boxes)) return { strings: v.strings, boxes: v.boxes, digest: typeof v.digest === 'string' ? v.digest : tableDigest(v.strings, v.boxes) };
    } catch {
      // rewritten below
    }
  }
  const feature = featureOfHome(home) ?? 0;
  const listed = feature >= 25 ? listSharedStrings(home, jcmd) : feature === 17 ? probeStrings(home, classes) : undefined;
  if (listed === undefined || listed.strings.length === 0) return undefined;
  const table: ArchivedStringTable = { ...listed, digest: tableDigest(listed.strings, listed.boxes) };
  try {
    writeFileAtomic(file, Buffer.from(JSON.stringify(table)));
  } catch {
    // A cache that cannot be written: listed again next time.
  }
  return table;
}

/** JDK 25: the listing of a waiting java of the archive, through `jcmd`. */
function listSharedStrings(home: string, jcmd: string): ListedStrings | undefined {
  if (!existsSync(jcmd)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'komorium-archived-strings-'));
  try {
    writeFileSync(join(dir, 'KomoriumArchivedStringsWait.class'), waitingClass());
    // The java waits (its `ready` once its VM answers an attach), jcmd lists, the java is killed.
    const script = '"$0" -Xshare:on -cp "$1" KomoriumArchivedStringsWait > "$1/ready" & p=$!; n=0; ' +
      'while [ ! -s "$1/ready" ] && kill -0 $p 2>/dev/null && [ $n -lt 600 ]; do sleep 0.1; n=$((n+1)); done; ' +
      '"$2" $p VM.stringtable -verbose; s=$?; kill $p 2>/dev/null; wait $p 2>/dev/null; exit $s';
    const r = childProcess().spawnSync('sh', ['-c', script, join(home, 'bin', 'java'), dir, jcmd], { encoding: 'utf8', timeout: 180_000, maxBuffer: 256 << 20 });
    if (r.status !== 0) return undefined;
    const strings = parseSharedStrings(r.stdout);
    return { strings: strings.map((s): [string, number] => [s, 0]), boxes: [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** JDK 17: the trial with `-XX:hashCode=2` over the candidates. */
function probeStrings(home: string, classes: readonly string[]): ListedStrings | undefined {
  const candidates = stringCandidates(home, classes);
  if (candidates.length === 0) return undefined;
  const out = runHashTrial(home, PROBE, stringProbeClass(), '-Xshare:on', candidates, 180_000);
  return out === undefined ? undefined : parseStringProbe(candidates, out);
}

/** A short digest of a table (boot snapshot keys: the strings interned in the boot hold its hashes). */
export function tableDigest(strings: readonly [string, number][], boxes: readonly [string, number][] | undefined): string {
  const h = createHash('sha256');
  for (const [s, v] of strings) h.update(`${v} ${s}\n`);
  h.update('#\n');
  for (const [k, v] of boxes ?? []) h.update(`${k} ${v}\n`);
  return h.digest('hex').slice(0, 16);
}
