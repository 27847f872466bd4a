// The module attributes of module-info.class: Module (JVMS 4.7.25), ModulePackages (4.7.26)
// and ModuleMainClass (4.7.27).

import type { ModuleInfo } from '../model';
import type { ByteWriter } from '../bytes';
import type { Codecs } from './codec';
import { M, writeU2List, type ReadContext } from './context';

type Directive = ModuleInfo['exports'][number];

function readDirectives(ctx: ReadContext, what: 'exports' | 'opens'): Directive[] {
  const n = ctx.count(6, what);
  const out: Directive[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const index = ctx.ref(M.Package, `${what}_index`);
    const flags = ctx.r.u2(`${what}_flags`);
    out[i] = { index, flags, toIndices: ctx.refs(M.Module, `${what}_to_index`) };
  }
  return out;
}

function writeDirectives(w: ByteWriter, list: readonly Directive[]): void {
  w.u2(list.length);
  for (const d of list) {
    w.u2(d.index);
    w.u2(d.flags);
    writeU2List(w, d.toIndices);
  }
}

function readModule(ctx: ReadContext): ModuleInfo {
  const { r } = ctx;
  const moduleNameIndex = ctx.ref(M.Module, 'module_name_index');
  const moduleFlags = r.u2('module_flags');
  const moduleVersionIndex = ctx.optRef(M.Utf8, 'module_version_index');
  const nRequires = ctx.count(6, 'requires');
  const requires: ModuleInfo['requires'] = new Array(nRequires);
  for (let i = 0; i < nRequires; i++) {
    const index = ctx.ref(M.Module, 'requires_index');
    const flags = r.u2('requires_flags');
    requires[i] = { index, flags, versionIndex: ctx.optRef(M.Utf8, 'requires_version_index') };
  }
  const exports = readDirectives(ctx, 'exports');
  const opens = readDirectives(ctx, 'opens');
  const usesIndices = ctx.refs(M.Class, 'uses_index');
  const nProvides = ctx.count(4, 'provides');
  const provides: ModuleInfo['provides'] = new Array(nProvides);
  for (let i = 0; i < nProvides; i++) {
    const index = ctx.ref(M.Class, 'provides_index');
    provides[i] = { index, withIndices: ctx.refs(M.Class, 'provides_with_index') };
  }
  return { moduleNameIndex, moduleFlags, moduleVersionIndex, requires, exports, opens, usesIndices, provides };
}

function writeModule(w: ByteWriter, m: ModuleInfo): void {
  w.u2(m.moduleNameIndex);
  w.u2(m.moduleFlags);
  w.u2(m.moduleVersionIndex);
  w.u2(m.requires.length);
  for (const q of m.requires) {
    w.u2(q.index);
    w.u2(q.flags);
    w.u2(q.versionIndex);
  }
  writeDirectives(w, m.exports);
  writeDirectives(w, m.opens);
  writeU2List(w, m.usesIndices);
  w.u2(m.provides.length);
  for (const p of m.provides) {
    w.u2(p.index);
    writeU2List(w, p.withIndices);
  }
}

export const moduleCodecs: Codecs<'Module' | 'ModulePackages' | 'ModuleMainClass'> = {
  Module: {
    read: (ctx, nameIndex) => ({ name: 'Module', nameIndex, module: readModule(ctx) }),
    write: ({ w }, a) => writeModule(w, a.module),
  },
  ModulePackages: {
    read: (ctx, nameIndex) => ({ name: 'ModulePackages', nameIndex, packageIndices: ctx.refs(M.Package, 'package_index') }),
    write: ({ w }, a) => writeU2List(w, a.packageIndices),
  },
  ModuleMainClass: {
    read: (ctx, nameIndex) => ({ name: 'ModuleMainClass', nameIndex, mainClassIndex: ctx.ref(M.Class, 'main_class_index') }),
    write: ({ w }, a) => w.u2(a.mainClassIndex),
  },
};

