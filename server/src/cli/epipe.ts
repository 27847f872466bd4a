// A closed pipe (`komorium run ... | head`) drops the rest of the output instead of crashing:
// the program runs to its end and its profile is still written. Installed by the CLI's entry
// (main.ts) and by the embedded run's small entry (run-embedded-entry.ts).

export function dropOutputOnEpipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      stream.write = (() => true) as typeof stream.write;
    });
  }
}
