// Worker entry: one batch of `komorium roundtrip` (classfile/roundtrip.ts).
import { serveJob } from '../../engine/worker-thread';
import { roundTripClasses, type RoundTripResult } from '../../classfile/roundtrip';

export interface RoundTripJob {
  names: string[];
  classes: Uint8Array[];
}

serveJob((job: RoundTripJob): RoundTripResult => roundTripClasses(job.names, job.classes));
