// The first checks HotSpot's ClassFileParser makes on a class file, with its messages: the
// file holds at least the 8 header bytes, the magic number, and a class file version this JDK
// supports (else UnsupportedClassVersionError). A file that ends too early anywhere is
// "Truncated class file". `name` is the class being loaded, in internal form, or null when the
// loader did not say (HotSpot: <Unknown>).

import { VmError } from './signals';

/** The class file's version is known; preview features are never enabled (no --enable-preview). */
export function checkClassHeader(bytes: Uint8Array, name: string | null, jdkFeature: number): void {
  const shown = name ?? '<Unknown>';
  if (bytes.length < 8) throw new VmError('java/lang/ClassFormatError', 'Truncated class file');
  const magic = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  if (magic !== 0xcafebabe) throw new VmError('java/lang/ClassFormatError', `Incompatible magic value ${magic} in class file ${shown}`);
  const minor = (bytes[4] << 8) | bytes[5];
  const major = (bytes[6] << 8) | bytes[7];
  const max = jdkFeature + 44;
  const version = `(class file version ${major}.${minor})`;
  const fail = (msg: string): never => {
    throw new VmError('java/lang/UnsupportedClassVersionError', msg);
  };
  if (major > max) fail(`${shown} has been compiled by a more recent version of the Java Runtime ${version}, this version of the Java Runtime only recognizes class file versions up to ${max}.0`);
  if (major < 45) fail(`${shown} ${version} was compiled with an invalid major version`);
  // Java 12 (56) and later: the minor version is 0, or 65535 for preview features.
  if (major >= 56 && minor !== 0) {
    if (minor !== 0xffff) fail(`${shown} ${version} was compiled with an invalid non-zero minor version`);
    if (major !== max) fail(`${shown} ${version} was compiled with preview features that are unsupported. This version of the Java Runtime only recognizes preview features for class file version ${max}.65535`);
    fail(`Preview features are not enabled for ${shown} ${version}. Try running with '--enable-preview'`);
  }
}

/** HotSpot's message for a class file that ends before the parser is done. */
export const TRUNCATED = 'Truncated class file';
