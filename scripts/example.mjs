// npm run example: compiles the bundled example program with the JDK's javac, profiles it with
// `komorium run`, and prints the report (hot methods, calling context tree, hot lines).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'examples', 'hotspots', 'Hotspots.java');
const out = join(root, 'examples', 'hotspots', 'build');
mkdirSync(out, { recursive: true });
const javac = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'javac') : 'javac';
execFileSync(javac, ['-g', '-d', out, src], { stdio: 'inherit' });
const cli = join(root, 'bin', 'komorium.mjs');
const profile = join(root, 'examples', 'hotspots', 'profile.json');
const run = spawnSync(process.execPath, [cli, 'run', '--engine', 'interpreter', '-o', profile, '-cp', out, 'Hotspots', ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const rep = spawnSync(process.execPath, [cli, 'report', profile, '--top', '10', '--tree', '--lines'], { stdio: 'inherit' });
process.exit(rep.status ?? 1);
