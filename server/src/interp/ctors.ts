// Instance constructors of Java classes (klass.ts ensureCtor): generated per class, so that
// every object of a class has one stable V8 shape (object.ts). Made from a spec, which a boot
// snapshot writes beside a class's objects to make the same constructor again on restore.

import { AS_DOUBLE, JObject, INT_FIRST, SMI_INT32 } from './object';
import type { InstanceCtor, JField } from './klass';

/**
 * What a class's instance constructor assigns, in order: each field's key and its first value
 * ('n' null, 'd' a double, 's' a small number), then the VM-private properties (null). A boot
 * snapshot writes it beside a class's objects and makes the constructor from it again
 * (snapshot/positional.ts), so that restored objects and new ones share one constructor.
 */
export interface CtorSpec {
  keys: string[];
  init: string;
  extra: string[];
}

export function ctorSpec(fields: readonly JField[], extra: readonly string[]): CtorSpec {
  let init = '';
  for (const f of fields) {
    const c = f.desc.charCodeAt(0);
    if (c === 0x4c || c === 0x5b) init += 'n'; // L [: null (klass.ts defaultValue)
    else {
      // I F D J; an int is a Smi where every int32 is one (object.ts SMI_INT32).
      init += (c === 0x49 && !SMI_INT32) || c === 0x46 || c === 0x44 || c === 0x4a ? 'd' : 's';
    }
  }
  return { keys: fields.map((f) => f.key), init, extra: [...extra] };
}

/** The property keys an instance made by the constructor of `spec` has, in order. */
export function ctorKeys(spec: CtorSpec): string[] {
  return ['klass', 'mon', 'ihash', ...spec.keys, ...spec.extra];
}

export function makeCtorFromSpec(spec: CtorSpec): InstanceCtor {
  return makeCtorsFromSpecs([spec])[0];
}

/**
 * Instance constructors for `specs`, each its own function (so each its own hidden classes),
 * compiled as one script: a boot snapshot's restore makes a few hundred at once.
 */
export function makeCtorsFromSpecs(specs: readonly CtorSpec[]): InstanceCtor[] {
  // A plain constructor function per class, with JObject's own properties assigned here rather
  // than by JObject's constructor: a shared base constructor would see every class's shape and
  // its property stores would go megamorphic (measured: 15% of a collections-heavy run).
  // Numeric properties that can hold large or fractional values get V8's double representation
  // from their first store (object.ts AS_DOUBLE; ints and identity hashes only where an int32
  // may not be a Smi, SMI_INT32); byte, short, char and boolean stay small.
  const body: string[] = ['"use strict";', 'const all = [];'];
  for (const spec of specs) {
    body.push('{', 'function O(k) {', 'this.klass = k;', 'this.mon = null;', `this.ihash = ${INT_FIRST};`, 'this.ihash = 0;');
    spec.keys.forEach((k, i) => {
      const key = JSON.stringify(k);
      const c = spec.init[i];
      if (c === 'n') body.push(`this[${key}] = null;`);
      else {
        if (c === 'd') body.push(`this[${key}] = ${AS_DOUBLE};`);
        body.push(`this[${key}] = 0;`);
      }
    });
    for (const p of spec.extra) body.push(`this[${JSON.stringify(p)}] = null;`);
    body.push('}', 'O.prototype = Object.create(Base.prototype);', 'O.prototype.constructor = O;', 'all.push(O);', '}');
  }
  body.push('return all;');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('Base', body.join('\n'))(JObject) as InstanceCtor[];
}

