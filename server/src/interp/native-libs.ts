// Native libraries as HotSpot links natives against them (NativeLookup::lookup_style): a
// native method of a boot class whose JNI name libjava exports (or that was registered,
// RegisterNatives, or is one of the VM's own "special" natives) is bound inside the VM; any
// other native is looked up through the Java upcall `ClassLoader.findNative` (JDK 17:
// (loader, name); JDK 25: (loader, class, name, method name)), which walks the loader's
// NativeLibraries map and asks each library for the symbol (NativeLibraryImpl.findEntry0),
// first with the short JNI name, then the long one. That Java code is counted with the JDK
// instrumented, so the embedded engine makes the same upcalls at the same first calls.
//
// Which library exports what is read from the libraries' ELF dynamic symbol tables; the
// libraries "loaded" (NativeLibraries.load, natives/jdk/internal/loader/BootLoader.ts) are
// recorded in the VM (`vm.nativeLibraries`, kept by boot snapshots), their handle the index + 1.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JMethod } from './klass';
import type { JObject } from './object';
import type { NativeImpl } from './natives/registry';
import { enterMethod, placeArgs, pushCall } from './calls';
import { BLOCK, PENDING } from './signals';
import type { JThread } from './thread';
import type { VM } from './vm';

/** A library loaded through NativeLibraries: its file and the loader it belongs to. */
export interface LoadedLibrary {
  path: string;
  loader: JObject | null;
}

const TRACE = !!process.env.KOMORIUM_TRACE_FINDNATIVE;

const symbolCache = new Map<string, ReadonlySet<string> | null>();

/** The names of the symbols `file` (an ELF shared object) defines, from .dynsym; null if unreadable. */
export function dynamicSymbols(file: string): ReadonlySet<string> | null {
  let s = symbolCache.get(file);
  if (s !== undefined) return s;
  s = null;
  try {
    s = readDynsym(fs.readFileSync(file));
  } catch {
    // not a readable ELF64 file: no symbols
  }
  symbolCache.set(file, s);
  return s;
}

function readDynsym(b: Buffer): Set<string> | null {
  // ELF64, little endian only (the JDKs this engine boots are x86-64/aarch64 Linux builds).
  if (b.length < 64 || b.readUInt32BE(0) !== 0x7f454c46 || b[4] !== 2 || b[5] !== 1) return null;
  const shoff = Number(b.readBigUInt64LE(0x28));
  const shentsize = b.readUInt16LE(0x3a);
  const shnum = b.readUInt16LE(0x3c);
  const out = new Set<string>();
  for (let i = 0; i < shnum; i++) {
    const sh = shoff + i * shentsize;
    if (b.readUInt32LE(sh + 4) !== 11) continue; // SHT_DYNSYM
    const off = Number(b.readBigUInt64LE(sh + 0x18));
    const size = Number(b.readBigUInt64LE(sh + 0x20));
    const entsize = Number(b.readBigUInt64LE(sh + 0x38)) || 24;
    const link = b.readUInt32LE(sh + 0x28);
    const strOff = Number(b.readBigUInt64LE(shoff + link * shentsize + 0x18));
    for (let e = off; e + entsize <= off + size; e += entsize) {
      const shndx = b.readUInt16LE(e + 6);
      if (shndx === 0) continue; // undefined: imported
      const nameAt = strOff + b.readUInt32LE(e);
      const end = b.indexOf(0, nameAt);
      if (end > nameAt) out.add(b.toString('latin1', nameAt, end));
    }
  }
  return out;
}

/** JNI's escape of a name or descriptor part (JNI spec, "Resolving Native Method Names"). */
function mangle(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '/') out += '_';
    else if (ch === '_') out += '_1';
    else if (ch === ';') out += '_2';
    else if (ch === '[') out += '_3';
    else if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) out += ch;
    else {
      // UTF-16 units, as HotSpot's mangle_name_on writes them
      for (const u of String.fromCodePoint(c)) out += `_0${(u.charCodeAt(0) as number).toString(16).padStart(4, '0')}`;
    }
  }
  return out;
}

/** The short and the long JNI name of `m`. */
export function jniNames(m: JMethod): [string, string] {
  const short = `Java_${mangle(m.klass.name)}_${mangle(m.name)}`;
  const args = m.desc.slice(1, m.desc.indexOf(')'));
  return [short, `${short}__${mangle(args)}`];
}

function libjava(vm: VM): ReadonlySet<string> | null {
  return dynamicSymbols(path.join(vm.opts.jdk.home, 'lib', 'libjava.so'));
}

