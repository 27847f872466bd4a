// Class-level attributes: SourceFile (JVMS 4.7.10), SourceDebugExtension (4.7.11), InnerClasses
// (4.7.6), EnclosingMethod (4.7.7), BootstrapMethods (4.7.23), NestHost (4.7.28), NestMembers
// (4.7.29), Record (4.7.30) and PermittedSubclasses (4.7.31).

import type { BootstrapMethod, InnerClass, RecordComponent } from '../model';
import type { Codecs } from './codec';
import { LOADABLE, M, writeU2List } from './context';

type ClassNames =
  | 'SourceFile'
  | 'SourceDebugExtension'
  | 'InnerClasses'
  | 'EnclosingMethod'
  | 'BootstrapMethods'
  | 'NestHost'
  | 'NestMembers'
  | 'Record'
  | 'PermittedSubclasses';

export const classCodecs: Codecs<ClassNames> = {
  SourceFile: {
    read: (ctx, nameIndex) => ({ name: 'SourceFile', nameIndex, sourceFileIndex: ctx.ref(M.Utf8, 'sourcefile_index') }),
    write: ({ w }, a) => w.u2(a.sourceFileIndex),
  },

  SourceDebugExtension: {
    read: (ctx, nameIndex, length) => ({ name: 'SourceDebugExtension', nameIndex, data: ctx.r.bytes(length, 'debug_extension') }),
    write: ({ w }, a) => w.bytes(a.data),
  },

  InnerClasses: {
    read(ctx, nameIndex) {
      const n = ctx.count(8, 'inner classes');
      const classes: InnerClass[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const innerClassInfoIndex = ctx.ref(M.Class, 'inner_class_info_index');
        const outerClassInfoIndex = ctx.optRef(M.Class, 'outer_class_info_index');
        const innerNameIndex = ctx.optRef(M.Utf8, 'inner_name_index');
        classes[i] = { innerClassInfoIndex, outerClassInfoIndex, innerNameIndex, innerClassAccessFlags: ctx.r.u2() };
      }
      return { name: 'InnerClasses', nameIndex, classes };
    },
    write({ w }, a) {
      w.u2(a.classes.length);
      for (const c of a.classes) {
        w.u2(c.innerClassInfoIndex);
        w.u2(c.outerClassInfoIndex);
        w.u2(c.innerNameIndex);
        w.u2(c.innerClassAccessFlags);
      }
    },
  },

  EnclosingMethod: {
    read(ctx, nameIndex) {
      const classIndex = ctx.ref(M.Class, 'EnclosingMethod class_index');
      return { name: 'EnclosingMethod', nameIndex, classIndex, methodIndex: ctx.optRef(M.NameAndType, 'EnclosingMethod method_index') };
    },
    write({ w }, a) {
      w.u2(a.classIndex);
      w.u2(a.methodIndex);
    },
  },

  BootstrapMethods: {
    read(ctx, nameIndex) {
      const n = ctx.count(4, 'bootstrap methods');
      const methods: BootstrapMethod[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const methodRefIndex = ctx.ref(M.MethodHandle, 'bootstrap_method_ref');
        methods[i] = { methodRefIndex, argumentIndices: ctx.refs(LOADABLE, 'bootstrap_arguments') };
      }
      return { name: 'BootstrapMethods', nameIndex, methods };
    },
    write({ w }, a) {
      w.u2(a.methods.length);
      for (const m of a.methods) {
        w.u2(m.methodRefIndex);
        writeU2List(w, m.argumentIndices);
      }
    },
  },

  NestHost: {
    read: (ctx, nameIndex) => ({ name: 'NestHost', nameIndex, hostClassIndex: ctx.ref(M.Class, 'host_class_index') }),
    write: ({ w }, a) => w.u2(a.hostClassIndex),
  },

  NestMembers: {
    read: (ctx, nameIndex) => ({ name: 'NestMembers', nameIndex, classIndices: ctx.refs(M.Class, 'nest member classes') }),
    write: ({ w }, a) => writeU2List(w, a.classIndices),
  },

  PermittedSubclasses: {
    read: (ctx, nameIndex) => ({ name: 'PermittedSubclasses', nameIndex, classIndices: ctx.refs(M.Class, 'permitted subclasses') }),
    write: ({ w }, a) => writeU2List(w, a.classIndices),
  },

  Record: {
    read(ctx, nameIndex) {
      const n = ctx.count(6, 'record components');
      const components: RecordComponent[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const cNameIndex = ctx.ref(M.Utf8, 'record component name_index');
        const descriptorIndex = ctx.ref(M.Utf8, 'record component descriptor_index');
        components[i] = { nameIndex: cNameIndex, descriptorIndex, attributes: ctx.attributes(ctx) };
      }
      return { name: 'Record', nameIndex, components };
    },
    write(ctx, a) {
      const { w } = ctx;
      w.u2(a.components.length);
      for (const c of a.components) {
        w.u2(c.nameIndex);
        w.u2(c.descriptorIndex);
        ctx.attributes(c.attributes);
      }
    },
  },
};
