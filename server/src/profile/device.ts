// Output paths that are devices, such as /dev/null. The writers write through a temporary file
// renamed over the target, so a reader never sees half a profile; renamed over a device, that
// replaced the device with a regular file (as root: /dev/null itself, for every process on the
// machine). A device is written in place instead. (A FIFO is not handled yet: the run reads its
// profile back from the target, which on a FIFO would block; it is replaced as a file is.)

import { statSync } from 'node:fs';

/** True when `path` is a character or block device (followed through symlinks). */
export function isDevice(path: string): boolean {
  try {
    const s = statSync(path);
    return s.isCharacterDevice() || s.isBlockDevice();
  } catch {
    return false;
  }
}