/** True when a library loaded for `loader` defines `name` (what findNative would find). */
function loadedDefines(vm: VM, loader: JObject | null, name: string): boolean {
  for (const l of vm.nativeLibraries) if (l.loader === loader && dynamicSymbols(l.path)?.has(name) === true) return true;
  return false;
}

/**
 * Natives HotSpot's interpreter (and compiled code) runs through intrinsic entries of its own
 * (AbstractInterpreter's java_util_zip_CRC32_* kinds, UseCRC32Intrinsics): never linked, so
 * never looked up.
 */
const INTERPRETER_ENTRIES: ReadonlySet<string> = new Set(['java/util/zip/CRC32.update(II)I', 'java/util/zip/CRC32.updateBytes0(I[BII)I', 'java/util/zip/CRC32.updateByteBuffer0(IJII)I']);

/**
 * The JNI names HotSpot passes to `ClassLoader.findNative` when it links `m` at its first call,
 * in order (empty: bound in the VM). A name no loaded library defines and libjava does not
 * export is taken as registered (RegisterNatives) or special: no upcall.
 */
export function findNativeNames(vm: VM, m: JMethod): string[] {
  const loader = m.klass.loader;
  if (loader === null && INTERPRETER_ENTRIES.has(`${m.klass.name}.${m.name}${m.desc}`)) return [];
  const names = jniNames(m);
  const java = loader === null ? libjava(vm) : null;
  const out: string[] = [];
  for (const n of names) {
    if (java?.has(n) === true) return out;
    out.push(n);
    if (loadedDefines(vm, loader, n)) return out;
  }
  return [];
}

/** NativeLibraries.load: records the library; its handle. */
export function loadLibrary(vm: VM, file: string, loader: JObject | null): number {
  if (TRACE) vm.reportFailure(`[findNative] load ${file}`);
  vm.nativeLibraries.push({ path: file, loader });
  return vm.nativeLibraries.length;
}

/** NativeLibrary.findEntry0: non-zero when the library of `handle` defines `name`. */
export function findEntry(vm: VM, handle: number, name: string): number {
  const l = vm.nativeLibraries[handle - 1];
  if (l === undefined || dynamicSymbols(l.path)?.has(name) !== true) return 0;
  return handle * 0x10000 + 1;
}

/**
 * `impl` of native `m`, linked as HotSpot links it at its first call: when HotSpot would look
 * it up through `ClassLoader.findNative`, the first call makes those upcalls (with the native's
 * frame on the stack, as HotSpot's prepare_native_call does), discards their result and then
 * runs the native. `m.linked` (kept by boot snapshots) records that the lookup happened.
 */
export function linkNative(vm: VM, m: JMethod, impl: NativeImpl): NativeImpl {
  if (m.linked) return impl;
  const names = findNativeNames(vm, m);
  if (names.length === 0) {
    m.linked = true;
    return impl;
  }
  const cl = vm.classes.loadBoot('java/lang/ClassLoader');
  // JDK 19+: findNative(loader, class, entry name, java name); before: findNative(loader, name).
  const withClass = vm.opts.jdk.feature >= 19;
  const find = cl.declared.get(withClass ? 'findNative(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;)J' : 'findNative(Ljava/lang/ClassLoader;Ljava/lang/String;)J');
  if (find === undefined) {
    m.linked = true;
    return impl;
  }
  const args = (n: string): unknown[] => (withClass ? [m.klass.loader, vm.mirrorOf(m.klass), vm.newString(n), vm.newString(m.name)] : [m.klass.loader, vm.newString(n)]);
  return (t: JThread, base: number) => {
    if (TRACE) vm.reportFailure(`[findNative] ${t.name}: ${names.join(', ')}`);
    m.linked = true;
    m.native = impl;
    let i = 0;
    let ran = false;
    pushCall(vm, t, find, args(names[0] as string), {
      kind: m.retKind,
      resumePc: -1,
      base: -1,
      onReturn: (v) => {
        if (ran) return v; // the native's own upcall finished: its result
        if (++i < names.length) {
          const g = t.frames[t.depth];
          t.ensureSlots(g.lp + find.argSlots + 16);
          placeArgs(t, g.lp, find, args(names[i] as string));
          enterMethod(vm, t, find, g.lp);
          return PENDING;
        }
        ran = true;
        try {
          return impl(t, base);
        } catch (e) {
          // The native blocked: its frame is the top again, resumed as any blocked native.
          if (e === BLOCK) t.depth--;
          throw e;
        }
      },
    });
    throw PENDING;
  };
}
