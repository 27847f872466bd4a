// Worker entry: disassembles a class and its transformed version (bytecode-job.ts).
import { serveJob } from '../engine/worker-thread';
import { bytecodeListings } from './bytecode-job';

serveJob(bytecodeListings);
