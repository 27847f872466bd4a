// The komorium CLI entry point. Subcommands live in ./commands/*.ts, one module each.
import { runCli } from './cli';

// A closed pipe (`komorium run ... | head`) drops the rest of the output instead of crashing:
// the program runs to its end and its profile is still written.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    stream.write = (() => true) as typeof stream.write;
  });
}

process.exitCode = await runCli(process.argv.slice(2));
