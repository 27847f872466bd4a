// Development aid: two profiles of one program (HotSpot and embedded, `--instrument all`,
// granularity 1, R = 0) compared on the main thread (engines-profile.ts).
//   node --import tsx test/helpers/engines-profile-cli.ts HOTSPOT.json EMBEDDED.json [MainClass] [--top N]
// KOMORIUM_CONTEXT_FRAMES=N prints the last N frames of each context (default 5).
import { loadProfile } from '../../server/src/profile/load';
import { compareMainThread, describeMainThread } from './engines-profile';

const argv = process.argv.slice(2);
let top = 10;
const rest: string[] = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--top') top = Number(argv[++i]);
  else rest.push(argv[i]!);
}
const [h, e, main] = rest;
if (h === undefined || e === undefined) {
  console.error('usage: engines-profile-cli.ts HOTSPOT.json EMBEDDED.json [MainClass] [--top N]');
  process.exit(2);
}
const hp = loadProfile(h);
for (const line of describeMainThread(compareMainThread(hp, loadProfile(e), main ?? hp.meta.program ?? 'Main'), top)) console.log(line);
