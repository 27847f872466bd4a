// The CLI's SIGINT and SIGTERM handling during a run: from the moment it is installed until the
// process exits, every signal is caught (a second one must not kill the CLI while the profile is
// being written) and passed to whoever listens; the run then ends as java does after that
// signal (shutdown hooks, exit status 130 or 143).

import type { SignalSource } from '../engine/hotspot';
import type { StopSignal } from '../engine/run';

export class SignalTrap implements SignalSource {
  received: StopSignal | null = null;
  private readonly listeners: ((s: StopSignal) => void)[] = [];

  constructor() {
    // Never removed: the handlers do not keep the process alive, and a signal after the run
    // (while the engine shuts down) must not kill the CLI either.
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => this.fire(s));
  }

  private fire(s: StopSignal): void {
    this.received ??= s;
    for (const f of this.listeners) f(s);
  }

  onSignal(f: (s: StopSignal) => void): void {
    this.listeners.push(f);
  }
}
