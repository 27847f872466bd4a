// Registers every engine implementation with the engine-run interface (run.ts). Import this
// module once (the language server does) before calling startRun.
import './hotspot-run';
import './interp-run';
