// Worker entry: loads, indexes and exports profiles for the language server (profile-job.ts).
import { serveJob } from '../engine/worker-thread';
import { profileJob, resultBuffers } from './profile-job';

serveJob(profileJob, resultBuffers);
