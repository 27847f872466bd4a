// The komorium CLI entry point. Subcommands live in ./commands/*.ts, one module each.
import { runCli } from './cli';

process.exitCode = await runCli(process.argv.slice(2));
