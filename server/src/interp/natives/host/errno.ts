// Host errors (node:fs) as Linux errno values and glibc strerror texts, for natives that
// report them to Java the way the JDK's C code does (UnixException, IOException messages).

import { constants } from 'node:os';

const TEXT: Record<number, string> = {
  1: 'Operation not permitted',
  2: 'No such file or directory',
  4: 'Interrupted system call',
  5: 'Input/output error',
  9: 'Bad file descriptor',
  11: 'Resource temporarily unavailable',
  12: 'Cannot allocate memory',
  13: 'Permission denied',
  16: 'Device or resource busy',
  17: 'File exists',
  18: 'Invalid cross-device link',
  20: 'Not a directory',
  21: 'Is a directory',
  22: 'Invalid argument',
  23: 'Too many open files in system',
  24: 'Too many open files',
  26: 'Text file busy',
  27: 'File too large',
  28: 'No space left on device',
  29: 'Illegal seek',
  30: 'Read-only file system',
  31: 'Too many links',
  32: 'Broken pipe',
  36: 'File name too long',
  38: 'Function not implemented',
  39: 'Directory not empty',
  40: 'Too many levels of symbolic links',
  61: 'No data available',
  95: 'Operation not supported',
};

/** The errno of a node:fs error (EIO when unknown). */
export function errnoOf(e: unknown): number {
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.errno === 'number' && err.errno !== 0) return Math.abs(err.errno);
  const code = err?.code;
  if (code && code in constants.errno) return (constants.errno as Record<string, number>)[code];
  return 5;
}

/** strerror(errno) as glibc words it. */
export function strerror(errno: number): string {
  return TEXT[errno] ?? `Unknown error ${errno}`;
}

/** The message of a host error, as the JDK's C code would report it. */
export function errorText(e: unknown): string {
  return strerror(errnoOf(e));
}
