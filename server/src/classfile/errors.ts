// Typed errors for malformed class files. Every error names the file, the byte offset and
// what was expected there, like HotSpot's ClassFormatError messages.

export class ClassFormatError extends Error {
  override readonly name = 'ClassFormatError';
  constructor(
    /** The file (or jar!entry, or jimage path) being read; '<bytes>' when unknown. */
    readonly file: string,
    /** Byte offset in the class file where the problem was found. */
    readonly offset: number,
    /** What was expected there, e.g. "magic 0xCAFEBABE" or "constant-pool index < 42". */
    readonly expected: string,
    /** What was found, if it helps. */
    readonly found?: string,
  ) {
    super(`${file}: at offset ${offset}: expected ${expected}${found !== undefined ? `, found ${found}` : ''}`);
  }
}

/** Errors in the editable code model (bad labels, unencodable jumps, ...). */
export class CodeModelError extends Error {
  override readonly name = 'CodeModelError';
}
