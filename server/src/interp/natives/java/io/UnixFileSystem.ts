// Natives of java.io.UnixFileSystem (java.io.File's queries and operations on the host).

import * as fs from 'node:fs';
import { basename, dirname } from 'node:path';
import type { JObject } from '../../../object';
import { VmError } from '../../../signals';
import type { JThread } from '../../../thread';
import type { VM } from '../../../vm';
import type { NativeTable } from '../../registry';
import { getField, nonNull, str } from '../../util';
import { toNumber, type Long } from '../../../long';
import { errorText } from '../../host/errno';
import { hostPath } from './stdio';

// FileSystem.BA_* and ACCESS_* and SPACE_* constants.
const BA_EXISTS = 0x01;
const BA_REGULAR = 0x02;
const BA_DIRECTORY = 0x04;
const ACCESS_READ = 0x04;
const ACCESS_WRITE = 0x02;
const ACCESS_EXECUTE = 0x01;

function filePath(vm: VM, file: JObject | null): string {
  return hostPath(vm, str(vm, getField(vm, nonNull(file), 'java/io/File', 'path') as JObject));
}

function statOrNull(p: string): fs.Stats | null {
  try {
    return fs.statSync(p);
  } catch {
    return null;
  }
}

function ok(f: () => void): number {
  try {
    f();
    return 1;
  } catch {
    return 0;
  }
}

/** realpath of the longest existing prefix, the rest appended (as the JDK's canonicalize). */
function canonical(p: string): string {
  if (p === '') return p;
  try {
    return fs.realpathSync(p);
  } catch {
    const parent = dirname(p);
    if (parent === p) return p;
    const c = canonical(parent);
    return `${c === '/' ? '' : c}/${basename(p)}`;
  }
}

export const natives: NativeTable = {
  'initIDs()V': () => undefined,
  'canonicalize0(Ljava/lang/String;)Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, p: JObject | null) => vm.newString(canonical(hostPath(vm, str(vm, p)))),
  'getBooleanAttributes0(Ljava/io/File;)I': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    const st = statOrNull(filePath(vm, f));
    if (!st) return 0;
    return BA_EXISTS | (st.isFile() ? BA_REGULAR : 0) | (st.isDirectory() ? BA_DIRECTORY : 0);
  },
  'checkAccess(Ljava/io/File;I)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, access: number) => {
    const mode = (access & ACCESS_READ ? fs.constants.R_OK : 0) | (access & ACCESS_WRITE ? fs.constants.W_OK : 0) | (access & ACCESS_EXECUTE ? fs.constants.X_OK : 0);
    return ok(() => fs.accessSync(filePath(vm, f), mode));
  },
  'getLastModifiedTime(Ljava/io/File;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => Math.floor(statOrNull(filePath(vm, f))?.mtimeMs ?? 0),
  'getLength(Ljava/io/File;)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => statOrNull(filePath(vm, f))?.size ?? 0,
  'setPermission(Ljava/io/File;IZZ)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, access: number, enable: number, ownerOnly: number) => {
    const p = filePath(vm, f);
    return ok(() => {
      const bits = (access & ACCESS_READ ? 0o444 : 0) | (access & ACCESS_WRITE ? 0o222 : 0) | (access & ACCESS_EXECUTE ? 0o111 : 0);
      const mask = ownerOnly ? bits & 0o700 : bits;
      const mode = fs.statSync(p).mode & 0o7777;
      fs.chmodSync(p, enable ? mode | mask : mode & ~mask);
    });
  },
  'createFileExclusively(Ljava/lang/String;)Z': (vm: VM, _t: JThread, _self: JObject, p: JObject | null) => {
    try {
      fs.closeSync(fs.openSync(hostPath(vm, str(vm, p)), 'wx'));
      return 1;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return 0;
      throw new VmError('java/io/IOException', errorText(e));
    }
  },
  'delete0(Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    const p = filePath(vm, f);
    return ok(() => {
      if (fs.lstatSync(p).isDirectory()) fs.rmdirSync(p);
      else fs.unlinkSync(p);
    });
  },
  'list(Ljava/io/File;)[Ljava/lang/String;': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    let dir: fs.Dir;
    try {
      dir = fs.opendirSync(filePath(vm, f));
    } catch {
      return null;
    }
    // Directory order as readdir(3) gives it (like the JDK), not sorted.
    const names: JObject[] = [];
    try {
      for (let e = dir.readSync(); e !== null; e = dir.readSync()) names.push(vm.newString(e.name));
    } finally {
      dir.closeSync();
    }
    return vm.newObjectArray(vm.classes.loadBoot('java/lang/String'), names);
  },
  'createDirectory(Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => ok(() => fs.mkdirSync(filePath(vm, f))),
  'rename0(Ljava/io/File;Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, a: JObject | null, b: JObject | null) => ok(() => fs.renameSync(filePath(vm, a), filePath(vm, b))),
  'setLastModifiedTime(Ljava/io/File;J)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, time: Long) => {
    const p = filePath(vm, f);
    return ok(() => fs.utimesSync(p, fs.statSync(p).atime, new Date(toNumber(time))));
  },
  'setReadOnly(Ljava/io/File;)Z': (vm: VM, _t: JThread, _self: JObject, f: JObject | null) => {
    const p = filePath(vm, f);
    return ok(() => fs.chmodSync(p, fs.statSync(p).mode & 0o7555));
  },
  'getSpace(Ljava/io/File;I)J': (vm: VM, _t: JThread, _self: JObject, f: JObject | null, which: number) => {
    try {
      const s = fs.statfsSync(filePath(vm, f));
      return which === 0 ? s.blocks * s.bsize : which === 1 ? s.bfree * s.bsize : s.bavail * s.bsize;
    } catch {
      return 0;
    }
  },
  'getNameMax0(Ljava/lang/String;)J': () => 255,
};
