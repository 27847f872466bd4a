// Worker entry: an embedded `--instrument all` run's preparation (interp-archived.ts
// archivedPrepared: the instrumented copy of the JDK built, its CDS archive's trials run) off
// the language server's thread; its progress lines and notes go to the run as job events.
import { archivedPrepared, type ArchivedJob } from './interp-archived';
import { jobEvent, serveJob } from './worker-thread';

serveJob((input: ArchivedJob) => archivedPrepared(input, jobEvent));
