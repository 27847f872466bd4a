// Worker entry: one profile's side of a diff collected (and stored in the side cache) in a
// worker thread, while the calling thread collects the other side (diff-sides.ts). Its typed
// arrays are transferred back, not copied.
import { serveJob } from '../engine/worker-thread';
import { sideJob, sideTransfer } from './diff-sides';

serveJob(sideJob, sideTransfer);
