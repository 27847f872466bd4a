// Worker entry: prepares a HotSpot run (hotspot-prepare.ts) off the language server's thread.
import { prepareHotSpot } from './hotspot-prepare';
import { serveJob } from './worker-thread';

serveJob(prepareHotSpot);
