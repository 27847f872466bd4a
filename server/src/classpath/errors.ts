// Typed errors of the class path layer. Each names the file it is about, so a message like
// "JImageFormatError: /usr/lib/jvm/x/lib/modules: at offset 28: ..." says what went wrong where.

/** Base class: anything wrong with a class path entry (jimage, jar, directory) or the JDK. */
export class ClassPathError extends Error {
  override readonly name: string = 'ClassPathError';
  constructor(
    /** The file or directory concerned. */
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/** A malformed or unsupported jimage (`lib/modules`) file. */
export class JImageFormatError extends ClassPathError {
  override readonly name = 'JImageFormatError';
  constructor(
    file: string,
    /** Byte offset in the file where the problem was found, when known. */
    readonly offset: number | undefined,
    readonly problem: string,
  ) {
    super(file, offset === undefined ? problem : `at offset ${offset}: ${problem}`);
  }
}

/** A malformed or unsupported zip/jar file. */
export class ZipFormatError extends ClassPathError {
  override readonly name = 'ZipFormatError';
  constructor(
    file: string,
    readonly problem: string,
  ) {
    super(file, problem);
  }
}

/** No usable JDK was found. `tried` lists every place looked at and why it was rejected. */
export class JdkNotFoundError extends Error {
  override readonly name = 'JdkNotFoundError';
  constructor(readonly tried: string[]) {
    super(`no JDK found (need a JDK 9+ with lib/modules); tried:\n  ${tried.join('\n  ')}`);
  }
}

/** A `disasm` target (class file, jar!entry or class name) that cannot be resolved. */
export class TargetNotFoundError extends Error {
  override readonly name = 'TargetNotFoundError';
  constructor(
    readonly target: string,
    readonly reason: string,
  ) {
    super(`${target}: ${reason}`);
  }
}
