// Whether a process of this machine exists (a cache writer that left a temporary file).

/** True while process `pid` exists (EPERM: it exists, owned by another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
