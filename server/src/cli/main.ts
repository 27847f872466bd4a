// The komorium CLI entry point. Subcommands live in ./commands/*.ts, one module each.
import { runCli } from './cli';
import { dropOutputOnEpipe } from './epipe';

dropOutputOnEpipe();
process.exitCode = await runCli(process.argv.slice(2));
