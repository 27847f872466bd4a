// Waiting for a `java` child process while passing the CLI's stop signals on to it: the HotSpot
// engine's run (hotspot.ts) and the CLI's warm start (cli/run-fast.ts) share it.
import type { ChildProcess } from 'node:child_process';
import type { SignalSource } from './hotspot';

/**
 * Resolves with `child`'s exit code and signal once it has closed. java's own handler runs the
 * shutdown hooks (the profile is written) and exits with 128 + n; a second signal while they run
 * changes nothing, so only the first is passed on (java may have had it already, from the
 * terminal's process group: that is harmless).
 */
export function waitForJava(child: ChildProcess, signals: SignalSource | undefined): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let forwarded = false;
  signals?.onSignal((s) => {
    if (forwarded || child.exitCode !== null || child.signalCode !== null) return;
    forwarded = true;
    child.kill(s);
  });
  return new Promise((res, rej) => {
    child.on('error', rej);
    child.on('close', (code, signal) => res({ code, signal }));
  });
}
